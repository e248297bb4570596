import FavsModel
import Foundation

/// Keeping view state in step with the store: what events are for, now that panes draw from the store.
extension Browser {
    /// The one way into the store: sends an action and repairs view state from the events it returns. Data flows
    /// one way (input → store → events → view state → frame); the store never calls back.
    @discardableResult
    func dispatch(_ action: Action) -> Outcome {
        let outcome = store.send(action)
        repair(after: outcome.events)
        return outcome
    }

    /// Repairs view state after changes, from the events the store returned, in the order they happened: a row
    /// that came or went above a pane's first shown row moves it, a mark on an item that went away goes, a new
    /// query starts the list over (and the favorites, which it orders). The cursors are then put back on live items (`Cursor.repair`).
    func repair(after events: [StoreEvent]) {
        guard !events.isEmpty else { return }
        for event in events {
            switch event {
            case let .removed(id, at: row):
                if let row { listCursor.shift(at: row, by: -1) }
                marks.ids.remove(id)
            case let .inserted(_, at: row?): listCursor.shift(at: row, by: 1)
            case let .moved(_, from, to):
                if let from { listCursor.shift(at: from, by: -1) }
                if let to { listCursor.shift(at: to, by: 1) }
            case .reloaded:
                if purpose == .pick || mode == .filtering { store.prepareSearch() }  // a new collection: its own traits
                detail.fieldsAsked = false
                marks.ids = marks.ids.filter { store.items[$0] != nil }
            case .queryChanged:
                if searchTyped { listCursor.top(in: store.list) } else { listCursor.reset(in: store.list) }
                // A search puts the favorites it matches first, best first: show them from the top, unless the
                // pane is being moved through. A collection selected stays (enter on it changed the query).
                let rows = collectionRows
                if collectionsCursor.selected?.item != nil || collectionsCursor.selected == nil {
                    if focus == .favorites { collectionsCursor.reset(in: rows) } else { collectionsCursor.move(to: rows.favorites.count > 0 ? rows.favoritesStart : 0, in: rows) }
                }
            default: break
            }
        }
        repairPreviews(after: events)
        listCursor.repair(in: store.list)
        collectionsCursor.repair(in: collectionRows)
    }

    /// Brings view state in line with the store and the size after every input (key, resize, change from
    /// another process): each cursor on a live item and in view, the detail on the selection with its
    /// fields read. Done per input, never while drawing, so a frame changes nothing.
    func settle() {
        let panes = layout.panes
        settle(&listCursor, in: store.list, rect: panes[.list])
        settle(&collectionsCursor, in: collectionRows, rect: panes[.favorites])
        if let anchor = marks.anchor, store.list.row(of: anchor) == nil { marks.anchor = listCursor.selected }
        if helpOffset > 0 { helpOffset = min(helpOffset, helpLayout.maximumOffset) }
        let selected = selectedID
        if selected != detail.subject { detail = DetailState(subject: selected) }
        if !detail.fieldsAsked, let id = detail.subject {
            detail.fieldsAsked = true
            if let error = dispatch(.readFields(id)).error { show(error: error) }
        }
        settlePreview()
        if let rect = panes[.detail] {
            let text = DetailPane.text(store, subject: detail.subject, width: rect.width, glyphs: glyphs,
                                       preview: detail.preview, reusing: detail.text)
            detail.text = text
            detail.scroll = DetailPane.clamp(detail.scroll, lineCount: text.lines.count, height: rect.height)
        }
    }

    private func settle<ID>(_ cursor: inout RowCursor<ID>, in rows: some KeyedRows<ID>, rect: Rect?) {
        if let rect { cursor.settle(in: rows, visible: max(0, rect.height - 2)) } else { cursor.repair(in: rows) }
    }
}
