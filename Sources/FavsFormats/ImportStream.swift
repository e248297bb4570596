import Foundation

/// Reads an import file piece by piece, handing each record on as soon as it is read: memory stays flat
/// whatever the file's size (the records go on to the library, never into an array).
///
/// Pieces end at a line break (in CSV, at the end of the last complete row), so the row readers and the
/// JSON Lines parser never see half a row: the next piece starts where the last row ended, on the line after
/// it. Each piece is checked to be UTF-8 before it is read. A JSON array document is the exception: it is one
/// value, so it is read whole (its records are still handed on one at a time). So is a bookmark file: its
/// bookmarks are gathered into items as they are read (`BookmarkMerge`: a URL in two folders is one item), which
/// are handed on once the file is read.
///
/// Every error is the one reading the file whole gives, at the same line and column, with one difference: a
/// byte that is not UTF-8 is reported when its piece is reached, so an error in an earlier piece comes first.
public enum ImportStream {
    /// How many bytes each read asks for.
    public static let pieceSize = 1 << 20

    /// Reads the records of `input`, named `file` in messages (its extension picks the format when `format`
    /// is `auto`), calling `each` for every record in file order and `progress` with the bytes read so far.
    /// Returns what a bookmark file's import merged and skipped (nothing for the other formats).
    @discardableResult
    public static func read(_ input: some ImportInput, file: String, format: ImportFormat = .auto,
                            idField: String = "id", titleField: String? = nil, pieceSize: Int = pieceSize,
                            progress: (Int) -> Void = { _ in },
                            _ each: (ImportRecord) throws -> Void) throws -> BookmarkCounts {
        var pending = PendingBytes(input: input, pieceSize: pieceSize)
        try pending.readHead()
        let resolved: ImportFormat
        if format != .auto {
            resolved = format
        } else if let bookmarks = ImportFormat.browserFile(head: pending.bytes) {
            resolved = bookmarks
        } else if let named = ImportFormat(fileName: file) {
            resolved = named
        } else {
            let head = String(decoding: pending.bytes, as: UTF8.self)
            resolved = format.resolved(fileName: file, text: Substring(head))
        }
        if let bookmarks = resolved.bookmarks {
            try pending.readAll()
            if bookmarks.isText { try pending.validate(upTo: pending.bytes.count, file: file, line: 1) }
            progress(pending.bytes.count)
            // The file handed over whole, so that it is let go once read, before the items go on.
            let whole = pending.take()
            var merge = BookmarkMerge()
            try bookmarks.read(consume whole, file, &merge)
            try merge.records(each)
            return merge.counts
        }
        var piece: any PieceReader
        switch resolved {
        case .firefox:
            throw ImportError(file: file, line: 1, column: 1,
                              message: "a Firefox places.sqlite is a database: give its path, not a stream")
        case .csv, .tsv:
            if pending.atEnd, String(decoding: pending.bytes, as: UTF8.self).allSatisfy(\.isWhitespace) {
                try pending.validate(upTo: pending.bytes.count, file: file, line: 1)
                return BookmarkCounts()
            }
            piece = TablePieceReader(file: file, csv: resolved == .csv, idColumn: idField, titleColumn: titleField)
        // (A bookmark format was read above.)
        case .auto, .json, .jsonl, .html, .chrome, .firefoxBackup:
            let jsonWhitespace: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
            let first = pending.bytes.first { !jsonWhitespace.contains($0) }
            if first == UInt8(ascii: "[") {
                try pending.readAll()
                piece = JSONArrayReader(file: file, idField: idField, titleField: titleField ?? "title")
            } else {
                piece = JSONLinesReader(file: file, idField: idField, titleField: titleField ?? "title")
            }
        }
        var line = 1
        var consumedBefore = 0
        // A long line spans many pieces: each is searched for a line break once (a CR at the end of the last
        // one once more), and a place found before is kept.
        var searched = 0
        var knownCut = 0
        while true {
            let cut: Int
            if pending.atEnd {
                cut = pending.bytes.count
            } else {
                let found = piece.cut(pending.bytes, from: max(searched - 1, 0))
                cut = found > 0 ? found : knownCut
                searched = pending.bytes.count
            }
            try pending.validate(upTo: cut, file: file, line: line)
            if cut > 0 {
                let isFinal = pending.atEnd && cut == pending.bytes.count
                let (consumed, nextLine) = try pending.bytes.withUnsafeBufferPointer { bytes in
                    try piece.read(UnsafeBufferPointer(rebasing: bytes[..<cut]), firstLine: line, isFinal: isFinal,
                                   each)
                }
                pending.drop(consumed)
                (searched, knownCut) = (searched - consumed, cut - consumed)
                line = nextLine
                consumedBefore += consumed
                progress(consumedBefore)
            }
            if pending.atEnd { return BookmarkCounts() }
            try pending.readMore()
        }
    }
}

