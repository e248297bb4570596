import Testing
@testable import FavsModel

/// The scorer against fzf: each score and position below is what fzf's own FuzzyMatchV2, ExactMatchNaive,
/// ExactMatchBoundary, PrefixMatch, SuffixMatch and EqualMatch return for the same pattern and title
/// (src/algo/algo.go of fzf's main branch, run on these cases when this file was written and pasted here).
@Suite struct FuzzyScoreTests {
    /// (pattern, title, fzf's score or nil for no match, fzf's positions). A quoted pattern is exact, `^` a
    /// prefix, `$` a suffix, `^…$` equal, `'…'` whole words.
    static let cases: [(String, String, Int?, [Int])] = [
        ("ab", "a/b", 58, [0, 2]),
        ("ab", "axb", 49, [0, 2]),
        ("ab", "a b", 59, [0, 2]),
        ("ab", "a-b", 57, [0, 2]),
        ("ab", "a:b", 58, [0, 2]),
        ("ff", "fuzzyfinder", 46, [0, 5]),
        ("ff", "fuzzy-finder", 53, [0, 6]),
        ("ff", "fuzzy-blurry-finder", 46, [0, 13]),
        ("foob", "foobar", 114, [0, 1, 2, 3]),
        ("foob", "foo-bar", 109, [0, 1, 2, 4]),
        ("oob", "foobar", 56, [1, 2, 3]),
        ("oob", "out-of-bound", 75, [0, 4, 7]),
        ("br", "fo-bar", 45, [3, 5]),
        ("br", "foob-r", 37, [3, 5]),
        ("og", "to-go", 37, [1, 3]),
        ("og", "ongoing", 49, [0, 2]),
        ("fb", "FooBar", 55, [0, 3]),
        ("fb", "foobar", 48, [0, 3]),
        ("a1", "abc123", 55, [0, 3]),
        ("abc", "abc", 88, [0, 1, 2]),
        ("abc", "a_b_c", 78, [0, 2, 4]),
        ("reqsts", "requests", 140, [0, 1, 2, 5, 6, 7]),
        ("djgrest", "django-rest-framework", 166, [0, 1, 4, 7, 8, 9, 10]),
        ("pytst", "pytest", 121, [0, 1, 2, 4, 5]),
        ("b", "a-b b", 32, [2]),
        ("b", "abc b", 36, [4]),
        ("Foo", "foo", nil, []),
        ("Foo", "FooBar", 88, [0, 1, 2]),
        ("fOO", "foo", nil, []),
        ("cafe", "Café", 114, [0, 1, 2, 3]),
        ("creme", "Crème brûlée", 140, [0, 1, 2, 3, 4]),
        ("café", "cafe", nil, []),
        ("café", "Café", 114, [0, 1, 2, 3]),
        ("CAFE", "CAFÉ", 114, [0, 1, 2, 3]),
        ("東京", "東京タワー", 62, [0, 1]),
        ("京タ", "東京タワー", 36, [1, 2]),
        ("寿司", "🍣 寿司 bar", 62, [2, 3]),
        ("bar", "🍣 寿司 bar", 88, [5, 6, 7]),
        ("v2", "version2", 51, [0, 7]),
        ("mm", "mummy", 49, [0, 2]),
        ("abc", "xaxbxcabc", 56, [6, 7, 8]),
        ("zz", "abc", nil, []),
        ("'foo", "xfoo foo", 88, [5, 6, 7]),
        ("'oo", "boo foo", 36, [1, 2]),
        ("'Foo", "foo", nil, []),
        ("^fo", "  foo", 62, [2, 3]),
        ("^foo", "xfoo", nil, []),
        ("ar$", "bar  ", 36, [1, 2]),
        ("ba$", "bar", nil, []),
        ("^foo$", "foo", 88, [0, 1, 2]),
        ("^foo$", " foo ", 88, [1, 2, 3]),
        ("^foo$", "foobar", nil, []),
        ("'foo'", "xfoo foo_bar", 95, [5, 6, 7]),
        ("'foo'", "foo_bar", 95, [0, 1, 2]),
        ("'foo'", "xfoo", nil, []),
        ("'foo'", "a foo b", 98, [2, 3, 4]),
        ("sl", "Sleep", 62, [0, 1]),
        ("nrd", "nerd-fonts", 69, [0, 2, 3]),
        ("gh", "github.com/user", 48, [0, 3]),
        ("user", "github.com/user", 109, [11, 12, 13, 14]),
        ("ss", "Straße", 47, [0, 4]),
        ("lodz", "Łódź", 114, [0, 1, 2, 3]),
        ("oe", "Zoë", 36, [1, 2]),
    ]

