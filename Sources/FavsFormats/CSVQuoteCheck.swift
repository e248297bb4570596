/// Finds the quoting mistakes that yaslab/CSV.swift 2.5.2 reads silently wrong, before it reads the file.
///
/// The package reports no syntax errors. A quote that is never closed makes it swallow the rest of the file
/// into one cell, and text after a closing quote (`"a"b`) makes it drop a character and stay inside the
/// quotes, merging the following lines into one cell: rows vanish without a word. This pass walks the bytes
/// once, following the same rules as the package (a quote opens a quoted cell only at the start of a cell;
/// `""` inside one is a quote; LF, CRLF and a lone CR end a row), and turns both mistakes into errors that
/// point at the character to fix. It keeps no cells: the package still does the reading.
enum CSVQuoteCheck {
    static func check(_ text: String, file: String) throws {
        var walk = Walk(bytes: Array(text.utf8))
        try walk.run(file: file)
    }

    private struct Walk {
        let bytes: [UInt8]
        var offset = 0
        var line = 1
        var lineStart = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func run(file: String) throws {
            var atCellStart = true
            while offset < bytes.count {
                let byte = bytes[offset]
                if atCellStart, byte == UInt8(ascii: "\"") {
                    try skipQuotedCell(file: file)
                    atCellStart = false
                    continue
                }
                atCellStart = byte == UInt8(ascii: ",") || byte == 0x0A || byte == 0x0D
                advance()
            }
        }

        /// Moves past a quoted cell, from its opening quote to just after its closing one.
        private mutating func skipQuotedCell(file: String) throws {
            let opening = (line: line, column: column())
            advance()
            while true {
                guard offset < bytes.count else {
                    throw ImportError(file: file, line: opening.line, column: opening.column,
                                      message: "unterminated quoted field: this quote is never closed")
                }
                let byte = bytes[offset]
                advance()
                guard byte == UInt8(ascii: "\"") else { continue }
                guard offset < bytes.count else { return }
                switch bytes[offset] {
                case UInt8(ascii: "\""): advance()  // "" is a quote inside the cell
                case UInt8(ascii: ","), 0x0A, 0x0D: return
                default:
                    throw ImportError(file: file, line: line, column: column(),
                                      message: #"text after a closing quote (write a quote inside a quoted field as "")"#)
                }
            }
        }

        /// Steps over one byte, counting LF, CRLF and a lone CR as one line break each.
        private mutating func advance() {
            let byte = bytes[offset]
            offset += 1
            if byte == 0x0A || (byte == 0x0D && (offset == bytes.count || bytes[offset] != 0x0A)) {
                line += 1
                lineStart = offset
            }
        }

        /// The 1-based column of the current byte, in Unicode scalars (UTF-8 continuation bytes do not count).
        private func column() -> Int {
            1 + bytes[lineStart..<offset].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        }
    }
}
