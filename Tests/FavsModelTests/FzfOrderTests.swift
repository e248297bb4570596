import Testing
@testable import FavsModel

/// Whole rankings against the real fzf: each expected list is the literal output of
/// `fzf --filter PATTERN` (`fzf --exact --filter` for exact mode) over `titles`, one title a line, as
/// fzf 0.38 printed it when this file was written: best first, ties by length, then input order.
/// (fzf 0.38 and fzf's main branch differ only in the bonus of punctuation typed in the pattern, which
/// no pattern here has.)
@Suite struct FzfOrderTests {
    static let titles = [
        "fuzzy-finder", "fuzzyfinder", "fuzzy-blurry-finder", "foo-bar", "foobar", "out-of-bound", "FooBar", "a/b",
        "axb", "a b", "requests", "requests-oauthlib", "django-rest-framework", "djangorestframework", "pytest",
        "pytest-cov", "python-dateutil", "Café de Flore", "cafe", "Crème brûlée", "東京タワー", "寿司 🍣",
        "github.com/junegunn/fzf", "src/algo/algo.go", "README.md", "main.swift", "MatchScratch.swift", "ab", "abc",
        "version2", "go", "Go to",
    ]

    /// What favs would list: the matches, by rank then input order when the pattern ranks, else input order.
    static func filter(_ text: String, exact: Bool) throws -> [String] {
        let pattern = try SearchPattern(parsing: text, exact: exact)
        var scratch = MatchScratch()
        let matches = titles.indices.compactMap { i in pattern.rank(titles[i], scratch: &scratch).map { (i, $0) } }
        let ordered = pattern.isRanked ? matches.sorted { ($0.1, $0.0) < ($1.1, $1.0) } : matches
        return ordered.map { titles[$0.0] }
    }

    static let cases: [(String, Bool, [String])] = [
        ("ab", false, ["ab", "abc", "a b", "a/b", "axb", "requests-oauthlib"]),
        ("ff", false, ["fuzzy-finder", "github.com/junegunn/fzf", "fuzzyfinder", "fuzzy-blurry-finder", "Café de Flore"]),
        ("foob", false, ["foobar", "FooBar", "foo-bar"]),
        ("fb", false, ["FooBar", "foo-bar", "fuzzy-blurry-finder", "foobar", "out-of-bound"]),
        ("Fb", false, []),
        ("reqsts", false, ["requests", "requests-oauthlib"]),
        ("djgrest", false, ["django-rest-framework", "djangorestframework"]),
        ("pytst", false, ["pytest", "pytest-cov"]),
        ("cafe", false, ["cafe", "Café de Flore"]),
        ("café", false, ["Café de Flore"]),
        ("cre", false, ["Crème brûlée", "Café de Flore"]),
        ("東京", false, ["東京タワー"]),
        ("go", false, ["go", "Go to", "src/algo/algo.go", "github.com/junegunn/fzf", "djangorestframework", "django-rest-framework"]),
        ("fzf", false, ["github.com/junegunn/fzf", "fuzzy-finder", "fuzzyfinder", "fuzzy-blurry-finder"]),
        ("ms", false, ["main.swift", "MatchScratch.swift"]),
        ("'foo", false, ["foobar", "FooBar", "foo-bar"]),
        ("^py", false, ["pytest", "pytest-cov", "python-dateutil"]),
        ("go$", false, ["go", "src/algo/algo.go"]),
        ("!py", false, ["fuzzy-finder", "fuzzyfinder", "fuzzy-blurry-finder", "foo-bar", "foobar", "out-of-bound", "FooBar", "a/b", "axb", "a b", "requests", "requests-oauthlib", "django-rest-framework", "djangorestframework", "Café de Flore", "cafe", "Crème brûlée", "東京タワー", "寿司 🍣", "github.com/junegunn/fzf", "src/algo/algo.go", "README.md", "main.swift", "MatchScratch.swift", "ab", "abc", "version2", "go", "Go to"]),
        ("ab | cafe", false, ["cafe", "Café de Flore", "ab", "abc", "a b", "a/b", "axb", "requests-oauthlib"]),
        ("^ab$", false, ["ab"]),
        ("py !cov", false, ["pytest", "python-dateutil"]),
        ("'go", false, ["go", "Go to", "src/algo/algo.go", "djangorestframework", "django-rest-framework"]),
        ("^go$", false, ["go"]),
        ("rest fw", false, ["django-rest-framework", "djangorestframework"]),
        ("abc | ff", false, ["abc", "fuzzy-finder", "github.com/junegunn/fzf", "fuzzyfinder", "fuzzy-blurry-finder", "Café de Flore"]),
        ("swift$ ma", false, ["main.swift", "MatchScratch.swift"]),
        ("!a !e", false, ["out-of-bound", "東京タワー", "寿司 🍣", "go", "Go to"]),
        ("ms !main", false, ["MatchScratch.swift"]),
        ("fo ba", false, ["foo-bar", "FooBar", "foobar"]),
        ("cafe", true, ["cafe", "Café de Flore"]),
        ("'cafe", true, ["cafe", "Café de Flore"]),
        ("ab", true, ["ab", "abc"]),
        ("fo ba", true, ["foo-bar", "FooBar", "foobar"]),
    ]

    @Test(arguments: cases)
    func favsListsWhatFzfFilterPrintsInTheSameOrder(pattern: String, exact: Bool, expected: [String]) throws {
        #expect(try Self.filter(pattern, exact: exact) == expected)
    }
}

/// The ranked list's sort (`RankSort`, a radix sort of the packed keys a search makes in slot order) puts the keys
/// exactly where `sort()` does: scores, favorites and lengths over small and wide ranges, ties kept in slot order;
/// and keys not in slot order (as no search makes them) are sorted all the same; in one part or in several (as on
/// more than one core), whichever the machine has.
@Suite struct RankSortTests {
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func theRadixSortEqualsSort(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        for round in 0..<30 {
            let count = [0, 1, 200, 257, 3_000, 40_000][round % 6]
            let scores = round % 3 == 0 ? 0...3 : 0...0xFFFF
            let lengths = round % 4 == 0 ? 5...5 : 0...0x7FFF
            var slot: Int32 = -1
            var keys = (0..<count).map { _ in
                slot += Int32.random(in: 1...3, using: &rng)
                let key = RankKey(MatchRank(score: Int.random(in: scores, using: &rng), length: Int.random(in: lengths, using: &rng)))
                return key.packed(favorite: Int.random(in: 0..<5, using: &rng) == 0, slot: slot)
            }
            if round % 5 == 4 { keys.shuffle(using: &rng) }
            let expected = keys.sorted()
            let parts = [1, 2, 3, 7][round % 4]
            RankSort.sort(&keys, parts: parts)
            // Where they first differ, not the keys: a failure would print thousands.
            let difference = keys.count == expected.count ? keys.indices.first { keys[$0] != expected[$0] } : 0
            #expect(difference == nil, "seed \(seed) round \(round): \(count) keys in \(parts) parts")
        }
    }
}
