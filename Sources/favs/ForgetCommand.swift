import ArgumentParser
import FavsCore
import FavsExitStatus
import FavsLibrary
import FavsModel
import Foundation

/// `favs forget ID...`: forgets what `favs pick` remembered of items, so a wrong top match stops coming first
/// (zoxide's missing way out); running pickers and browsers follow through the change log.
struct Forget: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget",
        abstract: "Forget the picks of items, so favs pick no longer ranks them by them.",
        discussion: """
            Every pick of each item (enter in favs pick) is forgotten; its star, if any, stays. ctrl-d in a \
            picker does the same for the selected item (ctrl-y takes it back). --stdin NAME \
            forgets lines in the memory of favs pick --stdin NAME (picks/NAME.sqlite) instead of a library. \
            In a team library the picks forgotten are yours (each member keeps their own), or those kept on this \
            machine when your role may only read it.
            """ + "\n\n" + ExitStatus.sentence(exitStatuses))

    static let exitStatuses: [ExitStatus] = [.success, .unknownID, .usage] + ExitStatus.libraryOpen + [.cannotWriteOutput]

    @Argument(help: ArgumentHelp("Item ids (as `favs list` shows them), or lines with --stdin NAME.", valueName: "id"))
    var ids: [String]

    @Option(name: .customLong("stdin"), help: ArgumentHelp(
        "Forget lines in the memory of favs pick --stdin NAME.", valueName: "name"))
    var stdinName: String?

    @OptionGroup var library: LibraryOption

    func validate() throws {
        guard let stdinName else { return }
        guard PickMemoryName.isValid(stdinName) else {
            throw ValidationError("--stdin NAME: use letters, digits, '.', '_' and '-' (not starting with '.'), "
                                  + "at most 100 characters: '\(Sanitize.visible(stdinName))'")
        }
        if library.library != nil {
            throw ValidationError("--stdin NAME forgets in picks/NAME.sqlite: --library does not apply")
        }
    }

    func run() throws {
        let forgotten: [ItemID]
        do {
            let location = try stdinName.map {
                try LibraryLocation.pickMemory(named: $0, environment: ProcessInfo.processInfo.environment)
            } ?? library.location()
            forgotten = try openExistingLibrary(location, readOnly: false).forgetPicks(ids.map { ItemID($0) })
        } catch LibraryError.noItem(let id) {
            throw failure(Sanitize.visible(LibraryError.noItem(id).description), .unknownID)
        } catch let error as ExitCode {
            throw error
        } catch {
            throw failure(opening: error)
        }
        let without = Set(ids).count - forgotten.count
        try StandardOutput.write("forgot the picks of \(forgotten.count) item\(forgotten.count == 1 ? "" : "s")"
                                 + (without > 0 ? " (\(without) had none)" : "") + "\n")
    }
}
