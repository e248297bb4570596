import Foundation

/// What a cell means, as opposed to how it looks: panes say "this is a star", the terminal's `Theme`
/// decides that a star is yellow (or, with colour off, just a star). Roles live on the canvas, so tests
/// assert colour headless, as literal screens, the way they assert text.
public enum Role: UInt8, Hashable, Sendable, CaseIterable {
    case plain
    /// A favorite's star.
    case star
    /// The focused pane's border and title.
    case accent
    /// A field's name in the detail pane.
    case fieldName
    /// An error on the status line.
    case error
    /// The part of a title the filter matched.
    case match
    /// A marked row's mark.
    case mark

    /// The letter `Canvas.styleLines` shows for a cell in this role (lower case; upper case when reversed).
    public var letter: Character {
        switch self {
        case .plain: " "
        case .star: "y"
        case .accent: "a"
        case .fieldName: "f"
        case .error: "r"
        case .match: "m"
        case .mark: "k"
        }
    }
}

extension Canvas {
    /// The screen's styles, one string per row and one letter per cell (so a wide character has two),
    /// trailing spaces trimmed, to sit under `lines` in a test:
    ///
    /// - a cell with a role shows the role's letter: `y` star, `a` accent (the focused border and title),
    ///   `f` field name, `r` error, `m` filter match, `k` mark; in upper case when the cell is also reversed
    ///   (`Y` is the star on the selected row);
    /// - a cell without a role shows its attributes, the first that applies: `R` reverse, `B` bold, `D` dim,
    ///   `U` underline;
    /// - `' '` is a plain cell.
    public var styleLines: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width { line.append(Self.letter(for: self[row, column])) }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    static func letter(for cell: Cell) -> Character {
        if cell.role != .plain {
            let letter = cell.role.letter
            return cell.style.contains(.reverse) ? Character(letter.uppercased()) : letter
        }
        if cell.style.contains(.reverse) { return "R" }
        if cell.style.contains(.bold) { return "B" }
        if cell.style.contains(.dim) { return "D" }
        if cell.style.contains(.underline) { return "U" }
        return " "
    }
}
