import ArgumentParser
import FavsCore
import FavsExitStatus
import FavsLibrary
import FavsModel
import FavsTerminal
import Foundation

/// `favs open ID`: what `o` does in the browser, from a shell.
struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open an item's url, link or path.",
        discussion: """
            Opens the first field named url, link or href; else the first field whose value is an http(s) URL; \
            else the field path. It runs $FAVS_OPENER (a program and its arguments, split at spaces, never \
            through a shell), else xdg-open, with the value as one argument, exactly as it is.
            """ + "\n\n" + ExitStatus.sentence(exitStatuses))

    static let exitStatuses: [ExitStatus] = [.success, .unknownID, .nothingToOpen, .usage] + ExitStatus.libraryOpen
        + [.openerFailed]

    @Argument(help: ArgumentHelp("The item's id (as `favs list` shows it).", valueName: "id"))
    var id: String

    @OptionGroup var library: LibraryOption

    func run() throws {
        let location = try library.location()
        let item: Item?
        do {
            item = try openExistingLibrary(location, readOnly: true).item(ItemID(id))
        } catch {
            throw failure(opening: error)
        }
        guard let item else { throw failure(LibraryError.noItem(ItemID(id)).description, .unknownID) }
        guard let target = Item.openTarget(in: item.fields) else {
            throw failure("“\(Sanitize.visible(item.title))” (\(Sanitize.visible(id))) has no url, link, href or path to open", .nothingToOpen)
        }
        do {
            try Opener.open(target)
        } catch {
            throw failure(error.description, .openerFailed)
        }
    }
}
