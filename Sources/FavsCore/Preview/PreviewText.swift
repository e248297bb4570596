import FavsModel
import Foundation

/// A preview's output as the detail pane shows it: one line per line written, nothing that reaches the terminal
/// raw. Colour sequences (SGR: `ESC [ … m`) are left out, since the canvas draws roles, not arbitrary colours;
/// a tab becomes spaces to the next multiple of 8 columns, so columns line up; every other control character and
/// escape sequence is made visible (`Sanitize.visible`: ESC is `␛`). Bytes that are not UTF-8 show as `�`.
enum PreviewText {
    /// At most this many lines are laid out: a preview is read from the top.
    static let maximumLines = 5_000

    static func lines(_ bytes: [UInt8]) -> [String] {
        guard !bytes.isEmpty else { return [] }
        // Split on scalars: "\r\n" is one Character, which a split on the Character "\n" would not cut.
        var parts = String(decoding: bytes, as: UTF8.self).unicodeScalars
            .split(separator: "\n", maxSplits: maximumLines, omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true { parts.removeLast() }
        return parts.prefix(maximumLines).map { line(withoutColours(String(String.UnicodeScalarView($0)))) }
    }

    /// A line with its colour sequences left out.
    static func withoutColours(_ line: String) -> String {
        guard line.unicodeScalars.contains("\u{1B}") else { return line }
        var kept = String.UnicodeScalarView()
        let scalars = Array(line.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "[" {
                var j = i + 2
                while j < scalars.count, "0123456789;:".unicodeScalars.contains(scalars[j]) { j += 1 }
                if j < scalars.count, scalars[j] == "m" {
                    i = j + 1
                    continue
                }
            }
            kept.append(scalars[i])
            i += 1
        }
        return String(kept)
    }

    /// Tabs expanded, a line's closing carriage return dropped, every other control made visible.
    private static func line(_ text: String) -> String {
        var text = text
        if text.hasSuffix("\r") { text.removeLast() }
        guard text.contains("\t") else { return Sanitize.visible(text) }
        var expanded = ""
        var column = 0
        for character in text {
            if character == "\t" {
                let spaces = 8 - column % 8
                expanded += String(repeating: " ", count: spaces)
                column += spaces
            } else {
                let shown = Sanitize.visible(String(character))
                expanded += shown
                column += TextWidth.of(shown)
            }
        }
        return expanded
    }
}
