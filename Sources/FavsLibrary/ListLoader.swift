import FavsModel
import Foundation
import GRDB
import GRDBSQLite

/// Reads what the list shows (id, title, favorite, position of the items not deleted, in list order) into
/// the compact collection, through SQLite's C API: each row's bytes are copied straight into the
/// collection's arenas, with no String or GRDB row per item.
///
/// The collection's id index is built when an id is first looked up (`IDIndex`): the schema keeps ids unique,
/// and `favs list` looks none up.
///
/// A large library is read by two threads at once, each on its own connection and half of the positions;
/// both read the same committed state (checked by the change log's last sequence number, which every
/// commit advances), else the list is read again on one connection.
public enum ListLoader {
    /// Below this many rows one thread reads them all (and a browser opens without a preview).
    public static let parallelThreshold = 100_000

    /// What the list shows; the covering index `items_list` answers it without reading the table. The third column
    /// is the star, which the favorites set gives afterwards (`withSets`): none here.
    static let select = "SELECT id, title, 0, position FROM items WHERE deleted = 0"

    /// The list, and the last change-log sequence number it includes (where a follower starts).
    static func load(_ db: Database, path: String,
                     parallelThreshold: Int = parallelThreshold) throws -> (items: ItemCollection, lastChange: Int64) {
        let (items, lastChange, _) = try load(db, path: path, parallelThreshold: parallelThreshold, passing: nil)
        return (items, lastChange)
    }

    /// The list's items whose title passes `prefilter` (every item when nil), the last change-log sequence number
    /// they include, and how many items the list has in all. Rows left out are refused inside SQLite, never copied: a
    /// search answered once (`favs list --query '^rain'`: 26,335 of a million titles) reads what it prints, not the list.
    static func load(_ db: Database, path: String, parallelThreshold: Int = parallelThreshold,
                     passing prefilter: TitlePrefilter?) throws -> (items: ItemCollection, lastChange: Int64, listCount: Int) {
        let lastChange = try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM changes") ?? 0
        // Every row ever stored, deleted ones included: room enough, without counting first.
        let capacity = try Int.fetchOne(db, sql: "SELECT MAX(rowid) FROM items") ?? 0
        // The first and last positions, each from one end of the list index (MIN/MAX would scan it).
        let bounds = try Row.fetchOne(db, sql: """
            SELECT (SELECT position FROM items WHERE deleted = 0 ORDER BY position LIMIT 1),
                   (SELECT position FROM items WHERE deleted = 0 ORDER BY position DESC LIMIT 1)
            """)
        guard path != ":memory:", capacity >= parallelThreshold,
              let low: Int = bounds?[0], let high: Int = bounds?[1], high > low else {
            let (items, count) = try whole(db, capacity: capacity, passing: prefilter)
            return (try withSets(items, db), lastChange, count)
        }
        let middle = low + (high - low) / 2
        let bytes = try textBytes(db, rows: capacity)
        let secondHalf = SecondHalf(path: path, after: middle, capacity: capacity / 2, bytes: bytes.map { $0 / 2 },
                                    passing: prefilter)
        // Room for both halves, text included, so that joining them copies the second into the first and
        // allocates nothing: a reallocation then would hold the old, the new and the second half at once.
        // (Room a prefilter leaves unused is never touched: the system gives it no memory.)
        var builder = ItemCollection.Builder(capacity: capacity, bytes: bytes)
        let firstCount = try scan(db.sqliteConnection, range: " AND position <= ?", bound: middle,
                                  passing: prefilter, into: &builder)
        guard let secondCount = secondHalf.append(to: &builder, ifReadAt: lastChange) else {
            // The other connection failed, or read after another commit: read it all here.
            let (items, count) = try whole(db, capacity: capacity, passing: prefilter)
            return (try withSets(items, db), lastChange, count)
        }
        return (try withSets(builder.build(distinctIDs: true), db), lastChange, firstCount + secondCount)
    }

