import FavsModel
import Foundation

/// Display width in terminal columns, the way glibc's `wcwidth` (and so ncurses) counts it.
///
/// The width of a character is the sum of its scalars' widths, exactly how ncurses advances the
/// cursor, so the canvas and the terminal never disagree about where a column is.
public enum TextWidth {
    /// Columns taken by a string (after sanitizing; control characters count as their visible form).
    public static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// Columns taken by one character.
    public static func of(_ character: Character) -> Int {
        character.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// Columns taken by one scalar: 0 for combining and format characters, 2 for wide ones, else 1.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return 1 }  // ASCII and Latin: the fast path
        // Frequent blocks whose width the tables below would give, without the Unicode property lookups:
        // dashes, quotes and `…`; box drawing and block elements (every pane border); CJK, kana, Hangul.
        if (0x2010...0x2027).contains(v) || (0x2500...0x259F).contains(v) { return 1 }
        if (0x4E00...0x9FFF).contains(v) || (0x3041...0x30FF).contains(v) || (0xAC00...0xD7A3).contains(v) { return 2 }
        if isZeroWidth(scalar) { return 0 }
        return isWide(v) || scalar.properties.isEmojiPresentation ? 2 : 1
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return (0x1160...0x11FF).contains(scalar.value)  // Hangul medial vowels and final consonants
        }
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15, as in glibc 2.36).
    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
             0x17000...0x18CFF, 0x1AFF0...0x1B2FF, 0x1F200...0x1F202, 0x1F210...0x1F23B,
             0x1F240...0x1F248, 0x1F250...0x1F251, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// The longest prefix of `text` that fits in `columns`, and its width.
    public static func prefix(_ text: String, fitting columns: Int) -> (text: Substring, width: Int) {
        var width = 0
        var end = text.startIndex
        for index in text.indices {
            let w = of(text[index])
            if width + w > columns { break }
            width += w
            end = text.index(after: index)
        }
        return (text[..<end], width)
    }

    /// The text cut to `columns` with an ellipsis (`…`, or `...` in ASCII) when it does not fit, never in the
    /// middle of a character. An ellipsis wider than the room is itself cut.
    public static func truncate(_ text: String, to columns: Int, ellipsis: String = "…") -> String {
        guard columns > 0 else { return "" }
        if of(text) <= columns { return text }
        let mark = prefix(ellipsis, fitting: columns)
        return String(prefix(text, fitting: columns - mark.width).text) + mark.text
    }
}

extension TextWidth {
    /// Splits text into lines of at most `columns`, breaking after a space where one is near,
    /// otherwise between characters (CJK text has no spaces). Always returns at least one line.
    public static func wrap(_ text: String, to columns: Int) -> [String] {
        guard columns > 0 else { return [""] }
        var lines: [String] = []
        var line: [Character] = [], widths: [Int] = [], total = 0
        for character in text {
            let w = of(character)
            while total + w > columns && !line.isEmpty {
                if let space = line.lastIndex(of: " "), space > line.count / 2 {
                    lines.append(String(line[..<space]))
                    line.removeFirst(space + 1)
                    widths.removeFirst(space + 1)
                } else {
                    lines.append(String(line))
                    line.removeAll()
                    widths.removeAll()
                }
                total = widths.reduce(0, +)
            }
            line.append(character)
            widths.append(w)
            total += w
        }
        lines.append(String(line))
        return lines
    }
}
