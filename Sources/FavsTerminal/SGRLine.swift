import FavsCore
import Foundation

/// A canvas row as the bytes for a terminal that is written to directly (the inline screen): each cell's
/// text, with an SGR sequence wherever the look changes (the same `Theme` as the full screen: bold, dim,
/// underline, reverse and the role's colour), ending in the default look. Every cell of the row is written,
/// so nothing is left to erase (an erase after the last column would take that column's character with it).
enum SGRLine {
    /// `colors`: 0 for none, 8, or 256 and more.
    static func render(_ canvas: Canvas, row: Int, colors: Int, palette: Theme.Palette) -> String {
        var out = ""
        var current = Theme.Appearance()
        for column in 0..<canvas.width {
            let cell = canvas[row, column]
            if cell.isContinuation { continue }
            let look = Theme.appearance(of: cell, colors: colors, palette: palette)
            if look != current {
                out += sgr(look, colors: colors)
                current = look
            }
            out += cell.text
        }
        if current != Theme.Appearance() { out += "\u{1B}[0m" }
        return out
    }

    /// The sequence that sets `look` from scratch (a reset first, so nothing of the previous look stays).
    static func sgr(_ look: Theme.Appearance, colors: Int) -> String {
        var codes = ["0"]
        if look.style.contains(.bold) { codes.append("1") }
        if look.style.contains(.dim) { codes.append("2") }
        if look.style.contains(.underline) { codes.append("4") }
        if look.style.contains(.reverse) { codes.append("7") }
        if let color = look.foreground {
            codes.append(colors >= 256 ? "38;5;\(color)" : color < 8 ? "\(30 + color)" : "\(90 + color - 8)")
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
