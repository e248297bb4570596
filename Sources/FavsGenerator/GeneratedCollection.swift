import FavsModel

/// Deterministic test collections of any size, for `favs-gen` and the benchmarks: realistic titles and
/// fields, about a fifth of the words CJK, a tenth accented, a tenth of the titles led by an emoji.
/// The same seed gives the same rows, so a benchmark and a generated file describe the same items.
public struct GeneratedCollection: Sequence, IteratorProtocol {
    /// One generated item, with the fields favs-gen writes.
    public struct Row: Sendable {
        public let id, title, artist, album, genre, length: String
        public let year: Int

        /// As an item of the collection, without fields (how the browser loads a library).
        public func item(position: Int) -> Item { Item(id: ItemID(id), title: title, position: position) }
    }

    private var rng: SeededRandom
    private var remaining: Int

    public init(count: Int, seed: UInt64 = 42) {
        rng = SeededRandom(seed: seed)
        remaining = count
    }

    public mutating func next() -> Row? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        let id = Self.padded(String(rng.next(), radix: 16), to: 16)
        var words: [String] = []
        for _ in 0..<Int(rng.next() % 4 + 1) {
            switch rng.next() % 10 {
            case 0, 1: words.append(pick(Self.cjk))
            case 2: words.append(pick(Self.accented))
            default: words.append(pick(Self.latin))
            }
        }
        if rng.next() % 10 == 0 { words.insert(pick(Self.emoji), at: 0) }
        let artist = pick(Self.latin) + " " + pick(Self.latin)
        let album = pick(Self.latin) + " " + pick(Self.accented)
        let year = 1950 + Int(rng.next() % 75)
        let genre = pick(Self.genres)
        let length = "\(rng.next() % 9 + 1):\(Self.padded(String(rng.next() % 60), to: 2))"
        return Row(id: id, title: words.joined(separator: " "), artist: artist, album: album, genre: genre,
                   length: length, year: year)
    }

    /// `count` generated items in list order (positions 0, 1, 2…).
    public static func items(count: Int, seed: UInt64 = 42) -> [Item] {
        var items: [Item] = []
        items.reserveCapacity(count)
        for (position, row) in GeneratedCollection(count: count, seed: seed).enumerated() {
            items.append(row.item(position: position))
        }
        return items
    }

    private mutating func pick(_ words: [String]) -> String { words[Int(rng.next() % UInt64(words.count))] }

    private static func padded(_ text: String, to width: Int) -> String {
        text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    static let latin = ["Midnight", "Sunset", "Rain", "Ocean", "City", "Dream", "Velvet", "Golden", "Silent",
                        "Electric", "Paper", "Winter", "Summer", "Neon", "River", "Echo", "Lights", "Heart",
                        "Road", "Fire", "Glass", "Shadow", "Morning", "Stars"]
    static let accented = ["Café", "Mañana", "Über", "Naïve", "Señorita", "Ágætis", "Smörgåsbord", "Déjà vu",
                           "Crème", "Façade", "Jalapeño", "Zoë"]
    static let cjk = ["お気に入り", "夜に駆ける", "桜", "残酷な天使", "录音", "月亮代表我的心", "青花瓷", "茉莉花",
                      "사랑의 인사", "夢", "東京", "北京の夜"]
    static let emoji = ["🎧", "🌊", "🎹", "🚀", "🔥", "🌙", "🎸", "🍀"]
    static let genres = ["Rock", "Jazz", "J-pop", "Mandopop", "Ambient", "Classical", "Hip hop", "Folk", "Electronic"]
}
