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
