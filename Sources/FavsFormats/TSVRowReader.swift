/// Reads TSV rows: lines split on LF, CRLF or a lone CR (as CSV rows are), cells split on tabs.
///
/// Only splitting, on purpose: the IANA text/tab-separated-values format has no quoting and no escapes, so a
/// `"` is an ordinary character. A CSV parser in tab mode would take a stray quote for an opening one and
/// merge the following lines into one cell, losing rows.
struct TSVRowReader: DelimitedRowReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var lineStart = 0
    /// The line the next row starts on.
    private(set) var line: Int

    /// Reads from `bytes`, which must outlive the reader; the first byte starts line `firstLine` (a chunk of a
    /// file that is read piece by piece starts on a later line).
    init(bytes: UnsafeBufferPointer<UInt8>, firstLine: Int = 1) {
        self.bytes = bytes
        line = firstLine
    }

    mutating func read(into row: inout DelimitedRow) -> Bool {
        // A final line feed is followed by one more, empty line, which the mapper skips as blank.
        guard lineStart <= bytes.count else { return false }
        // A lone CR ends a line too: a file written with old Mac line ends would otherwise be one header line,
        // its rows read as column names and nothing imported.
        let end = bytes[lineStart...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
        let lineEnd = end + 1 < bytes.count && bytes[end] == 0x0D && bytes[end + 1] == 0x0A ? end + 1 : end
        row.cells.removeAll(keepingCapacity: true)
        row.line = line
        var cellStart = lineStart
        while let tab = bytes[cellStart..<end].firstIndex(of: 0x09) {
            row.cells.append(text(cellStart..<tab))
            cellStart = tab + 1
        }
        row.cells.append(text(cellStart..<end))
        lineStart = lineEnd + 1
        line += 1
        return true
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}

/// One row of a CSV or TSV file: its cells, and the line it starts on (1-based).
struct DelimitedRow: Equatable {
    var cells: [String] = []
    var line = 0
}

/// Reads the rows of a CSV or TSV file one at a time from its UTF-8 bytes.
protocol DelimitedRowReader {
    /// Reads the next row into `row`, reusing its storage; false after the last row.
    mutating func read(into row: inout DelimitedRow) throws -> Bool
}
