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
                let (test, testArguments) = Self.test(sql)
                let exact = "EXISTS (SELECT 1 FROM \(Schema.pairs("items.fields")) AS pair WHERE \(test))"
                // The rows the index holds are narrowed by it; the rest (what an import left to index, every row of
                // a short text, which has no trigram, or of a library opened read-only before the index was made)
                // are read one by one: the same answer, slower.
                let indexed = try db.tableExists("items_fields")
                    ? try Int64.fetchOne(db, sql: "SELECT \(Schema.fieldsIndexedThrough)") ?? Schema.wholeFieldIndex
                    : Int64.min
                var ids = Set<ItemID>()
                func collect(_ condition: String, _ arguments: StatementArguments) throws {
                    let rows = try String.fetchCursor(db, sql: "SELECT id FROM items WHERE \(condition) AND \(exact)",
                                                      arguments: arguments + testArguments)
                    while let id = try rows.next() { ids.insert(ItemID(id)) }
                }
                guard let query = sql.trigramQuery, indexed > Int64.min else {
                    try collect("1", [])
                    return ids
                }
                try collect("position IN (SELECT rowid FROM items_fields WHERE items_fields MATCH ?)", [query])
                if indexed < Schema.wholeFieldIndex { try collect("position > ?", [indexed]) }
                return ids
            }
        }
    }

    /// Indexes the fields of up to `rows` more rows an import left out (see the v7 migration), in one short write
    /// transaction, so other writers wait no longer than it; returns whether every row is indexed now. Rows are
    /// taken in position order, and the last slice takes every row left, so none added meanwhile is missed.
    public func indexFields(rows: Int) throws -> Bool {
        try LibraryError.wrapping {
            let through = try writer.read { db in try Int64.fetchOne(db, sql: "SELECT \(Schema.fieldsIndexedThrough)") }
            if through == Schema.wholeFieldIndex { return true }
            return try writer.write { db in
                guard let through = try Int64.fetchOne(db, sql: "SELECT \(Schema.fieldsIndexedThrough)"),
                      through < Schema.wholeFieldIndex else { return true }
                let insert = "INSERT INTO items_fields (rowid, field_values) SELECT position, \(Schema.fieldText("fields")) FROM items"
                if let end = try Int64.fetchOne(db, sql: "SELECT position FROM items WHERE position > ? ORDER BY position LIMIT 1 OFFSET ?",
                                                arguments: [through, max(rows, 1) - 1]) {
                    try db.execute(sql: insert + " WHERE position > ? AND position <= ?", arguments: [through, end])
                    try Schema.setFieldsIndexed(through: end, db)
                    return false
                }
                try db.execute(sql: insert + " WHERE position > ?", arguments: [through])
                try Schema.setFieldsIndexed(through: Schema.wholeFieldIndex, db)
                return true
            }
        }
    }

    public func reopenedForIndexing() -> (@Sendable () throws -> any ItemLibrary)? {
        // A library opened read-only by choice (`favs list`) is indexed all the same where its file can be written.
        guard path != ":memory:", !isOnFullDisk, access(path, W_OK) == 0,
              let through = try? writer.read({ db in try Int64.fetchOne(db, sql: "SELECT \(Schema.fieldsIndexedThrough)") }),
              through < Schema.wholeFieldIndex else { return nil }
        let path = path
        return { try SQLiteLibrary.openExisting(path: path, readOnly: false) }
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
