import FavsModel

/// Writes JSON string literals: the one place that decides what is escaped, and how.
///
/// A quote and a backslash are escaped, and so is every control character (`\n`, `\r`, `\t`, `\b`, `\f`,
/// else `\u00xx` in lowercase hex). RFC 8259 requires only C0 to be escaped; DEL and C1 are escaped too, so
/// the output is safe to print on a terminal as well as valid JSON. Exports, field storage in the library and
/// compact JSON text all write through here, so a stored field and an exported one are the same bytes.
public enum JSONString {
    /// Appends `text` as a JSON string literal, in UTF-8.
    public static func write(_ text: String, to out: inout [UInt8]) {
        var text = text
        out.append(UInt8(ascii: "\""))
        text.withUTF8 { bytes in
            // Most text needs no escape: copy it whole.
            if needsEscape(bytes) { writeEscaped(bytes, to: &out) } else { out.append(contentsOf: bytes) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `text` as a JSON string literal.
    public static func write(_ text: String, to out: inout String) {
        guard needsEscape(text.utf8) else {
            // The common case stays in String: no bytes to copy and decode again.
            out += "\""
            out += text
            out += "\""
            return
        }
        var bytes: [UInt8] = []
        write(text, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// `text` as a JSON string literal: a value of one line of JSON Lines (`favs tags`, `favs searches`).
    public static func quoted(_ text: String) -> String {
        var out = ""
        write(text, to: &out)
        return out
    }

    /// Whether any byte needs an escape, or may (0xC2 also leads scalars that are not controls).
    private static func needsEscape(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.contains { $0 == 0x22 || $0 == 0x5C || Unicode.Scalar.mayStartControlCharacter(utf8: $0) }
    }

    private static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x22: out.append(contentsOf: #"\""#.utf8)
            case 0x5C: out.append(contentsOf: #"\\"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0x08: out.append(contentsOf: #"\b"#.utf8)
            case 0x0C: out.append(contentsOf: #"\f"#.utf8)
            default:
                if let control = Unicode.Scalar.controlCharacter(inUTF8: bytes, at: index) {
                    writeUnicodeEscape(control.scalar, to: &out)
                    index += control.length
                    continue
                }
                out.append(byte)
            }
            index += 1
        }
    }

    /// `\u00xx` with lowercase hex digits (every control character is below U+0100).
    private static func writeUnicodeEscape(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        func hex(_ digit: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: digit < 10 ? 0x30 + digit : 0x57 + digit) }
        out.append(contentsOf: #"\u00"#.utf8)
        out.append(hex(scalar.value >> 4 & 0xF))
        out.append(hex(scalar.value & 0xF))
    }
}
