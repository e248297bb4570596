import Foundation

/// What another process left in the library: the state of an item as it is on disk now.
///
/// Sync is by state, not by replaying actions: the change log only says *which* items to look at,
/// so applying an update twice, or out of order with our own changes, still ends at the disk's state.
public enum RemoteUpdate: Equatable, Sendable {
    /// The item as stored now; nil when it is deleted (or gone).
    case item(ItemID, Item?)
    /// Many items changed at once (an import): the whole list as stored now.
    case reload(ItemCollection)
}

extension Store {
    /// Brings the model to the disk's state for each update, as ordinary events; returns whether anything changed.
    @discardableResult
    public func sync(_ updates: [RemoteUpdate]) -> Bool {
        var changed = false
        for update in updates {
            switch update {
            case let .reload(items):
                reload(items)
                changed = true
            case let .item(id, stored):
                rebase(id) {
                    let current = items[id]
                    switch (current, stored) {
                    case let (current?, nil):
                        changed = !send(.external(.delete(current))).events.isEmpty || changed
                    case let (nil, stored?):
                        changed = !send(.external(.restore(stored))).events.isEmpty || changed
                    case let (current?, stored?) where current.favorite != stored.favorite:
                        let at = stored.favorite ? stored.favoritedAt : current.favoritedAt
                        changed = !send(.external(.setFavorite(id, stored.favorite, at: at))).events.isEmpty || changed
                    case let (current?, stored?) where stored.favorite && current.favoritedAt != stored.favoritedAt:
                        // Starred at another time than this one thinks (ours taken off it, see `rebase`): the
                        // stored time, which places it in the recent order.
                        _ = send(.external(.setFavorite(id, false, at: current.favoritedAt)))
                        changed = !send(.external(.setFavorite(id, true, at: stored.favoritedAt))).events.isEmpty || changed
                    default:
                        break
                    }
                }
            }
        }
        return changed
    }
}
