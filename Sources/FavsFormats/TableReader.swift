import CSV
import Foundation

/// Reads CSV and TSV files: a header row, then one record per row, each knowing the line it starts on.
enum TableReader {
    /// Reads CSV with yaslab/CSV.swift, after `CSVQuoteCheck` has refused what that package would misread.
    ///
    /// The package hands back cells, not positions, so a record's line is counted: the header starts on line 1,
    /// and each record starts one line after the previous one's start, plus the line breaks inside its cells.
    /// The package ends a row at LF, CRLF or a lone CR, so each of those counts as one line break.
    static func readCSV(_ text: Substring, file: String, idColumn: String,
                        titleColumn: String?, ids: inout DuplicateIDCheck) throws -> [ImportRecord] {
        let text = String(text)
        try CSVQuoteCheck.check(text, file: file)
        if text.allSatisfy(\.isWhitespace) { return [] }
        let reader: CSVReader
        do {
            reader = try CSVReader(string: text, hasHeaderRow: true)
        } catch {
            throw ImportError(file: file, line: 1, column: 1, message: "cannot read the CSV header (\(error))")
        }
        guard let header = reader.headerRow else { return [] }
        var mapper = try TableMapper(header: header, file: file, idColumn: idColumn, titleColumn: titleColumn)
        var line = 2 + lineBreaks(in: header)
        while let cells = reader.next() {
            try mapper.add(cells, line: line, ids: &ids)
            line += 1 + lineBreaks(in: cells)
        }
        return mapper.records
    }

    /// Reads TSV: lines split on LF (one trailing CR dropped), cells split on tabs.
    ///
    /// Written by hand on purpose, because it is only splitting: the IANA text/tab-separated-values format has
    /// no quoting and no escapes, so a `"` is an ordinary character. A CSV parser in tab mode would take a
    /// stray quote for an opening one and merge the following lines into one cell, losing rows.
    static func readTSV(_ text: Substring, file: String, idColumn: String,
                        titleColumn: String?, ids: inout DuplicateIDCheck) throws -> [ImportRecord] {
        if text.allSatisfy(\.isWhitespace) { return [] }
        var text = text
        return try text.withUTF8 { bytes in
            // Splitting the bytes in place: no array of lines, one String per cell and nothing else.
            var lineStart = 0
            var cells: [String] = []
            func readLine() -> Bool {
                guard lineStart <= bytes.count else { return false }
                let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
                let end = lineEnd > lineStart && bytes[lineEnd - 1] == 0x0D ? lineEnd - 1 : lineEnd
                cells.removeAll(keepingCapacity: true)
                var cellStart = lineStart
                while let tab = bytes[cellStart..<end].firstIndex(of: 0x09) {
                    cells.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[cellStart..<tab]), as: UTF8.self))
                    cellStart = tab + 1
                }
                cells.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[cellStart..<end]), as: UTF8.self))
                lineStart = lineEnd + 1
                return true
            }
            guard readLine() else { return [] }
            var mapper = try TableMapper(header: cells, file: file, idColumn: idColumn, titleColumn: titleColumn)
            mapper.reserveCapacity(bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) })
            var line = 2
            while readLine() {
                try mapper.add(cells, line: line, ids: &ids)
                line += 1
            }
            return mapper.records
        }
    }

    /// The line breaks inside cells: LF, CRLF (one character in Swift) and a lone CR each count once.
    private static func lineBreaks(in cells: [String]) -> Int {
        var count = 0
        for cell in cells where cell.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            count += cell.reduce(0) { $0 + ($1 == "\n" || $1 == "\r\n" || $1 == "\r" ? 1 : 0) }
        }
        return count
    }
}
