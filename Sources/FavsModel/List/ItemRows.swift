import Foundation

/// Rows as a cursor moves over them, each known by an id of its own (an item's, or a collection's): what a cursor
/// needs to keep its selection on a row's identity, never its number.
public protocol KeyedRows<ID> {
    associatedtype ID: Hashable
    var count: Int { get }
    /// The id at a row; nil past the end (or past a preview's known rows).
    func id(at row: Int) -> ID?
    /// The row of an id; nil when these rows do not show it.
    func row(of id: ID) -> Int?
    /// The row an id has, or would have were it shown: the row of the first shown one after it in these
    /// rows' order (`count` when none is). Where a cursor whose row went away lands. Nil for an id the model
    /// never held.
    func row(placing id: ID) -> Int?
}

/// A list of items by row, as a pane shows it: the list query's result, or a set's members.
/// Rows are where items are *shown*; items are identified by id everywhere else.
public protocol ItemRows: KeyedRows<ItemID> {
    /// The items of `count` rows from `row` on (fewer at the end), in order.
    func items(from row: Int, count: Int) -> [Item]
}

/// The rows of the list: the result of the store's list query, kept current by the store.
public struct ListRows: ItemRows {
    unowned let store: Store

    // A search answered top first (`TopFirst`) has made its first rows only: a reader past them makes the rest.
    public var count: Int { store.result.count(in: store.items) }

    public func id(at row: Int) -> ItemID? {
        store.completeOrder(unlessKnown: row + 1)
        return store.result.id(at: row, in: store.items)
    }

    public func row(of id: ItemID) -> Int? {
        store.completeOrder(unlessPlaced: id)
        return store.result.row(of: id, in: store.items)
    }

    public func row(placing id: ItemID) -> Int? {
        store.completeOrder()
        return store.result.row(placing: id, in: store.items)
    }

    public func items(from row: Int, count: Int) -> [Item] {
        store.completeOrder(unlessKnown: row + count)
        return store.result.items(from: row, count: count, in: store.items)
    }

    /// Calls `body` with each row in order, until it returns false: the id's and the title's UTF-8 bytes as stored
    /// (valid only during the call), the favorite flag, and the row's whole item, made only when asked. What prints
    /// a long list (`favs list`) without an `Item` and two `String`s a row.
    public func forEachText(_ body: (_ id: UnsafeRawBufferPointer, _ title: UnsafeRawBufferPointer, _ favorite: Bool,
                                     _ item: () -> Item) -> Bool) {
        store.completeOrder()
        store.result.forEachText(in: store.items, body)
    }
}

/// The members of one set (the favorites, say): in library order, or while a search is on those the list shows
/// first, in its order (best first), then the others (`Store.shownMembers`).
public struct MemberRows: ItemRows {
    unowned let store: Store
    /// The set shown.
    public let set: SetID

    public var count: Int { store.items.memberCount(of: set) }

    public func id(at row: Int) -> ItemID? {
        guard let shown = store.shownMembers(of: set) else { return store.items.memberID(of: set, at: row) }
        return shown.indices.contains(row) ? store.items.id(atSlot: Int(shown[row])) : nil
    }

    public func row(of id: ItemID) -> Int? {
        guard let shown = store.shownMembers(of: set) else { return store.items.memberIndex(of: id, in: set) }
        guard let slot = store.items.presentSlot(of: id) else { return nil }
        return shown.firstIndex(of: Int32(slot))
    }

    public func row(placing id: ItemID) -> Int? {
        guard let shown = store.shownMembers(of: set) else { return store.items.memberIndex(placing: id, in: set) }
        // Where the list would place it, then how many of the members shown come before that row.
        guard let placed = store.list.row(placing: id) else { return nil }
        return shown.count { (store.list.row(of: store.items.id(atSlot: Int($0))) ?? .max) < placed }
    }

    public func items(from row: Int, count: Int) -> [Item] {
        var shown: [Item] = []
        for index in row..<row + max(0, count) {
            guard let id = id(at: index), let item = store.items[id] else { break }
            shown.append(item)
        }
        return shown
    }
}
