import FavsModel
import Foundation

/// Marked items (by id) and, while a range is being marked, its anchor: what `f` and `d` act on when any
/// item is marked. View state, like the cursors.
struct Marks: Equatable {
    var ids: Set<ItemID> = []
    /// The item the range started on (`v`); the range runs from its row to the cursor's.
    var anchor: ItemID?

    var isEmpty: Bool { ids.isEmpty && anchor == nil }

    /// The rows of the range over `rows`, between the anchor and `cursor`; nil when there is no range.
    func range(in rows: some ItemRows, cursor: ItemID?) -> ClosedRange<Int>? {
        guard let anchor, let from = rows.row(of: anchor), let to = cursor.flatMap(rows.row(of:)) else { return nil }
        return min(from, to)...max(from, to)
    }

    /// Whether the item shown at `row` is marked, or in the range.
    func contains(_ id: ItemID, row: Int, range: ClosedRange<Int>?) -> Bool {
        ids.contains(id) || range?.contains(row) == true
    }

    /// Every marked item, the range's included, in list order.
    func all(in store: Store, cursor: ItemID?) -> [ItemID] {
        var all = ids
        if let range = range(in: store.list, cursor: cursor) {
            for row in range { if let id = store.list.id(at: row) { all.insert(id) } }
        }
        // Each id's row looked up once (an absent item has none and drops out), then sorted by it.
        return all.compactMap { id in store.items.row(of: id).map { (row: $0, id: id) } }.sorted { $0.row < $1.row }.map(\.id)
    }

    /// How many items the status line says are marked: O(marked ids), whatever the range's length.
    func count(in store: Store, cursor: ItemID?) -> Int {
        let range = range(in: store.list, cursor: cursor)
        let outside = ids.count { id in
            store.items[id] != nil && !(range?.contains(store.list.row(of: id) ?? -1) ?? false)
        }
        return outside + (range?.count ?? 0)
    }

    /// How many of the marked items the list does not show now (the filter or the favorites view hides them):
    /// `f` and `d` act on them all the same, so the status line says so.
    func hiddenCount(in store: Store) -> Int {
        ids.count { id in store.items[id] != nil && store.list.row(of: id) == nil }
    }
}

/// The marks that `f` and `d` acted on while their batch is on its way to a library in the background: should
/// it be taken back (`Not saved: offline…`), its items are marked again, so that the same key tries again.
struct MarksOnTheirWay {
    /// Each batch by the items it changes (a change taken back has the same ones, though it may have been rebased on
    /// another process's), with every item that was marked (those `f` had nothing to change on included).
    private var batches: [(changed: Set<ItemID>, marked: [ItemID])] = []

    mutating func sent(_ change: ModelChange, marked: [ItemID]) {
        batches.append((Set(change.parts.map(\.itemID)), marked))
    }

    /// The items marked for `change`, taken back; nil when it was no batch of marked items.
    mutating func takenBack(_ change: ModelChange) -> [ItemID]? {
        let changed = Set(change.parts.map(\.itemID))
        guard let index = batches.firstIndex(where: { $0.changed == changed }) else { return nil }
        return batches.remove(at: index).marked
    }

    /// Nothing is on its way any more: no batch can be taken back.
    mutating func forgetAll() { batches.removeAll() }
}
