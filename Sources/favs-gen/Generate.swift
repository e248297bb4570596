import ArgumentParser
import FavsModel
import FavsFormats
import FavsGenerator
import Foundation

/// Writes a deterministic test collection as JSON Lines, TSV and/or CSV (the same rows in each): by default N
/// items with realistic titles and fields, a share of them CJK, accented or emoji; with `--shape packages`,
/// rows shaped like a real package export (see `PackageCollection`); with `--shape bookmarks`, a browser's
/// bookmarks in one of its formats (see `GeneratedBookmarks`).
@main
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favs-gen",
        abstract: "Write a deterministic test collection as JSON Lines, TSV and/or CSV, or browser bookmarks (for benchmarks).")

    /// What the rows look like.
    enum Shape: String, ExpressibleByArgument, CaseIterable {
        /// Songs: short titles, six short fields (id, title, artist, album, year, genre, length).
        case music
        /// A package export: name, version, month, rank, summary (long text, wide characters, stray quotes,
        /// empty cells).
        case packages
        /// Browser bookmarks (`GeneratedBookmarks`): written with `--format` to `--output`.
        case bookmarks
    }

    /// The file a bookmarks shape is written as: what each browser writes.
    enum BookmarkFormat: String, ExpressibleByArgument, CaseIterable {
        case html, chrome, firefoxBackup = "firefox-backup", jsonlz4, places
    }

    @Argument(help: "How many items.") var count: Int
    @Option(help: "Write JSON Lines here.") var jsonl: String?
    @Option(help: "Write TSV (header row, no quoting) here.") var tsv: String?
    @Option(help: "Write CSV (header row, RFC 4180 quoting) here.") var csv: String?
    @Option(help: "The rows' shape: music (the default), packages or bookmarks.") var shape: Shape = .music
    @Option(help: """
        With --shape bookmarks: html (the Netscape file, as Firefox exports it), chrome (Bookmarks), firefox-backup \
        (.json), jsonlz4 (Firefox's compressed backup) or places (places.sqlite).
        """)
    var format: BookmarkFormat?
    @Option(help: "With --shape bookmarks: write the file here.") var output: String?
    @Option(help: "Seed: the same seed gives the same bytes.") var seed: UInt64 = 42
    @Flag(help: """
        Write the same rows sorted by their id (a package's name) in byte order, as database dumps and registry \
        exports come.
        """)
    var sorted = false
    @Flag(help: """
        Give a tenth of the items 1–3 of 1,000 tags nested up to 3 levels (dev/swift/server), in a tags column \
        (TSV, CSV: joined by ;) or a tags array (JSON Lines). Music rows only.
        """)
    var tags = false

    func validate() throws {
        guard count >= 0 else { throw ValidationError("count must be 0 or more") }
        guard shape != .bookmarks else {
            guard format != nil, output != nil else { throw ValidationError("--shape bookmarks needs --format and --output") }
            guard jsonl == nil, tsv == nil, csv == nil, !tags, !sorted else {
                throw ValidationError("--shape bookmarks takes --format and --output, not --jsonl, --tsv, --csv, --tags or --sorted")
            }
            return
        }
        guard format == nil, output == nil else { throw ValidationError("--format and --output are for --shape bookmarks") }
        guard jsonl != nil || tsv != nil || csv != nil else {
            throw ValidationError("give --jsonl FILE, --tsv FILE and/or --csv FILE")
        }
        guard !tags || shape == .music else { throw ValidationError("--tags is for music rows") }
    }

    func run() throws {
        switch shape {
        case .music: try writeMusic()
        case .packages: try writePackages()
        case .bookmarks: try writeBookmarks()
        }
    }

    private func writeBookmarks() throws {
        guard let format, let output else { return }
        let tree = GeneratedBookmarks(count: count, seed: seed)
        let bytes: [UInt8]
        switch format {
        case .html: bytes = Array(BookmarkFiles.html(tree).utf8)
        case .chrome: bytes = Array(BookmarkFiles.chrome(tree).utf8)
        case .firefoxBackup: bytes = Array(BookmarkFiles.firefoxBackup(tree).utf8)
        case .jsonlz4: bytes = try BookmarkFiles.mozLZ4(BookmarkFiles.firefoxBackup(tree))
        case .places: return try PlacesFile.write(tree, to: output)
        }
        guard FileManager.default.createFile(atPath: output, contents: Data(bytes)) else {
            throw ValidationError("cannot create \(output)")
        }
    }

    private func writeMusic() throws {
        let jsonlOut = try jsonl.map { try Output(path: $0) }
        let tsvOut = try tsv.map { try Output(path: $0) }
        let csvOut = try csv.map { try Output(path: $0) }
        let columns = ["id", "title", "artist", "album", "year", "genre", "length"] + (tags ? ["tags"] : [])
        tsvOut?.write(row: columns, csv: false)
        csvOut?.write(row: columns, csv: true)
        // An item's tags are those of its index as generated (GeneratedTags), whatever order it is written in.
        let rows = GeneratedCollection(count: count, seed: seed).enumerated().lazy.map { (index: $0.offset, row: $0.element) }
        for (index, row) in ordered(rows, by: \.row.id) {
            let itemTags = tags ? GeneratedTags.tags(ofItem: index, seed: seed) : []
            if let jsonlOut {
                var line = "{\"id\":"
                JSONString.write(row.id, to: &line)
                for (name, value) in [("title", row.title), ("artist", row.artist), ("album", row.album)] {
                    line += ",\"\(name)\":"
                    JSONString.write(value, to: &line)
                }
                line += ",\"year\":\(row.year),\"genre\":\"\(row.genre)\",\"length\":\"\(row.length)\""
                if !itemTags.isEmpty {
                    line += ",\"tags\":[" + itemTags.map { "\"\($0)\"" }.joined(separator: ",") + "]"
                }
                jsonlOut.write(line + "}\n")
            }
            let cells = [row.id, row.title, row.artist, row.album, String(row.year), row.genre, row.length]
                + (tags ? [itemTags.joined(separator: ";")] : [])
            tsvOut?.write(row: cells, csv: false)
            csvOut?.write(row: cells, csv: true)
        }
        try jsonlOut?.close()
        try tsvOut?.close()
        try csvOut?.close()
    }

    /// The package rows: an empty cell is left out of the JSON object (as it gives no field in TSV and CSV),
    /// and the rank is a JSON number.
    private func writePackages() throws {
        let jsonlOut = try jsonl.map { try Output(path: $0) }
        let tsvOut = try tsv.map { try Output(path: $0) }
        let csvOut = try csv.map { try Output(path: $0) }
        tsvOut?.write(row: PackageCollection.columns, csv: false)
        csvOut?.write(row: PackageCollection.columns, csv: true)
        for row in ordered(PackageCollection(count: count, seed: seed), by: \.name) {
            let cells = row.cells
            if let jsonlOut {
                var line = "{"
                for (name, value) in zip(PackageCollection.columns, cells) where !value.isEmpty {
                    if line.count > 1 { line += "," }
                    line += "\"\(name)\":"
                    if name == "rank" { line += value } else { JSONString.write(value, to: &line) }
                }
                jsonlOut.write(line + "}\n")
            }
            tsvOut?.write(row: cells, csv: false)
            csvOut?.write(row: cells, csv: true)
        }
        try jsonlOut?.close()
        try tsvOut?.close()
        try csvOut?.close()
    }
}

extension Generate {
    /// The rows as generated, or with `--sorted` all of them sorted by `key`'s UTF-8 bytes (SQLite's BINARY
    /// order, `LC_ALL=C sort`'s): held in memory for the sort, about 200 bytes a package row.
    func ordered<Rows: Sequence>(_ rows: Rows, by key: (Rows.Element) -> String) -> AnySequence<Rows.Element> {
        guard sorted else { return AnySequence(rows) }
        return AnySequence(rows.sorted { key($0).utf8.lexicographicallyPrecedes(key($1).utf8) })
    }
}

/// A buffered file writer.
final class Output {
    private let handle: FileHandle
    private var buffer = Data()

    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw ValidationError("cannot create \(path)")
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    /// Writes a CSV or TSV row as `favs export` does (`DelimitedCell`): quoting decided byte by byte, so a quote
    /// or comma followed by a combining mark is still quoted, and a TSV cell's tabs and line breaks are spaces.
    func write(row cells: [String], csv: Bool) {
        var line = ""
        DelimitedCell.writeRow(cells, csv: csv, to: &line)
        write(line)
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { flush() }
    }

    private func flush() {
        handle.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    func close() throws {
        flush()
        try handle.close()
    }
}
