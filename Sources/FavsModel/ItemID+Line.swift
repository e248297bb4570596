import Foundation

/// The ids of lines (`favs pick --stdin`): a line is bytes, exactly, and an id is a String. A line that is
/// UTF-8 is its own id, as it always was (so memories written before keep their stars); any other line's id
/// is a line feed and the line's bytes in lowercase hex. No line holds a line feed, so no UTF-8 line has such
/// an id, and two lines never share one: `a\xffb`, `a\xfeb` and `a\u{FFFD}b` are three items, and the bytes
/// come back exactly for printing. What a user reads is the line decoded, a U+FFFD for each byte that is not
/// UTF-8 (`readable`): the encoded form is never shown.
extension ItemID {
    /// The id of the line `bytes`.
    public init(line bytes: UnsafeRawBufferPointer) {
        if UTF8Check.isValid(bytes) {
            self.init(String(decoding: bytes, as: UTF8.self))
        } else {
            self.init(String(decoding: Self.encoded(line: bytes), as: UTF8.self))
        }
    }

    /// The id of a line that is not UTF-8, as bytes (what the builder stores).
    static func encoded(line bytes: UnsafeRawBufferPointer) -> [UInt8] {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var id: [UInt8] = [0x0A]
        id.reserveCapacity(1 + 2 * bytes.count)
        for byte in bytes {
            id.append(digits[Int(byte >> 4)])
            id.append(digits[Int(byte & 0x0F)])
        }
        return id
    }

    /// The bytes of the line this id stands for, when it is the id of a line that is not UTF-8; nil for every
    /// other id (a UTF-8 line's id is its own text, and an id that merely looks encoded is taken as written).
    public var lineBytes: [UInt8]? { Self.lineBytes(ofID: rawValue.utf8) }

    /// `lineBytes` of the id whose UTF-8 is `utf8` (as a library stores it), without making the id.
    static func lineBytes(ofID utf8: some Collection<UInt8>) -> [UInt8]? {
        guard utf8.first == 0x0A, utf8.count >= 3, utf8.count % 2 == 1 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        var high: UInt8?
        for digit in utf8.dropFirst() {
            let value: UInt8
            switch digit {
            case 0x30...0x39: value = digit - 0x30
            case 0x61...0x66: value = digit - 0x61 + 10
            default: return nil
            }
            if let first = high {
                bytes.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        // Only what `init(line:)` makes: a line (no line feed) that is not UTF-8.
        let valid = bytes.withUnsafeBytes(UTF8Check.isValid)
        return valid || bytes.contains(0x0A) ? nil : bytes
    }

    /// The bytes this id stands for: a line's exact bytes, or any other id's UTF-8.
    public var bytes: [UInt8] { lineBytes ?? Array(rawValue.utf8) }

    /// The id as a user reads it: a line that is not UTF-8 decoded (U+FFFD for each byte that is not), any
    /// other id as written.
    public var readable: String {
        lineBytes.map { String(decoding: $0, as: UTF8.self) } ?? rawValue
    }
}

/// Whether bytes are well-formed UTF-8 (the Unicode standard's table 3-7: no overlong forms, no surrogates,
/// nothing past U+10FFFF), without making a String: a million piped lines are checked in one pass.
public enum UTF8Check {
    /// The offset of the first byte from `start` on that is not ASCII (`bytes.count` when there is none): eight
    /// bytes at a time, then one by one.
    static func endOfASCII(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var i = start
        while i + 8 <= bytes.count, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
            i += 8
        }
        while i < bytes.count, bytes[i] < 0x80 { i += 1 }
        return i
    }

    public static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool { scalarCount(bytes) != nil }

    /// The Unicode scalars in `bytes` (as many as bytes: ASCII alone), or nil when they are not well-formed UTF-8.
    static func scalarCount(_ bytes: UnsafeRawBufferPointer) -> Int? {
        let count = bytes.count
        var i = 0
        var scalars = 0
        while i < count {
            let asciiEnd = endOfASCII(bytes, from: i)  // nearly every line is ASCII
            scalars += asciiEnd - i
            i = asciiEnd
            guard i < count else { return scalars }
            let lead = bytes[i]
            let length: Int, second: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return nil
            }
            guard i + length <= count, second.contains(bytes[i + 1]) else { return nil }
            for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return nil }
            i += length
            scalars += 1
        }
        return scalars
    }
}
