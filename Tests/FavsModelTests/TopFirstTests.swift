import Foundation
import Testing
@testable import FavsModel

/// A search answered top first (`TopFirst`, what a browser's keys get): its count, first rows and favorites are the
/// whole order's, its order made when asked is the same, and changes after it land where they would have.
@Suite struct TopFirstTests {
    static let words = ["rain", "Radio", "ray", "Rainbow", "arrow", "brain", "café", "École", "Ärger", "raRa", "r",
                        "tram", "orion", "曲", "録音", "🎧", "roar", "RAIN", "grain", "Rr", "a", "ir", "x"]

    /// Titles of one to four words from `words`, so that many titles share the best score a term can have (a word that
    /// starts with it after a space): the scan for the first rows stops early, and ties fall to length and position.
    static func collection(_ count: Int, _ rng: inout SeededRandom) -> [Item] {
        (0..<count).map { n in
            let title = (0..<Int.random(in: 1...4, using: &rng)).map { _ in words.randomElement(using: &rng) ?? "r" }
                .joined(separator: Bool.random(using: &rng) ? " " : "-")
            return Item(id: ItemID("i\(n)"), title: title, favorite: Int.random(in: 0..<12, using: &rng) == 0,
                        position: n)
        }
    }

    static func ids(_ rows: some ItemRows, _ range: Range<Int>) -> [ItemID?] { range.map { rows.id(at: $0) } }

