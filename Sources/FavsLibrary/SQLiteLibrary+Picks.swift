import FavsModel
import Foundation
import GRDB
import GRDBSQLite

/// The picks a library remembers for `favs pick`'s frecency (v12): a `picks` row per pick, each logged as a
/// `pick` row naming its item, so a process following the log reads the item's picks again as it reads a star; and
/// each item's picks summed in `pick_scores` (v13, Schema+PickScores.swift), written again with every change of them.
extension SQLiteLibrary {
    public var remembersPicks: Bool { true }

    /// Remembers that these items were picked at `time` (ms since 1970), in one transaction. An id the library does
    /// not hold, or holds deleted, is left out. Returns the ids remembered.
    @discardableResult
    public func recordPicks(_ ids: [ItemID], at time: Int64) throws -> [ItemID] {
        try refuseWritesOnFullDisk()
        return try LibraryError.wrapping {
            try writer.write { db in
                var recorded: [ItemID] = []
                for id in ids {
                    guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM items WHERE id = ? AND deleted = 0"),
                                            arguments: [id.rawValue]) == true else { continue }
                    try Schema.addPick(id, at: time, db)
                    try ChangeLog.append(.pick, itemID: id.rawValue, origin: origin, db)
                    recorded.append(id)
                }
                return recorded
            }
        }
    }

    /// Forgets every pick of these items (`favs forget`), in one transaction, each logged as a `pick` row. Every id is
    /// checked first: one the library does not hold throws `noItem` and nothing changes. Returns the ids that had picks.
    @discardableResult
    public func forgetPicks(_ ids: [ItemID]) throws -> [ItemID] {
        try refuseWritesOnFullDisk()
        return try LibraryError.wrapping {
            try writer.write { db in
                for id in ids where try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM items WHERE id = ?"),
                                                      arguments: [id.rawValue]) != true {
                    throw LibraryError.noItem(id)
                }
                var forgotten: [ItemID] = []
                for id in ids where !forgotten.contains(id) {
                    try db.cachedStatement(sql: "DELETE FROM picks WHERE item_id = ?").execute(arguments: [id.rawValue])
                    guard db.changesCount > 0 else { continue }
                    try Schema.rescorePicks(of: id, db)
                    try ChangeLog.append(.pick, itemID: id.rawValue, origin: origin, db)
                    forgotten.append(id)
                }
                return forgotten
            }
        }
    }

    /// Every item's picks, oldest first, deleted items' too (a restore brings them back); none in a library that
    /// predates them (a read-only open of one older than v12).
    public func picks() throws -> [ItemID: [Pick]] {
        try LibraryError.wrapping { try writer.read { db in try Schema.picks(db) } }
    }

    /// Each picked item's frecency score at `now`, read from the items' sums of their picks (the same scores as
    /// `picks()` scored one by one, without reading them): read before a picker's first screen.
    public func pickScores(_ frecency: Frecency, at now: Int64) throws -> [ItemID: Double] {
        try LibraryError.wrapping { try writer.read { db in try Schema.pickScores(frecency, at: now, db) } }
    }
}

extension Schema {
    /// How many rows of picks an item keeps (`Pick.keptPerItem`).
    static let picksKept = Pick.keptPerItem

    /// Adds one pick of an item (weight 1), folding its oldest when it has more than `picksKept`.
    static func addPick(_ id: ItemID, at time: Int64, weight: Double = 1, _ db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO picks (item_id, picked_at, weight) VALUES (?, ?, ?)")
            .execute(arguments: [id.rawValue, time, weight])
        try foldPicks(of: id, db)
        try rescorePicks(of: id, db)
    }

