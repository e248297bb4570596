import ArgumentParser
import FavsCore
import FavsLibrary
import FavsTerminal
import Foundation

/// `favs [browse]`: the interactive browser.
struct Browse: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Open the browser (the default command).",
        discussion: "A library that does not exist yet is created with the built-in sample collection.")

    @OptionGroup var library: LibraryOption

    func run() throws {
        if isatty(STDIN_FILENO) == 0 {
            // Keys are coming from a pipe or a file: that is a script, not a person.
            return try ScriptCommand.runScript(text: readStandardInput(), source: "script",
                                               libraryPath: library.path, size: "80x24")
        }
        guard isatty(STDOUT_FILENO) != 0 else {
            throw failure("stdout is not a terminal: use 'favs list' to print the items, or 'favs script' to print screens", 2)
        }
        let (browser, library, lastChange) = try openBrowser(path: library.path, width: 80, height: 24)
        // Other processes' changes (another browser, `favs fav`, an import) arrive through the change log,
        // from the point the list was read at.
        let follower = try? LibraryFollower(library, after: lastChange)
        do {
            try TerminalApp.run(browser) {
                guard let follower else { return false }
                do {
                    return browser.sync(try follower.poll())
                } catch {
                    browser.show(error: "Cannot follow the library: \(error)")
                    return true
                }
            }
        } catch let error as TerminalError {
            throw failure(error.description, 2)
        }
        exitWithoutTearDown()
    }
}

/// Ends the process now that everything is committed and the terminal restored. Releasing a large
/// library's million objects one by one only delays the shell prompt; the system reclaims memory at once.
func exitWithoutTearDown() -> Never {
    exit(EXIT_SUCCESS)
}

/// Opens the library and puts a browser on it (the store commits every change to the library); also returns
/// the point in the change log the list was read at.
func openBrowser(path: String, width: Int, height: Int) throws -> (Browser, Library, lastChange: Int64) {
    do {
        let library = try Library.open(path: path, seedIfNew: true)
        let (items, lastChange) = try library.loadListToFollow()
        let store = Store(collection: items, sink: library, fieldSource: library)
        let name = library.name + (library.isReadOnly ? " (read-only)" : "")
        return (Browser(store: store, libraryName: name, width: width, height: height), library, lastChange)
    } catch {
        throw failure(String(describing: error), 74)
    }
}

func readStandardInput() -> String {
    String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
}
