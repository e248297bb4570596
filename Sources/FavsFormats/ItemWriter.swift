import FavsModel

/// A machine-readable way to write items; every one of them reads back with `favs import`.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// An array of objects, one per line between `[` and `]`, so diffs stay readable.
    case json
    /// One object per line.
    case jsonl
    /// A header row and RFC 4180 quoting.
    case csv
    /// A header row, tabs between cells, no quoting.
    case tsv
    /// A Netscape bookmark file, which browsers import: tags as folders (`NetscapeBookmarkWriter`).
    case html
}

/// Writes items as JSON, JSON Lines, CSV, TSV or a Netscape bookmark file: `begin`, then `append` for each item,
/// then `end` (which writes the whole bookmark file, see `NetscapeBookmarkWriter`).
///
/// Every object and row holds the id, the title, the favorite flag, the tags and the fields in their order. An
/// object has `tags` (an array) only when the item has some, and a CSV or TSV file a `tags` column (the tags
/// joined by `;`) only when an item has some, so a library without tags writes what it wrote before tags came;
/// an import reads no `tags` as leaving an item's tags alone. CSV and TSV
/// have one column per field name (first-seen order over all items; a name that clashes with a fixed column
/// is written `field:NAME`, see `ColumnName`), so a table cannot hold everything a library can: an item's
/// fields come back in column order, an empty value comes back as no field, a name repeated within one item
/// keeps only its first value (counted in `droppedFields`), and in TSV a tab or line break becomes a space
/// (counted in `flattenedValues`), and every value is text (a null is an empty cell). JSON and JSON Lines are
/// exact: a number, boolean or null field is written as that JSON value, a number in the text it was read with.
public struct ItemWriter: Sendable {
    /// The format being written.
    public let format: ExportFormat
    /// TSV values (and column names) whose tabs or line breaks were written as spaces.
    public private(set) var flattenedValues = 0
    /// Fields left out of CSV or TSV because their name already appeared in the same item.
    public private(set) var droppedFields = 0
    /// Field names in column order, and each one's column, for CSV and TSV.
    private let fieldNames: [String]
    private let columnOfName: [[UInt8]: Int]
    /// Whether CSV and TSV rows have a `tags` column: some item has a tag.
    private let hasTagsColumn: Bool
    /// The items of an HTML file, written together at the end: an item is in each of its tags' folders.
    private let bookmarkItems: [Item]
    private var written = 0

    /// Each item's picks (`favs export`), written in JSON and JSON Lines as `picks` (`PicksJSON`); a table and a
    /// bookmark file leave them out.
    private let picks: [ItemID: [Pick]]

    /// Prepares to write `items`; CSV and TSV look at all of them first, to know the columns. `picks`: what
    /// `favs export` writes of each item's picks (`favs list` writes none).
    public init(format: ExportFormat, items: some Sequence<Item>, picks: [ItemID: [Pick]] = [:]) {
        self.format = format
        self.picks = picks
        var names: [String] = [], columns: [[UInt8]: Int] = [:], tagged = false
        if format == .csv || format == .tsv {
            // Names are compared byte for byte: Swift's == would merge two spellings of "é" into one column.
            for item in items {
                tagged = tagged || !item.tags.isEmpty
                for field in item.fields where columns[Array(field.name.utf8)] == nil {
                    columns[Array(field.name.utf8)] = names.count
                    names.append(field.name)
                }
            }
        }
        (fieldNames, columnOfName, hasTagsColumn) = (names, columns, tagged)
        bookmarkItems = format == .html ? Array(items) : []
    }

    /// Writes what comes before the first item: the JSON array's bracket or the header row.
    public mutating func begin(to out: inout String) {
        switch format {
        case .json: out += "["
        case .jsonl, .html: break
        case .csv, .tsv:
            writeRow(["id", "title", "favorite"] + (hasTagsColumn ? ["tags"] : [])
                     + fieldNames.map(ColumnName.column(forField:)), to: &out)
        }
    }

    /// Writes one item.
    public mutating func append(_ item: Item, to out: inout String) {
        switch format {
        case .json:
            out += written == 0 ? "\n" : ",\n"
            Self.writeObject(item, picks: picks[item.id] ?? [], to: &out)
        case .jsonl:
            Self.writeObject(item, picks: picks[item.id] ?? [], to: &out)
            out += "\n"
        case .csv, .tsv:
            var cells = [item.id.rawValue, item.title, item.favorite ? "true" : "false"]
            if hasTagsColumn { cells.append(item.tags.joined(separator: String(ImportTags.separator))) }
            let first = cells.count
            cells += Array(repeating: "", count: fieldNames.count)
            var filled = Set<Int>()
            for field in item.fields {
                guard let column = columnOfName[Array(field.name.utf8)] else { continue }
                if filled.insert(column).inserted { cells[first + column] = field.value } else { droppedFields += 1 }
            }
            writeRow(cells, to: &out)
        case .html: break
        }
        written += 1
    }

    /// Writes what comes after the last item.
    public mutating func end(to out: inout String) {
        if format == .json { out += "\n]\n" }
        if format == .html { NetscapeBookmarkWriter.write(bookmarkItems, to: &out) }
    }

    /// Writes the item as one JSON object: id, title, favorite, its tags and its picks (each when it has any)
    /// first, then the fields in their order.
    public static func writeObject(_ item: Item, picks: [Pick] = [], to out: inout String) {
        out += #"{"id":"#
        JSONString.write(item.id.rawValue, to: &out)
        out += #","title":"#
        JSONString.write(item.title, to: &out)
        out += item.favorite ? #","favorite":true"# : #","favorite":false"#
        if !item.tags.isEmpty {
            out += #","tags":["#
            for (index, tag) in item.tags.enumerated() {
                if index > 0 { out += "," }
                JSONString.write(tag, to: &out)
            }
            out += "]"
        }
        PicksJSON.write(picks, to: &out)
        for field in item.fields {
            out += ","
            JSONString.write(field.name, to: &out)
            out += ":"
            FieldJSON.write(field, to: &out)
        }
        out += "}"
    }

    private mutating func writeRow(_ cells: [String], to out: inout String) {
        flattenedValues += DelimitedCell.writeRow(cells, csv: format == .csv, to: &out)
    }
}
