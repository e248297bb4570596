import Foundation

/// The items in list order, indexed by id.
///
/// Rows are found by binary search over positions, so a lookup never scans, and a favorite
/// toggle touches one dictionary entry plus the sorted favorites index. No operation copies the collection.
public struct ItemCollection: Sendable {
    private var byID: [ItemID: Item] = [:]
    /// Ids in list order, and their positions (ascending, parallel to `order`).
    private(set) var order: [ItemID] = []
    private var positions: [Int] = []
    /// Positions of favorite items, ascending: the favorites pane in list order.
    private var favoritePositions: [Int] = []

    public init(_ items: [Item] = []) {
        // The library hands items over in list order already: sort only when they are not.
        let inOrder = zip(items, items.dropFirst()).allSatisfy { $0.position < $1.position }
        let sorted = inOrder ? items : items.sorted { $0.position < $1.position }
        byID.reserveCapacity(sorted.count)
        order.reserveCapacity(sorted.count)
        positions.reserveCapacity(sorted.count)
        for item in sorted where byID[item.id] == nil {
            byID[item.id] = item
            order.append(item.id)
            positions.append(item.position)
            if item.favorite { favoritePositions.append(item.position) }
        }
    }

    public var count: Int { order.count }
    public var isEmpty: Bool { order.isEmpty }
    public var favoriteCount: Int { favoritePositions.count }

    public subscript(id: ItemID) -> Item? { byID[id] }
    public func contains(_ id: ItemID) -> Bool { byID[id] != nil }

    /// The id shown at `row` of the unfiltered list.
    public func id(atRow row: Int) -> ItemID? { order.indices.contains(row) ? order[row] : nil }

    /// The row of an item in the unfiltered list, in O(log n).
    public func row(of id: ItemID) -> Int? {
        guard let item = byID[id] else { return nil }
        let row = Self.lowerBound(positions, item.position)
        return row < positions.count && positions[row] == item.position ? row : nil
    }

    /// All ids in list order.
    public var ids: [ItemID] { order }

    /// Favorite ids in list order.
    public var favoriteIDs: [ItemID] { favoritePositions.map { order[Self.lowerBound(positions, $0)] } }

    /// The favorite at index `index` of the favorites pane.
    public func favoriteID(at index: Int) -> ItemID? {
        guard favoritePositions.indices.contains(index) else { return nil }
        return order[Self.lowerBound(positions, favoritePositions[index])]
    }

    /// The index of an item in the favorites pane, in O(log f).
    public func favoriteIndex(of id: ItemID) -> Int? {
        guard let item = byID[id], item.favorite else { return nil }
        let i = Self.lowerBound(favoritePositions, item.position)
        return i < favoritePositions.count && favoritePositions[i] == item.position ? i : nil
    }

    /// The next free position after every item held (for items added at the end).
    public var nextPosition: Int { (positions.last ?? -1) + 1 }

    // MARK: Mutations (the store is the only caller)

    mutating func setFavorite(_ id: ItemID, _ value: Bool) -> Bool {
        guard var item = byID[id], item.favorite != value else { return false }
        item.favorite = value
        byID[id] = item
        let i = Self.lowerBound(favoritePositions, item.position)
        if value { favoritePositions.insert(item.position, at: i) } else { favoritePositions.remove(at: i) }
        return true
    }

    /// Removes an item; returns the row it had.
    mutating func remove(_ id: ItemID) -> Int? {
        guard let row = row(of: id), let item = byID.removeValue(forKey: id) else { return nil }
        order.remove(at: row)
        positions.remove(at: row)
        if item.favorite {
            favoritePositions.remove(at: Self.lowerBound(favoritePositions, item.position))
        }
        return row
    }

    /// Inserts an item at the row its position sorts to; returns that row.
    mutating func insert(_ item: Item) -> Int? {
        guard byID[item.id] == nil else { return nil }
        let row = Self.lowerBound(positions, item.position)
        guard row == positions.count || positions[row] != item.position else { return nil }
        byID[item.id] = item
        order.insert(item.id, at: row)
        positions.insert(item.position, at: row)
        if item.favorite {
            favoritePositions.insert(item.position, at: Self.lowerBound(favoritePositions, item.position))
        }
        return row
    }

    /// The first index whose value is not less than `value`.
    static func lowerBound(_ values: [Int], _ value: Int) -> Int {
        var low = 0, high = values.count
        while low < high {
            let mid = (low + high) / 2
            if values[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
