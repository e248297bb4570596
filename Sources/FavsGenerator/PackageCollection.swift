import FavsModel

/// Deterministic rows shaped like a real package export (favs issue #12): five columns, name, version, month,
/// rank and summary, where the generated music collection has short titles and few fields.
///
/// What makes such a file slow or large to import, in about the real file's shares: summaries from empty to
/// ~500 characters, about 1.7% of them with CJK or other wide characters, about 0.3% with a stray `"` (an
/// ordinary character in TSV, a quoted cell in CSV), and most rows with exactly one empty cell. Names are
/// unique and come in no sorted order, so the id index takes random inserts as it would from a real file.
public struct PackageCollection: Sequence, IteratorProtocol {
    /// One generated row; an empty string is an empty cell.
    public struct Row: Sendable, Equatable {
        public let name, version, month, rank, summary: String

        /// The cells in column order.
        public var cells: [String] { [name, version, month, rank, summary] }
    }

    /// The header row's column names.
    public static let columns = ["name", "version", "month", "rank", "summary"]

    private var rng: SeededRandom
    private var index = 0
    private let count: Int

    public init(count: Int, seed: UInt64 = 42) {
        rng = SeededRandom(seed: seed)
        self.count = count
    }

    public mutating func next() -> Row? {
        guard index < count else { return nil }
        index += 1
        // A bijection of the row number keeps names unique without a table of the ones already given.
        let name = pick(Self.words) + "-" + pick(Self.words) + "-" + String(Self.scramble(UInt64(index)), radix: 36)
        var version = "\(rng.next() % 5).\(rng.next() % 20).\(rng.next() % 30)"
        var month = "20\(10 + rng.next() % 16)-\(Self.twoDigits(Int(rng.next() % 12) + 1))"
        let rank = String(index)
        var summary = makeSummary()
        // Most rows leave exactly one cell empty, as in the real file (usually the month or the summary).
        switch rng.next() % 100 {
        case 0..<40: month = ""
        case 40..<65: summary = ""
        case 65..<75: version = ""
        default: break
        }
        return Row(name: name, version: version, month: month, rank: rank, summary: summary)
    }

    private mutating func makeSummary() -> String {
        // Lengths skewed short, with a long tail up to about 500 characters.
        let target: Int
        switch rng.next() % 100 {
        case 0..<5: target = 0
        case 5..<80: target = 10 + Int(rng.next() % 50)
        case 80..<97: target = 60 + Int(rng.next() % 140)
        default: target = 300 + Int(rng.next() % 200)
        }
        guard target > 0 else { return "" }
        var text = ""
        let wide = rng.next() % 1000 < 24
        while text.count < target {
            if !text.isEmpty { text += rng.next() % 12 == 0 ? ", " : " " }
            text += wide && rng.next() % 3 == 0 ? pick(Self.wide) : pick(Self.words)
        }
        if rng.next() % 1000 < 4 {
            // A stray quote, as a measurement or a quotation left open.
            text += rng.next() % 2 == 0 ? " 5\" floppy" : " \"quoted"
        }
        return text
    }

    private mutating func pick(_ words: [String]) -> String { words[Int(rng.next() % UInt64(words.count))] }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

    /// SplitMix64's finaliser: a bijection on 64-bit integers, so distinct rows get distinct names.
    static func scramble(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    static let words = ["data", "fast", "json", "parser", "client", "async", "http", "tools", "simple", "micro",
                        "server", "graph", "cloud", "config", "logger", "stream", "test", "utils", "plugin", "core",
                        "image", "crypto", "vector", "model", "query", "cache", "render", "sync", "schema", "cli",
                        "a", "for", "the", "and", "with", "library", "framework", "wrapper", "binding", "support"]
    static let wide = ["数据", "解析器", "工具", "東京", "ライブラリ", "한국어", "サーバー", "高速", "インターフェース",
                       "图像处理", "全角テキスト"]
}
