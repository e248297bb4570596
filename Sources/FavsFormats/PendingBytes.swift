import Foundation

/// The bytes of an import file read but not yet consumed, topped up one piece at a time.
struct PendingBytes<Input: ImportInput> {
    private var input: Input
    /// Where each read lands, allocated once.
    private var piece: [UInt8]
    private(set) var bytes: [UInt8] = []
    /// Whether the input has ended: `bytes` holds all that is left of the file.
    private(set) var atEnd = false
    /// How far `readHead` has looked for the first line, and whether it has seen anything but whitespace.
    private var headScanned = 0
    private var headHasContent = false
    /// How many of `bytes` are known to be UTF-8.
    private var validated = 0

    init(input: Input, pieceSize: Int) {
        self.input = input
        piece = [UInt8](repeating: 0, count: max(pieceSize, 1))
    }

    /// Reads until the file's first line with anything on it is whole (enough to decide the format and read the
    /// header), or the file ends; drops a UTF-8 byte order mark.
    mutating func readHead() throws {
        while !atEnd, bytes.count < 3 { try readMore() }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        while !atEnd, !hasWholeFirstLine() { try readMore() }
    }

    /// Whether a line break follows something other than whitespace. Only the bytes read since the last look
    /// are scanned, so a file on one long line is not scanned again for every piece. (A non-ASCII byte counts
    /// as content: at worst a line of Unicode spaces is read as the first line, as reading whole would too
    /// unless the whole file is spaces.)
    private mutating func hasWholeFirstLine() -> Bool {
        defer { headScanned = bytes.count }
        return bytes.withUnsafeBufferPointer { buffer in
            var index = headScanned
            while !headHasContent, index < buffer.count {
                switch buffer[index] {
                case 0x09...0x0D, 0x20: index += 1
                default: headHasContent = true
                }
            }
            return headHasContent && ByteSearch.first(0x0A, in: buffer, from: index) != nil
        }
    }

    /// Reads the rest of the file.
    mutating func readAll() throws {
        // Room for the whole file at once: grown by doubling, a 37 MB file took a 64 MB buffer and, while it grew,
        // the 32 MB one beside it.
        if let size = input.size, size > bytes.count { bytes.reserveCapacity(size + piece.count) }
        while !atEnd { try readMore() }
    }

    /// Reads one more piece, or learns that the file has ended.
    mutating func readMore() throws {
        let count = try piece.withUnsafeMutableBytes { try input.read(into: $0) }
        bytes.append(contentsOf: piece[..<count])
        if count == 0 { atEnd = true }
    }

    /// Forgets the first `count` bytes, which have been read.
    mutating func drop(_ count: Int) {
        bytes.removeFirst(count)
        validated -= count
    }

    /// Checks that the bytes up to `end` are UTF-8, pointing at the first that is not; `line` is the line the
    /// pending bytes start on.
    /// The bytes read, handed over: the file read whole, for a reader that lets go of it when it is done.
    mutating func take() -> [UInt8] {
        defer { (bytes, piece) = ([], []) }
        return bytes
    }

    mutating func validate(upTo end: Int, file: String, line: Int) throws {
        guard end > validated else { return }
        let valid = bytes.withUnsafeBufferPointer { buffer in
            UTF8Check.isValid(UnsafeBufferPointer(rebasing: buffer[validated..<end]))
        }
        // A piece ends at a line break, never inside a character; the last piece ends with the file.
        if !valid { throw invalidUTF8(upTo: end, file: file, line: line) }
        validated = end
    }

    /// Points at the first byte that is not UTF-8 (columns count Unicode scalars), so the user can find it.
    private func invalidUTF8(upTo end: Int, file: String, line: Int) -> ImportError {
        var line = line, column = 1
        var iterator = bytes[..<end].makeIterator()
        var decoder = UTF8()
        while case let .scalarValue(scalar) = decoder.decode(&iterator) {
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return ImportError(file: file, line: line, column: column, message: "not UTF-8 text")
    }
}

/// Whether bytes are UTF-8, without a copy of them: `String(validating:)` makes the String it checks, which for
/// a bookmark file read whole was a second copy of the file at the import's peak (37 MB for Chrome's at 100k).
enum UTF8Check {
    /// How many bytes each `String(validating:)` checks: small enough that its String is nothing to the peak.
    static let slice = 1 << 16

    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        while start < bytes.count {
            var end = min(start + slice, bytes.count)
            // A slice ends before a character's continuation bytes, so no character is cut in two (a run of them
            // longer than a character's is no UTF-8, and leaves the slice empty).
            while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            guard end > start, String(validating: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) != nil
            else { return false }
            start = end
        }
        return true
    }
}

/// `memchr` and `memrchr`: a piece can be a megabyte, and a line many pieces long.
enum ByteSearch {
    /// The index of the first `byte` at or after `start`.
    static func first(_ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = buffer.baseAddress, start < buffer.count else { return nil }
        guard let found = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// The index of the last `byte` in `start..<end` (glibc's `memrchr` is not in Swift's Glibc module).
    static func last(_ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int? {
        var index = end - 1
        while index >= start {
            if buffer[index] == byte { return index }
            index -= 1
        }
        return nil
    }
}
