import Foundation

/// A list of items by row, as a pane shows it: the list query's result, or the favorites.
/// Rows are where items are *shown*; items are identified by id everywhere else.
public protocol ItemRows {
    var count: Int { get }
    /// The id at a row; nil past the end (or past a preview's known rows).
    func id(at row: Int) -> ItemID?
    /// The row of an item; nil when these rows do not show it.
    func row(of id: ItemID) -> Int?
    /// The row an item has, or would have were it shown: the row of the first shown item after it in these
    /// rows' order (`count` when none is). Where a cursor whose item went away lands. Nil for an id the model
    /// never held.
    func row(placing id: ItemID) -> Int?
    /// The items of `count` rows from `row` on (fewer at the end), in order.
    func items(from row: Int, count: Int) -> [Item]
}

/// The rows of the list: the result of the store's list query, kept current by the store.
public struct ListRows: ItemRows {
    unowned let store: Store

    public var count: Int { store.result.count(in: store.items) }
    public func id(at row: Int) -> ItemID? { store.result.id(at: row, in: store.items) }
    public func row(of id: ItemID) -> Int? { store.result.row(of: id, in: store.items) }
    public func row(placing id: ItemID) -> Int? { store.result.row(placing: id, in: store.items) }
    public func items(from row: Int, count: Int) -> [Item] { store.result.items(from: row, count: count, in: store.items) }
}

/// The favorites, in list order.
public struct FavoriteRows: ItemRows {
    unowned let store: Store

    public var count: Int { store.items.favoriteCount }
    public func id(at row: Int) -> ItemID? { store.items.favoriteID(at: row) }
    public func row(of id: ItemID) -> Int? { store.items.favoriteIndex(of: id) }
    public func row(placing id: ItemID) -> Int? { store.items.favoriteIndex(placing: id) }
    public func items(from row: Int, count: Int) -> [Item] {
        var shown: [Item] = []
        for index in row..<row + max(0, count) {
            guard let id = id(at: index), let item = store.items[id] else { break }
            shown.append(item)
        }
        return shown
    }
}
