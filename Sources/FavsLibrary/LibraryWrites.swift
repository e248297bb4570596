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

/// What one write does to one item's rows; each is logged as one change-log row of its `kind` (and, for a member
/// write, its set's name).
package enum RowWrite: Equatable, Sendable {
    /// Make a present item a member of a set (at a time) or not.
    case member(SetID, ItemID, Bool, at: Int64?)
    /// Delete a present item.
    case delete(ItemID)
    /// Bring back a deleted item, starred or not as given. Its member rows stayed while it was away, so it comes back
    /// into every other set as it was; its star is the restored item's to say (an undo puts back the item the model
    /// holds, as `ItemCollection.insert` does).
    case restore(ItemID, favorite: Bool, at: Int64?)
    /// Keep a saved search under its name (replacing the one there), or take the name's away (nil).
    case search(String, SavedSearch?)
    /// Give an item these picks in place of the ones it has (none: forget them).
    case picks(ItemID, [Pick])

    /// The item written; empty for a saved search, which is about none (its log row names the search instead).
    package var itemID: ItemID {
        switch self {
        case let .member(_, id, _, _), let .delete(id), let .restore(id, _, _), let .picks(id, _): id
        case .search: ItemID("")
        }
    }

    package var kind: ChangeKind {
        switch self {
        case let .member(_, _, value, _): value ? .join : .leave
        case .delete: .delete
        case .restore: .restore
        case .search: .search
        case .picks: .pick
        }
    }

    /// The set a member write changes, as its log row names it; nil for any other write.
    package var set: SetID? {
        if case let .member(set, _, _, _) = self { return set }
        return nil
    }

    /// What the log row's `set_name` holds: a member write's set, a saved search's name; nil for the others.
    package var loggedName: String? {
        if case let .search(name, _) = self { return name }
        return set?.name
    }

    /// The rows a change writes, in order: the change → statement mapping, once for both backends.
    package static func writes(for change: ModelChange) -> [RowWrite] {
        switch change {
        case let .setMember(set, id, value, at): [.member(set, id, value, at: value ? at : nil)]
        case let .delete(item): [.delete(item.id)]
        case let .restore(item): [.restore(item.id, favorite: item.favorite, at: item.favoritedAt)]
        case let .batch(parts): parts.flatMap(writes(for:))
        case let .search(name, _, to): [.search(name, to)]
        case let .picks(id, _, to): [.picks(id, to)]
        }
    }
}

/// A row written and the change-log row that records it.
package struct LoggedWrite: Equatable, Sendable {
    package var write: RowWrite
    package var seq: Int64
}

/// An item's rows as a write finds them: whether it is deleted, and the sets it belongs to.
package struct StoredState: Sendable {
    package var deleted: Bool
    /// Each set the item belongs to, by its name as stored (a tag keeps the case it was first given), with the
    /// time it joined.
    package var memberships: [(name: String, since: Int64?)]

    package init(deleted: Bool, memberships: [(name: String, since: Int64?)]) {
        self.deleted = deleted
        self.memberships = memberships
    }

    /// The name the item's membership of `set` is stored under (a tag's, in whichever case); nil when it is not a member.
    package func storedName(of set: SetID) -> String? {
        memberships.first { SetID($0.name) == set }?.name
    }

    /// Whether the item belongs to `set`, and since when.
    package func membership(of set: SetID) -> (member: Bool, since: Int64?) {
        guard let member = memberships.first(where: { SetID($0.name) == set }) else { return (false, nil) }
        return (true, member.since)
    }
}

/// The statements of one write transaction, as each backend runs them (SQLite through GRDB, PostgreSQL through
/// its session): only SQL. What to write, in which order, what to refuse and when to trim the log is decided once,
/// in this protocol's extension, for both.
package protocol LibraryWriteTransaction {
    /// An item's row and its member rows; nil for an id the library never held.
    func state(of id: ItemID) throws -> StoredState?
    /// The latest time a present item joined `set`; nil when none has one.
    func latestTime(in set: SetID) throws -> Int64?
    /// Runs one write; false when the row is not in the state the write expects (present, or deleted for a
    /// restore), and then nothing changed. A member write stores its set under the name it is given.
    func perform(_ write: RowWrite) throws -> Bool
    /// The names of the tags (`#` and a path) some item, present or deleted, belongs to, as stored.
    func tagNames() throws -> [String]
    /// The present items of the set stored under `name` (exactly), with the time each joined, in list order.
    func members(named name: String) throws -> [(id: ItemID, since: Int64?)]
    /// Appends a change-log row (`set`: the set of a member change); returns its sequence number.
    func appendLog(_ kind: ChangeKind, itemID: String, set: String?) throws -> Int64
    /// Deletes the change-log rows up to `seq`, inclusive.
    func deleteLog(through seq: Int64) throws
    /// The saved searches, A–Z by name.
    func searches() throws -> [SavedSearch]
}

