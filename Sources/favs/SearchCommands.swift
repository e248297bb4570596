import ArgumentParser
import FavsCore
import FavsExitStatus
import FavsFormats
import FavsLibrary
import FavsModel
import Foundation

/// `favs searches`: the saved searches (`S` in the browser) with how many items each finds now; `--rename` and
/// `--delete` change one, logged as any change, so running browsers follow at once.
struct Searches: ParsableCommand, ExitStatusDeclaring {
    static let configuration = CommandConfiguration(
        commandName: "searches",
        abstract: "Print the saved searches with their counts, or rename or delete one.",
        discussion: """
            text: one line per saved search, A–Z by name: its name and the number of items it finds now. jsonl: \
            one object per search: {"search": name, "query": its text, "exact": true or false, "count": items}. \
            `favs list --search NAME` prints what one finds.

            --rename OLD NEW gives a saved search another name, one no other search has; --delete NAME takes one \
            away. Names are compared exactly.
            """ + "\n\n" + ExitStatus.sentence(exitStatuses))

    static let exitStatuses: [ExitStatus] = [.success, .unknownSearch, .usage] + ExitStatus.libraryOpen
        + [.cannotWriteOutput]

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, jsonl }

    @Option(help: "How the searches are printed.")
    var format: Format = .text

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Rename a saved search.", valueName: "old new"))
    var rename: [String] = []

    @Option(help: ArgumentHelp("Take a saved search away.", valueName: "name"))
    var delete: String?

    @OptionGroup var library: LibraryOption

    /// A search's name from the command line, or the usage error naming the option.
    private static func name(_ text: String, _ option: String) throws(ValidationError) -> String {
        do { return try SavedSearch.parseName(text) } catch { throw ValidationError("\(option): \(error.message)") }
    }

    func validate() throws {
        guard rename.isEmpty || delete == nil else {
            throw ValidationError("--rename and --delete stand alone: favs searches --rename OLD NEW, favs searches --delete NAME")
        }
        if !rename.isEmpty {
            guard rename.count == 2 else { throw ValidationError("--rename takes two names: the old and the new") }
            let (old, new) = (try Self.name(rename[0], "--rename"), try Self.name(rename[1], "--rename"))
            if old == new { throw ValidationError("--rename: “\(Sanitize.visible(new))” is its name already") }
        }
        if let delete { _ = try Self.name(delete, "--delete") }
    }

    func run() throws {
        if !rename.isEmpty || delete != nil { return try renameOrDelete() }
        let counted: [(search: SavedSearch, count: Int)]
        do {
            counted = try Self.counted(in: try openExistingLibrary(try library.location()))
        } catch {
            throw failure(opening: error)
        }
        try StandardOutput.write(counted.map { Self.line($0.search, count: $0.count, as: format) }.joined())
    }

    /// `--rename OLD NEW` or `--delete NAME`: one change; an unknown name (or a new one another search has) changes
    /// nothing and ends with exit 1.
    private func renameOrDelete() throws {
        let (old, new) = rename.count == 2
            ? (try Self.name(rename[0], "--rename"), Optional(try Self.name(rename[1], "--rename")))
            : (try Self.name(delete ?? "", "--delete"), nil)
        do {
            try openExistingLibrary(try library.location(), readOnly: false).renameSearch(old, to: new)
        } catch LibraryError.noSearch(let name) {
            throw failure(Sanitize.visible(LibraryError.noSearch(name).description), .unknownSearch)
        } catch LibraryError.searchExists(let name) {
            throw failure(Sanitize.visible(LibraryError.searchExists(name).description), .unknownSearch)
        } catch {
            throw failure(opening: error)
        }
        let done = new.map { "renamed search “\(old)” to “\($0)”" } ?? "deleted search “\(old)”"
        try StandardOutput.write(Sanitize.visible(done) + "\n")
    }

    /// Each saved search with the number of items it finds now, A–Z. A store over the whole list counts them (as
    /// the collections pane does); one with field terms is shown on it, so the library's index answers them.
    static func counted(in library: any ItemLibrary) throws -> [(search: SavedSearch, count: Int)] {
        let searches = try library.savedSearches()
        guard !searches.isEmpty else { return [] }
        let store = Store(collection: try library.loadListToFollow().items,
                          fieldSearch: LibraryFieldSearch(library, inBackground: false), searches: searches)
        return try searches.map { search in
            if let count = store.count(of: search) { return (search, count) }
            store.send(.show(search.query))
            // The library could not answer the field terms: said, rather than a count that looks like an answer.
            if let problem = store.searchProblem { throw LibraryError.database(problem) }
            return (search, store.list.count)
        }
    }

    /// A search as printed: `name (count)`, or one JSON object.
    static func line(_ search: SavedSearch, count: Int, as format: Format) -> String {
        switch format {
        case .text: "\(Sanitize.visible(search.name)) (\(count))\n"
        case .jsonl:
            "{\"search\":\(JSONString.quoted(search.name)),\"query\":\(JSONString.quoted(search.filter)),"
                + "\"exact\":\(search.exact),\"count\":\(count)}\n"
        }
    }
}
