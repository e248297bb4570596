import Foundation

/// A picture of the screen as SVG (`favs script --svg`, the README's screenshot): the cells on their grid in
/// the theme's 256-colour appearance, on a dark terminal (`TerminalPalette`).
///
/// Every cell sits at x = column × `cellWidth`, each drawn character in a `<tspan>` of its own, so a wide
/// character spans exactly two cells whatever width the viewer's fallback font gives it; its continuation
/// cell draws nothing. Blank cells draw nothing either (unless underlined), so the picture holds only the
/// characters a reader sees. A row's cells of one look share a `<text>`; a reversed cell's background is
/// a `<rect>`, merged along a row too. The same canvas always gives the same bytes.
public enum SVGImage {
    /// The width of a cell: 0.6 of the font size, the advance of common monospace fonts.
    public static let cellWidth = 9
    /// The height of a row.
    public static let cellHeight = 18
    public static let fontSize = 15
    /// From the top of a row to the text's baseline.
    static let baseline = 14
    public static let fontFamily = "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace"

    /// How the text of a cell is drawn; cells with equal ink share a `<text>`.
    struct Ink: Hashable {
        var fill: String
        var bold: Bool
        var dim: Bool
        var underline: Bool
    }

    /// The whole picture, ending in a newline.
    public static func render(_ canvas: Canvas, palette: Theme.Palette = [:]) -> String {
        let width = canvas.width * cellWidth, height = canvas.height * cellHeight
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" font-family="\(fontFamily)" font-size="\(fontSize)" \
            xml:space="preserve">

            """
        out += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(TerminalPalette.background)\"/>\n"
        for row in 0..<canvas.height {
            let cells = (0..<canvas.width).map { canvas[row, $0] }
            let looks = cells.map { look(of: $0, palette: palette) }
            for run in runs(looks.map(\.background)) where run.value != TerminalPalette.background {
                out += "<rect x=\"\(run.start * cellWidth)\" y=\"\(row * cellHeight)\" "
                    + "width=\"\(run.count * cellWidth)\" height=\"\(cellHeight)\" fill=\"\(run.value)\"/>\n"
            }
            for run in runs(looks.map(\.ink)) {
                let spans = (run.start..<run.start + run.count).compactMap { column -> String? in
                    let cell = cells[column]
                    guard !cell.isContinuation, cell.text != " " || run.value.underline else { return nil }
                    return "<tspan x=\"\(column * cellWidth)\">\(escaped(cell.text))</tspan>"
                }
                guard !spans.isEmpty else { continue }
                out += "<text y=\"\(row * cellHeight + baseline)\"\(attributes(of: run.value))>"
                    + spans.joined() + "</text>\n"
            }
        }
        return out + "</svg>\n"
    }

    /// A cell's text ink and background: the theme's appearance, reverse video swapping the two.
    static func look(of cell: Cell, palette: Theme.Palette) -> (ink: Ink, background: String) {
        let appearance = Theme.appearance(of: cell, colors: 256, palette: palette)
        let style = appearance.style
        var fill = TerminalPalette.hex(appearance.foreground)
        var background = TerminalPalette.background
        if style.contains(.reverse) { swap(&fill, &background) }
        return (Ink(fill: fill, bold: style.contains(.bold), dim: style.contains(.dim),
                    underline: style.contains(.underline)), background)
    }

    /// The `<text>` attributes for an ink, each with its leading space.
    static func attributes(of ink: Ink) -> String {
        var text = " fill=\"\(ink.fill)\""
        if ink.bold { text += " font-weight=\"bold\"" }
        if ink.dim { text += " opacity=\"0.6\"" }
        if ink.underline { text += " text-decoration=\"underline\"" }
        return text
    }

    /// Runs of equal neighbours: where each starts, how many, and the value.
    static func runs<Value: Equatable>(_ values: [Value]) -> [(start: Int, count: Int, value: Value)] {
        var result: [(start: Int, count: Int, value: Value)] = []
        for (index, value) in values.enumerated() {
            if let last = result.last, last.value == value {
                result[result.count - 1].count += 1
            } else {
                result.append((index, 1, value))
            }
        }
        return result
    }

    /// Text safe inside an element or a double-quoted attribute.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
