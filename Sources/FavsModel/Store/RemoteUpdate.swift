import Foundation

/// What another process left in the library: the state of an item as it is on disk now.
///
/// Sync is by state, not by replaying actions: the change log only says *which* items to look at,
/// so applying an update twice, or out of order with our own changes, still ends at the disk's state.
public enum RemoteUpdate: Equatable, Sendable {
    /// The item as stored now; nil when it is deleted (or gone).
    case item(ItemID, Item?)
    /// Many items changed at once (an import), or the log no longer reaches back to this process: the whole list
    /// as stored now, and the saved searches with it (nil where there are none to read: a picker's lines).
    /// `asked`: when the read was asked, for a list read off the input thread; nil for one read just now. A change of
    /// ours known saved before then is in it; one saved after may not be (the read's snapshot can be older than its
    /// commit), so it stays on top until its own notification says it is saved (`Store.reload`).
    case reload(ItemCollection, searches: [SavedSearch]? = nil, asked: ContinuousClock.Instant? = nil)
    /// An item joined a set (at that time) or left it: what a change's notification says, applied without
    /// reading the item.
    case member(SetID, ItemID, Bool, at: Int64?)
    /// The saved search of this name as stored now; nil when there is none.
    case search(String, SavedSearch?)
    /// An item was deleted, as a notification says.
    case deleted(ItemID)
    /// An item's picks as stored now (none: never picked, or forgotten), oldest first.
    case picks(ItemID, [Pick])
    /// This process's change `ticket` was committed (its notification came back, in commit order): it is saved,
    /// whatever its background result says later. `then` is what it did, applied only when this process took it
    /// back because saving it seemed to fail (a deadline that passed just after the commit).
    indirect case saved(ticket: Int, then: RemoteUpdate?)
}

extension Store {
    /// Brings the model to the disk's state for each update, as ordinary events; returns them in order (none:
    /// nothing changed).
    @discardableResult
    public func sync(_ updates: [RemoteUpdate]) -> [StoreEvent] {
        var events: [StoreEvent] = []
        for update in updates {
            switch update {
            case let .reload(items, searches, asked):
                events += reload(items, searches: searches, asked: asked)
            case let .item(id, stored):
                events += rebase(id) { take(stored, as: id) }
            case let .member(set, id, value, at) where set == .favorites:
                // The item's state with the favorite as stored: the favorite time, too, decides the recent order.
                events += rebase(id) {
                    guard var stored = items[id] else { return [] }  // not here: a restore would bring it back
                    stored.favorite = value
                    stored.favoritedAt = value ? at : nil
                    return take(stored, as: id)
                }
            case let .member(set, id, value, at):
                events += rebase(id) {
                    guard items.contains(id), items.isMember(id, of: set) != value else { return [] }
                    return send(.external(.setMember(set, id, value, at: value ? at : items.memberSince(id, in: set)))).events
                }
            case let .deleted(id):
                events += rebase(id) { take(nil, as: id) }
            case let .picks(id, stored):
                let current = items.picks(of: id)
                if items.contains(id), current != stored {
                    events += send(.external(.picks(id, from: current, to: stored))).events
                }
            case let .search(name, stored):
                let current = savedSearch(named: name)
                if current != stored { events += send(.external(.search(name, from: current, to: stored))).events }
            case let .saved(ticket, then):
                if markSaved(ticket), let then { events += sync([then]) }
            }
        }
        return events
    }

    /// Brings one item to its stored state (nil: deleted) with ordinary events; returns them.
    private func take(_ stored: Item?, as id: ItemID) -> [StoreEvent] {
        let current = items[id]
        switch (current, stored) {
        case let (current?, nil):
            return send(.external(.delete(current))).events
        case let (nil, stored?):
            return send(.external(.restore(stored))).events
        case let (current?, stored?) where current.favorite != stored.favorite:
            let at = stored.favorite ? stored.favoritedAt : current.favoritedAt
            return send(.external(.setFavorite(id, stored.favorite, at: at))).events
        case let (current?, stored?) where stored.favorite && current.favoritedAt != stored.favoritedAt:
            // Starred at another time than this one thinks (ours taken off it, see `rebase`): the stored time,
            // which places it in the recent order.
            return send(.external(.setFavorite(id, false, at: current.favoritedAt))).events
                + send(.external(.setFavorite(id, true, at: stored.favoritedAt))).events
        default:
            return []
        }
    }
}
