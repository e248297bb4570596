/// Reads CSV and TSV files: a header row, then one record per row, each knowing the line it starts on.
enum TableReader {
    /// Reads CSV by RFC 4180 (see `CSVRowReader`).
    static func readCSV(_ text: Substring, file: String, idColumn: String, titleColumn: String?,
                        ids: inout DuplicateIDCheck) throws -> [ImportRecord] {
        try read(text, file: file, idColumn: idColumn, titleColumn: titleColumn, ids: &ids) { bytes in
            CSVRowReader(bytes: bytes, file: file)
        }
    }

    /// Reads TSV: no quoting, one row per line (see `TSVRowReader`).
    static func readTSV(_ text: Substring, file: String, idColumn: String, titleColumn: String?,
                        ids: inout DuplicateIDCheck) throws -> [ImportRecord] {
        try read(text, file: file, idColumn: idColumn, titleColumn: titleColumn, ids: &ids) { bytes in
            TSVRowReader(bytes: bytes)
        }
    }

    /// Maps the rows that `makeReader` reads from the text's bytes: the first is the header.
    private static func read<Reader: DelimitedRowReader>(
        _ text: Substring, file: String, idColumn: String, titleColumn: String?, ids: inout DuplicateIDCheck,
        reader makeReader: (UnsafeBufferPointer<UInt8>) -> Reader
    ) throws -> [ImportRecord] {
        if text.allSatisfy(\.isWhitespace) { return [] }
        var text = text
        // The readers walk the text's own bytes: no copy of a file that may be hundreds of megabytes.
        return try text.withUTF8 { bytes in
            var reader = makeReader(bytes)
            var row = DelimitedRow()
            guard try reader.read(into: &row) else { return [] }
            var mapper = try TableMapper(header: row.cells, file: file, idColumn: idColumn, titleColumn: titleColumn)
            // About one row per line feed: enough room, so a large file does not grow its tables step by step.
            let rows = bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            mapper.reserveCapacity(rows)
            ids.reserveCapacity(rows)
            while try reader.read(into: &row) {
                try mapper.add(row.cells, line: row.line, ids: &ids)
            }
            return mapper.records
        }
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
