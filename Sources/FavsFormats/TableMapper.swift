import FavsModel

/// Turns the rows of a CSV or TSV file into records, the header naming what each column is.
///
/// - The id column (`id` unless another is named) must exist; an empty id cell is an error.
/// - The title column (`title` unless another is named) is the row's text; when the default one is missing,
///   or a cell is empty, the id is shown instead, as for JSON. A column named explicitly must exist.
/// - A `favorite` column (`true`, `false`, `1`, `0`, `★` or empty) marks new items as favorites, as the JSON
///   `favorite` member does, so exports round-trip.
/// - A `tags` column holds the item's tags joined by `;` (an empty cell: none), each checked as a tag.
/// - Every other column becomes a field, in header order; an empty cell gives no field. A column named
///   `field:NAME` is the field NAME: that is how an export writes fields named id, title, favorite or tags (and
///   names that already start with `field:`), which would otherwise clash with the fixed columns.
/// A blank line is skipped.
struct TableMapper {
    let file: String
    let idColumn: String
    let idIndex: Int
    let titleIndex: Int?
    /// The title column's name, for messages.
    let titleName: String
    let favoriteIndex: Int?
    let tagsIndex: Int?
    let cellCount: Int
    /// The column index and field name of every column that becomes a field, in header order.
    let fieldColumns: [(index: Int, name: String)]

    init(header: [String], file: String, idColumn: String, titleColumn: String?) throws {
        func error(_ message: String) -> ImportError { ImportError(file: file, line: 1, column: 1, message: message) }
        if let unnamed = header.firstIndex(where: \.isEmpty) {
            throw error("column \(unnamed + 1) of the header has no name")
        }
        var seen = Set<[UInt8]>(), repeated: [String] = []
        for name in header where !seen.insert(Array(name.utf8)).inserted && !repeated.contains(name) {
            repeated.append(name)
        }
        if !repeated.isEmpty {
            throw error("the header repeats " + (repeated.count == 1 ? "column " : "columns ")
                        + repeated.map { "'\($0)'" }.joined(separator: ", "))
        }
        func index(of column: String) throws -> Int {
            guard let index = header.firstIndex(of: column) else {
                throw error("no column '\(column)' (columns: \(header.joined(separator: ", ")))")
            }
            return index
        }
        let id = try index(of: idColumn)
        let title = try titleColumn.map(index(of:)) ?? header.firstIndex(of: "title")
        let favorite = header.firstIndex(of: "favorite").flatMap { $0 == id || $0 == title ? nil : $0 }
        let tags = header.firstIndex(of: "tags").flatMap { $0 == id || $0 == title ? nil : $0 }
        self.file = file
        self.idColumn = idColumn
        titleName = title.map { header[$0] } ?? "title"
        (idIndex, titleIndex, favoriteIndex, tagsIndex, cellCount) = (id, title, favorite, tags, header.count)
        fieldColumns = header.indices.filter { $0 != id && $0 != title && $0 != favorite && $0 != tags }
            .map { ($0, ColumnName.field(fromColumn: header[$0])) }
    }

    /// The record of a row starting at `line`, or nil for a blank row; the caller checks its id is new.
    func record(_ cells: [String], line: Int) throws -> ImportRecord? {
        if cells.count == 1, cells[0].isEmpty { return nil }
        func error(_ message: String) -> ImportError { ImportError(file: file, line: line, column: 1, message: message) }
        guard cells.count == cellCount else {
            throw error("row has \(cells.count) \(cells.count == 1 ? "cell" : "cells"), the header has \(cellCount)")
        }
        let idText = cells[idIndex]
        if Blank.isBlank(idText) {
            throw error("empty id in column '\(idColumn)' (cell \(idIndex + 1))")
        }
        // SQLite takes the id and title as C strings, which end at a NUL: the rest would be lost without a word.
        // (Fields are stored as escaped JSON, so a NUL in one is kept.)
        if Blank.containsNUL(idText) {
            throw error("column '\(idColumn)' (cell \(idIndex + 1)) holds a NUL character, which cannot be stored")
        }
        if let titleIndex, Blank.containsNUL(cells[titleIndex]) {
            throw error("column '\(titleName)' (cell \(titleIndex + 1)) holds a NUL character, which cannot be stored")
        }
        let id = ItemID(idText)
        var favorite = false
        if let favoriteIndex {
            switch cells[favoriteIndex].lowercased() {
            case "true", "1", "★": favorite = true
            case "false", "0", "": favorite = false
            case let other:
                throw error("favorite must be true, false, 1, 0, ★ or empty, not '\(other)' (cell \(favoriteIndex + 1))")
            }
        }
        var tags: [String]?
        if let tagsIndex {
            do {
                tags = try ImportTags.checked(cell: cells[tagsIndex])
            } catch let problem {
                throw error("tags: \(problem.message) (cell \(tagsIndex + 1))")
            }
        }
        let title = titleIndex.map { cells[$0] } ?? ""
        var fields: [Field] = []
        fields.reserveCapacity(fieldColumns.count)
        for column in fieldColumns where !cells[column.index].isEmpty {
            fields.append(Field(column.name, cells[column.index]))
        }
        return ImportRecord(id: id, title: title.isEmpty ? idText : title, fields: fields, favorite: favorite,
                            tags: tags, line: line, column: 1)
    }
}

/// How field names become CSV and TSV column names and back: `field:` marks a field whose name would
/// clash with a fixed column (`id`, `title`, `favorite`, `tags`) or already starts with `field:`.
enum ColumnName {
    static let prefix = "field:"
    static let fixed: Set<String> = ["id", "title", "favorite", "tags"]

    /// The column an export writes for a field.
    static func column(forField name: String) -> String {
        fixed.contains(name) || hasPrefix(name) ? prefix + name : name
    }

    /// The field an import reads from a column that is not the id, title, favorite or tags column.
    static func field(fromColumn name: String) -> String {
        hasPrefix(name) ? String(name.unicodeScalars.dropFirst(prefix.unicodeScalars.count)) : name
    }

    /// Compares scalars, not characters, so `field:` followed by a combining mark still counts.
    private static func hasPrefix(_ name: String) -> Bool {
        name.unicodeScalars.starts(with: prefix.unicodeScalars)
    }
}
