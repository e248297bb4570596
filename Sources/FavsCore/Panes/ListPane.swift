import Foundation

/// The list of items, optionally filtered. Owns only view state: the cursor's item id, the scroll
/// offset and the filter query. Everything it draws comes from the store.
final class ListPane {
    private let store: Store
    private var token: ObservationToken?
    /// The selected item.
    private(set) var cursor: ItemID? { didSet { rememberCursorRow() } }
    /// The row the cursor was last seen on, where the selection lands when its item goes away.
    private var cursorRow = 0
    private(set) var offset = 0
    private(set) var query = ""
    /// The slots of the items matching the query, in list order; nil when not filtering. A cache of store
    /// state, kept current from events (and checked against a fresh computation by the no-drift tests).
    private var matches: [Int32]?
    /// The store's slot numbering `matches` refers to.
    private var matchesGeneration = 0
    private var visibleRows = 0
    var needsRedraw = true

    init(store: Store) {
        self.store = store
        cursor = store.items.id(atRow: 0)
        token = store.observe { [weak self] event in self?.storeDidChange(event) }
    }

    // MARK: Rows

    var count: Int { matches?.count ?? store.items.count }

    private func rememberCursorRow() {
        if let row = cursor.flatMap(row(of:)) { cursorRow = row }
    }

    func id(at row: Int) -> ItemID? { Self.id(at: row, in: matches, store: store) }

    func row(of id: ItemID) -> Int? { Self.row(of: id, in: matches, store: store) }

    private static func id(at row: Int, in matches: [Int32]?, store: Store) -> ItemID? {
        guard let matches else { return store.items.id(atRow: row) }
        return matches.indices.contains(row) ? store.items.id(atSlot: Int(matches[row])) : nil
    }

    private static func row(of id: ItemID, in matches: [Int32]?, store: Store) -> Int? {
        guard let matches else { return store.items.row(of: id) }
        guard let slot = store.items.presentSlot(of: id).map(Int32.init) else { return nil }
        let i = matches.partitioningIndex { $0 >= slot }
        return i < matches.count && matches[i] == slot ? i : nil
    }

    static func matching(_ query: String, in store: Store, narrowing previous: [Int32]? = nil) -> [Int32]? {
        guard !query.isEmpty else { return nil }
        return store.items.slots(matching: query, among: previous)
    }

    // MARK: View state

    func move(by delta: Int) { moveTo(row: (cursor.flatMap(row(of:)) ?? 0) + delta) }

    func moveTo(row: Int) {
        guard count > 0 else { return }
        let target = min(max(0, row), count - 1)
        if id(at: target) != cursor { cursor = id(at: target); needsRedraw = true }
    }

    /// Selects an item if the list shows it; returns whether it did.
    @discardableResult
    func select(_ id: ItemID) -> Bool {
        guard row(of: id) != nil else { return false }
        if cursor != id { cursor = id; needsRedraw = true }
        return true
    }

    func setQuery(_ newQuery: String) {
        guard newQuery != query else { return }
        let narrowing = !query.isEmpty && newQuery.hasPrefix(query) && matchesGeneration == store.items.generation
            ? matches : nil
        query = newQuery
        matches = Self.matching(newQuery, in: store, narrowing: narrowing)
        matchesGeneration = store.items.generation
        offset = 0
        if let cursor, row(of: cursor) != nil { } else { cursor = id(at: 0) }
        needsRedraw = true
    }

    /// Keeps the cursor on an item and in view for a pane of `height` rows.
    func prepare(height: Int) {
        visibleRows = max(0, height - 2)
        if cursor == nil || row(of: cursor ?? "") == nil { cursor = id(at: min(cursorRow, count - 1)) }
        let row = cursor.flatMap(row(of:)) ?? 0
        cursorRow = row
        offset = Scroll.offset(offset, keeping: row, visible: visibleRows, count: count)
    }

    private func storeDidChange(_ event: StoreEvent) {
        switch event {
        case let .favoriteChanged(id):
            if let row = row(of: id), row >= offset, row < offset + visibleRows { needsRedraw = true }
        case let .removed(id, at: storeRow):
            var listRow = storeRow
            if let current = matches {
                // The item keeps its slot while removed: find it among the matches by binary search.
                guard let slot = store.items.slot(of: id).map(Int32.init) else { return }
                let i = current.partitioningIndex { $0 >= slot }
                guard i < current.count, current[i] == slot else { return }
                matches?.remove(at: i)
                listRow = i
            }
            if cursor == id { cursor = count > 0 ? self.id(at: min(listRow, count - 1)) : nil }
            if listRow < offset { offset -= 1 }
            needsRedraw = true
        case let .inserted(id, at: storeRow):
            var listRow = storeRow
            if matches != nil, matchesGeneration != store.items.generation {
                // The store renumbered its slots to make room: search again.
                matches = Self.matching(query, in: store)
                matchesGeneration = store.items.generation
                needsRedraw = true
                guard let row = row(of: id) else { return }
                listRow = row
            } else if let current = matches {
                guard let slot = store.items.presentSlot(of: id), store.items.title(atSlot: slot, contains: query)
                else { return }
                listRow = current.partitioningIndex { $0 >= slot }
                matches?.insert(Int32(slot), at: listRow)
            }
            if cursor == nil { cursor = id }
            if listRow < offset { offset += 1 }
            needsRedraw = true
        case .reloaded:
            matches = Self.matching(query, in: store)
            matchesGeneration = store.items.generation
            needsRedraw = true
        }
    }

    // MARK: Drawing

    /// Draws the pane, border included, from the store and the view state.
    /// `fresh` recomputes the filter from the store instead of using the cached matches.
    func render(width: Int, height: Int, focused: Bool, fresh: Bool = false) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        let rows = fresh ? Self.matching(query, in: store) : matches
        let total = rows?.count ?? store.items.count
        let cursorRow = cursor.flatMap { Self.row(of: $0, in: rows, store: store) }
        var title = total == 0 ? "Items" : "Items \((cursorRow ?? 0) + 1)/\(total)"
        if !query.isEmpty { title += " · /\(query)" }
        canvas.box(Rect(x: 0, y: 0, width: width, height: height), title: title, focused: focused)
        let inner = width - 2
        guard inner > 0 else { return canvas }
        if total == 0 {
            let empty = query.isEmpty ? "No items" : "No title contains “\(query)”"
            canvas.put(empty, row: 1, column: 2, limit: inner - 1, style: .dim)
            return canvas
        }
        let lines = max(0, height - 2)
        let visible = rows.map { rows in
            rows[min(offset, rows.count)..<min(offset + lines, rows.count)].map { store.items.item(atSlot: Int($0)) }
        } ?? store.items.items(fromRow: offset, count: lines)
        for (line, item) in visible.enumerated() {
            let selected = item.id == cursor
            let row = line + 1
            canvas.put((selected ? ">" : " ") + (item.favorite ? "★" : " ") + " ", row: row, column: 1, limit: inner)
            canvas.put(item.title, row: row, column: 4, limit: inner - 3)
            if selected { canvas.addStyle(.reverse, row: row, column: 1, count: inner) }
        }
        return canvas
    }
}
