import FavsModel
import Foundation

/// The favorite items, in list order: drawn from the store's favorites and the pane's cursor.
enum FavoritesPane {
    static func draw(_ store: Store, cursor: Cursor, width: Int, height: Int, focused: Bool,
                     glyphs: Glyphs, keyMap: KeyMap) -> Canvas {
        var canvas = Canvas(width: width, height: height, glyphs: glyphs)
        let rows = store.favorites
        canvas.box(Rect(x: 0, y: 0, width: width, height: height), title: "Favorites (\(rows.count))", focused: focused)
        let inner = width - 2
        guard inner > 0 else { return canvas }
        if rows.count == 0 {
            canvas.put("No favorites yet: \(keyMap.label(.toggleFavorite)) stars the selected item", row: 1, column: 2, limit: inner - 1, style: .dim)
            return canvas
        }
        let search = store.search
        for (line, item) in rows.items(from: cursor.offset, count: max(0, height - 2)).enumerated() {
            let selected = focused && item.id == cursor.selected
            canvas.put((selected ? ">" : " ") + glyphs.star + " ", row: line + 1, column: 1, limit: inner)
            canvas.addRole(.star, row: line + 1, column: 2, count: 1)
            canvas.put(title: item.title, row: line + 1, column: 4, limit: inner - 3, highlighting: search)
            if selected { canvas.addStyle(.reverse, row: line + 1, column: 1, count: inner) }
        }
        return canvas
    }
}
