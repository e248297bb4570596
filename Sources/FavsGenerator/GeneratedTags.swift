import FavsModel

/// Tags for a generated collection, shaped like a user's: 1,000 distinct tags nested up to 3 levels
/// (`dev`, `dev/swift`, `dev/swift/server`, `reading/2026/fiction`), carried by a tenth of the items, each such
/// item 1–3 of them (half one, a third two, a sixth three), the tags used unevenly (a few often, most rarely:
/// a tag's rank is drawn as 1,000·u², so the ten most used carry a tenth of the tagging).
///
/// An item's tags depend only on its index and the seed (not on the rows before it), so `favs-gen --tags` and
/// the benchmarks give the same items the same tags.
public enum GeneratedTags {
    /// The 1,000 tags, most used first: 20 top-level ones, 200 nested under them, 780 one level deeper.
    public static let paths: [String] = makePaths()

    /// The tags of the item at `index` (its position) of a collection generated with `seed`, as paths (none for
    /// nine items in ten).
    public static func tags(ofItem index: Int, seed: UInt64 = 42) -> [String] {
        var rng = SeededRandom(seed: (seed ^ 0x7461_6773) &* 0x1000_0000_01B3 &+ UInt64(index))
        guard rng.next() % 10 == 0 else { return [] }
        let roll = rng.next() % 6
        let count = roll < 3 ? 1 : roll < 5 ? 2 : 3
        var tags: [String] = []
        while tags.count < count {
            let u = Double(rng.next() >> 11) / Double(1 << 53)
            let path = paths[min(paths.count - 1, Int(Double(paths.count) * u * u))]
            if !tags.contains(path) { tags.append(path) }
        }
        return tags
    }

    /// Every tag's members among the first `count` items: (tag, the members' positions ascending), tags in the
    /// order of `paths` (those no item carries left out). What a library loads, set by set.
    public static func members(count: Int, seed: UInt64 = 42) -> [(tag: String, positions: [Int])] {
        var byTag: [String: [Int]] = [:]
        for index in 0..<count {
            for tag in tags(ofItem: index, seed: seed) { byTag[tag, default: []].append(index) }
        }
        return paths.compactMap { path in byTag[path].map { (path, $0) } }
    }

    /// The most used tag nested `depth` levels deep (1: top level).
    public static func mostUsed(depth: Int) -> String {
        paths.first { $0.count { $0 == "/" } == depth - 1 } ?? paths[0]
    }

    private static let top = ["dev", "reading", "music", "work", "travel", "home", "cooking", "photo", "games",
                              "film", "health", "finance", "learning", "garden", "kids", "sport", "art", "diy",
                              "news", "science"]
    private static let names = ["swift", "rust", "go", "python", "web", "server", "ios", "linux", "tools", "ideas",
                                "todo", "done", "later", "archive", "2019", "2020", "2021", "2022", "2023", "2024",
                                "2025", "2026", "fiction", "papers", "essays", "jazz", "rock", "classical",
                                "europe", "asia", "japan", "recipes", "vegan", "bread", "running", "climbing",
                                "taxes", "budget", "courses", "talks", "tutorials", "reviews", "favourites",
                                "wishlist", "gifts", "repairs", "plants", "kids-books", "notes", "drafts"]

    private static func makePaths() -> [String] {
        var rng = SeededRandom(seed: 1000)
        func pick(_ words: [String]) -> String { words[Int(rng.next() % UInt64(words.count))] }
        var paths = top
        var seen = Set(paths)
        var second: [String] = []
        for folder in top {
            var made = 0
            while made < 10 {
                let path = folder + "/" + pick(names)
                if seen.insert(path).inserted { second.append(path); made += 1 }
            }
        }
        var third: [String] = []
        var index = 0
        while third.count < 780 {
            let path = second[index % second.count] + "/" + pick(names)
            if seen.insert(path).inserted { third.append(path) }
            index += 1
        }
        paths += second + third
        // Most used first: the order shuffled, so a popular tag may be at any level.
        for i in stride(from: paths.count - 1, to: 0, by: -1) {
            paths.swapAt(i, Int(rng.next() % UInt64(i + 1)))
        }
        return paths
    }
}
