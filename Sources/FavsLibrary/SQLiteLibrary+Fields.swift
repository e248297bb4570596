import FavsModel
import Foundation
import GRDB
import Synchronization

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
                let indexed = try db.tableExists("items_fields") ? try Schema.fieldsIndexedThrough(db) : Int64.min
                var ids = Set<ItemID>()
                func collect(_ condition: String, _ arguments: StatementArguments) throws {
                    let rows = try String.fetchCursor(db, sql: "SELECT id FROM items WHERE \(condition) AND \(exact)",
                                                      arguments: arguments + testArguments)
                    while let id = try rows.next() { ids.insert(ItemID(id)) }
                }
                // Rows read one by one have their stored text tested first (LIKE folds ASCII letters, as `lower()`
                // does: a superset of the answer), so only the few that may match are parsed.
                let scan = "fields LIKE ? ESCAPE '\\'"
                guard let query = sql.trigramQuery, indexed > Int64.min else {
                    try collect(scan, [sql.scanPattern])
                    return ids
                }
                try collect("position IN (SELECT rowid FROM items_fields WHERE items_fields MATCH ?)", [query])
                if indexed < Schema.wholeFieldIndex { try collect("position > ? AND " + scan, [indexed, sql.scanPattern]) }
                return ids
            }
        }
    }

    /// Indexes the fields of up to `rows` more rows an import left out (see the v7 migration), in one short write
    /// transaction, so other writers wait no longer than it; returns whether every row is indexed now. Rows are
    /// taken in position order, and a slice that finds fewer than `rows` has taken every row left, so none added
    /// meanwhile is missed. Each row's text is made in Swift (`FieldCoding.indexText(json:)`), or by the triggers'
    /// SQL where its JSON is not what favs writes.
    public func indexFields(rows: Int) throws -> Bool {
        try LibraryError.wrapping {
            // Read first: a whole index takes no write transaction.
            if try writer.read(Schema.fieldsIndexedThrough) == Schema.wholeFieldIndex { return true }
            return try writer.write { db in
                let through = try Schema.fieldsIndexedThrough(db)
                guard through < Schema.wholeFieldIndex else { return true }
                let insert = try db.makeStatement(sql: "INSERT INTO items_fields (rowid, field_values) VALUES (?, ?)")
                let insertBySQL = try db.makeStatement(sql: """
                    INSERT INTO items_fields (rowid, field_values) SELECT position, \(Schema.fieldText("fields")) FROM items
                    WHERE position = ?
                    """)
                let slice = try Row.fetchAll(db, sql: "SELECT position, fields FROM items WHERE position > ? ORDER BY position LIMIT ?",
                                             arguments: [through, max(rows, 1)])
                    .map { (position: $0[0] as Int64, fields: $0[1] as String) }
                // The texts are made on every core (a third of the time on one), then handed to FTS5 in order.
                let texts = Self.indexTexts(slice.map(\.fields))
                // FTS5 writes what it holds in memory as a segment each time it holds 1 MiB: a slice of package rows
                // would write several, and merge them; one a slice, made at the commit, took half the time.
                try db.execute(sql: "INSERT INTO items_fields (items_fields, rank) VALUES ('hashsize', \(Schema.sliceHashSize))")
                for (row, text) in zip(slice, texts) {
                    if let text {
                        try insert.execute(arguments: [row.position, text])
                    } else {
                        try insertBySQL.execute(arguments: [row.position])
                    }
                }
                try db.execute(sql: "INSERT INTO items_fields (items_fields, rank) VALUES ('hashsize', \(Schema.defaultHashSize))")
                let whole = slice.count < max(rows, 1)
                try Schema.setFieldsIndexed(through: whole ? Schema.wholeFieldIndex : slice.last?.position ?? through, db)
                return whole
            }
        }
    }

    /// `FieldCoding.indexText(json:)` of each, worked out in parts across the cores.
    private static func indexTexts(_ fields: [String]) -> [String?] {
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, fields.count / 1000))
        let texts = Mutex([[String?]](repeating: [], count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = (fields.count * part / parts)..<(fields.count * (part + 1) / parts)
            let made = fields[range].map { FieldCoding.indexText(json: $0) }
            texts.withLock { $0[part] = made }
        }
        return texts.withLock { $0.flatMap { $0 } }
    }

    public func reopenedForIndexing() -> (@Sendable () throws -> any ItemLibrary)? {
        // A library opened read-only by choice (`favs list`) is indexed all the same where its file can be written.
        guard path != ":memory:", !isOnFullDisk, access(path, W_OK) == 0,
              let through = try? writer.read(Schema.fieldsIndexedThrough), through < Schema.wholeFieldIndex
        else { return nil }
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
