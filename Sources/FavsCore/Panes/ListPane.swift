import FavsModel
import Foundation

/// The list of items the list query shows. A pane is a function: the store's rows and the cursor in,
/// a canvas out; it keeps nothing between frames.
enum ListPane {
    /// Draws the pane, border included, from the store and the cursor.
    static func draw(_ store: Store, cursor: Cursor, marks: Marks, width: Int, height: Int, focused: Bool,
                     glyphs: Glyphs, keyMap: KeyMap) -> Canvas {
        var canvas = Canvas(width: width, height: height, glyphs: glyphs)
        let rows = store.list
        let total = rows.count
        let query = store.query, filter = query.filter, search = store.search
        let cursorRow = cursor.selected.flatMap(rows.row(of:))
        var title = total == 0 ? "Items" : "Items \((cursorRow ?? 0) + 1)/\(total)"
        if let set = query.scope.set { title += set == .favorites ? " · \(glyphs.star)" : " · \(set)" }
        // The picked items' list in the frequent order, as enter on `↻ Frequent` shows it, is named once.
        if query.order != .library, !(query.scope == .members(.picked) && query.order == .frequent) {
            title += " · \(query.order.shortName)"
        }
        if let search = store.shownSearch {
            title += " · \(search.name)"  // a saved search's own text is in the pane that lists it
        } else if !filter.isEmpty {
            title += query.exact ? " · exact /\(filter)" : " · /\(filter)"
        }
        canvas.box(Rect(x: 0, y: 0, width: width, height: height), title: title, focused: focused)
        let inner = width - 2
        guard inner > 0 else { return canvas }
        if total == 0 {
            // Field terms are answered by the library, off the input thread: until then the list says so.
            let empty = store.isSearchingFields ? "searching fields…"
                : !filter.isEmpty ? (store.searchesFields ? "No item matches “\(filter)”" : "No title matches “\(filter)”")
                : query.scope == .favorites ? "No favorites: \(keyMap.label(.favoritesView)) shows every item"
                : query.scope == .members(.picked) ? "Nothing picked: \(keyMap.label(.favoritesView)) shows every item"
                : query.scope == .all ? "No items" : "No items in \(query.scope.set?.description ?? "")"
            canvas.put(empty, row: 1, column: 2, limit: inner - 1, style: .dim)
            return canvas
        }
        let range = marks.range(in: rows, cursor: cursor.selected)
        for (line, item) in rows.items(from: cursor.offset, count: max(0, height - 2)).enumerated() {
            let selected = item.id == cursor.selected
            let marked = marks.contains(item.id, row: cursor.offset + line, range: range)
            let row = line + 1
            // The first column: > the cursor, • a marked item, » both.
            let lead = selected ? (marked ? glyphs.markedCursor : ">") : (marked ? glyphs.mark : " ")
            canvas.put(lead + (item.favorite ? glyphs.star : " ") + " ", row: row, column: 1, limit: inner)
            if marked { canvas.addRole(.mark, row: row, column: 1, count: 1) }
            if item.favorite { canvas.addRole(.star, row: row, column: 2, count: 1) }
            let written = canvas.put(title: item.title, row: row, column: 4, limit: inner - 3, highlighting: search)
            // Its tags after the title, dimmed, where there is room: a cut title has none left, so they go first. The
            // team's stars, and the most starred order, list each item's count of stars before them (`3 ★`).
            let tagsAt = 4 + written + 2
            if tagsAt < inner + 1 {
                let counted = query.scope == .members(.team) || query.order == .mostStarred && store.items.hasTeamStars
                let stars = counted ? "\(store.items.teamStars(of: item.id)) \(glyphs.star)" : ""
                let room = inner + 1 - tagsAt - (stars.isEmpty ? 0 : TextWidth.of(stars) + 1)
                let tags = room > 0 ? tagsText(store.items.tags(of: item.id), room: room, ellipsis: glyphs.ellipsis) : ""
                let text = [stars, tags].filter { !$0.isEmpty }.joined(separator: " ")
                if TextWidth.of(text) <= inner + 1 - tagsAt { canvas.put(text, row: row, column: tagsAt, style: .dim) }
            }
            if selected { canvas.addStyle(.reverse, row: row, column: 1, count: inner) }
        }
        return canvas
    }

    /// As many of the tags as fit whole in `room` columns (`#dev/swift #work`), an ellipsis after them when some did
    /// not and it fits; nothing when the first does not fit.
    static func tagsText(_ tags: [String], room: Int, ellipsis: String) -> String {
        var text = ""
        for (index, tag) in tags.enumerated() {
            let next = (text.isEmpty ? "" : text + " ") + "#" + Sanitize.visible(tag)
            guard TextWidth.of(next) <= room else {
                let cut = text + " " + ellipsis
                return index > 0 && TextWidth.of(cut) <= room ? cut : text
            }
            text = next
        }
        return text
    }
}

extension ListQuery.Order {
    /// How the status line names the order.
    public var name: String {
        switch self {
        case .library: "library order"
        case .title: "title A–Z"
        case .recentlyFavorited: "recently favorited first"
        case .frequent: "favorites, then most picked first"
        case .mostStarred: "most starred first"
        }
    }

    /// How the list's title names the order (library order, the default, is not named).
    var shortName: String {
        switch self {
        case .library: "library order"
        case .title: "A–Z"
        case .recentlyFavorited: "recent ★"
        case .frequent: "frequent"
        case .mostStarred: "most ★"
        }
    }
}
