import FavsModel
import Foundation
import GRDB

/// Field terms on a SQLite library: FTS5's trigram index over `items.fields` (`items_fields`, see the v6
/// migration) narrows the rows, and SQLite's JSON functions put each one's pairs to the exact test.
extension SQLiteLibrary {
    public func ids(withField term: FieldTerm) throws -> Set<ItemID> {
        let sql = FieldTermSQL(term)
        return try LibraryError.wrapping {
            try writer.read { db in
                // A library opened read-only before the index was made is read row by row: the same answer, slower.
                let patterns = try db.tableExists("items_fields") ? sql.likePatterns : []
                var conditions = patterns.isEmpty ? [] : [
                    "position IN (SELECT rowid FROM items_fields WHERE "
                        + patterns.map { _ in "fields LIKE ?" }.joined(separator: " AND ") + ")",
                ]
                let (test, testArguments) = Self.test(sql)
                conditions.append("EXISTS (SELECT 1 FROM json_each(items.fields) AS pair WHERE \(test))")
                let arguments = StatementArguments(patterns) + testArguments
                var ids = Set<ItemID>()
                let rows = try String.fetchCursor(db, sql: "SELECT id FROM items WHERE " + conditions.joined(separator: " AND "),
                                                  arguments: arguments)
                while let id = try rows.next() { ids.insert(ItemID(id)) }
                return ids
            }
        }
    }

    /// The exact test of one pair (`pair.value`, a `[name, value]` array): its name (ASCII letters lowered by
    /// `lower()`, as the term's), then its value as written (a string's text, a number or boolean as its JSON,
    /// a null empty) against the text.
    private static func test(_ sql: FieldTermSQL) -> (String, StatementArguments) {
        let raw = "CASE json_type(pair.value, '$[1]') WHEN 'text' THEN pair.value ->> 1 WHEN 'null' THEN '' ELSE pair.value -> 1 END"
        let value = sql.isCaseSensitive ? raw : "lower(\(raw))"
        let (name, nameArguments): (String, StatementArguments) = sql.name.map { ("lower(pair.value ->> 0) = ? AND ", [$0]) }
            ?? ("", [])
        let text = sql.text
        switch sql.placement {
        case .anywhere: return (name + "instr(\(value), ?) > 0", nameArguments + [text])
        case .start: return (name + "substr(\(value), 1, length(?)) = ?", nameArguments + [text, text])
        case .end: return (name + "substr(\(value), -length(?)) = ?", nameArguments + [text, text])
        case .whole: return (name + "\(value) = ?", nameArguments + [text])
        }
    }

    public func reopenedForSearch() -> (@Sendable () throws -> any ItemLibrary)? {
        guard path != ":memory:" else { return nil }
        let path = path
        return { try SQLiteLibrary.openExisting(path: path, readOnly: true) }
    }
}
