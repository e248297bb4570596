/// Reads CSV rows by RFC 4180 from UTF-8 bytes, in one pass that also refuses what it cannot read for sure.
///
/// A quote opens a quoted cell only at the start of a cell; elsewhere it is an ordinary character
/// (`5" floppy`). Inside a quoted cell `""` is a quote, and commas and line breaks are text. LF, CRLF and a
/// lone CR each end a row and count as one line, inside quoted cells too, so every row knows the line it
/// starts on. Two mistakes are errors that point at the character to fix, because reading past them would
/// merge rows without a word: a quote that is never closed, and text after a closing quote (`"a"b`).
///
/// A file read piece by piece (`isFinal` false) may end inside a row: the reader then stops before that row,
/// which `consumed` points at, so the caller can hand it over again with the bytes that follow.
///
/// It works on bytes, not Characters: every byte it looks for is ASCII, which never occurs inside a
/// multi-byte UTF-8 sequence, and a million rows cannot afford grapheme breaking.
struct CSVRowReader: DelimitedRowReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private let isFinal: Bool
    private var offset = 0
    /// The line the next row starts on.
    private(set) var line: Int
    /// Where the current line starts, to count the column of an error.
    private var lineStart = 0
    /// The text of a cell with `""` in it, put together from the runs between them.
    private var unescaped: [UInt8] = []

    /// A row that runs past the end of bytes that are not the file's last.
    private struct Incomplete: Error {}

    /// Reads from `bytes`, which must outlive the reader; `file` names the file in errors. The first byte starts
    /// line `firstLine`; `isFinal` false says more of the file follows, so a row cut short is not an error.
    init(bytes: UnsafeBufferPointer<UInt8>, file: String, firstLine: Int = 1, isFinal: Bool = true) {
        self.bytes = bytes
        self.file = file
        self.isFinal = isFinal
        line = firstLine
    }

    /// How many bytes the rows read so far took: where the next row starts.
    var consumed: Int { offset }

    mutating func read(into row: inout DelimitedRow) throws -> Bool {
        guard offset < bytes.count else { return false }
        if isFinal { return try readRow(into: &row) }
        let start = (offset, line, lineStart)
        do {
            return try readRow(into: &row)
        } catch is Incomplete {
            (offset, line, lineStart) = start
            return false
        }
    }

    private mutating func readRow(into row: inout DelimitedRow) throws -> Bool {
        row.cells.removeAll(keepingCapacity: true)
        row.line = line
        while true {
            if bytes[offset...].first == .quote {
                row.cells.append(try quotedCell())
            } else {
                let start = offset
                while offset < bytes.count, !Self.endsUnquotedCell(bytes[offset]) { offset += 1 }
                row.cells.append(text(bytes[start..<offset]))
            }
            // A cell ends at a comma, a line break or the end of the file (a quoted one has made sure of that).
            guard offset < bytes.count else {
                if isFinal { return true }
                throw Incomplete()
            }
            let separator = bytes[offset]
            offset += 1
            if separator == .comma { continue }
            // A CR at the end of a piece may be the first half of a CRLF.
            if separator == .carriageReturn, offset == bytes.count, !isFinal { throw Incomplete() }
            if separator == .carriageReturn, bytes[offset...].first == .lineFeed { offset += 1 }
            startLine()
            return true
        }
    }

    /// Reads a quoted cell, from its opening quote to just after its closing one.
    private mutating func quotedCell() throws -> String {
        let opening = (offset: offset, line: line, lineStart: lineStart)
        offset += 1
        var runStart = offset
        unescaped.removeAll(keepingCapacity: true)
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case .quote where bytes[offset...].first == .quote:
                // `""`: the run so far, with the first quote, is text; the second is skipped.
                unescaped.append(contentsOf: bytes[runStart..<offset])
                offset += 1
                runStart = offset
            case .quote:
                let run = bytes[runStart..<offset - 1]
                let cell: String
                if unescaped.isEmpty {
                    cell = text(run)
                } else {
                    unescaped.append(contentsOf: run)
                    cell = String(decoding: unescaped, as: UTF8.self)
                }
                if let next = bytes[offset...].first, next != .comma, next != .lineFeed, next != .carriageReturn {
                    throw error(#"text after a closing quote (write a quote inside a quoted field as "")"#,
                                line: line, offset: offset, lineStart: lineStart)
                }
                return cell
            case .lineFeed: startLine()
            case .carriageReturn where bytes[offset...].first != .lineFeed: startLine()
            default: break
            }
        }
        if !isFinal { throw Incomplete() }
        throw error("unterminated quoted field: this quote is never closed",
                    line: opening.line, offset: opening.offset, lineStart: opening.lineStart)
    }

    /// Counts a line break just read: the next line starts at the current offset.
    private mutating func startLine() {
        line += 1
        lineStart = offset
    }

    /// Whether a byte ends an unquoted cell: a comma, LF or CR (the first test is a shortcut for most text).
    private static func endsUnquotedCell(_ byte: UInt8) -> Bool {
        byte <= .comma && (byte == .comma || byte == .lineFeed || byte == .carriageReturn)
    }

    private func text(_ slice: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: slice), as: UTF8.self)
    }

    /// An error at the byte `offset`, whose column counts Unicode scalars (UTF-8 continuation bytes do not).
    private func error(_ message: String, line: Int, offset: Int, lineStart: Int) -> ImportError {
        let column = 1 + bytes[lineStart..<offset].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return ImportError(file: file, line: line, column: column, message: message)
    }
}

private extension UInt8 {
    static var quote: UInt8 { 0x22 }
    static var comma: UInt8 { 0x2C }
    static var lineFeed: UInt8 { 0x0A }
    static var carriageReturn: UInt8 { 0x0D }
}
