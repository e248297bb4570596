import Foundation

/// The characters favs draws its own marks with: the star, box borders, the `…` of cut text, and the
/// punctuation of the title bar, pane titles and status line. Item text in the panes is never changed
/// (a title quoted in a status message is status-line text, and is).
///
/// `ascii` is for terminals that cannot show UTF-8 (`--ascii`, or a locale that is not UTF-8). Every
/// ASCII glyph takes as many columns as the one it replaces, except the ellipsis (`...`, three), which
/// cut text makes room for, so the layout stays aligned.
public struct Glyphs: Hashable, Sendable {
    /// One box style: two lines and four corners.
    public struct Border: Hashable, Sendable {
        public var horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight: String
    }

    public var star: String
    /// A marked row's first column, and that of a marked row under the cursor.
    public var mark: String
    public var markedCursor: String
    public var ellipsis: String
    /// A folder of tags in the collections pane, open and closed.
    public var folderOpen: String, folderClosed: String
    /// The picked items' collection (`↻ Frequent`): U+21BB, one column in every terminal (East Asian width
    /// neutral, never emoji), where ★ is ambiguous already.
    public var picked: String
    /// The focused pane's border.
    public var heavy: Border
    /// Every other border.
    public var light: Border
    /// Chrome punctuation and its replacement (empty in the Unicode set).
    var punctuation: [Character: String]

    public static let unicode = Glyphs(
        star: "★", mark: "•", markedCursor: "»", ellipsis: "…", folderOpen: "▾", folderClosed: "▸", picked: "↻",
        heavy: Border(horizontal: "━", vertical: "┃", topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛"),
        light: Border(horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘"),
        punctuation: [:])

    /// The focused border keeps a shape of its own (`=`), so focus shows without colour or bold.
    public static let ascii = Glyphs(
        star: "*", mark: "+", markedCursor: "#", ellipsis: "...", folderOpen: "-", folderClosed: "+", picked: "^",
        heavy: Border(horizontal: "=", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+"),
        light: Border(horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+"),
        punctuation: ["★": "*", "•": "+", "»": "#", "·": "-", "—": "-", "–": "-", "“": "\"", "”": "\"", "▏": "_", "…": "...", "−": "-",
                      "↻": "^"])

    /// Chrome text (a pane title, the status line) in this set: its punctuation replaced, item text kept.
    public func chrome(_ text: String) -> String {
        guard !punctuation.isEmpty, text.contains(where: { punctuation[$0] != nil }) else { return text }
        var result = ""
        for character in text { result += punctuation[character] ?? String(character) }
        return result
    }
}
