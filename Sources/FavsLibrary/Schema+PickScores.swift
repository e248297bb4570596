import FavsModel
import Foundation
import GRDB
import GRDBSQLite

/// Each picked item's picks as one number (v13): their sum at the latest pick's time (`PickSum`), for the half-life
/// in `meta` (`pick_half_life`). Every write of an item's picks sums them again (`rescorePicks`), so the table always
/// holds what the picks hold; a picker reads it in place of every pick before its first screen (10k picked lines: 10k
/// rows in place of 30k, and no list of picks for each), and the picks themselves only once its first screen is up.
extension Schema {
    /// The sums (v13), by item; an item with no pick has no row.
    static let pickScoresTable = """
        CREATE TABLE pick_scores (item_id TEXT PRIMARY KEY, score REAL NOT NULL, at INTEGER NOT NULL) WITHOUT ROWID
        """

    /// The half-life the sums are for (ms); nil in a library that keeps none (opened read-only from before v13).
    static func pickHalfLife(_ db: Database) throws -> Int64? {
        guard try db.tableExists("pick_scores") else { return nil }
        return try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM meta WHERE key = 'pick_half_life'"))
            .flatMap { Int64($0) }
    }

    /// Sums one item's picks again, after they changed: its row, or none when it has no pick.
    static func rescorePicks(of id: ItemID, _ db: Database) throws {
        guard let halfLife = try pickHalfLife(db) else { return }
        let sum = Frecency(halfLife: halfLife).sum(of: try picks(of: id, db))
        try storePickSum(sum, of: id, db)
    }

    /// Sums every item's picks again for this half-life (the v13 migration; a picker whose config's half-life is not
    /// the one the sums are for, at its next pick).
    static func rescoreAllPicks(halfLife: Int64, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM pick_scores")
        try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('pick_half_life', ?)",
                       arguments: [String(halfLife)])
        let frecency = Frecency(halfLife: halfLife)
        for (id, picks) in try picks(db) { try storePickSum(frecency.sum(of: picks), of: id, db) }
    }

    private static func storePickSum(_ sum: PickSum?, of id: ItemID, _ db: Database) throws {
        if let sum {
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO pick_scores (item_id, score, at) VALUES (?, ?, ?)")
                .execute(arguments: [id.rawValue, sum.score, sum.at])
        } else {
            try db.cachedStatement(sql: "DELETE FROM pick_scores WHERE item_id = ?").execute(arguments: [id.rawValue])
        }
    }

    /// Every picked item's frecency score at `now`: its sum decayed to `now` when the sums are for this half-life
    /// (an item whose latest pick is dated after `now`, a clock set back, scored from its picks), else each item's
    /// picks scored (`Frecency.score(of:at:)`): the same scores either way, to the last bit.
    static func pickScores(_ frecency: Frecency, at now: Int64, _ db: Database) throws -> [ItemID: Double] {
        var scores: [ItemID: Double] = [:]
        try eachPickScore(frecency, at: now, db) { id, score in
            scores[ItemID(String(decoding: id, as: UTF8.self))] = score
        }
        return scores
    }

    /// `pickScores` as the lines of a picker's memory, not an `ItemID` each (`PickedLines`).
    static func pickedLines(_ frecency: Frecency, at now: Int64, _ db: Database) throws -> PickedLines {
        var lines = PickedLines()
        try eachPickScore(frecency, at: now, db) { id, score in lines.append(id: id, score: score) }
        return lines
    }

    /// Calls `body` with each picked item's id (its UTF-8) and score at `now`, as `pickScores` says. The sums are
    /// stepped through SQLite's C API, GRDB's rows costing as much as the reading here.
    private static func eachPickScore(_ frecency: Frecency, at now: Int64, _ db: Database,
                                      _ body: (UnsafeRawBufferPointer, Double) -> Void) throws {
        guard try db.tableExists("picks") else { return }
        guard try pickHalfLife(db) == frecency.halfLife else {
            for (id, picks) in try picks(db) {
                var raw = id.rawValue
                raw.withUTF8 { body(UnsafeRawBufferPointer($0), frecency.score(of: picks, at: now)) }
            }
            return
        }
        var setBack: [ItemID] = []
        try stepRows("SELECT item_id, score, at FROM pick_scores", db) { row in
            let id = textColumn(row, 0)
            let sum = PickSum(score: sqlite3_column_double(row, 1), at: sqlite3_column_int64(row, 2))
            if let score = frecency.score(of: sum, at: now) {
                body(id, score)
            } else {
                setBack.append(ItemID(String(decoding: id, as: UTF8.self)))
            }
        }
        for id in setBack {
            let score = frecency.score(of: try picks(of: id, db), at: now)
            var raw = id.rawValue
            raw.withUTF8 { body(UnsafeRawBufferPointer($0), score) }
        }
    }
}
