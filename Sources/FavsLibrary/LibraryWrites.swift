import FavsModel
import Foundation

/// A change asked for on the command line (`favs fav`, `unfav`, `delete`, `restore`).
public enum ItemCommand: String, Sendable, CaseIterable {
    case favorite, unfavorite, delete, restore

    /// The rows this command can change, as an SQL condition on `items` (shell completion offers their ids): `fav`
    /// the items that are not favorites, `unfav` the favorites, `delete` every item, `restore` the deleted ones.
    /// `favorite`: the backend's condition that an item is a favorite (its tables keep the favorites their way).
    package func candidates(favorite: String) -> String {
        switch self {
        case .favorite: "NOT deleted AND NOT \(favorite)"
        case .unfavorite: "NOT deleted AND \(favorite)"
        case .delete: "NOT deleted"
        case .restore: "deleted"
        }
    }
}

/// What one write does to one item's row; each is logged as one change-log row of its `kind`.
package enum RowWrite: Equatable, Sendable {
    /// Star a present item (at a time) or unstar it.
    case favorite(ItemID, Bool, at: Int64?)
    /// Delete a present item.
    case delete(ItemID)
    /// Bring back a deleted item, starred or not as given.
    case restore(ItemID, favorite: Bool, at: Int64?)

    package var itemID: ItemID {
        switch self {
        case let .favorite(id, _, _), let .delete(id), let .restore(id, _, _): id
        }
    }

    package var kind: ChangeKind {
        switch self {
        case let .favorite(_, value, _): value ? .favorite : .unfavorite
        case .delete: .delete
        case .restore: .restore
        }
    }

    /// The rows a change writes, in order: the change → statement mapping, once for both backends. The tables keep
    /// one set, the favorites, in the items' own rows: a change to another set cannot be saved in them.
    package static func writes(for change: ModelChange) throws -> [RowWrite] {
        switch change {
        case let .setMember(set, id, value, at):
            guard set == .favorites else { throw LibraryError.database("this library keeps only favorites, not “\(set)”") }
            return [.favorite(id, value, at: value ? at : nil)]
        case let .delete(item): return [.delete(item.id)]
        case let .restore(item): return [.restore(item.id, favorite: item.favorite, at: item.favoritedAt)]
        case let .batch(parts): return try parts.flatMap(writes(for:))
        }
    }
}

/// A row written and the change-log row that records it.
package struct LoggedWrite: Equatable, Sendable {
    package var write: RowWrite
    package var seq: Int64
}

/// An item's row as a write finds it.
package struct StoredState: Sendable {
    package var favorite: Bool
    package var deleted: Bool
    package var favoritedAt: Int64?

    package init(favorite: Bool, deleted: Bool, favoritedAt: Int64?) {
        self.favorite = favorite
        self.deleted = deleted
        self.favoritedAt = favoritedAt
    }
}

/// The statements of one write transaction, as each backend runs them (SQLite through GRDB, PostgreSQL through
/// its session): only SQL. What to write, in which order, what to refuse and when to trim the log is decided once,
/// in this protocol's extension, for both.
package protocol LibraryWriteTransaction {
    /// An item's row; nil for an id the library never held.
    func state(of id: ItemID) throws -> StoredState?
    /// The latest time of a favorite the library holds (deleted items aside); nil when none has one.
    func latestFavoriteTime() throws -> Int64?
    /// Runs one write; false when the row is not in the state the write expects (present, or deleted for a
    /// restore), and then nothing changed.
    func perform(_ write: RowWrite) throws -> Bool
    /// Appends a change-log row; returns its sequence number.
    func appendLog(_ kind: ChangeKind, itemID: String) throws -> Int64
    /// Deletes the change-log rows up to `seq`, inclusive.
    func deleteLog(through seq: Int64) throws
}

extension LibraryWriteTransaction {
    /// Appends a change-log row and, now and then, trims the log to its last `ChangeLog.kept` rows in the same
    /// transaction. Returns the row's sequence number.
    @discardableResult
    package func log(_ kind: ChangeKind, itemID: String) throws -> Int64 {
        let seq = try appendLog(kind, itemID: itemID)
        if seq % 1000 == 0 { try deleteLog(through: seq - ChangeLog.kept) }
        return seq
    }

    /// Writes a change (a batch part by part) with a change-log row each; throws `noItem` when a part finds its
    /// item changed elsewhere (the caller's transaction then writes nothing).
    package func persist(_ change: ModelChange) throws -> [LoggedWrite] {
        try RowWrite.writes(for: change).map { write in
            guard try perform(write) else { throw LibraryError.noItem(write.itemID) }
            return LoggedWrite(write: write, seq: try log(write.kind, itemID: write.itemID.rawValue))
        }
    }

    /// Applies a command to items by id. Every id is checked before anything changes: one unknown id (or, except
    /// for `restore`, a deleted one) and `noItem` is thrown. Items already in the asked-for state, and ids named
    /// twice, are left alone. Favorites are stamped one after the other in the order named, each after the
    /// library's latest (`FavoriteStamp`). Returns the rows written, in order.
    package func apply(_ command: ItemCommand, to ids: [ItemID], now: () -> Int64 = Store.now) throws -> [LoggedWrite] {
        var states: [(ItemID, StoredState)] = []
        for id in ids {
            guard let state = try state(of: id), command == .restore || !state.deleted else { throw LibraryError.noItem(id) }
            states.append((id, state))
        }
        var latest = command == .favorite ? try latestFavoriteTime() : nil
        var done = Set<ItemID>()
        var written: [LoggedWrite] = []
        for (id, state) in states where done.insert(id).inserted {
            let write: RowWrite
            switch command {
            case .favorite where !state.favorite:
                let stamp = FavoriteStamp.next(now: now(), after: latest)
                latest = stamp
                write = .favorite(id, true, at: stamp)
            case .unfavorite where state.favorite: write = .favorite(id, false, at: nil)
            case .delete: write = .delete(id)
            case .restore where state.deleted: write = .restore(id, favorite: state.favorite, at: state.favoritedAt)
            default: continue
            }
            guard try perform(write) else { throw LibraryError.noItem(id) }
            written.append(LoggedWrite(write: write, seq: try log(write.kind, itemID: id.rawValue)))
        }
        return written
    }
}

/// A row of the change log as a follower reads it.
package struct ChangeLogRow: Sendable {
    package var seq: Int64
    package var itemID: String
    package var kind: String
    package var origin: String

    package init(seq: Int64, itemID: String, kind: String, origin: String) {
        self.seq = seq
        self.itemID = itemID
        self.kind = kind
        self.origin = origin
    }
}

/// What a follower makes of the change log's new rows, on either backend: the rule written once.
package enum LogReading: Equatable, Sendable {
    /// Read the whole list again: the log was trimmed past rows never seen, or another process imported.
    case reload
    /// Read these items as stored now: every other process's changed item, once, in log order.
    case items([ItemID])

    /// `rows`: the log after `lastSeq`, in order; `oldest`: the first row the log still holds; `origin`: the
    /// follower's own process, whose rows it skips (its changes are on its screen already).
    package init(_ rows: [ChangeLogRow], oldest: Int64, after lastSeq: Int64, origin: String) {
        let theirs = rows.filter { $0.origin != origin }
        if oldest > lastSeq + 1 || theirs.contains(where: { $0.kind == ChangeKind.reload.rawValue }) {
            self = .reload
            return
        }
        var seen = Set<String>()
        self = .items(theirs.compactMap { seen.insert($0.itemID).inserted ? ItemID($0.itemID) : nil })
    }
}