    /// Folds an item's oldest picks into one row when it holds more than `picksKept`: the row takes the newest
    /// folded pick's time and the weight that gives the same score at any later time (each folded weight decayed to
    /// that time), with the default half-life; with another, the score differs only by what those old picks weigh.
    static func foldPicks(of id: ItemID, frecency: Frecency = Frecency(), _ db: Database) throws {
        let count = try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM picks WHERE item_id = ?"),
                                     arguments: [id.rawValue]) ?? 0
        guard count > picksKept else { return }
        let oldest = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT rowid, picked_at, weight FROM picks WHERE item_id = ? ORDER BY picked_at, rowid LIMIT ?
            """), arguments: [id.rawValue, count - picksKept + 1])
        guard let newest = oldest.last?[1] as Int64? else { return }
        let weight = oldest.reduce(0.0) { sum, row in sum + (row[2] as Double) * frecency.decay(age: newest - (row[1] as Int64)) }
        for row in oldest {
            try db.cachedStatement(sql: "DELETE FROM picks WHERE rowid = ?").execute(arguments: [row[0] as Int64])
        }
        try db.cachedStatement(sql: "INSERT INTO picks (item_id, picked_at, weight) VALUES (?, ?, ?)")
            .execute(arguments: [id.rawValue, newest, weight])
    }

    /// Replaces an item's picks with these (none: forgets them), as a forget or its undo writes them.
    static func replacePicks(of id: ItemID, with picks: [Pick], _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM picks WHERE item_id = ?").execute(arguments: [id.rawValue])
        for pick in picks {
            try db.cachedStatement(sql: "INSERT INTO picks (item_id, picked_at, weight) VALUES (?, ?, ?)")
                .execute(arguments: [id.rawValue, pick.at, pick.weight])
        }
        try rescorePicks(of: id, db)
    }

    /// Adds an import's picks to an item's (none it holds already, the same time and weight, twice), then folds
    /// its oldest past `picksKept`, as a pick made here would. The log is not written: an import logs a reload.
    @discardableResult
    static func addPicks(_ picks: [Pick], to id: ItemID, _ db: Database) throws -> Int {
        var added = 0
        for pick in picks {
            try db.cachedStatement(sql: """
                INSERT INTO picks (item_id, picked_at, weight) SELECT ?1, ?2, ?3
                WHERE NOT EXISTS (SELECT 1 FROM picks WHERE item_id = ?1 AND picked_at = ?2 AND weight = ?3)
                """).execute(arguments: [id.rawValue, pick.at, pick.weight])
            added += db.changesCount
        }
        try foldPicks(of: id, db)
        try rescorePicks(of: id, db)
        return added
    }

    /// One item's picks, oldest first (none in a library that predates them).
    static func picks(of id: ItemID, _ db: Database) throws -> [Pick] {
        guard try db.tableExists("picks") else { return [] }
        return try Row.fetchAll(db.cachedStatement(sql: "SELECT picked_at, weight FROM picks WHERE item_id = ? ORDER BY picked_at, rowid"),
                                arguments: [id.rawValue]).map { Pick(at: $0[0], weight: $0[1]) }
    }

    /// Every item's picks, oldest first (the same time: in the order they were added). Read once a stdin picker's
    /// first screen is up (for ctrl-d's exact undo and the picks of other pickers): the table in its own order (the
    /// order picks were added) through SQLite's C API, each item's list grown in place, and only an item whose picks
    /// did not come oldest first (a fold, a clock set back) sorted after. An `ORDER BY item_id` through GRDB's rows
    /// took 3–4 times as long.
    static func picks(_ db: Database) throws -> [ItemID: [Pick]] {
        guard try db.tableExists("picks") else { return [:] }
        var picks: [ItemID: [Pick]] = [:]
        var outOfOrder: Set<ItemID> = []
        try eachPick(db) { id, at, weight in
            let pick = Pick(at: at, weight: weight)
            if let index = picks.index(forKey: id) {
                if let last = picks.values[index].last, pick.at < last.at { outOfOrder.insert(id) }
                picks.values[index].append(pick)
            } else {
                picks[id] = [pick]
            }
        }
        for id in outOfOrder {
            guard let unsorted = picks[id] else { continue }
            // Stable: picks of the same time stay in the order they were added.
            picks[id] = unsorted.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        }
        return picks
    }
}

extension Schema {
    /// Steps through every row of `picks` in the table's own order (the order picks were added), through SQLite's C
    /// API: GRDB's rows cost as much as the reading here, and the items' index a seek a pick.
    private static func eachPick(_ db: Database, _ body: (ItemID, _ at: Int64, _ weight: Double) -> Void) throws {
        try stepRows("SELECT item_id, picked_at, weight FROM picks", db) { row in
            body(ItemID(String(decoding: textColumn(row, 0), as: UTF8.self)), sqlite3_column_int64(row, 1),
                 sqlite3_column_double(row, 2))
        }
    }

    /// Calls `body` with the statement at each row `sql` selects, stepped through SQLite's C API: for the reads of
    /// every pick or sum, where GRDB's rows would cost as much as the reading.
    static func stepRows(_ sql: String, _ db: Database, _ body: (OpaquePointer) -> Void) throws {
        let statement = try db.makeStatement(sql: sql)
        let handle = statement.sqliteStatement
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw DatabaseError.last(on: db.sqliteConnection, code: code, sql: sql) }
            body(handle)
        }
    }

    /// A text column of the row a statement is at, as its bytes (valid until the statement steps on).
    static func textColumn(_ row: OpaquePointer, _ column: Int32) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: sqlite3_column_text(row, column), count: Int(sqlite3_column_bytes(row, column)))
    }
}

