import FavsModel
import Foundation
import Testing
@testable import FavsFormats

/// `favs import` reads a file piece by piece; cut anywhere, a file must give the same records, or the same
/// error at the same line and column, as read in one piece.
@Suite struct ImportStreamTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every file of the bad-input corpus and the fuzz seeds: broken quotes, CR line ends, BOMs, bad UTF-8.
    static func corpus() throws -> [URL] {
        let folders = ["Tests/EndToEndTests/BadInput", "Fuzz/Corpus/csv", "Fuzz/Corpus/tsv", "Fuzz/Corpus/json"]
        return try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(at: root.appendingPathComponent(folder),
                                                        includingPropertiesForKeys: nil)
        }
    }

    /// The records, or the error, of a file read in pieces of `size` bytes.
    static func outcome(_ data: Data, file: String, pieceSize: Int) -> String {
        var ids = DuplicateIDCheck()
        do {
            let records = try ImportReader.read(data: data, file: file, ids: &ids, pieceSize: pieceSize)
            return records.map { record in
                let fields = record.fields.map { "\($0.name)=\($0.value)" }.joined(separator: "|")
                return "\(record.line):\(record.column) \(record.id) \(record.title) [\(fields)] \(record.favorite)"
            }.joined(separator: "\n")
        } catch {
            return "error: \(error)"
        }
    }

    @Test func everyCorpusFileReadsTheSameInPiecesAsWhole() throws {
        let files = try Self.corpus()
        #expect(files.count > 60)
        var refused = 0
        for url in files {
            let data = try Data(contentsOf: url)
            let whole = Self.outcome(data, file: url.lastPathComponent, pieceSize: data.count + 1)
            if whole.hasPrefix("error: ") { refused += 1 }
            // Small files: cut at every byte, and at a few odd sizes; larger ones at a few sizes only.
            let sizes = data.count < 4096 ? [1, 2, 3, 7, 64] : [7, 1000, 4096]
            for size in sizes {
                #expect(Self.outcome(data, file: url.lastPathComponent, pieceSize: size) == whole,
                        "\(url.lastPathComponent) in pieces of \(size)")
            }
        }
        #expect(refused > 20)
    }

    @Test func aQuotedCellAcrossPiecesKeepsItsLineBreaksAndTheLinesAfterIt() throws {
        let csv = "id,title,note\na,A,\"one\r\ntwo\"\"\nthree\"\r\nb,B,\"x,y\"\nc,,\n"
        let whole = Self.outcome(Data(csv.utf8), file: "t.csv", pieceSize: 1 << 20)
        #expect(whole == """
            2:1 a A [note=one\r\ntwo"\nthree] false
            5:1 b B [note=x,y] false
            6:1 c c [] false
            """)
        for size in 1...12 { #expect(Self.outcome(Data(csv.utf8), file: "t.csv", pieceSize: size) == whole) }
    }

    @Test func aBadByteInALaterPieceIsFoundAtItsLineAndColumn() {
        var tsv = Data("id\ttitle\n".utf8)
        for index in 1...500 { tsv.append(contentsOf: Array("r\(index)\tRow \(index) é\n".utf8)) }
        tsv.append(contentsOf: Array("bad\tab".utf8) + [0xFF] + Array("\n".utf8))
        #expect(Self.outcome(tsv, file: "t.tsv", pieceSize: 100) == "error: t.tsv:502:7: not UTF-8 text")
        #expect(Self.outcome(tsv, file: "t.tsv", pieceSize: 1 << 20) == "error: t.tsv:502:7: not UTF-8 text")
    }
}
