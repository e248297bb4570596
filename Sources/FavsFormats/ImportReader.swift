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
/// - a `tags` member is the item's tags: an array of strings, each one a tag (`TagPath.parse`), a tag repeated
///   in another case kept once;
/// - every other member becomes a field, in file order: a string, number, boolean or null keeps its kind and
///   its text as written (so a JSON export writes it back the same), an array or object becomes a string of
///   its compact JSON.
/// When a key repeats in one object, its first occurrence is the id, title, flag or tags and later ones are fields.
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
    ///
    /// The bytes are read as `favs import` streams a file, `pieceSize` bytes at a time (tests make it small to
    /// cut rows at every place).
    public static func read(data: Data, file: String, format: ImportFormat = .auto, idField: String = "id",
                            titleField: String? = nil, ids: inout DuplicateIDCheck,
                            pieceSize: Int = ImportStream.pieceSize) throws -> [ImportRecord] {
        ids.startFile(file)
        var records: [ImportRecord] = []
        try ImportStream.read(DataInput(data: data), file: file, format: format, idField: idField,
                              titleField: titleField, pieceSize: pieceSize) { record in
            try ids.add(record.id, line: record.line, column: record.column)
            records.append(record)
        }
        return records
    }

    /// Reads records from the text of an import file named `file` (its name is used in messages and for `auto`).
    public static func read(contents: String, file: String, format: ImportFormat = .auto, idField: String = "id",
                            titleField: String? = nil) throws -> [ImportRecord] {
        try read(data: Data(contents.utf8), file: file, format: format, idField: idField, titleField: titleField)
    }
}
