import ArgumentParser
import FavsCore
import FavsExitStatus
import FavsLibrary
import FavsModel
import FavsFormats
import Foundation

/// `favs list`: prints the items in list order, for reading, or as data for `favs import` and other programs.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the items in list order.",
        discussion: """
            text: one line per item: the id (padded so titles line up), ★ for a favorite (a space otherwise), \
            and the title. Control characters are shown as visible symbols.
            """ + "\n\n" + ItemOutput.formatsHelp + "\n\n" + """
            --query PATTERN prints only the items whose title matches, best first, as `fzf --filter` does: fuzzy             (the pattern's characters in order) unless --exact, fzf's extended syntax ('word exact, ^prefix,             suffix$, !not, a | b), smart case, accents folded; a favorite and a picked item gain a bonus of at most 8 points, two of fzf's consecutive-character bonuses, so they win close calls (--scheme fzf leaves it out, --scheme frecency puts the most picked first); equal scores put favorites first, then shorter             titles, then list order. name:text matches the items whose field name holds text, :text any field             (exact substrings, ^ $ ! as for titles), answered by the library's index.

            The library must exist: list never creates one.
            """ + "\n\n" + ExitStatus.sentence(exitStatuses))

    static let exitStatuses: [ExitStatus] = [.success, .rawControls, .unknownSearch, .usage] + ExitStatus.libraryOpen
        + [.cannotWriteOutput]

    /// How `favs list` writes items: text for people, or one of the export formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, jsonl, csv, tsv, html
    }

    @Flag(help: "Only the favorites.")
    var favorites = false

    @Option(help: "How the items are printed.")
    var format: Format = .text

    // `.unconditional`: the word after --query is the pattern even when it begins with a dash (`--query -x`), as
    // `fzf --filter -x` reads it; otherwise it would be taken for an option and --query said to have no value.
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Only the items whose title (and fields: name:text) match, best first (fzf's syntax).",
                               valueName: "pattern"))
    var query: String?

    @Flag(help: "With --query: plain terms match as substrings, not fuzzily.")
    var exact = false

    @Option(help: ArgumentHelp(
        "With --query: default (fzf's score, plus a bounded bonus for a star and for picks), fzf (fzf's order exactly) or frecency (the most picked first).",
        valueName: "scheme"))
    var scheme: RankScheme = .default

    @OptionGroup var tagScope: TagScopeOption

    @Option(help: ArgumentHelp("Only the items a saved search (S in the browser) finds, as --query would.",
                               valueName: "name"))
    var search: String?

    func validate() throws {
        try tagScope.validate(favorites: favorites)
        if search != nil, query != nil || exact { throw ValidationError("--search and --query: choose one") }
        guard let query else {
            if exact { throw ValidationError("--exact goes with --query PATTERN") }
            return
        }
        do {
            try ListQuery.validate(query, exact: exact)
        } catch {
            throw ValidationError("--query: \(error.message)")
        }
    }

    @OptionGroup var library: LibraryOption

    func run() throws {
        let saved = try search.map(savedSearch(named:))
        let listQuery = ListQuery(filter: saved?.filter ?? query ?? "", exact: saved?.exact ?? exact,
                                  scope: tagScope.scope(favorites: favorites), scheme: scheme)
        if let machine = ExportFormat(rawValue: format.rawValue) {
            let scoped = tagScope.tag != nil || tagScope.favoritesOf != nil
            let items = try query != nil || scoped || saved != nil ? ItemOutput.load(library, matching: listQuery)
                : ItemOutput.load(library, favoritesOnly: favorites)
            return try ItemOutput.write(items, as: machine)
        }
        let store = try ItemOutput.store(library, matching: listQuery)
        try Self.writeText(store.list)
    }

    /// The library's saved search of this name; an unknown name is a one-line error and exit 1, nothing printed.
    private func savedSearch(named name: String) throws -> SavedSearch {
        let searches: [SavedSearch]
        do {
            searches = try openExistingLibrary(try library.location()).savedSearches()
        } catch {
            throw failure(opening: error)
        }
        guard let found = searches.first(where: { $0.name == name }) else {
            throw failure(Sanitize.visible(LibraryError.noSearch(name).description), .unknownSearch)
        }
        return found
    }

    static let maxIDWidth = 24

    /// Writes the rows as text, 64 KiB at a time. A row whose id is printable ASCII and whose title holds nothing to
    /// make visible (most rows) goes out as its stored bytes; any other is made an item, made visible and measured
    /// (`writeText(_:idWidth:to:)`).
    static func writeText(_ rows: ListRows) throws {
        // Ids are padded to the widest (up to a limit, so one long id does not push every title away).
        var idWidth = 0
        rows.forEachText { id, _, _, item in
            idWidth = max(idWidth, Sanitize.isPrintableASCII(id) ? id.count : TextWidth.of(Sanitize.visible(item().id.readable)))
            return true
        }
        idWidth = min(maxIDWidth, idWidth)
        var output: [UInt8] = []
        output.reserveCapacity(1 << 17)
        var failure: (any Error)?
        rows.forEachText { id, title, favorite, item in
            // The title is the last column: it needs no measuring, only to be shown as stored.
            if Sanitize.isPrintableASCII(id), Sanitize.isShownAsStored(title) {
                output.append(contentsOf: id)
                output.append(contentsOf: Self.spaces.prefix(max(0, idWidth - id.count)))
                output.append(contentsOf: favorite ? Self.star : Self.noStar)
                output.append(contentsOf: title)
                output.append(UInt8(ascii: "\n"))
            } else {
                var line = ""
                writeText(item(), idWidth: idWidth, to: &line)
                output.append(contentsOf: line.utf8)
            }
            guard output.count >= 1 << 16 else { return true }
            do {
                try output.withUnsafeBytes { try StandardOutput.write(bytes: $0) }
            } catch {
                failure = error
                return false
            }
            output.removeAll(keepingCapacity: true)
            return true
        }
        if let failure { throw failure }
        try output.withUnsafeBytes { try StandardOutput.write(bytes: $0) }
    }

    private static let star = Array(" ★ ".utf8), noStar = Array("   ".utf8)
    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: maxIDWidth)

    static func writeText(_ item: Item, idWidth: Int, to out: inout String) {
        let id = Sanitize.visible(item.id.readable)
        out += id
        out += String(repeating: " ", count: max(0, idWidth - TextWidth.of(id)))
        out += item.favorite ? " ★ " : "   "
        out += Sanitize.visible(item.title)
        out += "\n"
    }
}