    @Test(arguments: cases)
    func scoresAndPositionsAreFzfs(pattern: String, title: String, score: Int?, positions: [Int]) throws {
        let match = try SearchPattern(parsing: pattern).match(title)
        #expect(match?.score == score)
        #expect(match?.positions ?? [] == positions)
    }

    func score(_ pattern: String, _ title: String) throws -> Int? {
        var scratch = MatchScratch()
        return try SearchPattern(parsing: pattern).rank(title, scratch: &scratch)?.score
    }

    @Test func aBoundaryBeatsTheMiddleOfAWord() throws {
        #expect(try score("ff", "fuzzy-finder")! > score("ff", "fuzzyfinder")!)
        #expect(try score("og", "ongoing")! > score("og", "to-go")!)  // the first character's bonus counts double
    }

    @Test func aConsecutiveRunBeatsScatteredCharacters() throws {
        #expect(try score("foob", "foobar")! > score("foob", "foo-bar")!)
        #expect(try score("abc", "abc")! > score("abc", "a_b_c")!)
    }

    @Test func camelCaseAndLetterToDigitEarnABonus() throws {
        #expect(try score("fb", "FooBar")! > score("fb", "foobar")!)
        #expect(try score("a1", "abc123") == 55)  // 16 + 2×10 for the a, −3 −1 for bc, 16 + 7 for the 1
    }

    @Test func aPathSeparatorIsABoundary() throws {
        #expect(try score("ab", "a/b")! > score("ab", "axb")!)
        #expect(try score("user", "github.com/user") == 16 * 4 + 2 * 9 + 3 * 9)
    }

    @Test func theRankOfMatchesIsFzfsTotalOrder() throws {
        let pattern = try SearchPattern(parsing: "ff")
        var scratch = MatchScratch()
        let titles = ["fuzzy-blurry-finder", "fuzzyfinder", "fuzzy-finder"]
        let ranks = titles.map { pattern.rank($0, scratch: &scratch)! }
        // 46 and 46: the shorter title first; 53 above both.
        #expect(ranks.map(\.score) == [46, 46, 53])
        #expect(ranks.indices.sorted { (ranks[$0], $0) < (ranks[$1], $1) }.map { titles[$0] }
            == ["fuzzy-finder", "fuzzyfinder", "fuzzy-blurry-finder"])
    }

    @Test func theTermsOfAPatternAddUpAndAnInverseTermScoresNothing() throws {
        #expect(try score("ab cafe", "ab cafe") == score("ab", "ab cafe")! + score("cafe", "ab cafe")!)
        #expect(try score("ab !xyz", "ab") == score("ab", "ab"))
        #expect(try score("ab !b", "ab") == nil)
        #expect(try score("!xyz", "ab") == 0)
    }

    @Test func anOrGroupTakesItsFirstMatchingTerm() throws {
        #expect(try score("ab | abc", "abc") == score("ab", "abc"))
        #expect(try score("zz | abc", "abc") == score("abc", "abc"))
        #expect(try score("!ab | abc", "abc") == score("abc", "abc"))
        #expect(try score("!zz | abc", "xyz") == 0)
        #expect(try score("zz | yy", "abc") == nil)
    }

    @Test func smartCaseMatchesUpperCaseOnlyAsTyped() throws {
        #expect(try score("foo", "FOO") != nil)
        #expect(try score("Foo", "FOO") == nil)
        #expect(try score("FOO", "FOO") != nil)
    }

    @Test func theLengthIsTheTitlesScalarsWithoutSurroundingSpace() throws {
        var scratch = MatchScratch()
        let pattern = try SearchPattern(parsing: "a")
        #expect(pattern.rank("  a b  ", scratch: &scratch)?.length == 3)
        #expect(pattern.rank("寿司 a", scratch: &scratch)?.length == 4)
    }

    @Test func fieldTermsLeaveTheTitleToTheTitleTerms() throws {
        #expect(try score("url:github", "anything") == 0)
        #expect(try score("url:github ab", "ab") == score("ab", "ab"))
    }
}
