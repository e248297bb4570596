import FavsModel
import Foundation
import GRDB

/// A change asked for on the command line (`favs fav`, `unfav`, `delete`, `restore`).
public enum ItemCommand: String, Sendable, CaseIterable {
    case favorite, unfavorite, delete, restore
}

extension Library {
    /// Applies a command to items by id in one transaction, logging each change for running browsers.
    ///
    /// Every id is checked before anything changes: one unknown id (or, except for `restore`, a deleted one)
    /// and nothing is written. Items already in the asked-for state are left alone.
    /// Returns the ids that changed.
    @discardableResult
    public func apply(_ command: ItemCommand, to ids: [ItemID]) throws -> [ItemID] {
        try refuseWritesOnFullDisk()
        return try LibraryError.wrapping {
            try writer.write { db in
                let lookup = try db.makeStatement(sql: "SELECT favorite, deleted FROM items WHERE id = ?")
                var states: [(ItemID, favorite: Bool, deleted: Bool)] = []
                for id in ids {
                    guard let row = try Row.fetchOne(lookup, arguments: [id.rawValue]),
                          command == .restore || row[1] == false else { throw LibraryError.noItem(id) }
                    states.append((id, row[0], row[1]))
                }
                var changed: [ItemID] = []
                var done = Set<ItemID>()
                // Favorites made one after the other, in the order named, each after the library's latest.
                var latest = command != .favorite ? nil : try Int64.fetchOne(db, sql: """
                    SELECT MAX(favorited_at) FROM items WHERE favorited_at IS NOT NULL AND deleted = 0
                    """)
                for (id, favorite, deleted) in states where done.insert(id).inserted {
                    let sql: String
                    let kind: ChangeKind
                    switch command {
                    case .favorite where !favorite:
                        let stamp = FavoriteStamp.next(now: Store.now(), after: latest)
                        latest = stamp
                        (sql, kind) = ("UPDATE items SET favorite = 1, favorited_at = \(stamp) WHERE id = ?", .favorite)
                    case .unfavorite where favorite:
                        (sql, kind) = ("UPDATE items SET favorite = 0, favorited_at = NULL WHERE id = ?", .unfavorite)
                    case .delete: (sql, kind) = ("UPDATE items SET deleted = 1 WHERE id = ?", .delete)
                    case .restore where deleted: (sql, kind) = ("UPDATE items SET deleted = 0 WHERE id = ?", .restore)
                    default: continue
                    }
                    try db.execute(sql: sql, arguments: [id.rawValue])
                    try ChangeLog.append(kind, itemID: id.rawValue, origin: origin, db)
                    changed.append(id)
                }
                return changed
            }
        }
    }
}

extension Library {
    /// One item with its fields, as stored; nil when it is deleted or unknown.
    public func item(_ id: ItemID) throws -> Item? {
        try LibraryError.wrapping { try writer.read { db in try Self.item(id, db) } }
    }
}
