import FavsModel
import Foundation

/// One set's members (the favorites pane shows the favorites), in list order: drawn from the store's rows of that
/// set and the pane's cursor.
enum SetPane {
    static func draw(_ store: Store, set: SetID, cursor: Cursor, width: Int, height: Int, focused: Bool,
                     glyphs: Glyphs, keyMap: KeyMap) -> Canvas {
        var canvas = Canvas(width: width, height: height, glyphs: glyphs)
        let rows = store.members(of: set)
        let name = set == .favorites ? "Favorites" : set.name
        canvas.box(Rect(x: 0, y: 0, width: width, height: height), title: "\(name) (\(rows.count))", focused: focused)
        let inner = width - 2
        guard inner > 0 else { return canvas }
        if rows.count == 0 {
            let empty = set == .favorites
                ? "No favorites yet: \(keyMap.label(.toggleFavorite)) stars the selected item" : "No items in \(name)"
            canvas.put(empty, row: 1, column: 2, limit: inner - 1, style: .dim)
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
