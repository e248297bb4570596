import Foundation

/// Lower-cases text for the filter, straight into UTF-8 bytes: ASCII by arithmetic, scripts without case
/// (CJK, Hangul, emoji) as they are, Latin-1 letters by arithmetic, and any other letter by its Unicode
/// lowercase mapping (remembered per scalar, since a collection repeats few of them).
/// The filter compares folded title bytes with the folded query, so "crème", "CRÈME" and "Crème" match.
struct CaseFolding {
    private var lowercase = ScalarMap(CaseFolding.lowercased)

    /// Appends the folded UTF-8 of `text` to `output`.
    mutating func fold(_ text: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        let start = output.count
        output.append(contentsOf: text)
        // Most text folds to bytes of the same length: fold the copy in place.
        let folded = output.withUnsafeMutableBytes { bytes in
            foldInPlace(UnsafeMutableRawBufferPointer(rebasing: bytes[start...]))
        }
        if !folded {
            output.removeLast(output.count - start)
            output.append(contentsOf: foldByScalar(text))
        }
    }

    /// The folded bytes of a string (the query).
    mutating func fold(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        var text = text
        text.withUTF8 { fold(UnsafeRawBufferPointer($0), into: &output) }
        return output
    }

    /// Folds UTF-8 in place; false when some letter's lowercase has another length (the caller starts over).
    private mutating func foldInPlace(_ text: UnsafeMutableRawBufferPointer) -> Bool {
        var i = 0
        let count = text.count
        while i < count {
            let byte = text[i]
            if byte < 0x80 {
                if byte &- 0x41 < 26 { text[i] = byte | 0x20 }
                i += 1
                continue
            }
            let length = ScalarMap.length(lead: byte)
            guard i + length <= count else { return true }  // a cut-off sequence: left as it is
            let scalar = Self.decode(UnsafeRawBufferPointer(rebasing: text[i..<i + length]))
            if Self.hasNoCase(scalar) {
                i += length
                continue
            }
            if length == 2, scalar >= 0xC0, scalar <= 0xDE, scalar != 0xD7 {
                text[i + 1] += 0x20  // À-Þ → à-þ: U+00C0 + 0x20, in the second byte
                i += 2
                continue
            }
            let lower = lowercase.mapped(UnsafeRawBufferPointer(rebasing: text[i..<i + length]))
            guard lower.count == length else { return false }
            for (k, b) in lower.enumerated() { text[i + k] = b }
            i += length
        }
        return true
    }

    private mutating func foldByScalar(_ text: UnsafeRawBufferPointer) -> [UInt8] {
        var output: [UInt8] = []
        lowercase.append(text, to: &output)
        return output
    }

    /// A letter's Unicode lowercase mapping; any other scalar as it is.
    private static func lowercased(_ scalarBytes: UnsafeRawBufferPointer) -> [UInt8] {
        let string = String(decoding: scalarBytes, as: UTF8.self)
        guard string.unicodeScalars.count == 1, let scalar = string.unicodeScalars.first,
              scalar.properties.changesWhenLowercased else { return Array(scalarBytes) }
        return Array(scalar.properties.lowercaseMapping.utf8)
    }

    private static func decode(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        switch bytes.count {
        case 2: return UInt32(bytes[0] & 0x1F) << 6 | UInt32(bytes[1] & 0x3F)
        case 3: return UInt32(bytes[0] & 0x0F) << 12 | UInt32(bytes[1] & 0x3F) << 6 | UInt32(bytes[2] & 0x3F)
        case 4:
            return UInt32(bytes[0] & 0x07) << 18 | UInt32(bytes[1] & 0x3F) << 12 | UInt32(bytes[2] & 0x3F) << 6
                | UInt32(bytes[3] & 0x3F)
        default: return 0xFFFD
        }
    }

    /// Blocks without letter case: CJK radicals to Yi (kana, bopomofo, ideographs), Hangul syllables,
    /// compatibility ideographs, emoji and symbols, the supplementary ideographic planes.
    private static func hasNoCase(_ scalar: UInt32) -> Bool {
        (0x2E80...0xA4CF).contains(scalar) || (0xAC00...0xD7FF).contains(scalar) || (0xF900...0xFAFF).contains(scalar)
            || (0x1F000...0x1FAFF).contains(scalar) || scalar >= 0x20000
    }
}
