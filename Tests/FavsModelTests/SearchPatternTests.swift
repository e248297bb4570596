import Testing
@testable import FavsModel

/// The pattern syntax: fzf's extended terms, field terms, and the errors fzf would silently swallow.
@Suite struct SearchPatternTests {
    /// A term as (kind, inverse, text, case-sensitive) for compact expectations.
    struct T: Equatable, CustomStringConvertible {
        let kind: SearchTerm.Kind
        let inverse: Bool
        let text: String
        let caseSensitive: Bool
        init(_ kind: SearchTerm.Kind, _ text: String, inverse: Bool = false, caseSensitive: Bool = false) {
            (self.kind, self.text, self.inverse, self.caseSensitive) = (kind, text, inverse, caseSensitive)
        }
        init(_ term: SearchTerm) {
            self.init(term.kind, term.text, inverse: term.isInverse, caseSensitive: term.isCaseSensitive)
        }
        var description: String { "\(inverse ? "!" : "")\(kind)(\(text)\(caseSensitive ? ", cs" : ""))" }
    }

    func groups(_ text: String, exact: Bool = false) throws -> [[T]] {
        try SearchPattern(parsing: text, exact: exact).titleGroups.map { $0.map(T.init) }
    }

    func error(_ text: String) -> String? {
        do {
            _ = try SearchPattern(parsing: text)
            return nil
        } catch {
            return error.message
        }
    }

    @Test(arguments: [
        ("abc", [[T(.fuzzy, "abc")]]),
        ("'abc", [[T(.exact, "abc")]]),
        ("^abc", [[T(.prefix, "abc")]]),
        ("abc$", [[T(.suffix, "abc")]]),
        ("^abc$", [[T(.equal, "abc")]]),
        ("'abc'", [[T(.exactBoundary, "abc")]]),
        ("!abc", [[T(.exact, "abc", inverse: true)]]),
        ("!'abc", [[T(.fuzzy, "abc", inverse: true)]]),
        ("!^abc", [[T(.prefix, "abc", inverse: true)]]),
        ("!abc$", [[T(.suffix, "abc", inverse: true)]]),
        ("$", [[T(.fuzzy, "$")]]),
        ("!$", [[T(.exact, "$", inverse: true)]]),
        ("''", [[T(.exact, "'")]]),
        ("a\\ b", [[T(.fuzzy, "a b")]]),
        ("a\\b", [[T(.fuzzy, "a\\b")]]),
        ("  a   b  ", [[T(.fuzzy, "a")], [T(.fuzzy, "b")]]),
        ("a | b c", [[T(.fuzzy, "a"), T(.fuzzy, "b")], [T(.fuzzy, "c")]]),
        ("^a | b$ | !c", [[T(.prefix, "a"), T(.suffix, "b"), T(.exact, "c", inverse: true)]]),
        ("|a", [[T(.fuzzy, "|a")]]),
    ])
    func extendedSyntaxReadsAsFzfDoes(pattern: String, expected: [[T]]) throws {
        #expect(try groups(pattern) == expected)
    }

