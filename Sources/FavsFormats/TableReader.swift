import CSV
import Foundation

/// Reads CSV and TSV files: a header row, then one record per row, each knowing the line it starts on.
enum TableReader {
    /// Reads CSV with yaslab/CSV.swift, after `CSVQuoteCheck` has refused what that package would misread.
    ///
    /// The package hands back cells, not positions, so a record's line is counted: the header starts on line 1,
    /// and each record starts one line after the previous one's start, plus the line breaks inside its cells.
    /// The package ends a row at LF, CRLF or a lone CR, so each of those counts as one line break.
    static func readCSV(_ text: String, file: String, idColumn: String,
                        titleColumn: String?) throws -> [ImportRecord] {
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
            try mapper.add(cells, line: line)
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
                        titleColumn: String?) throws -> [ImportRecord] {
        if text.allSatisfy(\.isWhitespace) { return [] }
        let lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard let header = lines.first else { return [] }
        var mapper = try TableMapper(header: tabCells(header), file: file, idColumn: idColumn,
                                     titleColumn: titleColumn)
        for (index, line) in lines.enumerated().dropFirst() {
            try mapper.add(tabCells(line), line: index + 1)
        }
        return mapper.records
    }

    /// The cells of one TSV line, without its line break.
    private static func tabCells(_ line: Substring.UTF8View) -> [String] {
        let line = line.last == 0x0D ? line.dropLast() : line
        return line.split(separator: 0x09, omittingEmptySubsequences: false).map { String(Substring($0)) }
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
