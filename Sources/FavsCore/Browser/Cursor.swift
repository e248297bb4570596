import FavsModel
import Foundation

/// Where a pane's cursor is, over rows of items (the list) or of collections and their favorites: the selected
/// row's id, the row it was last seen on and the first row shown. A value: view state, nothing of the model.
///
/// The repair after rows come or go is written here once: the selection stays on its id, and when that
/// row goes away it moves to the row that took its place (or the last row).
public struct RowCursor<ID: Hashable & Sendable>: Equatable, Sendable {
    /// The selected row's id; nil when the rows are empty.
    public private(set) var selected: ID?
    /// The row `selected` was last seen on: where the selection lands when its item goes away.
    public private(set) var row = 0
    /// The first row shown.
    public private(set) var offset = 0

    init(in rows: some KeyedRows<ID>) {
        selected = rows.id(at: 0)
    }

    /// Selects the item at a row, clamped to the rows.
    mutating func move(to target: Int, in rows: some KeyedRows<ID>) {
        guard rows.count > 0 else { return }
        row = min(max(0, target), rows.count - 1)
        selected = rows.id(at: row)
    }

    mutating func move(by delta: Int, in rows: some KeyedRows<ID>) {
        move(to: (selected.flatMap(rows.row(of:)) ?? row) + delta, in: rows)
    }

    /// Selects a row's id if the rows show it; returns whether they do.
    @discardableResult
    mutating func select(_ id: ID, in rows: some KeyedRows<ID>) -> Bool {
        guard let found = rows.row(of: id) else { return false }
        selected = id
        row = found
        return true
    }

    /// Starts over on new rows (a new query): at the top, keeping the selection if the rows show it.
    mutating func reset(in rows: some KeyedRows<ID>) {
        offset = 0
        if let selected, select(selected, in: rows) { return }
        row = 0
        selected = rows.id(at: 0)
    }

    /// A row came (`delta` 1) or went (-1) at `changed`: rows above the first shown move it, so what is
    /// shown stays in place.
    mutating func shift(at changed: Int, by delta: Int) {
        if changed < offset { offset = max(0, offset + delta) }
    }

    /// Starts over at the first row, whatever was selected (a search typed: its best match, as fzf's cursor).
    mutating func top(in rows: some KeyedRows<ID>) {
        offset = 0
        row = 0
        selected = rows.id(at: 0)
    }

    /// Keeps the selection on an item the rows show: its own, else the one that took its row (the first shown
    /// after it in the rows' order, or the last row), however many changes came in between.
    mutating func repair(in rows: some KeyedRows<ID>) {
        if let selected {
            if let found = rows.row(of: selected) {
                row = found
                return
            }
            if let placed = rows.row(placing: selected) { row = placed }
        }
        if selected == nil || rows.count == 0 { row = 0 }
        row = min(row, max(0, rows.count - 1))
        selected = rows.id(at: row)
    }

    /// Repairs the selection and scrolls as little as possible to show it among `visible` rows.
    mutating func settle(in rows: some KeyedRows<ID>, visible: Int) {
        repair(in: rows)
        offset = Scroll.offset(offset, keeping: row, visible: visible, count: rows.count)
    }
}

/// The cursor of a pane of items (the list).
public typealias Cursor = RowCursor<ItemID>

/// Scrolling shared by the panes.
enum Scroll {
    /// The offset that keeps `row` in a window of `visible` rows over `count` rows, moving as little as possible.
    static func offset(_ offset: Int, keeping row: Int, visible: Int, count: Int) -> Int {
        var offset = min(offset, row)
        if visible > 0, row >= offset + visible { offset = row - visible + 1 }
        return max(0, min(offset, count - visible))
    }
}