    /// About how many bytes `rows` ids take, and as many titles (whichever is longer, with room to spare):
    /// from the first and the last thousand rows of the list, each end read from its index.
    static func textBytes(_ db: Database, rows: Int) throws -> Int? {
        let sample = try Double.fetchOne(db, sql: """
            SELECT max(avg(length(CAST(id AS BLOB))), avg(length(CAST(title AS BLOB)))) FROM (
                SELECT * FROM (SELECT id, title FROM items WHERE deleted = 0 ORDER BY position LIMIT 1000)
                UNION ALL
                SELECT * FROM (SELECT id, title FROM items WHERE deleted = 0 ORDER BY position DESC LIMIT 1000))
            """)
        return sample.map { Int(($0 + 1) * 1.25 * Double(rows)) }
    }

    /// The collection with its sets' members: the favorites, with the time each was starred, then every other set
    /// (the tags), read in the same transaction as the list. A member the collection does not hold (a deleted item,
    /// or one a search answered once left out: it loads only the rows it may print) is left out.
    static func withSets(_ items: ItemCollection, _ db: Database) throws -> ItemCollection {
        var items = items
        items.addMembers(bySet: try Row.fetchAll(db, sql: """
            SELECT 'favorites', i.position, f.added_at FROM \(try Schema.favorites(db)) f JOIN items i ON i.id = f.item_id
            WHERE i.deleted = 0
            """).map { (set: $0[0], position: $0[1], time: $0[2]) })
        // A library opened read-only may predate the members table (v9): it holds favorites only.
        guard try db.tableExists("members") else { return items }
        try addOtherSets(db.sqliteConnection, to: &items)
        return items
    }