extension LibraryWriteTransaction {
    /// Appends a change-log row and, now and then, trims the log to its last `ChangeLog.kept` rows in the same
    /// transaction. Returns the row's sequence number.
    @discardableResult
    package func log(_ kind: ChangeKind, itemID: String, set: String? = nil) throws -> Int64 {
        let seq = try appendLog(kind, itemID: itemID, set: set)
        if seq % 1000 == 0 { try deleteLog(through: seq - ChangeLog.kept) }
        return seq
    }

    /// Writes a change (a batch part by part) with a change-log row each; throws `noItem` when a part finds its
    /// item changed elsewhere (the caller's transaction then writes nothing).
    package func persist(_ change: ModelChange) throws -> [LoggedWrite] {
        try RowWrite.writes(for: change).map { write in
            try written(storedUnderItsName(write))
        }
    }

    /// Runs one write and logs it; throws `noItem` when its item is not in the state it expects (`noSearch` when a
    /// saved search to take away is not there).
    private func written(_ write: RowWrite) throws -> LoggedWrite {
        guard try perform(write) else {
            if case let .search(name, _) = write { throw LibraryError.noSearch(name) }
            throw LibraryError.noItem(write.itemID)
        }
        return LoggedWrite(write: write, seq: try log(write.kind, itemID: write.itemID.rawValue, set: write.loggedName))
    }

    /// A tag's member write under the name the item's membership is stored under already, in whatever case it was
    /// given then: `#Work` and `#work` are one set, and one item is in it once, under one name. Any other write as
    /// it is (a set that is not a tag has one spelling).
    private func storedUnderItsName(_ write: RowWrite) throws -> RowWrite {
        guard case let .member(set, id, value, at) = write, set.isTag,
              let name = try state(of: id)?.storedName(of: set), name != set.name else { return write }
        return .member(SetID(name), id, value, at: at)
    }

    /// Puts items in sets and takes them out (`favs tag ID… +work -old`): every id is checked before anything changes
    /// (an unknown or deleted one throws `noItem`), memberships already as asked and ids named twice are left
    /// alone, and a tag the library holds in another case is written as the library spells it. Joins are timed
    /// now (a favorite as `apply` stamps it). Returns the rows written, in order.
    package func changeMembers(_ ids: [ItemID], join: [SetID], leave: [SetID],
                               now: () -> Int64 = Store.now) throws -> [LoggedWrite] {
        var states: [(ItemID, StoredState)] = []
        var seen = Set<ItemID>()
        for id in ids where seen.insert(id).inserted {
            guard let state = try state(of: id), !state.deleted else { throw LibraryError.noItem(id) }
            states.append((id, state))
        }
        var spelling = ImportTagNames(existing: tagNames)
        func spelt(_ set: SetID) throws -> SetID { try set.tagPath.map { SetID(try spelling.name(of: $0)) } ?? set }
        let (join, leave) = (try join.map(spelt), try leave.map(spelt))
        var latest = join.contains(.favorites) ? try latestTime(in: .favorites) : nil
        var written: [LoggedWrite] = []
        for (id, state) in states {
            for set in join where !state.membership(of: set).member {
                var time = now()
                if set == .favorites {
                    time = FavoriteStamp.next(now: time, after: latest)
                    latest = time
                }
                written.append(try self.written(.member(set, id, true, at: time)))
            }
            for set in leave where state.membership(of: set).member {
                written.append(try self.written(.member(set, id, false, at: nil)))
            }
        }
        return written
    }

    /// Renames a tag and every tag nested under it (`old` → `new`: `work/x` becomes `new/x`), or takes them off every
    /// item (`new` nil), as member writes: each item leaves the old tag and joins the new one with the time it had,
    /// so followers see an ordinary change. A deleted item keeps its tags as they were. Returns the rows written;
    /// none when no present item carries `old` or a tag under it.
    package func renameTag(_ old: String, to new: String?) throws -> [LoggedWrite] {
        var spelling = ImportTagNames(existing: tagNames)
        var written: [LoggedWrite] = []
        for name in try tagNames() {
            guard let path = SetID(name).tagPath, TagPath.isWithin(path, old) else { continue }
            let renamed = try new.map { SetID(try spelling.name(of: $0 + path.dropFirst(old.count))) }
            for (id, since) in try members(named: name) {
                written.append(try self.written(.member(SetID(name), id, false, at: nil)))
                guard let renamed, let state = try state(of: id), !state.membership(of: renamed).member else { continue }
                written.append(try self.written(.member(renamed, id, true, at: since)))
            }
        }
        return written
    }

