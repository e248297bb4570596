import Foundation

extension Browser {
    /// Composes the current frame: each pane redraws only when an event, a move, a resize or a
    /// focus change made its last drawing stale; the title and status rows are drawn fresh.
    public func frame() -> Canvas {
        var canvas = Canvas(width: width, height: height)
        let layout = self.layout
        guard layout.kind != .tooSmall else {
            let need = "terminal too small: need \(Layout.minimumWidth)x\(Layout.minimumHeight)"
            canvas.put(TextWidth.of(need) <= width ? need : "too small", row: 0, column: 0, style: .bold)
            return canvas
        }
        settle()
        for (pane, rect) in layout.panes {
            let focused = pane == focus
            if let last = drawn[pane], last.rect == rect, last.focused == focused, !needsRedraw(pane) {
                canvas.blit(last.canvas, x: rect.x, y: rect.y)
                continue
            }
            let drawing = render(pane, rect: rect, focused: focused)
            drawn[pane] = (rect, focused, drawing)
            setNeedsRedraw(pane, false)
            canvas.blit(drawing, x: rect.x, y: rect.y)
        }
        Chrome.titleBar(into: &canvas, library: libraryName)
        Chrome.statusLine(into: &canvas, left: statusText, leftStyle: message?.isError == true ? .bold : [],
                          items: store.items.count, favorites: store.items.favoriteCount)
        if mode == .help { Chrome.help(into: &canvas, keyMap: keyMap) }
        return canvas
    }

    /// The frame as plain text, exactly `height` lines, trailing spaces trimmed.
    public func frameText() -> String { frame().lines.joined(separator: "\n") }

    private var statusText: String? {
        if let message { return message.text }
        if mode == .filtering { return "/\(list.query)▏  enter keeps · esc clears" }
        return nil
    }

    /// Brings view state in line with the store and the size after every input: the cursor on a live
    /// item and in view, the detail on the selection. Done per input, not per frame, so a script
    /// that prints one frame at the end sees exactly what the terminal shows after the same keys.
    func settle() {
        let panes = layout.panes
        if let rect = panes[.list] { list.prepare(height: rect.height) }
        if let rect = panes[.favorites] { favorites.prepare(height: rect.height) }
        detail.show(selectedID)
        if let rect = panes[.detail] { detail.prepare(width: rect.width, height: rect.height) }
    }

    /// Draws one pane of the current layout afresh from the store, as a frame would when it is stale;
    /// nil when the layout does not show it. (What the benchmarks time for each pane.)
    public func redraw(_ pane: Focus) -> Canvas? {
        guard let rect = layout.panes[pane] else { return nil }
        return render(pane, rect: rect, focused: pane == focus)
    }

    /// Draws a pane from the store; `fresh` bypasses every cache (the no-drift check).
    func render(_ pane: Focus, rect: Rect, focused: Bool, fresh: Bool = false) -> Canvas {
        switch pane {
        case .list: list.render(width: rect.width, height: rect.height, focused: focused, fresh: fresh)
        case .detail: detail.render(width: rect.width, height: rect.height, focused: focused)
        case .favorites: favorites.render(width: rect.width, height: rect.height, focused: focused)
        }
    }

    private func needsRedraw(_ pane: Focus) -> Bool {
        switch pane {
        case .list: list.needsRedraw
        case .detail: detail.needsRedraw
        case .favorites: favorites.needsRedraw
        }
    }

    private func setNeedsRedraw(_ pane: Focus, _ value: Bool) {
        switch pane {
        case .list: list.needsRedraw = value
        case .detail: detail.needsRedraw = value
        case .favorites: favorites.needsRedraw = value
        }
    }

    /// The panes whose last drawing differs from a fresh render of the store's state: empty means no drift.
    func driftedPanes() -> [Focus] {
        layout.panes.compactMap { pane, rect in
            guard let last = drawn[pane] else { return pane }
            return last.canvas == render(pane, rect: rect, focused: pane == focus, fresh: true) ? nil : pane
        }
    }
}
