import Foundation

/// Whether one search's title matches are provably among another's: what lets a search typed further be answered
/// over the rows of the one before it (`QueryResult.update`) instead of over every title.
///
/// A longer text is not always a narrower search: a key can change what a term means. `s$` ends a title with `s`,
/// `s$5` is fuzzy again and finds `US$5`; `'on'` is a whole word, `'on't` a substring found in `don't`; `!a` lets
/// through less than `!ab`; `a` is one group and `a | b` one that lets more through. So the terms are compared as
/// parsed, never the texts as typed, and anything not proven answers afresh.
extension SearchPattern {
    /// Whether every title this pattern's title groups match, `other`'s match too. Each of `other`'s groups must be
    /// implied by one of this pattern's (every term of it implies one of that group's terms): groups are all
    /// required, and a group matches when one of its terms does. Field groups are not compared: the library answers
    /// them, and the caller narrows only when its field answer is the same.
    func narrowsTitles(of other: SearchPattern) -> Bool {
        other.titleGroups.allSatisfy { wider in
            titleGroups.contains { group in group.allSatisfy { term in wider.contains { term.implies($0) } } }
        }
    }
}

extension SearchTerm {
    /// Whether every title this term matches, `other` matches too, by the term kinds' rules (`MatchScratch`): false
    /// when it cannot be shown from the two terms alone.
    func implies(_ other: SearchTerm) -> Bool {
        guard isInverse == other.isInverse else { return false }
        // An inverse term matches what its term does not: `!ab` lets through no title `!a` turns away.
        return isInverse ? other.positivelyImplies(self) : positivelyImplies(other)
    }

    /// `implies(_:)` with both terms read as not inverse.
    private func positivelyImplies(_ other: SearchTerm) -> Bool {
        // The matcher compares the terms' scalars with the title as each term's rules read it: a term that sets
        // aside case or accents may let through more than one that does not, never the reverse.
        guard isCaseSensitive || !other.isCaseSensitive, !foldsAccents || other.foldsAccents else { return false }
        let mine = scalars, theirs = other.scalars
        switch other.kind {
        case .fuzzy:
            // Characters in order: a fuzzy term typed further, or a substring of any kind that begins with them.
            return mine.starts(with: theirs)
        case .exact:
            // A substring: one of a kind that also finds its text somewhere in the title, holding `other`'s.
            return kind != .fuzzy && Self.contains(mine, theirs)
        case .exactBoundary:
            return kind == .exactBoundary && mine == theirs
        case .prefix:
            // The same start rule (white space at the start is set aside unless both begin with it).
            return (kind == .prefix || kind == .equal) && mine.starts(with: theirs)
        case .suffix:
            return (kind == .suffix || kind == .equal) && mine.reversed().starts(with: theirs.reversed())
        case .equal:
            return kind == .equal && mine == theirs
        }
    }

    /// Whether `part` occurs in `whole` as a run of scalars.
    private static func contains(_ whole: [UInt32], _ part: [UInt32]) -> Bool {
        guard part.count <= whole.count else { return false }
        return (0...(whole.count - part.count)).contains { whole[$0..<($0 + part.count)].elementsEqual(part) }
    }
}
