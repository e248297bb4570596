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

    static func append(_ kind: ChangeKind, itemID: String, origin: String, _ db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO changes (item_id, kind, origin) VALUES (?, ?, ?)")
            .execute(arguments: [itemID, kind.rawValue, origin])
        let seq = db.lastInsertedRowID
        if seq % 1000 == 0 {  // trim now and then, in the same transaction
            try db.execute(sql: "DELETE FROM changes WHERE seq <= ?", arguments: [seq - kept])
        }
    }
}

extension Library {
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
