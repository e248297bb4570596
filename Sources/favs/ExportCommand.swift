import ArgumentParser
import FavsCore
import FavsExitStatus
import FavsModel
import FavsFormats
import FavsLibrary
import Foundation

extension ExportFormat: ExpressibleByArgument {}

/// Reading items for `favs list` and `favs export`, and writing them in a machine format.
enum ItemOutput {
    /// What `favs list` and `favs export` say about the machine formats.
    static let formatsHelp = """
        json: an array with one object per line; jsonl: one object per line. Each object holds "id", "title", \
        "favorite", "tags" (an array, only for an item with tags), then every field in order. favs export adds \
        "picks" after the tags, for an item favs pick remembers picks of: its picks oldest first, each \
        {"at": MS} (ms since 1970), with "weight" for a row that stands for older picks folded into one; favs \
        import adds them to the item's (none twice). csv, tsv and html leave picks out.

        csv and tsv: a header row, then one row per item: id, title, favorite (true or false), tags (joined by ';'; \
        the column is there when an item has tags), then one column per field name (in the order names first \
        appear). A field named id, title, favorite or tags, or whose name starts \
        with 'field:', gets a column named 'field:' + its name; 'favs import' reads it back as the plain name. csv \
        quotes cells as RFC 4180 says. tsv has no quoting: a tab or line break inside a value is written as a \
        space, with a warning. A table cannot hold everything: an item's fields come back in column order, a \
        field with an empty value is left out, and of a name repeated within one item only the first value is \
        kept (with a warning). json and jsonl keep everything exactly.

        html: a Netscape bookmark file that Firefox and Chrome import. Each tag is a folder (dev/swift a folder \
        swift in dev), an item with several tags is in each of their folders and lists them in TAGS, an item \
        without tags is at the top, and the favorites are also in a folder "Favorites" (which 'favs import' reads \
        back as stars, not as a tag). HREF is the url field, else the id; ADD_DATE the added field, SHORTCUTURL \
        the keyword field, <DD> the description field; other fields are left out.

        'favs import' of any of these into a new library reproduces the items.
        """

    /// Loads the items of an existing library with their fields, read-only, as `list` (in a machine format) and
    /// `export` write them. (`favs list`'s text reads the list alone: `store(_:matching:)`.)
    static func load(_ library: LibraryOption, favoritesOnly: Bool) throws -> [Item] {
        try load(library, favoritesOnly: favoritesOnly, withPicks: false).items
    }

    /// The same, and with `withPicks` every item's picks from the same library opened once, for `favs export`: a team
    /// library's member's own (none in a library that keeps none: one older than v12 opened read-only, an older team
    /// library read as it is).
    static func load(_ library: LibraryOption, favoritesOnly: Bool,
                     withPicks: Bool) throws -> (items: [Item], picks: [ItemID: [FavsModel.Pick]]) {
        let location = try library.location()
        var items: [Item]
        var picks: [ItemID: [FavsModel.Pick]] = [:]
        do {
            let library = try openExistingLibrary(location)
            items = try library.loadItems()
            if withPicks { picks = try library.picks() }
        } catch {
            throw failure(opening: error)
        }
        if favoritesOnly { items.removeAll { !$0.favorite } }
        return (items, picks)
    }

    /// The items a query shows, in its order (a search: best first), with their fields.
    static func load(_ library: LibraryOption, matching query: ListQuery) throws -> [Item] {
        let location = try library.location()
        do {
            let library = try openExistingLibrary(location)
            let (store, listCount) = try answer(query, from: library)
            let shown = store.list.items(from: 0, count: store.list.count)
            // Few matches: their fields, each read by its id, so the search costs what it shows (23k of 1M: 0.6 s
            // instead of 2.4). Many: one read of every item, cheaper than as many lookups (656k of 1M: 2.9 s
            // instead of 8.3, 12 µs a lookup); the two cross at about a fifth of the list.
            if shown.count * 5 < listCount {
                // Their tags in one read of every tag (as many as the library holds), not one read per item.
                let tags = try library.itemTags()
                return try shown.map { item in
                    var item = item
                    item.fields = try library.fields(of: item.id)
                    item.tags = tags[item.id] ?? []
                    return item
                }
            }
            var rows: [ItemID: Int] = [:]
            for (row, item) in shown.enumerated() { rows[item.id] = row }
            var full = shown
            for item in try library.loadItems() {
                if let row = rows[item.id] { (full[row].fields, full[row].tags) = (item.fields, item.tags) }
            }
            return full
        } catch {
            throw failure(opening: error)
        }
    }

    /// A store over an existing library's list, read-only, with the query answered (`favs list` prints its rows).
    static func store(_ library: LibraryOption, matching query: ListQuery) throws -> Store {
        let location = try library.location()
        do {
            return try answer(query, from: try openExistingLibrary(location)).store
        } catch let said as ExitCode {
            throw said
        } catch {
            throw failure(opening: error)
        }
    }

