import FavsModel
import Foundation

/// Makes item text safe to show: control characters and escape sequences become visible symbols.
///
/// Data never reaches the terminal raw. C0 controls become Control Pictures (ESC is `␛`, TAB `␉`,
/// newline `␊`), DEL becomes `␡`, and C1 controls and bidirectional overrides become `�`.
public enum Sanitize {
    /// The text with every unsafe scalar replaced by a visible one.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isUnsafe(scalar) ? replacement(for: scalar) : scalar)
        }
        return String(result)
    }

    /// Whether every byte is a printable ASCII character (space to `~`): such text is shown as it is stored
    /// (`visible` leaves it as it is), one column a byte. Eight bytes at a time: none with its high bit set (not
    /// ASCII), none below a space (a control character), none equal to DEL.
    public static func isPrintableASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let count = bytes.count
        var i = 0
        var found: UInt64 = 0
        while i + 8 <= count {
            let word = (base + i).loadUnaligned(as: UInt64.self)
            // Where no high bit is set, a byte below 0x20 borrows in `word - 0x20…` and shows a high bit there, and so
            // does a byte equal to 0x7F in `(word ^ 0x7F…) - 1…` (it is 0 there).
            let other = word ^ 0x7F &* ones
            found |= word | ((word &- 0x20 &* ones) & ~word) | ((other &- ones) & ~other)
            i += 8
        }
        guard found & highs == 0 else { return false }
        while i < count {
            guard base.load(fromByteOffset: i, as: UInt8.self) &- 0x20 < 0x5F else { return false }
            i += 1
        }
        return true
    }

    /// Whether UTF-8 bytes are shown as they are stored: well-formed, with no scalar that `visible` replaces (a
    /// control character, C0, DEL or C1, or a bidi embedding or isolate), found in the bytes without decoding.
    public static func isShownAsStored(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !isPrintableASCII(bytes) else { return true }
        guard UTF8Check.isValid(bytes) else { return false }
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            switch lead {
            case ..<0x20, 0x7F: return false
            case ..<0x80: i += 1
            case 0xC2 where bytes[i + 1] < 0xA0: return false  // U+0080–U+009F
            case 0xE2 where bytes[i + 1] == 0x80 && (0xAA...0xAE).contains(bytes[i + 2]): return false  // U+202A–U+202E
            case 0xE2 where bytes[i + 1] == 0x81 && (0xA6...0xA9).contains(bytes[i + 2]): return false  // U+2066–U+2069
            default: i += lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            }
        }
        return true
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isControlCharacter { return true }
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069: return true  // bidi embeddings and isolates reorder the screen
        default: return false
        }
    }

    static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        // Unicode has a picture for each C0 control and DEL (U+2400–U+2421), none for C1.
        switch scalar.value {
        case 0x00...0x1F: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
        case 0x7F: "\u{2421}"
        default: "\u{FFFD}"
        }
    }
}
