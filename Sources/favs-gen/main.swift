import ArgumentParser
import FavsModel
import FavsFormats
import FavsGenerator
import Foundation

/// Writes a deterministic test collection: N items with realistic titles and fields, a share of them
/// CJK, accented or emoji, as JSON Lines and/or TSV (the same rows in both).
@main
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favs-gen",
        abstract: "Write a deterministic test collection as JSON Lines and/or TSV (for benchmarks).")

    @Argument(help: "How many items.") var count: Int
    @Option(help: "Write JSON Lines here.") var jsonl: String?
    @Option(help: "Write TSV (header row, no quoting) here.") var tsv: String?
    @Option(help: "Seed: the same seed gives the same bytes.") var seed: UInt64 = 42

    func validate() throws {
        guard count >= 0 else { throw ValidationError("count must be 0 or more") }
        guard jsonl != nil || tsv != nil else { throw ValidationError("give --jsonl FILE and/or --tsv FILE") }
    }

    func run() throws {
        let jsonlOut = try jsonl.map { try Output(path: $0) }
        let tsvOut = try tsv.map { try Output(path: $0) }
        tsvOut?.write("id\ttitle\tartist\talbum\tyear\tgenre\tlength\n")
        for row in GeneratedCollection(count: count, seed: seed) {
            if let jsonlOut {
                var line = "{\"id\":"
                JSONString.write(row.id, to: &line)
                for (name, value) in [("title", row.title), ("artist", row.artist), ("album", row.album)] {
                    line += ",\"\(name)\":"
                    JSONString.write(value, to: &line)
                }
                line += ",\"year\":\(row.year),\"genre\":\"\(row.genre)\",\"length\":\"\(row.length)\"}\n"
                jsonlOut.write(line)
            }
            tsvOut?.write("\(row.id)\t\(row.title)\t\(row.artist)\t\(row.album)\t\(row.year)\t\(row.genre)\t\(row.length)\n")
        }
        try jsonlOut?.close()
        try tsvOut?.close()
    }
}

/// A buffered file writer.
final class Output {
    private let handle: FileHandle
    private var buffer = Data()

    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw ValidationError("cannot create \(path)")
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { flush() }
    }

    private func flush() {
        handle.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    func close() throws {
        flush()
        try handle.close()
    }
}
