import FavsModel

/// A deterministic bookmark tree shaped like a browser's (issue #35), for `favs-gen --shape bookmarks`: N distinct
/// URLs on a few thousand hosts, in folders nested 1–4 deep under the four roots of Firefox (menu, toolbar, other,
/// mobile), about 5 % of them in a second folder, with separators and `place:` queries between them, dates over
/// twelve years, a few keywords and Firefox tags. The file writers (favs-gen) turn it into each browser's format.
public struct GeneratedBookmarks: Sendable {
    /// A bookmarked page; `added` in microseconds since 1970 (Firefox's unit).
    public struct Link: Sendable {
        public let url: String
        public let title: String
        public let added: Int64
        public let keyword: String?
        public let tags: [String]
    }

    /// What a folder holds, in order.
    public enum Entry: Sendable, Equatable {
        case link(Int)
        case folder(Int)
        case separator
        /// A `place:` query (Firefox's smart bookmarks), an index into `queries`.
        case query(Int)
    }

    /// A folder; `folders[0..<4]` are the roots, in `Root` order.
    public struct Folder: Sendable {
        public let name: String
        public let added: Int64
        public internal(set) var entries: [Entry] = []
    }

    /// Firefox's roots, in the order of `folders`.
    public enum Root: Int, CaseIterable, Sendable { case menu, toolbar, other, mobile }

    public private(set) var links: [Link] = []
    public private(set) var folders: [Folder] = []
    /// The `place:` queries' URLs and titles.
    public static let queries: [(url: String, title: String)] = [
        ("place:parent=toolbar_____&sort=12", "Most Visited"), ("place:sort=8&maxResults=10", "Recently Bookmarked"),
        ("place:type=6&sort=14&maxResults=10", "Recent Tags"),
    ]
    public init(count: Int, seed: UInt64 = 42) {
        var rng = SeededRandom(seed: seed)
        var links: [Link] = []
        var folders: [Folder] = []
        func below(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        func pick(_ words: [String]) -> String { words[below(words.count)] }
        // Dates from 2012-01-01 over twelve years, in microseconds.
        func date() -> Int64 { 1_325_376_000_000_000 + Int64(rng.next() % 378_432_000) * 1_000_000 }

        // A few thousand hosts: most links go to the first few hundred, as a real history's do.
        let hostCount = max(1, min(3_000, count / 30))
        var hosts: [String] = []
        for index in 0..<hostCount {
            let prefix = below(3) == 0 ? "www." : ""
            hosts.append(prefix + pick(Self.hostWords) + pick(Self.hostWords) + String(index, radix: 36) + "." + pick(Self.tlds))
        }

        // Folders: about one per 25 links, each under a root or under a folder less than 4 deep.
        for root in ["Bookmarks Menu", "Bookmarks Toolbar", "Other Bookmarks", "Mobile Bookmarks"] {
            folders.append(Folder(name: root, added: 1_325_376_000_000_000))
        }
        var depth = [0, 0, 0, 0]
        var nestable: [Int] = []  // folders less than 4 deep
        for _ in 0..<(count / 25) {
            let parent: Int
            if nestable.isEmpty || below(10) < 4 {
                parent = [0, 0, 0, 1, 1, 1, 1, 2, 2, 3][below(10)]
            } else {
                parent = nestable[below(nestable.count)]
            }
            let name = below(20) == 0 ? pick(Self.accentedNames) : pick(Self.folderNames)
            let index = folders.count
            folders.append(Folder(name: name, added: date()))
            folders[parent].entries.append(.folder(index))
            depth.append(depth[parent] + 1)
            if depth[index] < 4 { nestable.append(index) }
        }
        let nonRoots = folders.count - 4

        func place(_ entry: Entry) {
            // A tenth straight under a root, the rest in a folder.
            let folder = nonRoots == 0 || below(10) == 0 ? [0, 1, 2, 2, 3][below(5)] : 4 + below(nonRoots)
            folders[folder].entries.append(entry)
            if below(200) == 0 { folders[folder].entries.append(.separator) }
            if below(500) == 0 { folders[folder].entries.append(.query(below(Self.queries.count))) }
        }
        for index in 0..<count {
            let host = hosts[min(below(hostCount), below(hostCount))]
            let url = "https://\(host)/\(pick(Self.pathWords))/\(pick(Self.pathWords))-\(String(index, radix: 36))"
                + (below(8) == 0 ? "?ref=\(pick(Self.pathWords))&page=\(below(40))" : "")
            var words: [String] = []
            for _ in 0..<(2 + below(5)) {
                switch below(40) {
                case 0: words.append(pick(GeneratedCollection.cjk))
                case 1, 2: words.append(pick(GeneratedCollection.accented))
                case 3: words.append("&")
                default: words.append(pick(Self.titleWords))
                }
            }
            let title = below(100) == 0 ? "" : words.joined(separator: " ")
            let keyword = below(200) == 0 ? "k" + String(index, radix: 36) : nil
            var tags: [String] = []
            if below(33) == 0 {
                for _ in 0..<(1 + below(2)) {
                    let tag = pick(Self.tagWords)
                    if !tags.contains(tag) { tags.append(tag) }
                }
            }
            links.append(Link(url: url, title: title, added: date(), keyword: keyword, tags: tags))
            place(.link(index))
            if below(20) == 0 { place(.link(index)) }  // the same URL in a second folder
        }
        self.links = links
        self.folders = folders
    }

    static let hostWords = ["news", "dev", "blog", "shop", "wiki", "docs", "cloud", "code", "mail", "photo", "music",
                            "maps", "learn", "forum", "book", "game", "travel", "food", "open", "data"]
    static let tlds = ["com", "org", "net", "io", "de", "fr", "jp", "co.uk", "dev", "app"]
    static let pathWords = ["article", "posts", "wiki", "questions", "watch", "repo", "issues", "docs", "guide",
                            "2019", "2021", "2023", "product", "item", "story", "reference", "tutorial", "p"]
    static let titleWords = ["How", "to", "the", "Swift", "Guide", "Release", "Notes", "Best", "Recipes", "Home",
                             "Review", "News", "Weather", "Documentation", "API", "Tutorial", "Forum", "Search",
                             "Linux", "Travel", "Photos", "Music", "Why", "Understanding", "Concurrency", "2024"]
    static let folderNames = ["dev", "swift", "news", "read later", "recipes", "travel", "work", "music", "tools",
                              "docs", "shopping", "research", "linux", "photos", "games", "finance", "health",
                              "projects", "inspiration", "archive"]
    static let accentedNames = ["Café Läsning", "à lire", "東京", "Économie", "Über uns", "レシピ"]
    static let tagWords = ["lang", "toread", "video", "pdf", "reference", "fun", "work", "à-lire", "howto", "tool"]
}