    /// A store with the query answered, over the library's items that may match it (those whose title passes the
    /// query's prefilter: the store answers the query over them as over the whole list), and how many items the list
    /// has in all.
    /// A search ranks kept items with their picks, scored now with the config's half-life.
    private static func answer(_ query: ListQuery, from library: any ItemLibrary) throws -> (store: Store, listCount: Int) {
        var query = query
        query.scope = try query.scope.resolved(for: library)
        var (items, listCount) = try library.loadList(titlesPassing: query.titlePrefilter)
        if !query.filter.isEmpty, query.scheme != .fzf {
            items.setPickScores(try library.pickScores(StartupConfig.load().config.frecency, at: Store.now()))
        }
        let store = Store(collection: items, fieldSearch: LibraryFieldSearch(library, inBackground: false), query: query)
        // The library could not answer the field terms: said, rather than an empty list that looks like an answer.
        if let problem = store.searchProblem { throw LibraryError.database(problem) }
        return (store, listCount)
    }

    /// Writes items in a machine format to stdout, 64 KiB at a time, then any warning to stderr. `picks`: each
    /// item's, written in JSON and JSON Lines (`favs export`).
    ///
    /// CSV and TSV cells are written exactly, so when stdout is a terminal and a value holds a control character
    /// (an escape sequence could retitle the window or hide text) nothing is written at all.
    static func write(_ items: [Item], as format: ExportFormat, picks: [ItemID: [FavsModel.Pick]] = [:]) throws {
        if format == .csv || format == .tsv, isatty(STDOUT_FILENO) != 0,
           items.contains(where: { DelimitedCell.showsRawControls($0, as: format) }) {
            throw failure("\(format) output to a terminal would show raw control characters; "
                          + "redirect it or use --output", .rawControls)
        }
        warn(about: try render(items, as: format, picks: picks) { try StandardOutput.write($0) })
    }

    /// Renders items in a machine format, handing the text over in pieces of about 64 KiB.
    /// Returns the writer, whose counts say what the format could not hold.
    static func render(_ items: [Item], as format: ExportFormat, picks: [ItemID: [FavsModel.Pick]] = [:],
                       to emit: (String) throws -> Void) rethrows -> ItemWriter {
        var writer = ItemWriter(format: format, items: items, picks: picks)
        var output = ""
        writer.begin(to: &output)
        for item in items {
            writer.append(item, to: &output)
            if output.utf8.count >= 1 << 16 {
                try emit(output)
                output = ""
            }
        }
        writer.end(to: &output)
        try emit(output)
        return writer
    }

    /// Prints a warning line for each thing a CSV or TSV export could not hold.
    static func warn(about writer: ItemWriter) {
        func line(_ text: String) { FileHandle.standardError.write(Data("favs: warning: \(text)\n".utf8)) }
        if writer.flattenedValues > 0 {
            let count = writer.flattenedValues
            line("\(count) \(count == 1 ? "value" : "values") had tabs or newlines, written as spaces "
                 + "(TSV cannot hold them)")
        }
        if writer.droppedFields > 0 {
            let count = writer.droppedFields
            line("\(count) \(count == 1 ? "field was" : "fields were") left out: the name repeats within its item "
                 + "(\(writer.format) has one column per name)")
        }
    }
}

/// `favs export`: writes the items for `favs import` or another program, to stdout or to a file.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the items as JSON, JSON Lines, CSV, TSV or a browser bookmark file.",
        discussion: ItemOutput.formatsHelp + "\n\n" + """
            --output FILE writes a regular file (or a new one) whole or not at all: a temporary file beside it, \
            then renamed over it, so an existing FILE is replaced only by a complete export. A symbolic link is \
            followed: its target is written that way, and the link stays a link. Anything else, such as a FIFO, \
            a device or /dev/stdout, is written into directly. The library must exist: export never creates one.
            """ + "\n\n" + ExitStatus.sentence(exitStatuses))

    static let exitStatuses: [ExitStatus] = [.success, .rawControls, .usage] + ExitStatus.libraryOpen
        + [.cannotWriteFile, .cannotWriteOutput]

    @Option(help: "How the items are written.")
    var format: ExportFormat = .jsonl

    @Flag(help: "Only the favorites.")
    var favorites = false

    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of stdout.", valueName: "file"))
    var output: String?

    @OptionGroup var library: LibraryOption

    func run() throws {
        let (items, picks) = try ItemOutput.load(library, favoritesOnly: favorites,
                                                 withPicks: format == .json || format == .jsonl)
        guard let output else { return try ItemOutput.write(items, as: format, picks: picks) }
        var data = Data()
        let writer = ItemOutput.render(items, as: format, picks: picks) { data.append(contentsOf: $0.utf8) }
        do {
            try OutputFile.write(data, to: output)
        } catch {
            throw failure("cannot write \(output): \(error.reason)", .cannotWriteFile)
        }
        ItemOutput.warn(about: writer)
    }
}
