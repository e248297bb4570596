import Foundation

/// The favorite items, in list order. View state: its own cursor (by id) and scroll offset.
final class FavoritesPane {
    private let store: Store
    private var token: ObservationToken?
    private(set) var cursor: ItemID? { didSet { rememberCursorIndex() } }
    /// The index the cursor was last seen at, where the selection lands when its item leaves the pane.
    private var cursorIndex = 0
    private(set) var offset = 0
    private var visibleRows = 0
    var needsRedraw = true

    init(store: Store) {
        self.store = store
        cursor = store.items.favoriteID(at: 0)
        token = store.observe { [weak self] event in self?.storeDidChange(event) }
    }

    var count: Int { store.items.favoriteCount }

    private func rememberCursorIndex() {
        if let index = cursor.flatMap(store.items.favoriteIndex(of:)) { cursorIndex = index }
    }

    func move(by delta: Int) { moveTo(index: (cursor.flatMap(store.items.favoriteIndex(of:)) ?? 0) + delta) }

    func moveTo(index: Int) {
        guard count > 0 else { return }
        let target = store.items.favoriteID(at: min(max(0, index), count - 1))
        if target != cursor { cursor = target; needsRedraw = true }
    }

    func prepare(height: Int) {
        visibleRows = max(0, height - 2)
        if cursor.flatMap(store.items.favoriteIndex(of:)) == nil {
            cursor = store.items.favoriteID(at: min(cursorIndex, count - 1))
        }
        let index = cursor.flatMap(store.items.favoriteIndex(of:)) ?? 0
        cursorIndex = index
        offset = Scroll.offset(offset, keeping: index, visible: visibleRows, count: count)
    }

    private func storeDidChange(_ event: StoreEvent) {
        switch event {
        case .favoriteChanged, .removed, .inserted, .reloaded:
            // Any of these can change the favorites or their count in the title: redraw (O(visible rows)).
            if let cursor, store.items.favoriteIndex(of: cursor) == nil {
                self.cursor = store.items.favoriteID(at: min(cursorIndex, count - 1))
            } else if cursor == nil {
                cursor = store.items.favoriteID(at: 0)
            } else {
                rememberCursorIndex()  // favorites before the cursor may have come or gone
            }
            needsRedraw = true
        }
    }

    func render(width: Int, height: Int, focused: Bool) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        canvas.box(Rect(x: 0, y: 0, width: width, height: height), title: "Favorites (\(count))", focused: focused)
        let inner = width - 2
        guard inner > 0 else { return canvas }
        if count == 0 {
            canvas.put("No favorites yet: f stars the selected item", row: 1, column: 2, limit: inner - 1, style: .dim)
            return canvas
        }
        for line in 0..<max(0, height - 2) {
            guard let id = store.items.favoriteID(at: offset + line), let item = store.items[id] else { break }
            let selected = focused && id == cursor
            canvas.put((selected ? ">" : " ") + "★ " + item.title, row: line + 1, column: 1, limit: inner)
            if selected { canvas.addStyle(.reverse, row: line + 1, column: 1, count: inner) }
        }
        return canvas
    }
}