    /// Renames the saved search of this name, or takes it away (`new` nil): its name's row taken away, then the
    /// new name's written, each logged. Throws `noSearch` when there is none, `searchExists` when `new` is another's.
    package func renameSearch(_ name: String, to new: String?) throws -> [LoggedWrite] {
        let searches = try searches()
        guard let search = searches.first(where: { $0.name == name }) else { throw LibraryError.noSearch(name) }
        guard let new, new != name else { return new == nil ? [try written(.search(name, nil))] : [] }
        guard !searches.contains(where: { $0.name == new }) else { throw LibraryError.searchExists(new) }
        return [try written(.search(name, nil)), try written(.search(new, search.renamed(new)))]
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
        var latest = command == .favorite ? try latestTime(in: .favorites) : nil
        var done = Set<ItemID>()
        var written: [LoggedWrite] = []
        for (id, state) in states where done.insert(id).inserted {
            let favorite = state.membership(of: .favorites).member
            let write: RowWrite
            switch command {
            case .favorite where !favorite:
                let stamp = FavoriteStamp.next(now: now(), after: latest)
                latest = stamp
                write = .member(.favorites, id, true, at: stamp)
            case .unfavorite where favorite: write = .member(.favorites, id, false, at: nil)
            case .delete: write = .delete(id)
            case .restore where state.deleted:
                let star = state.membership(of: .favorites)
                write = .restore(id, favorite: star.member, at: star.since)
            default: continue
            }
            written.append(try self.written(write))
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
    /// The set of a member change (`join`, `leave`); nil for any other, and for a row an older favs wrote.
    package var set: String?

    package init(seq: Int64, itemID: String, kind: String, origin: String, set: String? = nil) {
        self.seq = seq
        self.itemID = itemID
        self.kind = kind
        self.origin = origin
        self.set = set
    }
}

/// An item's membership of a set, to read as stored now.
package struct SetMember: Hashable, Sendable {
    package var set: SetID
    package var id: ItemID

    package init(_ set: SetID, _ id: ItemID) {
        self.set = set
        self.id = id
    }
}

/// What a follower makes of the change log's new rows, on either backend: the rule written once.
package enum LogReading: Equatable, Sendable {
    /// Read the whole list again: the log was trimmed past rows never seen, or another process imported.
    case reload
    /// Read these items as stored now (every other process's changed item, once, in log order), then these
    /// memberships of sets other than favorites, which an item as read does not carry.
    /// `picks`: the items whose picks to read as stored now (their `pick` rows say only that they changed).
    case items([ItemID], members: [SetMember], searches: [String] = [], picks: [ItemID] = [])

    /// `rows`: the log after `lastSeq`, in order; `oldest`: the first row the log still holds; `origin`: the
    /// follower's own process, whose rows it skips (its changes are on its screen already).
    ///
    /// A favorite's row names its item, read with its star and time; so does a row of any kind an older favs wrote
    /// (`favorite`, `unfavorite`) or a newer one may write. A member row of another set names the membership.
    package init(_ rows: [ChangeLogRow], oldest: Int64, after lastSeq: Int64, origin: String) {
        let theirs = rows.filter { $0.origin != origin }
        if oldest > lastSeq + 1 || theirs.contains(where: { $0.kind == ChangeKind.reload.rawValue }) {
            self = .reload
            return
        }
        var seenItems = Set<String>()
        var seenMembers = Set<SetMember>()
        var items: [ItemID] = []
        var members: [SetMember] = []
        var searches: [String] = []
        var picks: [ItemID] = []
        for row in theirs {
            if row.kind == ChangeKind.pick.rawValue {
                // A team library's names whose picks changed (their stars' set, as the follower's member sees it):
                // another member's are not this follower's.
                guard row.set.map({ SetID($0) == .favorites }) ?? true else { continue }
                if !picks.contains(ItemID(row.itemID)) { picks.append(ItemID(row.itemID)) }
            } else if row.kind == ChangeKind.search.rawValue {
                if let name = row.set, !searches.contains(name) { searches.append(name) }
            } else if let name = row.set, SetID(name) != .favorites,
               row.kind == ChangeKind.join.rawValue || row.kind == ChangeKind.leave.rawValue {
                let member = SetMember(SetID(name), ItemID(row.itemID))
                if seenMembers.insert(member).inserted { members.append(member) }
            } else if seenItems.insert(row.itemID).inserted {
                items.append(ItemID(row.itemID))
            }
        }
        self = .items(items, members: members, searches: searches, picks: picks)
    }

    /// The updates of `.items`, as the backend reads them: each item (`item`: nil when deleted), then each
    /// membership (`member`: whether the item belongs to the set now, and since when), then each saved search named
    /// (`search`: as stored now, nil when taken away). Items come first, so a membership of an item this read brings
    /// back applies to it.
    /// Then each item's picks named (`pick`: as stored now, oldest first).
    package static func updates(items: [ItemID], members: [SetMember], searches: [String], picks: [ItemID] = [],
                                item: (ItemID) throws -> Item?,
                                member: (SetMember) throws -> (Bool, Int64?),
                                search: (String) throws -> SavedSearch?,
                                pick: (ItemID) throws -> [Pick] = { _ in [] }) throws -> [RemoteUpdate] {
        try items.map { .item($0, try item($0)) } + members.map { one in
            let (value, since) = try member(one)
            return .member(one.set, one.id, value, at: since)
        } + searches.map { .search($0, try search($0)) } + picks.map { .picks($0, try pick($0)) }
    }
}
