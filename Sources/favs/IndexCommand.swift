import ArgumentParser
import FavsExitStatus
import FavsLibrary
import Foundation

/// `favs index`: the field index an import left to build, built now (what a browser does in the background).
struct Index: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Build the index of the items' fields that an import left to build.",
        discussion: """
            An import into an empty library leaves the index of its fields (what name:text terms search) to build \
            afterwards, so that the import is done sooner. Until the index is whole a field term reads the items it \
            lacks one by one: the same answer, slower on a large library. A browser builds the rest in the \
            background while it is open; favs index builds it now, a slice of items at a time, so that other \
            favs processes writing to the library never wait long. A team library (postgres://) keeps its index \
            whole on every write: there is nothing to build. It prints nothing when it succeeds.
            """ + "\n\n" + ExitStatus.sentence(exitStatuses))

    static let exitStatuses: [ExitStatus] = [.success, .usage] + ExitStatus.libraryOpen

    @OptionGroup var library: LibraryOption

    func run() throws {
        let location = try library.location()
        let opened: any ItemLibrary
        do {
            opened = try openExistingLibrary(location, readOnly: false)
        } catch {
            throw failure(opening: error)
        }
        do {
            while try !opened.indexFields(rows: LibraryFieldSearch.indexSlice) {}
        } catch {
            throw failure("cannot index the fields of library \(location.display): \(error)", .io)
        }
    }
}
