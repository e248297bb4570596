import FavsModel
import Foundation

/// The title bar, the status line and the help overlay: drawn fresh every frame, one row each
/// (the overlay only when open), so they cannot hold stale state.
enum Chrome {
    /// Row 0: the app and the library name.
    static func titleBar(into canvas: inout Canvas, library: String) {
        canvas.put(canvas.glyphs.chrome(" favs — \(library)"), row: 0, column: 0, style: .bold)
    }

    /// The last row: a message, the filter prompt or the key hints on the left; the live counts on the right.
    /// `left` nil means: show the key hints that fit.
    /// An error (`leftRole` `.error`) is drawn in the error role.
    static func statusLine(into canvas: inout Canvas, left: String?, leftStyle: Style, leftRole: Role = .plain,
                           items: Int, favorites: Int) {
        let row = canvas.height - 1
        let glyphs = canvas.glyphs
        var counts = glyphs.chrome(
            "\(items) item\(items == 1 ? "" : "s") · \(favorites) favorite\(favorites == 1 ? "" : "s") ")
        var star: Int?  // the column of the star in the short form
        if canvas.width - TextWidth.of(counts) < 20 {
            let before = glyphs.chrome("\(items) · ")
            counts = before + glyphs.star + "\(favorites) "
            star = TextWidth.of(before)
        }
        let countsWidth = TextWidth.of(counts)
        let room = canvas.width - countsWidth - 1
        let left = left.map(glyphs.chrome) ?? hints.map(glyphs.chrome).first { TextWidth.of($0) < room } ?? ""
        canvas.put(" ", row: row, column: 0, limit: room, style: leftStyle)
        canvas.put(left, row: row, column: 1, limit: room - 1, style: leftStyle, role: leftRole)
        canvas.put(counts, row: row, column: canvas.width - countsWidth)
        if let star { canvas.addRole(.star, row: row, column: canvas.width - countsWidth + star, count: 1) }
    }

    /// The key hints shown when there is no message, longest first: the longest that fits is shown.
    static let hints = [
        "f favorite · d delete · u undo · / filter · ? help · q quit",
        "f fav · d delete · u undo · / filter · ? help",
        "f fav · d del · u undo · ? help",
        "? help",
    ]

    /// The help overlay, generated from the key map, centred over the screen.
    static func help(into canvas: inout Canvas, keyMap: KeyMap) {
        let rows = keyMap.bindings.map { binding in
            (binding.keys.map(\.name).joined(separator: ", "), binding.help)
        }
        let keysWidth = rows.map { TextWidth.of($0.0) }.max() ?? 0
        let textWidth = rows.map { keysWidth + 2 + TextWidth.of($0.1) }.max() ?? 0
        let width = min(canvas.width - 2, textWidth + 4)
        let height = min(canvas.height - 2, rows.count + 3)
        guard width >= 10, height >= 4 else { return }
        let box = Rect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
        for y in box.y..<box.maxY { canvas.fill(row: y, column: box.x, count: box.width) }
        canvas.box(box, title: "Keys", focused: true)
        let shown = rows.prefix(height - 3)
        for (index, row) in shown.enumerated() {
            let line = row.0.padding(toLength: row.0.count + keysWidth - TextWidth.of(row.0), withPad: " ", startingAt: 0)
                + "  " + row.1
            canvas.put(canvas.glyphs.chrome(line), row: box.y + 1 + index, column: box.x + 2, limit: width - 4)
        }
        canvas.put("esc or ? closes", row: box.maxY - 2, column: box.x + 2, limit: width - 4, style: .dim)
    }
}
