import FavsCore
import FavsFormats
import Foundation
import Testing

/// Every seed the fuzzers start from (Fuzz/Corpus) and every input that ever made one fail (Fuzz/Regressions)
/// goes through the same reader on every `make test`: it must be read, or refused with the reader's own error
/// at a line and column inside the input — never a crash or a foreign error.
@Suite struct FuzzCorpusTests {
    static let fuzz = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    static func inputs(_ target: String) throws -> [URL] {
        try ["Corpus", "Regressions"].flatMap { folder -> [URL] in
            let url = fuzz.appendingPathComponent(folder).appendingPathComponent(target)
            guard FileManager.default.fileExists(atPath: url.path) else { return [] }
            return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
        }
    }

    /// Lines as the readers count them: a line feed, or a carriage return not followed by one, ends a line
    /// (a file with lone CR line ends has no LF at all).
    static func lineCount(_ data: Data) -> Int {
        let bytes = [UInt8](data)
        return bytes.indices.reduce(1) { count, i in
            count + (bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) ? 1 : 0)
        }
    }

    @Test(arguments: [("json", ImportFormat.json), ("csv", .csv), ("tsv", .tsv)])
    func importInputsAreReadOrRefusedAtAPlaceInTheFile(target: String, format: ImportFormat) throws {
        let files = try Self.inputs(target)
        #expect(files.count >= 10, "the \(target) seeds are missing")
        var refused = 0
        for file in files {
            let data = try Data(contentsOf: file)
            do {
                _ = try ImportReader.read(data: data, file: file.lastPathComponent, format: format)
            } catch let error as ImportError {
                refused += 1
                #expect(error.file == file.lastPathComponent)
                #expect((1...Self.lineCount(data) + 1).contains(error.line) && error.column >= 1, "\(error)")
            }
        }
        // The seeds are mostly the bad-input corpus: most are refused, some read.
        #expect(refused > 0 && refused < files.count)
    }

    @Test func scriptInputsAreParsedOrRefusedAtALineOfTheScript() throws {
        let files = try Self.inputs("script")
        #expect(files.count >= 4)
        var parsed = 0
        for file in files {
            let data = try Data(contentsOf: file)
            do {
                _ = try ScriptParser.parse(String(decoding: data, as: UTF8.self), source: file.lastPathComponent)
                parsed += 1
            } catch let error as ScriptError {
                #expect((1...Self.lineCount(data)).contains(error.line), "\(error)")
            }
        }
        #expect(parsed >= 3)
    }
}
