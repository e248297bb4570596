import ArgumentParser
import FavsExitStatus
import FavsLibrary
import Foundation

/// `favs copy FROM TO`: a library to another place — a file to a PostgreSQL server, back, or between servers.
struct Copy: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy a library to another location (a file or a postgres:// URL).",
        discussion: """
            Everything is copied: the items with their fields, favorites and when they were made, deleted items, \
            positions, the library's name and its remembered order. TO must be a new file, an empty library or a \
            schema without one; the copy is one transaction, so on any error TO is left as it was (a new file is \
            removed).
            Example: favs copy ~/.local/share/favs/library.sqlite 'postgres://me@db.example/team?schema=reading'
            """ + "\n\n" + ExitStatus.sentence(exitStatuses))

    static let exitStatuses: [ExitStatus] = [.success, .usage] + ExitStatus.libraryOpen
        + [.copyTargetHoldsItems, .cannotWriteOutput]

    @Argument(help: ArgumentHelp("The library to copy: a file or a postgres:// URL.", valueName: "from"))
    var from: String

    @Argument(help: ArgumentHelp("Where to copy it: a new file or an empty library.", valueName: "to"))
    var to: String

    func validate() throws {
        if from == ":memory:" || to == ":memory:" { throw ValidationError(":memory: is not a place to copy from or to.") }
    }

    func run() throws {
        let source: any ItemLibrary
        let targetLocation: LibraryLocation
        do {
            source = try openExistingLibrary(try LibraryLocation(path: from))
            targetLocation = try LibraryLocation(path: to)
        } catch {
            throw failure(opening: error)
        }
        let existed = targetLocation.isPostgres || FileManager.default.fileExists(atPath: targetLocation.path)
        let count: Int
        do {
            let target = try openLibraryToFill(targetLocation)
            count = try target.copyIn { add in try source.copyOut(add) }
        } catch {
            if !existed { try? FileManager.default.removeItem(atPath: targetLocation.path) }
            if case .notEmpty? = error as? LibraryError { throw failure(String(describing: error), .copyTargetHoldsItems) }
            throw failure(opening: error)
        }
        try StandardOutput.write("copied \(count) \(count == 1 ? "item" : "items") from \(source.location) "
                                 + "to \(targetLocation.display)\n")
    }
}
