import FavsModel
import Foundation

/// Reads the items of an import file: JSON (an array of objects, or one object per line), CSV or TSV.
///
/// The format is the one asked for, else the file name's extension, else the content (see `ImportFormat`).
/// JSON is an array when its first non-whitespace character is `[`, JSON Lines otherwise (one object per line,
/// never spanning lines). Each object becomes one record:
/// - the id field (a string, or a number kept as written) is the item's identity;
/// - the title field is the row's text; when it is missing, null or empty the id is shown instead,
///   so no row is ever blank; a number or boolean title is kept as written;
/// - a boolean `favorite` member is the favorite flag (what `favs list --format jsonl` writes),
///   so an exported list imports back as it was;
/// - every other member becomes a field, in file order: a string, number, boolean or null keeps its kind and
///   its text as written (so a JSON export writes it back the same), an array or object becomes a string of
///   its compact JSON.
/// When a key repeats in one object, its first occurrence is the id, title or flag and later ones are fields.
/// CSV and TSV files map their header's columns the same way (see `TableMapper`).
public enum ImportReader {
    /// Reads records from file bytes, refusing text that is not UTF-8.
    ///
    /// `file` names the file in messages, and its extension picks the format when `format` is `auto`.
    /// `titleField` nil means the `title` column or member, used when present; a named one must exist in a
    /// CSV or TSV header.
    public static func read(data: Data, file: String, format: ImportFormat = .auto, idField: String = "id",
                            titleField: String? = nil) throws -> [ImportRecord] {
        var ids = DuplicateIDCheck()
        return try read(data: data, file: file, format: format, idField: idField, titleField: titleField, ids: &ids)
    }

    /// Reads records from file bytes, as above, refusing an id that `ids` has seen in this file or an earlier one.
    public static func read(data: Data, file: String, format: ImportFormat = .auto, idField: String = "id",
                            titleField: String? = nil, ids: inout DuplicateIDCheck) throws -> [ImportRecord] {
        guard let text = String(data: data, encoding: .utf8) else { throw invalidUTF8(data, file: file) }
        return try read(contents: text, file: file, format: format, idField: idField, titleField: titleField,
                        ids: &ids)
    }

    /// Reads records from the text of an import file named `file` (its name is used in messages and for `auto`).
    public static func read(contents: String, file: String, format: ImportFormat = .auto, idField: String = "id",
                            titleField: String? = nil) throws -> [ImportRecord] {
        var ids = DuplicateIDCheck()
        return try read(contents: contents, file: file, format: format, idField: idField, titleField: titleField,
                        ids: &ids)
    }

    private static func read(contents: String, file: String, format: ImportFormat, idField: String,
                             titleField: String?, ids: inout DuplicateIDCheck) throws -> [ImportRecord] {
        ids.startFile(file)
        var text = Substring(contents)
        if text.unicodeScalars.first == "\u{FEFF}" { text = Substring(text.unicodeScalars.dropFirst()) }
        switch format.resolved(fileName: file, text: text) {
        case .csv:
            return try TableReader.readCSV(text, file: file, idColumn: idField, titleColumn: titleField, ids: &ids)
        case .tsv:
            return try TableReader.readTSV(text, file: file, idColumn: idField, titleColumn: titleField, ids: &ids)
        case .auto, .json, .jsonl:
            return try readJSON(text, file: file, idField: idField, titleField: titleField ?? "title", ids: &ids)
        }
    }

    private static func readJSON(_ text: Substring, file: String, idField: String, titleField: String,
                                 ids: inout DuplicateIDCheck) throws -> [ImportRecord] {
        var mapper = RecordMapper(file: file, idField: idField, titleField: titleField)
        // The parser reads the text's own bytes: no copy of a file that may be hundreds of megabytes.
        try JSONParser.parsing(text, file: file) { parser in
            let lines = parser.lineCount
            mapper.reserveCapacity(lines)
            ids.reserveCapacity(lines)
            func parsed(_ value: JSONValue, at position: JSONParser.Position) throws {
                try mapper.add(value, at: position, ids: &ids)
            }
            switch parser.firstSignificantByte() {
            case nil: return
            case UInt8(ascii: "["): try parser.parseArrayDocument(parsed)
            default: try parser.parseLinesDocument(parsed)
            }
        }
        return mapper.records
    }

    /// Points at the first byte that is not UTF-8, so the user can find it.
    private static func invalidUTF8(_ data: Data, file: String) -> ImportError {
        var line = 1, column = 1
        var iterator = data.makeIterator()
        var decoder = UTF8()
        while case let .scalarValue(scalar) = decoder.decode(&iterator) {
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return ImportError(file: file, line: line, column: column, message: "not UTF-8 text")
    }
}

/// Turns parsed objects into records, checking ids as it goes.
private struct RecordMapper {
    let file: String
    let idField: String
    let titleField: String
    var records: [ImportRecord] = []

    init(file: String, idField: String, titleField: String) {
        self.file = file
        self.idField = idField
        self.titleField = titleField
    }

    /// Makes room for about `records` records, so a large file does not grow its tables step by step.
    mutating func reserveCapacity(_ records: Int) {
        self.records.reserveCapacity(records)
    }

    mutating func add(_ value: JSONValue, at position: JSONParser.Position, ids: inout DuplicateIDCheck) throws {
        func error(_ message: String) -> ImportError {
            ImportError(file: file, line: position.line, column: position.column, message: message)
        }
        guard case let .object(members) = value else { throw error("expected a JSON object") }
        var idValue: JSONValue?
        var titleValue: JSONValue?
        var favorite: Bool?
        var fields: [Field] = []
        fields.reserveCapacity(members.count)
        for member in members {
            var consumed = false
            if member.key == idField, idValue == nil { idValue = member.value; consumed = true }
            if member.key == titleField, titleValue == nil { titleValue = member.value; consumed = true }
            if member.key == "favorite", !consumed, favorite == nil, case let .bool(flag) = member.value {
                favorite = flag
                consumed = true
            }
            if !consumed { fields.append(member.value.field(named: member.key)) }
        }
        let id: ItemID
        switch idValue {
        case let .string(text) where !Blank.isBlank(text): id = ItemID(text)
        case let .number(text): id = ItemID(text)
        case .string: throw error("id field '\(idField)' is empty")
        case nil, .null: throw error("missing id field '\(idField)'")
        default: throw error("id field '\(idField)' must be a string or number")
        }
        let title: String
        switch titleValue {
        case nil, .null, .string(""): title = id.rawValue
        case let .string(text): title = text
        case let .number(text): title = text
        case let .bool(flag): title = flag ? "true" : "false"
        case .array, .object: throw error("title field '\(titleField)' must be a string")
        }
        // SQLite takes the id and title as C strings, which end at a NUL: the rest would be lost without a word.
        // (Fields are stored as escaped JSON, so a NUL in one is kept.)
        if id.rawValue.utf8.contains(0) {
            throw error("id field '\(idField)' holds a NUL character, which cannot be stored")
        }
        if title.utf8.contains(0) {
            throw error("title field '\(titleField)' holds a NUL character, which cannot be stored")
        }
        try ids.add(id, line: position.line, column: position.column)
        records.append(ImportRecord(id: id, title: title, fields: fields, favorite: favorite ?? false,
                                    line: position.line, column: position.column))
    }
}
