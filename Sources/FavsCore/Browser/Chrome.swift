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
    /// `left` holds what to say, longest first: the first that fits is shown (the last, cut, when none does).
    /// Empty means: show the first of `hints` that fits, if one does. An error (`leftRole` `.error`) is drawn in
    /// the error role.
    /// A picker's `prompt` (its query, always being typed) comes first, in the plain role, and what fits after it.
    static func statusLine(into canvas: inout Canvas, prompt: String? = nil, left: [String], hints: [String],
                           leftStyle: Style, leftRole: Role = .plain, items: Int, favorites: Int) {
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
        var room = canvas.width - countsWidth - 1
        canvas.put(" ", row: row, column: 0, limit: room, style: leftStyle)
        var column = 1
        if let prompt {
            let shown = promptTail(glyphs.chrome(prompt), room: room - 1, ellipsis: glyphs.ellipsis)
            column += canvas.put(shown, row: row, column: column, limit: room - 1) + 2
            room -= column - 1
        }
        let choices = (left.isEmpty ? hints : left).map(glyphs.chrome)
        let left = choices.first { TextWidth.of($0) < room } ?? (left.isEmpty ? "" : choices.last ?? "")
        if room > 1 { canvas.put(left, row: row, column: column, limit: room - 1, style: leftStyle, role: leftRole) }
        canvas.put(counts, row: row, column: canvas.width - countsWidth)
        if let star { canvas.addRole(.star, row: row, column: canvas.width - countsWidth + star, count: 1) }
    }

    /// A prompt too wide for `room` columns keeps its end, where the typing is: its first character (`/`), an
    /// ellipsis, then as much of the end as fits.
    private static func promptTail(_ prompt: String, room: Int, ellipsis: String) -> String {
        guard TextWidth.of(prompt) > room, let first = prompt.first else { return prompt }
        var tail = ""
        var width = TextWidth.of(first) + TextWidth.of(ellipsis)
        for character in prompt.dropFirst().reversed() {
            width += TextWidth.of(character)
            guard width <= room else { break }
            tail.insert(character, at: tail.startIndex)
        }
        return String(first) + ellipsis + tail
    }

    /// The key hints shown when there is no message, longest first: the longest that fits is shown. They name
    /// the keys in force (a config file may have moved them), each command's first.
    /// `readOnly`: a library the user may only read, whose hints name no key that would change it; with `ownStars`,
    /// the member's stars kept apart, the star and undo keys.
    static func hints(_ keyMap: KeyMap, purpose: Browser.Purpose = .browse, readOnly: Bool = false,
                      ownStars: Bool = false) -> [String] {
        if purpose == .pick { return pickHints(keyMap) }
        let (favorite, delete, undo) = (keyMap.label(.toggleFavorite), keyMap.label(.delete), keyMap.label(.undo))
        let (filter, help, quit) = (keyMap.label(.filter), keyMap.label(.help), keyMap.label(.quit))
        if readOnly, ownStars {
            return [
                "read-only · \(favorite) fav · \(undo) undo · \(filter) filter · \(help) help · \(quit) quit",
                "read-only · \(favorite) fav · \(undo) undo · \(help) help",
                "\(favorite) fav · \(help) help",
                "\(help) help",
            ]
        }
        if readOnly {
            return ["read-only · \(filter) filter · \(help) help · \(quit) quit", "read-only · \(help) help", "\(help) help"]
        }
        return [
            "\(favorite) favorite · \(delete) delete · \(undo) undo · \(filter) filter · \(help) help · \(quit) quit",
            "\(favorite) fav · \(delete) delete · \(undo) undo · \(filter) filter · \(help) help",
            "\(favorite) fav · \(delete) del · \(undo) undo · \(help) help",
            "\(help) help",
        ]
    }

    /// A picker's hints: how to choose, what tab and the control keys do, and how to leave without choosing.
    /// A command left without a key in the picker (a config file took it) is not named.
    private static func pickHints(_ keyMap: KeyMap) -> [String] {
        func hint(_ command: Command, _ word: String) -> String? {
            keyMap.keys(for: command).first.map { "\($0.name) \(word)" }
        }
        func line(_ parts: String?...) -> String? {
            let shown = parts.compactMap { $0 }
            return shown.isEmpty ? nil : shown.joined(separator: " · ")
        }
        let (pick, mark, help, cancel) = (hint(.activate, "pick"), hint(.mark, "mark"), hint(.help, "help"), hint(.back, "cancel"))
        let lines = [
            line(pick, mark, hint(.toggleFavorite, "favorite"), hint(.favoritesView, "favorites"), help, cancel),
            line(pick, mark, hint(.toggleFavorite, "fav"), help, cancel),
            line(pick, mark, hint(.toggleFavorite, "fav"), help),
            line(pick, cancel),
            line(help),
        ]
        return lines.compactMap { $0 }
    }

    /// The help overlay's box and lines on a `width`×`height` screen: one line a binding, its text wrapped
    /// when the box is too narrow for it (keys on the first line only); none when the screen is too small.
    /// Every binding's text is measured and wrapped: a browser keeps the last layout (`Browser.helpLayout`).
    static func helpLayout(_ keyMap: KeyMap, width: Int, height: Int) -> HelpLayout {
        let rows = keyMap.bindings.filter { !$0.keys.isEmpty }.map { binding in
            (binding.keys.map(\.name).joined(separator: ", "), binding.help)
        }
        let keysWidth = rows.map { TextWidth.of($0.0) }.max() ?? 0
        let textWidth = rows.map { keysWidth + 2 + TextWidth.of($0.1) }.max() ?? 0
        let boxWidth = min(width - 2, textWidth + 4)
        let helpWidth = max(1, boxWidth - 4 - keysWidth - 2)
        let lines = rows.flatMap { keys, help in
            TextWidth.wrap(help, to: helpWidth).enumerated().map { index, text in
                let label = index == 0 ? keys : ""
                return label.padding(toLength: label.count + keysWidth - TextWidth.of(label), withPad: " ", startingAt: 0)
                    + "  " + text
            }
        }
        let boxHeight = min(height - 2, lines.count + 3)
        guard boxWidth >= 10, boxHeight >= 4 else { return HelpLayout(width: width, height: height, shown: nil) }
        let box = Rect(x: (width - boxWidth) / 2, y: (height - boxHeight) / 2, width: boxWidth, height: boxHeight)
        return HelpLayout(width: width, height: height, shown: (box, lines))
    }

    /// The help overlay, generated from the key map, centred over the screen, from line `offset` on:
    /// on a small screen it scrolls (j/k), so every binding can be read at any size.
    static func help(into canvas: inout Canvas, _ layout: HelpLayout, keyMap: KeyMap, offset: Int) {
        guard let (box, lines) = layout.shown else { return }
        for y in box.y..<box.maxY { canvas.fill(row: y, column: box.x, count: box.width) }
        let visible = box.height - 3
        let shown = lines.dropFirst(offset).prefix(visible)
        let scrolls = visible < lines.count
        canvas.box(box, title: scrolls ? "Keys \(offset + 1)-\(offset + shown.count)/\(lines.count)" : "Keys", focused: true)
        for (index, line) in shown.enumerated() {
            canvas.put(canvas.glyphs.chrome(line), row: box.y + 1 + index, column: box.x + 2, limit: box.width - 4)
        }
        // The help mode's keys follow the key map (Modes.swift): its move keys scroll, back and help close.
        let (down, up) = (keyMap.label(.moveDown), keyMap.label(.moveUp))
        let (back, help) = (keyMap.label(.back), keyMap.label(.help))
        canvas.put(canvas.glyphs.chrome(scrolls ? "\(down)/\(up) scroll · \(back) closes" : "\(back) or \(help) closes"), row: box.maxY - 2,
                   column: box.x + 2, limit: box.width - 4, style: .dim)
    }
}

/// The help overlay laid out for one screen size (`Chrome.helpLayout`).
struct HelpLayout {
    let width: Int
    let height: Int
    /// The box and its lines; nil when the screen is too small for the overlay.
    let shown: (box: Rect, lines: [String])?

    /// How many lines the overlay shows at once.
    var rows: Int { shown.map { $0.box.height - 3 } ?? 0 }

    /// The first line the help can start at, so that its last page is full.
    var maximumOffset: Int { shown.map { max(0, $0.lines.count - ($0.box.height - 3)) } ?? 0 }
}
