import Foundation

/// The result of the list query, kept current by the store as it applies each change: the slots of the
/// matching items, in list order. Only the model sees slots; panes see rows (`ListRows`).
struct QueryResult: Sendable {
    private(set) var query = ListQuery()
    /// The matching slots in list order; nil when the query shows every present item.
    private var matches: [Int32]?
    /// The collection's slot numbering `matches` refers to.
    private var generation = 0

    func count(in items: ItemCollection) -> Int { matches?.count ?? items.count }

    func id(at row: Int, in items: ItemCollection) -> ItemID? {
        guard let matches else { return items.id(atRow: row) }
        return matches.indices.contains(row) ? items.id(atSlot: Int(matches[row])) : nil
    }

    func row(of id: ItemID, in items: ItemCollection) -> Int? {
        guard matches != nil else { return items.row(of: id) }
        return items.presentSlot(of: id).flatMap(index(ofSlot:))
    }

    func items(from row: Int, count: Int, in items: ItemCollection) -> [Item] {
        guard let matches else { return items.items(fromRow: row, count: count) }
        let shown = matches[min(row, matches.count)..<min(row + count, matches.count)]
        return shown.map { items.item(atSlot: Int($0)) }
    }

    /// Answers a new query; a query that narrows the current one searches only its matches.
    mutating func update(to newQuery: ListQuery, in items: ItemCollection) {
        let previous = newQuery.narrows(query) && generation == items.generation ? matches : nil
        query = newQuery
        matches = query.filter.isEmpty ? nil : items.slots(matching: query.filter, among: previous)
        generation = items.generation
    }

    /// Answers the query afresh (after a reload).
    mutating func recompute(in items: ItemCollection) {
        generation = -1
        update(to: query, in: items)
    }

    /// An item at `slot` left the collection (it was at `row` of the whole list); returns its row in
    /// the result, nil when the result did not show it.
    mutating func removed(slot: Int, row: Int) -> Int? {
        guard matches != nil else { return row }
        guard let index = index(ofSlot: slot) else { return nil }
        matches?.remove(at: index)
        return index
    }

    /// An item came into the collection (at `row` of the whole list); returns its row in the result,
    /// nil when the query does not show it.
    mutating func inserted(_ id: ItemID, row: Int, in items: ItemCollection) -> Int? {
        guard matches != nil else { return row }
        guard generation == items.generation else {
            // The collection renumbered its slots to make room: answer again.
            recompute(in: items)
            return self.row(of: id, in: items)
        }
        guard let slot = items.presentSlot(of: id), items.title(atSlot: slot, contains: query.filter) else { return nil }
        let index = matches?.partitioningIndex { $0 >= Int32(slot) } ?? 0
        matches?.insert(Int32(slot), at: index)
        return index
    }

    /// The result's row of a slot, by binary search (matches are in slot order).
    private func index(ofSlot slot: Int) -> Int? {
        guard let matches else { return nil }
        let i = matches.partitioningIndex { $0 >= Int32(slot) }
        return i < matches.count && matches[i] == Int32(slot) ? i : nil
    }
}
