import FavsModel
import Foundation

/// Keeping view state in step with the store: what events are for, now that panes draw from the store.
extension Browser {
    /// Repairs the cursors after each change, as it happens: a row that came or went above the list's first
    /// shown row moves it, and a cursor whose item went away moves to the item that took its row.
    func repair(after event: StoreEvent) {
        switch event {
        case let .removed(id, at: row):
            if let row { listCursor.shift(at: row, by: -1) }
            marks.ids.remove(id)
        case let .inserted(_, at: row?): listCursor.shift(at: row, by: 1)
        case let .moved(_, from, to):
            if let from { listCursor.shift(at: from, by: -1) }
            if let to { listCursor.shift(at: to, by: 1) }
        case .reloaded:
            detail.fieldsAsked = false
            marks.ids = marks.ids.filter { store.items[$0] != nil }
        default: break
        }
        listCursor.repair(in: store.list)
        favoritesCursor.repair(in: store.favorites)
    }

    /// Brings view state in line with the store and the size after every input (key, resize, change from
    /// another process): each cursor on a live item and in view, the detail on the selection with its
    /// fields read. Done per input, never while drawing, so a frame changes nothing.
    func settle() {
        let panes = layout.panes
        settle(&listCursor, in: store.list, rect: panes[.list])
        settle(&favoritesCursor, in: store.favorites, rect: panes[.favorites])
        if let anchor = marks.anchor, store.list.row(of: anchor) == nil { marks.anchor = listCursor.selected }
        helpOffset = min(helpOffset, Chrome.maximumHelpOffset(width: width, height: height, keyMap: keyMap))
        let selected = selectedID
        if selected != detail.subject { detail = DetailState(subject: selected) }
        if !detail.fieldsAsked, let id = detail.subject {
            detail.fieldsAsked = true
            do {
                try store.loadFields(of: id)
            } catch {
                show(error: "Cannot read the fields: \(Store.describe(error))")
            }
        }
        if let rect = panes[.detail] {
            detail.scroll = DetailPane.clamp(detail.scroll, store, subject: detail.subject, width: rect.width,
                                             height: rect.height)
        }
    }

    private func settle(_ cursor: inout Cursor, in rows: some ItemRows, rect: Rect?) {
        if let rect { cursor.settle(in: rows, visible: max(0, rect.height - 2)) } else { cursor.repair(in: rows) }
    }
}