/// Reads the rows of one format from pieces of a file, keeping what it needs from one piece to the next.
protocol PieceReader {
    /// Where the complete rows of `bytes` end, when more of the file follows, looking only at the bytes from
    /// `start` on (those before were looked at already): 0 when none has ended there.
    func cut(_ bytes: [UInt8], from start: Int) -> Int
    /// Reads the records of a piece whose first byte starts line `firstLine`; returns how many bytes its
    /// complete rows took (all of them unless a CSV row runs on) and the line the rest starts on.
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int, isFinal: Bool,
                       _ each: (ImportRecord) throws -> Void) throws -> (consumed: Int, nextLine: Int)
}

extension PieceReader {
    /// Just after the last line break at or after `start` that is surely one: LF, or a CR not at the very end
    /// (it may be half a CRLF); 0 when there is none.
    func cutAfterLineBreak(_ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            let lineFeed = ByteSearch.last(0x0A, in: buffer, from: start, before: buffer.count) ?? -1
            let carriageReturn = ByteSearch.last(0x0D, in: buffer, from: max(start, lineFeed + 1),
                                                 before: buffer.count - 1) ?? -1
            return max(lineFeed, carriageReturn) + 1
        }
    }
}

/// CSV and TSV: the first row is the header, which maps every later row.
struct TablePieceReader: PieceReader {
    let file: String
    let csv: Bool
    let idColumn: String
    let titleColumn: String?
    var mapper: TableMapper?
    var row = DelimitedRow()

    init(file: String, csv: Bool, idColumn: String, titleColumn: String?) {
        (self.file, self.csv, self.idColumn, self.titleColumn) = (file, csv, idColumn, titleColumn)
    }

    func cut(_ bytes: [UInt8], from start: Int) -> Int { cutAfterLineBreak(bytes, from: start) }

    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int, isFinal: Bool,
                       _ each: (ImportRecord) throws -> Void) throws -> (consumed: Int, nextLine: Int) {
        if csv {
            var reader = CSVRowReader(bytes: bytes, file: file, firstLine: firstLine, isFinal: isFinal)
            while try reader.read(into: &row) { try take(each) }
            return (reader.consumed, reader.line)
        }
        var reader = TSVRowReader(bytes: bytes, firstLine: firstLine)
        while reader.read(into: &row) { try take(each) }
        // A piece ends with a line break, after which the reader saw one more, empty line: the next piece's.
        return (bytes.count, reader.line - 1)
    }

    private mutating func take(_ each: (ImportRecord) throws -> Void) throws {
        guard let mapper else {
            mapper = try TableMapper(header: row.cells, file: file, idColumn: idColumn, titleColumn: titleColumn)
            return
        }
        if let record = try mapper.record(row.cells, line: row.line) { try each(record) }
    }
}

/// JSON Lines: one object per line, so a piece is any run of whole lines.
struct JSONLinesReader: PieceReader {
    var mapper: JSONRecordMapper

    init(file: String, idField: String, titleField: String) {
        mapper = JSONRecordMapper(file: file, idField: idField, titleField: titleField)
    }

    func cut(_ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { (ByteSearch.last(0x0A, in: $0, from: start, before: $0.count) ?? -1) + 1 }
    }

    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int, isFinal: Bool,
                       _ each: (ImportRecord) throws -> Void) throws -> (consumed: Int, nextLine: Int) {
        let mapper = self.mapper
        let nextLine = try JSONParser.parsing(bytes, file: mapper.file, firstLine: firstLine) { parser in
            try parser.parseLinesDocument { value, position in try each(try mapper.record(value, at: position)) }
            return parser.line
        }
        return (bytes.count, nextLine)
    }
}

/// A JSON array document: one value, read whole (`ImportStream` reads the whole file before its only piece).
struct JSONArrayReader: PieceReader {
    let mapper: JSONRecordMapper

    init(file: String, idField: String, titleField: String) {
        mapper = JSONRecordMapper(file: file, idField: idField, titleField: titleField)
    }

    func cut(_ bytes: [UInt8], from start: Int) -> Int { 0 }

    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int, isFinal: Bool,
                       _ each: (ImportRecord) throws -> Void) throws -> (consumed: Int, nextLine: Int) {
        let mapper = self.mapper
        let nextLine = try JSONParser.parsing(bytes, file: mapper.file, firstLine: firstLine) { parser in
            try parser.parseArrayDocument { value, position in try each(try mapper.record(value, at: position)) }
            return parser.line
        }
        return (bytes.count, nextLine)
    }
}
