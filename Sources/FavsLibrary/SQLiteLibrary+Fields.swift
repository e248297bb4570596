import FavsModel
import Foundation
import GRDB

/// Field terms on a SQLite library: FTS5's trigram index over the fields' values (`items_fields`, see the v6
/// migration) narrows the rows, and SQLite's JSON functions put each one's pairs to the exact test.
extension SQLiteLibrary {
    public func ids(withField term: FieldTerm) throws -> Set<ItemID> {
        let sql = FieldTermSQL(term)
        return try LibraryError.wrapping {
            try writer.read { db in
                // A short text has no trigram, and a library opened read-only before the index was made has no index:
                // their rows are read one by one, the same answer, slower.
                let query = try db.tableExists("items_fields") ? sql.trigramQuery : nil
                var conditions = query == nil ? [] : ["position IN (SELECT rowid FROM items_fields WHERE items_fields MATCH ?)"]
                let (test, testArguments) = Self.test(sql)
                conditions.append("EXISTS (SELECT 1 FROM \(Schema.pairs("items.fields")) AS pair WHERE \(test))")
                let arguments = StatementArguments(query.map { [$0] } ?? []) + testArguments
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
        let raw = Schema.pairValue("pair.value", type: "pair.type")
        let value = sql.isCaseSensitive ? raw : "lower(\(raw))"
        let (name, nameArguments): (String, StatementArguments) = sql.name.map {
            ("pair.type = 'array' AND lower(pair.value ->> 0) = ? AND ", [$0])
        }
            ?? ("", [])
        let text = sql.text
        switch sql.placement {
        case .anywhere: return (name + "instr(\(value), ?) > 0", nameArguments + [text])
        case .start: return (name + "substr(\(value), 1, length(?)) = ?", nameArguments + [text, text])
        case .end: return (name + "substr(\(value), -length(?)) = ?", nameArguments + [text, text])
        case .whole: return (name + "\(value) = ?", nameArguments + [text])
        }
    }

    public func interrupter() -> (@Sendable () -> Void)? {
        let writer = writer
        return { writer.interrupt() }
    }

    public func reopenedForSearch() -> (@Sendable () throws -> any ItemLibrary)? {
        guard path != ":memory:" else { return nil }
        let path = path
        return { try SQLiteLibrary.openExisting(path: path, readOnly: true) }
    }
}
