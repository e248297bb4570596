import FavsModel

/// Deterministic rows shaped like a real package export (favs issue #12): five columns, name, version, month,
/// rank and summary, where the generated music collection has short titles and few fields.
///
/// What makes such a file slow or large to import, in about the real file's shares: summaries from empty to
/// ~500 characters, about 1.7% of them with CJK or other wide characters, about 0.3% with a stray `"` (an
/// ordinary character in TSV, a quoted cell in CSV), and most rows with exactly one empty cell. Names are
/// unique, 11 characters at the median, and come in no sorted order, so the id index takes random inserts as it
/// would from a real file (`favs-gen --sorted` writes them sorted, as dumps come).
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

    /// How many base-36 digits a name's code has: 5, or more when 36^5 rows would not be enough.
    private let codeLength: Int
    private let codeSpace: UInt64

    public init(count: Int, seed: UInt64 = 42) {
        rng = SeededRandom(seed: seed)
        self.count = count
        var length = 5, space: UInt64 = 60_466_176  // 36^5
        while space <= UInt64(count) {
            length += 1
            space *= 36
        }
        (codeLength, codeSpace) = (length, space)
    }

    public mutating func next() -> Row? {
        guard index < count else { return nil }
        index += 1
        // A word and a code, 11 characters at the median as in the real file. The code is a permutation of the
        // row numbers below 36^codeLength, so names are unique without a table of the ones already given, and
        // come in no order.
        let code = String(Self.permute(UInt64(index), below: codeSpace), radix: 36)
        let name = pick(Self.words) + "-" + String(repeating: "0", count: codeLength - code.count) + code
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
        case 5..<80: target = 25 + Int(rng.next() % 60)
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

    /// A permutation of 0..<space: SplitMix64's finaliser cut to the bits `space` needs (each step a bijection
    /// of those bits), applied again while the value falls at or past `space` (cycle walking).
    static func permute(_ value: UInt64, below space: UInt64) -> UInt64 {
        let bits = UInt64.bitWidth - (space - 1).leadingZeroBitCount
        let mask: UInt64 = bits == 64 ? .max : (1 << bits) - 1
        var z = value
        repeat {
            z = (z ^ (z >> (bits / 2))) &* 0xBF58_476D_1CE4_E5B9 & mask
            z = (z ^ (z >> (bits / 3))) &* 0x94D0_49BB_1331_11EB & mask
            z ^= z >> (bits / 2)
        } while z >= space
        return z
    }

    static let words = ["data", "fast", "json", "parser", "client", "async", "http", "tools", "simple", "micro",
                        "server", "graph", "cloud", "config", "logger", "stream", "test", "utils", "plugin", "core",
                        "image", "crypto", "vector", "model", "query", "cache", "render", "sync", "schema", "cli",
                        "a", "for", "the", "and", "with", "library", "framework", "wrapper", "binding", "support"]
    static let wide = ["数据", "解析器", "工具", "東京", "ライブラリ", "한국어", "サーバー", "高速", "インターフェース",
                       "图像处理", "全角テキスト"]
}
