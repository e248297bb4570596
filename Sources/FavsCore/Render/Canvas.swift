import FavsModel
import Foundation

/// How a cell is drawn. The terminal maps these to ncurses attributes; text frames ignore them.
public struct Style: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let reverse = Style(rawValue: 1)
    public static let bold = Style(rawValue: 2)
    public static let dim = Style(rawValue: 4)
    /// Set by the theme, not by panes: a filter match is underlined, so it shows without colour too.
    public static let underline = Style(rawValue: 8)
}

/// One terminal cell. A wide character fills its cell and the next one, which holds an empty continuation.
public struct Cell: Hashable, Sendable {
    /// The character that starts here; "" for the right half of a wide character.
    public var text: String
    public var style: Style
    /// What the cell means (a star, the focused border, …); the terminal's `Theme` gives it a colour.
    public var role: Role = .plain
    public static let blank = Cell(text: " ", style: [])
    public var isContinuation: Bool { text.isEmpty }
}

/// A rectangle of cells, in columns and rows.
public struct Rect: Hashable, Sendable {
    public var x, y, width, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, max(0, width), max(0, height))
    }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
}

/// A grid of cells measured in display columns: what panes draw into and screens show.
public struct Canvas: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// The characters the canvas draws its own marks with: borders and the `…` of cut text.
    public let glyphs: Glyphs
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int, glyphs: Glyphs = .unicode) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.glyphs = glyphs
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(row: Int, column: Int) -> Cell { cells[row * width + column] }

    /// Writes `text` at a row and column, sanitized, within `limit` columns (default: to the right edge).
    /// Text that does not fit is cut with the glyphs' ellipsis. Returns the number of columns written.
    @discardableResult
    public mutating func put(_ text: String, row: Int, column: Int, limit: Int? = nil, style: Style = [],
                             role: Role = .plain) -> Int {
        guard row >= 0, row < height, column >= 0, column < width else { return 0 }
        let room = min(limit ?? width - column, width - column)
        guard room > 0 else { return 0 }
        let shown = TextWidth.truncate(Sanitize.visible(text), to: room, ellipsis: glyphs.ellipsis)
        var x = column
        for character in shown {
            let w = TextWidth.of(character)
            guard w > 0 else { continue }
            guard x + w <= column + room else { break }
            set(row: row, column: x, Cell(text: String(character), style: style, role: role))
            if w == 2 { set(row: row, column: x + 1, Cell(text: "", style: style, role: role)) }
            x += w
        }
        return x - column
    }

    /// Fills columns with blanks of a style, e.g. to pad a highlighted row.
    public mutating func fill(row: Int, column: Int, count: Int, style: Style = []) {
        guard row >= 0, row < height else { return }
        for x in max(0, column)..<min(width, column + count) { set(row: row, column: x, Cell(text: " ", style: style)) }
    }

    /// Adds a style to every cell of a row range (keeps the text).
    public mutating func addStyle(_ style: Style, row: Int, column: Int, count: Int) {
        guard row >= 0, row < height else { return }
        for x in max(0, column)..<min(width, column + count) { cells[row * width + x].style.formUnion(style) }
    }

    /// Gives every cell of a row range a role (keeps the text and the style), e.g. the part of a title a
    /// filter matched.
    public mutating func addRole(_ role: Role, row: Int, column: Int, count: Int) {
        guard row >= 0, row < height else { return }
        for x in max(0, column)..<min(width, column + count) { cells[row * width + x].role = role }
    }

    /// Draws a box border with a title. The focused pane gets a heavy border and a bold title in the accent role.
    public mutating func box(_ rect: Rect, title: String, focused: Bool) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let border = focused ? glyphs.heavy : glyphs.light
        let style: Style = focused ? .bold : []
        let role: Role = focused ? .accent : .plain
        // Each glyph measured once, not again at every cell it fills (`putGlyph`).
        let horizontal = Self.glyphCell(border.horizontal, style, role)
        let vertical = Self.glyphCell(border.vertical, style, role)
        for x in rect.x..<rect.maxX {
            putGlyph(horizontal, border.horizontal, row: rect.y, column: x, style: style, role: role)
            putGlyph(horizontal, border.horizontal, row: rect.maxY - 1, column: x, style: style, role: role)
        }
        for y in rect.y..<rect.maxY {
            putGlyph(vertical, border.vertical, row: y, column: rect.x, style: style, role: role)
            putGlyph(vertical, border.vertical, row: y, column: rect.maxX - 1, style: style, role: role)
        }
        put(border.topLeft, row: rect.y, column: rect.x, style: style, role: role)
        put(border.topRight, row: rect.y, column: rect.maxX - 1, style: style, role: role)
        put(border.bottomLeft, row: rect.maxY - 1, column: rect.x, style: style, role: role)
        put(border.bottomRight, row: rect.maxY - 1, column: rect.maxX - 1, style: style, role: role)
        if rect.width > 4 {
            put(" \(glyphs.chrome(title)) ", row: rect.y, column: rect.x + 1, limit: rect.width - 2, style: style,
                role: role)
        }
    }

    /// Copies another canvas onto this one with its top-left corner at a point.
    public mutating func blit(_ other: Canvas, x: Int, y: Int) {
        for row in 0..<other.height where y + row >= 0 && y + row < height {
            for column in 0..<other.width where x + column >= 0 && x + column < width {
                cells[(y + row) * width + x + column] = other[row, column]
            }
        }
    }

    /// The screen as plain text, one string per row, trailing spaces trimmed.
    public var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width { line += self[row, column].text }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The cell a border glyph fills when it is one character, one column wide, that needs nothing made visible (every
    /// glyph set's are): `put` with a limit of one column writes just that cell. Nil for any other text.
    private static func glyphCell(_ text: String, _ style: Style, _ role: Role) -> Cell? {
        guard text.count == 1, let character = text.first, TextWidth.of(character) == 1, Sanitize.visible(text) == text
        else { return nil }
        return Cell(text: text, style: style, role: role)
    }

    /// A border glyph at a cell: its `glyphCell` set as it is, or the text written through `put` (measuring each cell
    /// of every border again was a fifth of the no-drift test's time, in a debug build).
    private mutating func putGlyph(_ cell: Cell?, _ text: String, row: Int, column: Int, style: Style, role: Role) {
        guard let cell else {
            put(text, row: row, column: column, limit: 1, style: style, role: role)
            return
        }
        guard row >= 0, row < height, column >= 0, column < width else { return }
        set(row: row, column: column, cell)
    }

    /// Sets a cell, repairing any wide character it cuts in half.
    private mutating func set(row: Int, column: Int, _ cell: Cell) {
        let i = row * width + column
        if cells[i].isContinuation && !cell.isContinuation && column > 0 { cells[i - 1].text = " " }
        if !cells[i].isContinuation && column + 1 < width && cells[i + 1].isContinuation { cells[i + 1].text = " " }
        cells[i] = cell
    }
}
