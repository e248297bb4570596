import FavsModel
import Foundation

/// The mouse: a click selects and focuses, a click on a row's star toggles it, the wheel moves through the
/// pane under the pointer. Hit-tested against the panes of the current layout, so in the stacked layout only
/// the pane on screen answers.
extension Browser {
    /// Rows one wheel notch moves: the three lines most terminals and desktop toolkits scroll per notch.
    static let wheelStep = 3

    /// The column of a row's `★`, from the pane's left border: the border, the selection mark `>`, then the star
    /// (ListPane.draw and CollectionsPane.draw draw rows this way; a favorite under `★ Favorites` two further).
    static let starColumn = 2

    /// Handles one mouse event at a screen cell.
    public func handle(_ mouse: MouseEvent) {
        // The tag prompt acts on the selection as it is when opened: a click would change what it tags.
        if waitsForTheList(.mouse(mouse)) || mode == .tagging { return }
        if mode == .help {
            // The overlay covers the panes, so a click on it is not meant for them: it only closes it.
            guard mouse.kind == .click else { return }
            message = nil
            mode = .normal
            return
        }
        guard let (pane, rect) = layout.panes.first(where: { $0.value.contains(mouse) }) else { return }
        switch mouse.kind {
        case .click:
            // Borders and pane titles are not rows: a click there does nothing, rather than guess a row.
            guard rect.interiorContains(mouse) else { return }
            defer { settle() }
            message = nil
            click(pane, line: mouse.row - rect.y - 1, column: mouse.column - rect.x)
        case .wheelUp, .wheelDown:
            defer { settle() }
            message = nil
            wheel(pane, by: mouse.kind == .wheelUp ? -Self.wheelStep : Self.wheelStep)
        }
    }

    /// A click on the `line`th row inside a pane, `column` cells from its left border: the pane takes focus, the
    /// row drawn there is selected, and a click on an item's star toggles it through the same action as `f` (so
    /// undo, rollback and the message work).
    private func click(_ pane: Focus, line: Int, column: Int) {
        focus = pane
        let onStar: Bool
        switch pane {
        case .list: onStar = listCursor.click(line: line, in: store.list) && column == Self.starColumn
        case .favorites:
            // A collection's row has no star to toggle; an item's under `★ Favorites` or `↻ Frequent` is indented.
            let rows = collectionRows
            onStar = collectionsCursor.click(line: line, in: rows) && collectionsCursor.selected?.subject != nil
                && column == Self.starColumn + (rows.hasHeader ? 2 : 0)
        case .detail: onStar = false
        }
        // The star clicked is that item's, marks or not: the same action as `f` on one item.
        guard onStar, let id = selectedID else { return }
        if let refusal = readOnlyRefusal(of: .toggleFavorite) { _ = refuse(refusal) } else { report(dispatch(.toggleFavorite(id)), verb: nil) }
    }

    /// The wheel over a pane. Over the list or the favorites it moves the selection, and that pane takes focus:
    /// the selection the wheel moved is the one `f` and `d` then act on. Over the detail it scrolls the text.
    private func wheel(_ pane: Focus, by delta: Int) {
        switch pane {
        case .list:
            focus = .list
            listCursor.move(by: delta, in: store.list)
        case .favorites:
            focus = .favorites
            collectionsCursor.move(by: delta, in: collectionRows)
        case .detail:
            // settle() keeps the scroll within the text.
            detail.scroll = max(0, detail.scroll + delta)
        }
    }
}

private extension RowCursor {
    /// Selects the item drawn on the `line`th row inside the pane (from the first row shown); false when that
    /// row is empty.
    mutating func click(line: Int, in rows: some KeyedRows<ID>) -> Bool {
        let target = offset + line
        guard line >= 0, target < rows.count else { return false }
        move(to: target, in: rows)
        return true
    }
}

extension Rect {
    func contains(_ mouse: MouseEvent) -> Bool {
        mouse.column >= x && mouse.column < maxX && mouse.row >= y && mouse.row < maxY
    }

    /// Inside the border.
    func interiorContains(_ mouse: MouseEvent) -> Bool {
        mouse.column > x && mouse.column < maxX - 1 && mouse.row > y && mouse.row < maxY - 1
    }
}
