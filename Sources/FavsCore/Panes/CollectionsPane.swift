import FavsModel
import Foundation

/// The collections: `★ Favorites (n)` (`★ Mine (n)` and, after them, `★ Team (n)` in a team library where others
/// star) with its favorites under it while it or one of them is selected, then `↻ Frequent (n)` once an item has
/// been picked, with the most picked under it while it or one of them is selected, then the tag tree with counts,
/// nested tags indented under their folder, then the saved searches, each with the number of items it finds now
/// (`CollectionRows`). With no tags, no saved searches and no picks it is the favorites pane it always was:
/// `Favorites (n)` over the favorites. Drawn from the store and the pane's cursor.
enum CollectionsPane {
    static func draw(_ store: Store, rows: CollectionRows, cursor: RowCursor<CollectionRow>, width: Int, height: Int,
                     focused: Bool, glyphs: Glyphs, keyMap: KeyMap) -> Canvas {
        var canvas = Canvas(width: width, height: height, glyphs: glyphs)
        let favorites = rows.favorites.count
        canvas.box(Rect(x: 0, y: 0, width: width, height: height),
                   title: rows.hasHeader ? "Collections" : "Favorites (\(favorites))", focused: focused)
        let inner = width - 2
        guard inner > 0 else { return canvas }
        if rows.count == 0 {
            let empty = "No favorites yet: \(keyMap.label(.toggleFavorite)) stars the selected item"
            canvas.put(empty, row: 1, column: 2, limit: inner - 1, style: .dim)
            return canvas
        }
        let search = store.search
        // A favorite under the header is indented as a tag under its folder.
        let indent = rows.hasHeader ? 2 : 0
        for line in 0..<max(0, min(height - 2, rows.count - cursor.offset)) {
            guard let id = rows.id(at: cursor.offset + line) else { break }
            let row = line + 1
            let selected = focused && id == cursor.selected
            canvas.put(selected ? ">" : " ", row: row, column: 1, limit: inner)
            switch id {
            case let .item(item):
                guard let item = store.items[item] else { continue }
                canvas.put(glyphs.star, row: row, column: 2 + indent, limit: inner - 1 - indent)
                canvas.addRole(.star, row: row, column: 2 + indent, count: 1)
                canvas.put(title: item.title, row: row, column: 4 + indent, limit: inner - 3 - indent, highlighting: search)
            case .set(.favorites):
                canvas.put(glyphs.star, row: row, column: 2, limit: inner - 1)
                canvas.addRole(.star, row: row, column: 2, count: 1)
                canvas.put("\(rows.team == nil ? "Favorites" : "Mine") (\(favorites))", row: row, column: 4, limit: inner - 3)
            case .set(.team):
                canvas.put(glyphs.star, row: row, column: 2, limit: inner - 1)
                canvas.addRole(.star, row: row, column: 2, count: 1)
                canvas.put("Team (\(rows.team ?? 0))", row: row, column: 4, limit: inner - 3)
            case .set(.picked):
                canvas.put(glyphs.picked, row: row, column: 2, limit: inner - 1)
                canvas.put("Frequent (\(rows.picked?.count ?? 0))", row: row, column: 4, limit: inner - 3)
            case let .picked(item):
                // Indented as a favorite under its header; its star where it has one, as the list shows it.
                guard let item = store.items[item] else { continue }
                if item.favorite {
                    canvas.put(glyphs.star, row: row, column: 4, limit: inner - 3)
                    canvas.addRole(.star, row: row, column: 4, count: 1)
                }
                canvas.put(title: item.title, row: row, column: 6, limit: inner - 5, highlighting: search)
            case .search:
                guard let search = rows.search(at: cursor.offset + line) else { continue }
                // Counted by the store once per change to the model, never per frame; `…` while only the library's
                // index can count it (field terms).
                let count = store.count(of: search).map(String.init) ?? "…"
                canvas.put("/", row: row, column: 2, limit: inner - 1, style: .dim)
                canvas.put("\(search.name) (\(count))", row: row, column: 4, limit: inner - 3)
            case .set:
                guard let tag = rows.tag(at: cursor.offset + line) else { continue }
                let depth = 2 * tag.node.depth
                if tag.isFolder {
                    canvas.put(tag.isOpen ? glyphs.folderOpen : glyphs.folderClosed, row: row, column: 2 + depth,
                               limit: inner - 1 - depth)
                }
                // A tag's name is the library's text: `put` shows its control characters as symbols.
                canvas.put("\(tag.node.name) (\(tag.node.count))", row: row, column: 4 + depth, limit: inner - 3 - depth)
            }
            if selected { canvas.addStyle(.reverse, row: row, column: 1, count: inner) }
        }
        return canvas
    }
}
