import Foundation

/// One change to the model, the unit that is persisted, undone and redone.
/// Every change has an exact inverse, which is how undo and rollback work.
public enum ModelChange: Hashable, Sendable {
    /// Make an item a member of a set (favorites, the first) or not. `at` is when it joined (milliseconds since
    /// 1970): for `true` the time to record, for `false` the time the item had, so that the inverse puts it back.
    case setMember(SetID, ItemID, Bool, at: Int64? = nil)
    /// Remove an item from the collection (the library keeps it, marked deleted, so it can be restored).
    case delete(Item)
    /// Put a removed item back at its position.
    case restore(Item)
    /// Several changes made as one (an action on marked items): applied in order, persisted in one
    /// transaction, undone and redone as one step. Its parts are single changes, never batches.
    case batch([ModelChange])
    /// Put a saved search under its name, replacing `from` (the one the name had, nil for none), or take it away
    /// (`to` nil). `from` is what the inverse puts back.
    case search(String, from: SavedSearch?, to: SavedSearch?)
    /// Give an item other picks (`favs pick`'s memory of it): `to` empty forgets them (ctrl-d in a picker), and
    /// `from`, the picks it had, is what the inverse puts back.
    case picks(ItemID, from: [Pick], to: [Pick])

    /// The change that undoes this one.
    public var inverse: ModelChange {
        switch self {
        case let .setMember(set, id, value, at): .setMember(set, id, !value, at: at)
        case let .delete(item): .restore(item)
        case let .restore(item): .delete(item)
        case let .batch(parts): .batch(parts.reversed().map(\.inverse))
        case let .search(name, from, to): .search(name, from: to, to: from)
        case let .picks(id, from, to): .picks(id, from: to, to: from)
        }
    }

    /// The same change made on `current` (the item as stored now, under a change of ours still on its way):
    /// what it takes back is then what is stored. An unfavorite remembers the stored time, a delete the stored
    /// item; a favorite and a restore carry what they set, whatever was there. For a single change. (An item
    /// carries its favorite time only: a leave from another set keeps the time it names.)
    public func rebased(onto current: Item?) -> ModelChange {
        switch self {
        case let .setMember(set, id, false, _) where set == .favorites: .setMember(set, id, false, at: current?.favoritedAt)
        case .delete: current.map(ModelChange.delete) ?? self
        default: self
        }
    }

    /// The single changes this one is made of, in order: a batch's parts, or the change itself.
    public var parts: [ModelChange] {
        if case let .batch(parts) = self { return parts }
        return [self]
    }

    /// The item a single change is about (for a batch, its first part's); empty for a saved search, which is
    /// about none.
    public var itemID: ItemID {
        switch self {
        case let .setMember(_, id, _, _), let .picks(id, _, _): id
        case let .delete(item), let .restore(item): item.id
        case let .batch(parts): parts.first?.itemID ?? ItemID("")
        case .search: ItemID("")
        }
    }
}

/// Where committed changes go: the library on disk, or nothing for an in-memory session.
/// A throwing `persist` makes the store roll the change back on every pane.
public protocol ChangeSink: AnyObject {
    func persist(_ change: ModelChange) throws
    /// Remembers the list's order for the next run: a preference of the library, not a change (no history,
    /// no change log). Sinks that keep nothing between runs need not implement it.
    func remember(order: ListQuery.Order) throws
}

extension ChangeSink {
    public func remember(order: ListQuery.Order) throws {}
}

/// Where an item's fields come from when the collection holds only what the list shows.
/// The library reads them when the detail pane needs them, so opening a large library never decodes them all.
public protocol FieldSource: AnyObject {
    func fields(of id: ItemID) throws -> [Field]
}