    /// Every set but the favorites, from the members table's rows in its key's order (set, then item), stepped
    /// through SQLite's C API: each row's item found by its id in the collection's index, not by a join with
    /// `items` (a lookup in that table per row made a tagged million-item library open 3–5 times slower), and no
    /// row object or string made per row (only per set), so the rows of 100,000 tagged items cost no memory
    /// beyond the sets they fill.
    private static func addOtherSets(_ connection: OpaquePointer?, to items: inout ItemCollection) throws {
        // Two ranges of the key, so the favorites' rows (read above) are not read again.
        let sql = "SELECT set_name, item_id, added_at FROM members WHERE set_name < 'favorites' OR set_name > 'favorites'"
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK else {
            throw DatabaseError.last(on: connection, code: sqlite3_errcode(connection), sql: sql)
        }
        defer { sqlite3_finalize(statement) }
        var name: [UInt8] = []
        var slots: [Int32] = []
        var times: [Int32: Int64] = [:]
        func flush() {
            if !slots.isEmpty { items.addMembers(slots: slots, times: times, to: SetID(String(decoding: name, as: UTF8.self))) }
            slots.removeAll(keepingCapacity: true)
            times.removeAll(keepingCapacity: true)
        }
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw DatabaseError.last(on: connection, code: code, sql: sql) }
            let set = UnsafeRawBufferPointer(start: sqlite3_column_blob(statement, 0),
                                             count: Int(sqlite3_column_bytes(statement, 0)))
            if !set.elementsEqual(name) {
                flush()
                name = Array(set)
            }
            let id = UnsafeRawBufferPointer(start: sqlite3_column_blob(statement, 1),
                                            count: Int(sqlite3_column_bytes(statement, 1)))
            guard let slot = items.presentSlot(idBytes: id) else { continue }
            slots.append(slot)
            if sqlite3_column_type(statement, 2) != SQLITE_NULL { times[slot] = sqlite3_column_int64(statement, 2) }
        }
        flush()
    }

    /// The first rows and favorites, the last rows and the counts, or nil when there are fewer than `minimum` items.
    static func preview(_ db: Database, rows: Int, last: Int, minimum: Int) throws -> ItemCollection? {
        // Counting the list index costs about 30 ms for a million items: first make sure it is worth it.
        let capacity = try Int.fetchOne(db, sql: "SELECT MAX(rowid) FROM items") ?? 0
        guard capacity >= minimum else { return nil }
        // A library opened read-only may predate the members table (v9); it is then loaded whole.
        guard try db.tableExists("members") else { return nil }
        let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM items WHERE deleted = 0") ?? 0
        guard count >= minimum else { return nil }
        // The favorites, few in most libraries, read once through the members table's key and each one's row by id
        // (a row a favorite, read from the table for its `deleted`: one pass, not one for the count and one for each
        // end), then put in list order: their count, the first of them and, for the last rows' stars, the last.
        var favorites = try Row.fetchAll(db, sql: """
            SELECT i.id, i.title, 1, i.position FROM members f JOIN items i ON i.id = f.item_id
            WHERE f.set_name = 'favorites' AND i.deleted = 0
            """).map { row in Item(id: ItemID(row[0] as String), title: row[1], favorite: row[2], position: row[3]) }
        favorites.sort { $0.position < $1.position }
        let favoriteCount = favorites.count
        func items(_ sql: String, limit: Int = rows) throws -> [Item] {
            try Row.fetchAll(db, sql: sql, arguments: [limit]).map { row in
                Item(id: ItemID(row[0] as String), title: row[1], favorite: row[2], position: row[3])
            }
        }
        let firstFavorites = Array(favorites.prefix(rows))
        let lastFavorites = favorites.suffix(last)
        // The rows read from the list index carry no star: each that is among those favorites gets it.
        let starred = Set((firstFavorites + lastFavorites).map(\.id))
        func starring(_ rows: [Item]) -> [Item] {
            rows.map { row in
                var row = row
                row.favorite = starred.contains(row.id)
                return row
            }
        }
        // The last rows from the other end of the list index, as a move to the end (G) shows them.
        let lastRows: [Item] = try last > 0 ? Array(items(select + " ORDER BY position DESC LIMIT ?", limit: last).reversed()) : []
        return .preview(rows: starring(try items(select + " ORDER BY position LIMIT ?")), last: starring(lastRows),
                        favorites: firstFavorites, count: count, favoriteCount: favoriteCount)
    }

    private static func whole(_ db: Database, capacity: Int,
                              passing prefilter: TitlePrefilter?) throws -> (items: ItemCollection, listCount: Int) {
        var builder = ItemCollection.Builder(capacity: capacity)
        let count = try scan(db.sqliteConnection, range: "", bound: nil, passing: prefilter, into: &builder)
        return (builder.build(distinctIDs: true), count)
    }

    /// Reads the list's rows in `range` (an SQL condition on `position`, `bound` its parameter; empty for all),
    /// appending each whose title passes `prefilter` (every row when nil) to the builder, in list order; returns how
    /// many rows the list has in that range.
    ///
    /// The title test is SQLite's to make (`TitleTestFunction`): a row that fails it never comes back from a step.
    static func scan(_ connection: OpaquePointer?, range: String, bound: Int?, passing prefilter: TitlePrefilter?,
                     into builder: inout ItemCollection.Builder) throws -> Int {
        guard let prefilter, !prefilter.isEmpty else {
            return try scan(connection, scanSQL(range: range, tested: false), bound: bound, into: &builder)
        }
        let sql = scanSQL(range: range, tested: true)
        return try prefilter.withTest { passes in
            try TitleTestFunction.lending(passes, to: connection) {
                try scan(connection, sql, bound: bound, into: &builder)
            }.rowsTested
        }
    }

    /// The query of a scan: the list's rows in `range`, in list order; only those whose title passes the lent
    /// function when `tested`.
    static func scanSQL(range: String, tested: Bool) -> String {
        select + range + (tested ? " AND " + TitleTestFunction.condition : "") + " ORDER BY position"
    }

    /// Steps a query of (id, title, favorite, position), appending every row to the builder; returns how many.
    private static func scan(_ connection: OpaquePointer?, _ sql: String, bound: Int?,
                             into builder: inout ItemCollection.Builder) throws -> Int {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK else {
            throw DatabaseError.last(on: connection, code: sqlite3_errcode(connection), sql: sql)
        }
        defer { sqlite3_finalize(statement) }
        if let bound { sqlite3_bind_int64(statement, 1, Int64(bound)) }
        var count = 0
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return count }
            guard code == SQLITE_ROW else { throw DatabaseError.last(on: connection, code: code, sql: sql) }
            count += 1
            // The bytes as stored (the library is UTF-8): sqlite3_column_blob points into the page, where
            // sqlite3_column_text would first copy each value to give it a terminating NUL.
            let title = UnsafeRawBufferPointer(start: sqlite3_column_blob(statement, 1),
                                               count: Int(sqlite3_column_bytes(statement, 1)))
            let id = UnsafeRawBufferPointer(start: sqlite3_column_blob(statement, 0),
                                            count: Int(sqlite3_column_bytes(statement, 0)))
            builder.append(id: id, title: title, favorite: sqlite3_column_int64(statement, 2) != 0,
                           position: Int(sqlite3_column_int64(statement, 3)))
        }
    }

}

