import Testing
@testable import FavsModel

/// The characters to highlight, as Character (grapheme cluster) indices of the title: what the list pane
/// turns into display columns, whatever the title is made of.
@Suite struct MatchPositionTests {
    func positions(_ pattern: String, _ title: String) throws -> [Int]? {
        try SearchPattern(parsing: pattern).match(title)?.positions
    }

    @Test(arguments: [
        // A combining accent is a scalar of its own but not a character: `e◌́` is one character.
        ("ecole", "e\u{301}cole", [0, 1, 2, 3, 4]),
        // A family emoji is five scalars joined by zero-width joiners, one character; so is a flag's pair.
        ("fam", "👨\u{200D}👩\u{200D}👧 family", [2, 3, 4]),
        ("paris", "🇫🇷 Paris", [2, 3, 4, 5, 6]),
        ("タワ", "東京タワー", [2, 3]),
        ("cb", "Crème brûlée", [0, 6]),
        ("cafe", "CAFÉ", [0, 1, 2, 3]),
        ("寿司", "🍣 寿司 bar", [2, 3]),
        // Every term adds its characters, each once; an inverse term adds none.
        ("foo bar", "bar foo", [0, 1, 2, 4, 5, 6]),
        ("fo oo", "foo", [0, 1, 2]),
        ("foo !x", "foo", [0, 1, 2]),
        ("ab | foo", "a foo", [2, 3, 4]),
        // Exact, prefix and suffix terms highlight their span, leading and trailing spaces aside.
        ("'oo", "boo foo", [1, 2]),
        ("^fo", "  foo", [2, 3]),
        ("oo$", "foo  ", [1, 2]),
        ("^foo$", " foo ", [1, 2, 3]),
        ("'foo'", "xfoo foo_bar", [5, 6, 7]),
        // The scorer's choice, not the first occurrence: the run at the end beats the scattered letters.
        ("abc", "xaxbxcabc", [6, 7, 8]),
        ("user", "github.com/user", [11, 12, 13, 14]),
    ])
    func theHighlightedCharactersAreTheOnesTheScorerChose(pattern: String, title: String, expected: [Int]) throws {
        #expect(try positions(pattern, title) == expected)
    }

    @Test func anEmptyPatternMatchesEveryTitleWithNothingHighlighted() throws {
        let match = try SearchPattern(parsing: "").match("anything")
        #expect(match?.score == 0)
        #expect(match?.positions == [])
    }

    @Test func aTitleThatDoesNotMatchHasNoPositions() throws {
        #expect(try positions("xyz", "abc") == nil)
        #expect(try positions("abc !b", "abc") == nil)
    }
}
