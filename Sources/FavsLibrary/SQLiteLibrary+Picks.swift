import FavsModel
import Foundation
import GRDB

/// The picks a library remembers for `favs pick`'s frecency (v12): a `picks` row per pick, each logged as a
/// `pick` row naming its item, so a process following the log reads the item's picks again as it reads a star.
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

    /// Each picked item's frecency score at `now`, summed as the picks are read, an item's in a row (the same sums as
    /// `picks()` scored one by one, without a list of picks per item): read before a picker's first screen.
    public func pickScores(_ frecency: Frecency, at now: Int64) throws -> [ItemID: Double] {
        try LibraryError.wrapping { try writer.read { db in try Schema.pickScores(frecency, at: now, db) } }
    }
}

extension Schema {
    /// How many rows of picks an item keeps: past it, its oldest are folded into one weighted row, so a library
    /// never grows without limit however often an item is picked.
    static let picksKept = 1_000

    /// Adds one pick of an item (weight 1), folding its oldest when it has more than `picksKept`.
    static func addPick(_ id: ItemID, at time: Int64, weight: Double = 1, _ db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO picks (item_id, picked_at, weight) VALUES (?, ?, ?)")
            .execute(arguments: [id.rawValue, time, weight])
        try foldPicks(of: id, db)
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

    /// Every picked item's frecency score at `now`: its picks read in a row, oldest first, and summed as
    /// `Frecency.score(of:at:)` sums them.
    static func pickScores(_ frecency: Frecency, at now: Int64, _ db: Database) throws -> [ItemID: Double] {
        guard try db.tableExists("picks") else { return [:] }
        var scores: [ItemID: Double] = [:]
        var item: String?
        var score = 0.0
        let rows = try Row.fetchCursor(db, sql: "SELECT item_id, picked_at, weight FROM picks ORDER BY item_id, picked_at")
        while let row = try rows.next() {
            let id: String = row[0]
            if id != item {
                if let item { scores[ItemID(item)] = score }
                (item, score) = (id, 0)
            }
            score += (row[2] as Double) * frecency.decay(age: now - (row[1] as Int64))
        }
        if let item { scores[ItemID(item)] = score }
        return scores
    }

    /// Every item's picks, oldest first.
    static func picks(_ db: Database) throws -> [ItemID: [Pick]] {
        guard try db.tableExists("picks") else { return [:] }
        var picks: [ItemID: [Pick]] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT item_id, picked_at, weight FROM picks ORDER BY item_id, picked_at")
        while let row = try rows.next() {
            picks[ItemID(row[0] as String), default: []].append(Pick(at: row[1], weight: row[2]))
        }
        return picks
    }
}

extension ItemLibrary {
    public func pickScores(_ frecency: Frecency, at now: Int64) throws -> [ItemID: Double] {
        guard remembersPicks else { return [:] }
        return try picks().mapValues { frecency.score(of: $0, at: now) }
    }
}
