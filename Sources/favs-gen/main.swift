import ArgumentParser
import FavsCore
import FavsFormats
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
        var rng = SeededRandom(seed: seed)
        let jsonlOut = try jsonl.map { try Output(path: $0) }
        let tsvOut = try tsv.map { try Output(path: $0) }
        tsvOut?.write("id\ttitle\tartist\talbum\tyear\tgenre\tlength\n")
        for _ in 0..<count {
            let row = Row(&rng)
            if let jsonlOut {
                var line = "{\"id\":"
                JSONValue.writeString(row.id, to: &line)
                for (name, value) in [("title", row.title), ("artist", row.artist), ("album", row.album)] {
                    line += ",\"\(name)\":"
                    JSONValue.writeString(value, to: &line)
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

/// One generated item.
struct Row {
    let id, title, artist, album, genre, length: String
    let year: Int

    static let latin = ["Midnight", "Sunset", "Rain", "Ocean", "City", "Dream", "Velvet", "Golden", "Silent",
                        "Electric", "Paper", "Winter", "Summer", "Neon", "River", "Echo", "Lights", "Heart",
                        "Road", "Fire", "Glass", "Shadow", "Morning", "Stars"]
    static let accented = ["Café", "Mañana", "Über", "Naïve", "Señorita", "Ágætis", "Smörgåsbord", "Déjà vu",
                           "Crème", "Façade", "Jalapeño", "Zoë"]
    static let cjk = ["お気に入り", "夜に駆ける", "桜", "残酷な天使", "录音", "月亮代表我的心", "青花瓷", "茉莉花",
                      "사랑의 인사", "夢", "東京", "北京の夜"]
    static let emoji = ["🎧", "🌊", "🎹", "🚀", "🔥", "🌙", "🎸", "🍀"]
    static let genres = ["Rock", "Jazz", "J-pop", "Mandopop", "Ambient", "Classical", "Hip hop", "Folk", "Electronic"]

    init(_ rng: inout SeededRandom) {
        id = String(rng.next(), radix: 16).leftPadded(to: 16)
        var words: [String] = []
        for _ in 0..<Int(rng.next() % 4 + 1) {
            switch rng.next() % 10 {
            case 0, 1: words.append(Self.cjk[Int(rng.next() % UInt64(Self.cjk.count))])
            case 2: words.append(Self.accented[Int(rng.next() % UInt64(Self.accented.count))])
            default: words.append(Self.latin[Int(rng.next() % UInt64(Self.latin.count))])
            }
        }
        if rng.next() % 10 == 0 { words.insert(Self.emoji[Int(rng.next() % UInt64(Self.emoji.count))], at: 0) }
        title = words.joined(separator: " ")
        artist = Self.latin[Int(rng.next() % UInt64(Self.latin.count))] + " " + Self.latin[Int(rng.next() % 24)]
        album = Self.latin[Int(rng.next() % 24)] + " " + Self.accented[Int(rng.next() % 12)]
        year = 1950 + Int(rng.next() % 75)
        genre = Self.genres[Int(rng.next() % UInt64(Self.genres.count))]
        length = "\(rng.next() % 9 + 1):\(String(rng.next() % 60).leftPadded(to: 2))"
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

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
