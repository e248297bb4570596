import Foundation

/// The mouse steps: `click COL ROW` and `wheel up|down COL ROW`, positions counted from 1 as terminals
/// report them (`click 1 1` is the top-left cell).
extension ScriptParser {
    /// Parses the words after `click` or `wheel` on the same line, consuming them from `rest`.
    static func mouseStep(_ word: Substring, rest: inout Substring, source: String, line: Int) throws -> ScriptStep {
        func fail(_ message: String) -> ScriptError { ScriptError(source: source, line: line, message: message) }
        var kind = MouseEvent.Kind.click
        if word == "wheel" {
            switch nextWord(&rest) {
            case "up": kind = .wheelUp
            case "down": kind = .wheelDown
            case "": throw fail("'wheel' needs up or down, then COL ROW (from 1)")
            case let other: throw fail("bad wheel direction '\(Sanitize.visible(String(other)))' (want up or down)")
            }
        }
        let words = [nextWord(&rest), nextWord(&rest)].filter { !$0.isEmpty }
        let cells = try words.map { word in
            guard let position = position(word) else {
                throw fail("bad position '\(Sanitize.visible(String(word)))' (want COL ROW, from 1)")
            }
            return position - 1  // the browser hit-tests 0-based cells
        }
        guard cells.count == 2 else { throw fail("'\(word)' needs a position: COL ROW (from 1)") }
        return .mouse(MouseEvent(kind, column: cells[0], row: cells[1]))
    }

    /// A column or row counted from 1 (digits only).
    private static func position(_ text: Substring) -> Int? {
        guard text.allSatisfy(\.isASCIIDigit), let value = Int(text), value >= 1 else { return nil }
        return value
    }

    /// The next word of the line, consumed with the blanks after it; empty at the end of the line.
    static func nextWord(_ rest: inout Substring) -> Substring {
        let word = rest.prefix { $0 != " " && $0 != "\t" }
        rest = rest.dropFirst(word.count).drop { $0 == " " || $0 == "\t" }
        return word
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
