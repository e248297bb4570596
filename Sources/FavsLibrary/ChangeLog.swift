import FavsModel
import Foundation
import GRDB

/// What a change-log row records.
///
/// A member change names its set in the row (`set_name`, since v10 and PostgreSQL's format 3), favorites included.
/// An older favs logged a favorite as `favorite` or `unfavorite`, with no set: those rows are left as they were and
/// followed as any row that names an item is (its item read as stored), so a log that spans an upgrade is followed.
package enum ChangeKind: String, Sendable, CaseIterable {
    /// An item joined the row's set.
    case join
    /// An item left the row's set.
    case leave
    case delete
    case restore
    /// An import added or updated items: a process following the log reloads the whole list.
    case reload
    /// A saved search was saved, replaced or taken away: the row's `set_name` names it (v11, format 4).
    case search
    /// An item was picked, or its picks forgotten (v12): a follower reads the item's picks as stored now.
    case pick
}

/// One row of the change log, in commit order.
struct LoggedChange: Equatable, Sendable {
    /// Increases with every commit; poll for rows after the last one seen.
    var seq: Int64
    /// The item changed; empty for `reload`.
    var itemID: ItemID
    var kind: ChangeKind
    /// The set of a `join` or `leave`.
    var set: SetID?
}

package enum ChangeLog {
    /// How many rows the log keeps. A follower further behind than this reloads everything.
    package static let kept: Int64 = 10_000

    /// Appends a row to a SQLite library's log within the caller's write transaction (trimmed as every log is:
    /// `LibraryWriteTransaction.log`).
    static func append(_ kind: ChangeKind, itemID: String, set: String? = nil, origin: String, _ db: Database) throws {
        try SQLiteWrites(db: db, origin: origin).log(kind, itemID: itemID, set: set)
    }
}

/// A SQLite library's write statements, within one of its write transactions: what the rules written once above
/// both backends (`LibraryWriteTransaction`) run here.
struct SQLiteWrites: LibraryWriteTransaction {
    let db: Database
    let origin: String

    func state(of id: ItemID) throws -> StoredState? {
        // An item's member rows through `members_item` (v10): a few, whichever sets they are of.
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT i.deleted, m.set_name, m.added_at FROM items i LEFT JOIN members m ON m.item_id = i.id WHERE i.id = ?
            """), arguments: [id.rawValue])
        guard let first = rows.first else { return nil }
        return StoredState(deleted: first[0], memberships: rows.compactMap { row in
            (row[1] as String?).map { (name: $0, since: row[2]) }
        })
    }

    func latestTime(in set: SetID) throws -> Int64? {
        try Int64.fetchOne(db, sql: """
            SELECT MAX(f.added_at) FROM members f JOIN items i ON i.id = f.item_id
            WHERE f.set_name = ? AND f.added_at IS NOT NULL AND i.deleted = 0
            """, arguments: [set.name])
    }

    func perform(_ write: RowWrite) throws -> Bool {
        switch write {
        case let .member(set, id, value, at):
            guard try present(id, deleted: false) else { return false }
            try Schema.setMember(id, of: set, value, at: at, db)
        case let .delete(id):
            // Its member rows stay: a restore brings it back into its sets.
            try db.execute(sql: "UPDATE items SET deleted = 1 WHERE id = ? AND deleted = 0", arguments: [id.rawValue])
            return db.changesCount > 0
        case let .restore(id, favorite, at):
            try db.execute(sql: "UPDATE items SET deleted = 0 WHERE id = ? AND deleted = 1", arguments: [id.rawValue])
            guard db.changesCount > 0 else { return false }
            try Schema.setMember(id, of: .favorites, favorite, at: at, db)
        case let .search(name, search?):
            try db.execute(sql: """
                INSERT INTO searches (name, filter, exact, saved_at)
                VALUES (?, ?, ?, CAST(strftime('%s', 'now') AS INTEGER) * 1000)
                ON CONFLICT (name) DO UPDATE SET filter = excluded.filter, exact = excluded.exact, saved_at = excluded.saved_at
                """, arguments: [name, search.filter, search.exact])
        case let .search(name, nil):
            try db.execute(sql: "DELETE FROM searches WHERE name = ?", arguments: [name])
            return db.changesCount > 0
        case let .picks(id, picks):
            guard try present(id, deleted: false) else { return false }
            try Schema.replacePicks(of: id, with: picks, db)
        }
        return true
    }

    /// Whether the item's row is there, deleted or not as asked.
    private func present(_ id: ItemID, deleted: Bool) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM items WHERE id = ? AND deleted = ?"),
                          arguments: [id.rawValue, deleted]) == true
    }


    func tagNames() throws -> [String] {
        try String.fetchAll(db, sql: "SELECT DISTINCT set_name FROM members WHERE set_name >= '#' AND set_name < '$'")
    }

    func members(named name: String) throws -> [(id: ItemID, since: Int64?)] {
        try Row.fetchAll(db, sql: """
            SELECT m.item_id, m.added_at FROM members m JOIN items i ON i.id = m.item_id
            WHERE m.set_name = ? AND i.deleted = 0 ORDER BY i.position
            """, arguments: [name]).map { (ItemID($0[0] as String), $0[1] as Int64?) }
    }

    func appendLog(_ kind: ChangeKind, itemID: String, set: String?) throws -> Int64 {
        try db.cachedStatement(sql: "INSERT INTO changes (item_id, kind, origin, set_name) VALUES (?, ?, ?, ?)")
            .execute(arguments: [itemID, kind.rawValue, origin, set])
        return db.lastInsertedRowID
    }

    func deleteLog(through seq: Int64) throws {
        try db.execute(sql: "DELETE FROM changes WHERE seq <= ?", arguments: [seq])
    }

    func searches() throws -> [SavedSearch] { try Schema.searches(db) }
}

extension SQLiteLibrary {
    /// The change-log rows committed after `seq` (0 for all), oldest first. Unknown kinds are skipped.
    func changes(after seq: Int64 = 0) throws -> [LoggedChange] {
        try LibraryError.wrapping {
            try writer.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT seq, item_id, kind, \(try Schema.changeSetColumn(db)) FROM changes WHERE seq > ? ORDER BY seq
                    """, arguments: [seq])
                    .compactMap { row in
                        ChangeKind(rawValue: row[2]).map {
                            LoggedChange(seq: row[0], itemID: ItemID(row[1]), kind: $0, set: (row[3] as String?).map(SetID.init))
                        }
                    }
            }
        }
    }

    /// The latest change-log sequence number (0 when nothing was logged).
    func lastChangeSeq() throws -> Int64 {
        try LibraryError.wrapping {
            try writer.read { db in try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM changes") ?? 0 }
        }
    }
}