    @Test func exactModeMakesPlainTermsExactAndQuoteFlipsThemFuzzy() throws {
        #expect(try groups("abc 'def !ghi !'jkl ^x", exact: true) == [
            [T(.exact, "abc")], [T(.fuzzy, "def")], [T(.exact, "ghi", inverse: true)],
            [T(.fuzzy, "jkl", inverse: true)], [T(.prefix, "x")],
        ])
    }

    @Test func smartCaseIsDecidedPerTerm() throws {
        #expect(try groups("Foo bar 'Baz") == [
            [T(.fuzzy, "Foo", caseSensitive: true)], [T(.fuzzy, "bar")], [T(.exact, "Baz", caseSensitive: true)],
        ])
    }

    @Test func aTermWithAnAccentDoesNotFoldTheTitlesAccents() throws {
        let pattern = try SearchPattern(parsing: "cafe café ÉCOLE")
        #expect(pattern.titleGroups.map { $0[0].foldsAccents } == [true, false, false])
        #expect(pattern.titleGroups[2][0].text == "ÉCOLE")
    }

    @Test(arguments: [
        ("'", "the term ' has nothing to search for: write text after it"),
        ("!", "the term ! has nothing to search for: write text after it"),
        ("^", "the term ^ has nothing to search for: write text after it"),
        ("!'", "the term !' has nothing to search for: write text after it"),
        ("^$", "the term ^$ has nothing to search for: write text after it"),
        ("a '", "the term ' has nothing to search for: write text after it"),
        ("|", "a | must stand between two terms (to find a |, write '|)"),
        ("| a", "a | must stand between two terms (to find a |, write '|)"),
        ("a |", "a | must stand between two terms (to find a |, write '|)"),
        ("a | | b", "a | must stand between two terms (to find a |, write '|)"),
        ("url:", "the term url: has nothing to search for: write text after it"),
        (":", "the term : has nothing to search for: write text after it"),
        ("!url:!x", "the term !url:!x has two !: write one, before the field name"),
        ("url:x | y", "url:x | y joins a field term and a title term with |: a group is all fields or all titles"),
    ])
    func malformedTermsAreErrorsWithAOneLineMessage(pattern: String, message: String) {
        #expect(error(pattern) == message)
    }

    @Test func aQuotedBarIsAnOrdinaryTerm() throws {
        #expect(try groups("'| a") == [[T(.exact, "|")], [T(.fuzzy, "a")]])
    }

    @Test func fieldTermsAreSetAsideForTheLibrary() throws {
        let pattern = try SearchPattern(parsing: "padilla artist:Padilla !url:github version:^1. :live notes:!draft")
        #expect(pattern.titleGroups.map { $0.map(T.init) } == [[T(.fuzzy, "padilla")]])
        let fields = pattern.fieldGroups.map { $0.map { ($0.field ?? "*") + " " + T($0.term).description } }
        #expect(fields == [
            ["artist fuzzy(Padilla, cs)"], ["url !exact(github)"], ["version prefix(1.)"], ["* fuzzy(live)"],
            ["notes !exact(draft)"],
        ])
    }

    @Test func fieldTermsJoinWithBarIntoOneGroup() throws {
        let pattern = try SearchPattern(parsing: "artist:padilla | url:padilla")
        #expect(pattern.titleGroups.isEmpty)
        #expect(pattern.fieldGroups.map { $0.map { $0.field } } == [["artist", "url"]])
    }

    @Test(arguments: [
        ("http://example.com", T(.fuzzy, "http://example.com")),
        ("https://x", T(.fuzzy, "https://x")),
        ("'a:b", T(.exact, "a:b")),
        ("^a:b", T(.prefix, "a:b")),
        ("9a:b", T(.fuzzy, "9a:b")),
        ("a.b:c", T(.fuzzy, "a.b:c")),
    ])
    func aColonIsAFieldOnlyAfterALeadingIdentifierNotBeforeSlashes(pattern: String, term: T) throws {
        let parsed = try SearchPattern(parsing: pattern)
        #expect(parsed.fieldGroups.isEmpty)
        #expect(parsed.titleGroups.map { $0.map(T.init) } == [[term]])
    }

    @Test func fieldNamesMayHoldDigitsDashesAndUnderscores() throws {
        let parsed = try SearchPattern(parsing: "release_date-2:2024")
        #expect(parsed.fieldGroups.first?.first?.field == "release_date-2")
    }

    @Test func anEmptyPatternHasNoTermsAndIsNotRanked() throws {
        for text in ["", "   "] {
            let pattern = try SearchPattern(parsing: text)
            #expect(pattern.isEmpty)
            #expect(!pattern.isRanked)
        }
        #expect(try !SearchPattern(parsing: "!a !b").isRanked)
        #expect(try SearchPattern(parsing: "!a b").isRanked)
    }
}