extension ItemCollection {
    /// Adds member rows read ordered by set (a library's sets as both backends load them): one
    /// `addMembers(atPositions:to:)` a set.
    package mutating func addMembers(bySet rows: [(set: String, position: Int, time: Int64?)]) {
        var start = rows.startIndex
        while start < rows.endIndex {
            let name = rows[start].set
            let end = rows[start...].firstIndex { $0.set != name } ?? rows.endIndex
            addMembers(atPositions: rows[start..<end].map { (position: $0.position, time: $0.time) }, to: SetID(name))
            start = end
        }
    }
}

/// The second half of the list, read on a thread of its own with a read-only connection of its own.
private final class SecondHalf: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written by the reading thread before it signals `done`: the rows kept, the change they were read at and how
    /// many rows were stepped.
    private var result: (ItemCollection.Builder, Int64, Int)?

    init(path: String, after middle: Int, capacity: Int, bytes: Int?, passing prefilter: TitlePrefilter?) {
        Thread.detachNewThread { [self] in
            result = try? Self.read(path: path, after: middle, capacity: capacity, bytes: bytes, passing: prefilter)
            done.signal()
        }
    }

    /// Once the rows are read, appends them to `builder` (and lets them go) if they were read at the change
    /// `lastChange`, and returns how many rows were stepped; nil when they could not be read, or were read at another
    /// change.
    func append(to builder: inout ItemCollection.Builder, ifReadAt lastChange: Int64) -> Int? {
        done.wait()
        defer { result = nil }
        guard let (rest, readAt, count) = result, readAt == lastChange else { return nil }
        builder.append(contentsOf: rest)
        return count
    }

    private static func read(path: String, after middle: Int, capacity: Int, bytes: Int?,
                             passing prefilter: TitlePrefilter?) throws -> (ItemCollection.Builder, Int64, Int) {
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
            throw DatabaseError.last(on: connection, code: SQLITE_CANTOPEN)
        }
        sqlite3_busy_timeout(connection, Int32(SQLiteLibrary.busyTimeout * 1000))
        guard sqlite3_exec(connection, "BEGIN", nil, nil, nil) == SQLITE_OK else {
            throw DatabaseError.last(on: connection, code: sqlite3_errcode(connection))
        }
        defer { sqlite3_exec(connection, "COMMIT", nil, nil, nil) }
        var builder = ItemCollection.Builder(capacity: capacity + capacity / 8, bytes: bytes.map { $0 + $0 / 8 })
        var lastChange: Int64 = 0
        var statement: OpaquePointer?
        if sqlite3_prepare_v2(connection, "SELECT MAX(seq) FROM changes", -1, &statement, nil) == SQLITE_OK,
           sqlite3_step(statement) == SQLITE_ROW {
            lastChange = sqlite3_column_int64(statement, 0)
        }
        sqlite3_finalize(statement)
        let count = try ListLoader.scan(connection, range: " AND position > ?", bound: middle, passing: prefilter,
                                        into: &builder)
        return (builder, lastChange, count)
    }
}
