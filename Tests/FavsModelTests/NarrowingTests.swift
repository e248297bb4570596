import Testing
@testable import FavsModel

/// When a search typed further is answered over the previous search's rows: only when its terms, as read, provably
/// match no title the previous ones did not (`ListQuery.narrows`); a longer text alone proves nothing.
@Suite struct NarrowingTests {
    @Test(arguments: [
        // A fuzzy term typed on (what keystrokes benchmark), a term made an end anchor, a quoted term made whole words,
        // a start anchor typed on or closed, a term or a group more, a `|` with nothing after it yet.
        ("ab", "abc"), ("ab", "ab$"), ("'on", "'on'"), ("^a", "^ab"), ("^ab", "^ab$"), ("ab", "ab c"),
        ("a", "a |"), ("a | b", "a | bc"), ("ab", "abC"), ("caf", "café"), ("!ab", "!a"), ("ab\\ ", "ab\\ c"),
        ("'", "'o"), ("n:1", "n:1 a"),
    ])
    func aSearchWhoseTermsImplyThePreviousOnesNarrowsIt(from: String, to: String) {
        #expect(ListQuery(filter: to).narrows(ListQuery(filter: from)))
    }

    @Test(arguments: [
        // An end anchor typed past is a `$` to find; a closing `'` typed past, a substring; `^…$` typed on, a prefix.
        ("s$", "s$5"), ("'on'", "'on't"), ("^ab$", "^ab$c"),
        // `!` typed on lets more through; `|` and a term after it too; an escape changes the term it ends.
        ("!a", "!ab"), ("a |", "a | b"), ("a b", "a b | c"), ("ab\\", "ab\\ "),
        // A title term typed into a field term (the library answers it); a term that compares case, to one that does not.
        ("artist", "artist:"), ("abC", "abc"),
    ])
    func aSearchTypedOnThatMayMatchMoreDoesNotNarrow(from: String, to: String) {
        #expect(!ListQuery(filter: to).narrows(ListQuery(filter: from)))
    }

    @Test func exactModeNarrowsAFuzzySearchButFuzzyModeDoesNotNarrowAnExactOne() {
        let (fuzzy, exact) = (ListQuery(filter: "ab"), ListQuery(filter: "ab", exact: true))
        #expect(exact.narrows(fuzzy))
        #expect(!fuzzy.narrows(exact))
    }

    @Test func anotherScopeOrOrderIsNotNarrowed() {
        #expect(!ListQuery(filter: "ab", scope: .favorites).narrows(ListQuery(filter: "a")))
        #expect(!ListQuery(filter: "ab", order: .title).narrows(ListQuery(filter: "a")))
    }
}
