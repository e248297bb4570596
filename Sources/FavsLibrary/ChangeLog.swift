import FavsModel
import Foundation
import GRDB

/// What a change-log row records.
package enum ChangeKind: String, Sendable, CaseIterable {
    case favorite
    case unfavorite
    case delete
    case restore
    /// An import added or updated items: a process following the log reloads the whole list.
    case reload
}

/// One row of the change log, in commit order.
struct LoggedChange: Equatable, Sendable {
    /// Increases with every commit; poll for rows after the last one seen.
    var seq: Int64
    /// The item changed; empty for `reload`.
    var itemID: ItemID
    var kind: ChangeKind
}

package enum ChangeLog {
    /// How many rows the log keeps. A follower further behind than this reloads everything.
    package static let kept: Int64 = 10_000

    /// Appends a row to a SQLite library's log within the caller's write transaction (trimmed as every log is:
    /// `LibraryWriteTransaction.log`).
    static func append(_ kind: ChangeKind, itemID: String, origin: String, _ db: Database) throws {
        try SQLiteWrites(db: db, origin: origin).log(kind, itemID: itemID)
    }
}

/// A SQLite library's write statements, within one of its write transactions: what the rules written once above
/// both backends (`LibraryWriteTransaction`) run here.
struct SQLiteWrites: LibraryWriteTransaction {
    let db: Database
    let origin: String

    func state(of id: ItemID) throws -> StoredState? {
        try Row.fetchOne(db.cachedStatement(sql: """
            SELECT f.item_id IS NOT NULL, i.deleted, f.added_at FROM items i
            LEFT JOIN members f ON f.set_name = 'favorites' AND f.item_id = i.id WHERE i.id = ?
            """), arguments: [id.rawValue])
            .map { StoredState(favorite: $0[0], deleted: $0[1], favoritedAt: $0[2]) }
    }

    func latestFavoriteTime() throws -> Int64? {
        try Int64.fetchOne(db, sql: """
            SELECT MAX(f.added_at) FROM members f JOIN items i ON i.id = f.item_id
            WHERE f.set_name = 'favorites' AND f.added_at IS NOT NULL AND i.deleted = 0
            """)
    }

    func perform(_ write: RowWrite) throws -> Bool {
        switch write {
        case let .favorite(id, value, at):
            guard try present(id, deleted: false) else { return false }
            try Schema.setMember(id, of: .favorites, value, at: at, db)
        case let .delete(id):
            try db.execute(sql: "UPDATE items SET deleted = 1 WHERE id = ? AND deleted = 0", arguments: [id.rawValue])
            return db.changesCount > 0
        case let .restore(id, favorite, at):
            try db.execute(sql: "UPDATE items SET deleted = 0 WHERE id = ? AND deleted = 1", arguments: [id.rawValue])
            guard db.changesCount > 0 else { return false }
            try Schema.setMember(id, of: .favorites, favorite, at: at, db)
        }
        return true
    }

    /// Whether the item's row is there, deleted or not as asked.
    private func present(_ id: ItemID, deleted: Bool) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM items WHERE id = ? AND deleted = ?"),
                          arguments: [id.rawValue, deleted]) == true
    }


    func appendLog(_ kind: ChangeKind, itemID: String) throws -> Int64 {
        try db.cachedStatement(sql: "INSERT INTO changes (item_id, kind, origin) VALUES (?, ?, ?)")
            .execute(arguments: [itemID, kind.rawValue, origin])
        return db.lastInsertedRowID
    }

    func deleteLog(through seq: Int64) throws {
        try db.execute(sql: "DELETE FROM changes WHERE seq <= ?", arguments: [seq])
    }
}

extension SQLiteLibrary {
    /// The change-log rows committed after `seq` (0 for all), oldest first. Unknown kinds are skipped.
    func changes(after seq: Int64 = 0) throws -> [LoggedChange] {
        try LibraryError.wrapping {
            try writer.read { db in
                try Row.fetchAll(db, sql: "SELECT seq, item_id, kind FROM changes WHERE seq > ? ORDER BY seq",
                                 arguments: [seq])
                    .compactMap { row in
                        ChangeKind(rawValue: row[2]).map { LoggedChange(seq: row[0], itemID: ItemID(row[1]), kind: $0) }
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