    @Test(arguments: 0..<12)
    func aSearchAnsweredTopFirstShowsTheWholeOrdersFirstRows(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed) &* 104_729 &+ 7)
        let items = Self.collection(Int.random(in: 300...1_500, using: &rng), &rng)
        let whole = Store(items: items, clock: { 1 })
        let topFirst = Store(items: items, clock: { 1 })
        topFirst.answersSearchesTopFirst = true
        topFirst.result.topFirstMinimum = 0
        let rows = Int.random(in: 1...40, using: &rng)
        topFirst.result.topFirstRows = rows
        var filter = ""
        var answeredTopFirst = 0, typedOn = 0
        for step in 0..<120 {
            let context = "seed \(seed) step \(step) filter \(filter) rows \(rows)"
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<60:
                filter.append(["r", "a", "i", "n", "R", "o", "b", "e", "é", " ", "^"].randomElement(using: &rng) ?? "r")
            case 60..<75:
                if !filter.isEmpty { filter.removeLast() }
            case 75..<82:
                filter = ""
            default:
                // A change while a search is shown: a star, a delete, an undo.
                let ids = topFirst.items.ids
                guard let id = ids.randomElement(using: &rng) else { continue }
                let action: Action = [.toggleFavorite(id), .delete(id), .undo, .toggleFavorite(id)]
                    .randomElement(using: &rng) ?? .undo
                let expected = whole.send(action).events
                #expect(topFirst.send(action).events == expected, "\(context): \(action)")
            }
            let wasTopFirst = topFirst.result.topFirst != nil
            let query = ListQuery(filter: filter)
            _ = whole.send(.show(query))
            _ = topFirst.send(.show(query))
            if topFirst.result.topFirst != nil {
                answeredTopFirst += 1
                if wasTopFirst { typedOn += 1 }
            }
            let count = whole.list.count
            try #require(topFirst.list.count == count, "\(context): the count")
            // The first rows and the favorites pane, which need no more of the order than it made.
            let first = 0..<min(count, rows)
            try #require(Self.ids(topFirst.list, first) == Self.ids(whole.list, first), "\(context): the first rows")
            let favorites = 0..<whole.favorites.count
            try #require(Self.ids(topFirst.favorites, favorites) == Self.ids(whole.favorites, favorites),
                         "\(context): the favorites pane")
            if let id = whole.list.id(at: 0) { #expect(topFirst.list.row(of: id) == 0, "\(context)") }
            // Now and then the whole list, its order made from the top-first answer.
            if Int.random(in: 0..<5, using: &rng) == 0 {
                try #require(Self.ids(topFirst.list, 0..<count) == Self.ids(whole.list, 0..<count), "\(context): the order")
                for row in 0..<count where row % 7 == 0 {
                    let id = try #require(whole.list.id(at: row))
                    #expect(topFirst.list.row(of: id) == row, "\(context): row(of:) at \(row)")
                }
            }
        }
        // The path the test is about was taken, often, and from a top-first answer typed on.
        #expect(answeredTopFirst > 20 && typedOn > 5, "top first \(answeredTopFirst), typed on \(typedOn)")
    }

    /// A title whose trait says it is ASCII alone is searched without looking for the first bytes of Latin letters
    /// (`asciiTitle`), with the same answers as a title read as any other.
    @Test func anASCIITitleIsSearchedWithoutLookingForLatinLetters() throws {
        func trait(_ title: [UInt8]) -> UInt16 { title.withUnsafeBytes { SearchPattern.trait(of: $0) } }
        for (title, flag) in [("Rain", SearchPattern.asciiTrait), ("", SearchPattern.asciiTrait),
                              ("録音 Rain", SearchPattern.utf8Trait), ("café", SearchPattern.utf8Trait)] {
            #expect(trait(Array(title.utf8)) & SearchPattern.validUTF8 == flag, "\(title)")
        }
        #expect(trait([0x72, 0xFF]) == 0, "not UTF-8")
        var rng = SeededRandom(seed: 5)
        let pieces = Self.words + ["\u{212A}", "é", "\u{1E9E}", "ſ", " ", "K", "s"]
        var ascii = 0
        for _ in 0..<5_000 {
            let title = Array((0..<Int.random(in: 1...6, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }
                .joined().utf8)
            let term = Array((0..<Int.random(in: 1...3, using: &rng)).map { _ in "raeksi".randomElement(using: &rng) ?? "r" }
                .map { UInt8($0.asciiValue ?? 0x72) })
            let isASCII = trait(title) & SearchPattern.asciiTrait != 0
            if isASCII { ascii += 1 }
            try title.withUnsafeBytes { title in
                try term.withUnsafeBufferPointer { term in
                    let read = SearchTerm.greedyEnd(term, title, from: 0, caseSensitive: false, foldsAccents: true)
                    let byTrait = SearchTerm.greedyEnd(term, title, from: 0, caseSensitive: false, foldsAccents: true,
                                                       asciiTitle: isASCII)
                    try #require(byTrait == read, "\(Array(title)) \(Array(term))")
                }
            }
        }
        #expect(ascii > 500 && ascii < 4_500, "\(ascii) of the titles ASCII")
    }

    /// A term that folds case and accents reads each title's search bytes (`SearchPattern.appendSearchBytes`: every
    /// character that compares as an ASCII one as that byte), byte by byte: it matches the titles the matcher does,
    /// a term typed one character longer from where the shorter one ended matches as the whole term does, and a
    /// title it matches holds each of its characters in its letter set.
    @Test func aTitleIsSearchedByItsSearchBytesWithTheMatchersAnswers() throws {
        var rng = SeededRandom(seed: 17)
        let pieces = Self.words + ["\u{212A}", "é", "É", "\u{1E9E}", "ß", "ſ", " ", "K", "s", "Ø", "ŕ", "ǅ", "ﬁ", "—", "İ"]
        var scratch = MatchScratch()
        var matched = 0
        for _ in 0..<6_000 {
            let title = (0..<Int.random(in: 1...6, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
            let term = String((0..<Int.random(in: 1...3, using: &rng)).map { _ in "raeksiod".randomElement(using: &rng) ?? "r" })
            let pattern = SearchPattern(reading: term)
            let bytes = Array(title.utf8), termBytes = Array(term.utf8)
            var searchBytes: [UInt8] = []
            let set = bytes.withUnsafeBytes { SearchPattern.appendSearchBytes(of: $0, to: &searchBytes) }
            let byMatcher = bytes.withUnsafeBytes { pattern.generalRank(utf8: $0, scratch: &scratch) } != nil
            try searchBytes.withUnsafeBytes { searched in
                try termBytes.withUnsafeBufferPointer { term in
                    let end = SearchTerm.searchBytesEnd(term, searched, from: 0)
                    try #require((end != nil) == byMatcher, "\(title) for \(pattern): \(searchBytes)")
                    guard let end else { return }
                    matched += 1
                    let needed = term.reduce(UInt32(0)) { $0 | SearchPattern.letterBit($1) }
                    #expect(SearchPattern.letters(of: searched) & needed == needed, "\(title)")
                    #expect(set == SearchPattern.letters(of: searched), "\(title)")
                    let shorter = try #require(SearchTerm.searchBytesEnd(UnsafeBufferPointer(rebasing: term.dropLast()),
                                                                         searched, from: 0))
                    let typedOn = SearchTerm.searchBytesEnd(UnsafeBufferPointer(rebasing: term.suffix(1)), searched,
                                                            from: shorter)
                    #expect(typedOn == end, "\(title) for \(pattern)")
                }
            }
        }
        #expect(matched > 1_000 && matched < 5_000, "\(matched) of the titles matched")
    }

    /// The titles' search bytes are the titles themselves while every title is ASCII; once one is not, each title's
    /// own, whichever part of the titles (one per core) it fell in, and so on as titles are added.
    @Test func theSearchBytesFollowTheTitlesAsTheyAreAdded() {
        func arena(_ titles: [String]) -> TextArena {
            var arena = TextArena()
            for title in titles { arena.append(title) }
            return arena
        }
        func expected(_ titles: [String]) -> TextArena {
            var arena = TextArena()
            for title in titles {
                arena.appendEntry { bytes in
                    _ = Array(title.utf8).withUnsafeBytes { SearchPattern.appendSearchBytes(of: $0, to: &bytes) }
                }
            }
            return arena
        }
        func letters(_ arena: TextArena) -> [UInt32] { (0..<arena.count).map { arena.withEntry($0, SearchPattern.letters) } }
        // 60,000 titles are searched in two parts (on two cores or more): one not ASCII in neither, the second, the
        // first, both.
        for odd in [[], [45_000], [10, 29_999], [0, 30_000, 59_999]] {
            let titles = (0..<60_000).map { odd.contains($0) ? "École \($0) Ǆ" : "Title \($0) RAIN" }
            let inputs = TitleTraits().inputs(for: arena(titles))
            #expect(inputs.search == expected(titles), "\(odd)")
            #expect(inputs.letters == letters(expected(titles)), "\(odd)")
            #expect(inputs.traits.count == titles.count)
        }
        // Titles added to ASCII ones: a title not ASCII, then an ASCII one, then another not.
        var titles = (0..<60_000).map { "Title \($0) RAIN" }
        var traits = TitleTraits()
        #expect(traits.inputs(for: arena(titles)).search == arena(titles))
        for added in [["Café Ölçü", "x"], ["plain"], ["录音 Ǆ", "ſ"]] {
            traits = traits.extended()
            titles += added
            // (A one-character search of the whole order, `favs list --query r`, makes the traits alone first.)
            if added.count == 1 { #expect(traits.values(for: arena(titles)).count == titles.count) }
            let inputs = traits.inputs(for: arena(titles))
            #expect(inputs.search == expected(titles), "\(added)")
            #expect(inputs.letters == letters(expected(titles)), "\(added)")
        }
    }

    /// No title scores more than the term's best (what the scan for the first rows stops by), and a title made to
    /// have it does.
    @Test func noTitleScoresMoreThanTheTermsBest() throws {
        var rng = SeededRandom(seed: 99)
        var scratch = MatchScratch()
        for term in ["r", "ra", "rai", "rain", "Rain", "xq", "a1"] {
            let pattern = SearchPattern(reading: term)
            let best = try #require(pattern.maximumScore)
            #expect(pattern.match("x " + term + "y")?.rank.score == Int(best), "\(term)")
            for _ in 0..<3_000 {
                let title = (0..<Int.random(in: 1...5, using: &rng)).map { _ in
                    Self.words.randomElement(using: &rng) ?? ""
                }.joined(separator: [" ", "-", "/", "", "_"].randomElement(using: &rng) ?? " ")
                let score = Array(title.utf8).withUnsafeBytes { pattern.rank(utf8: $0, scratch: &scratch)?.score } ?? 0
                #expect(score <= Int(best), "\(term) in \(title)")
            }
        }
    }
}
