import Foundation

/// A search as typed, parsed once: fzf's extended syntax, plus field terms (`name:text`).
///
/// Terms are separated by spaces and all must match; terms joined by `|` form a group of which one must
/// match. Title groups are scored here (`rank`, `match`); field groups are for the library to answer (the
/// ids whose fields hold the text), and the caller keeps the titles that both accept. A group is either all
/// title terms or all field terms.
public struct SearchPattern: Sendable, Hashable {
    /// The pattern as typed.
    public let text: String
    /// Exact mode (fzf's `--exact`): a plain term is an exact substring, and `'` makes it fuzzy.
    public let isExact: Bool
    /// The groups of title terms, every group must match (one of its terms).
    public let titleGroups: [[SearchTerm]]
    /// The groups of field terms, every group must match (one of its terms); answered by the library.
    public private(set) var fieldGroups: [[FieldTerm]]
    /// The groups of tag terms (`#work`, `!#work/done`), every group must match (one of its terms); answered by
    /// the collection, which knows every item's tags.
    public private(set) var tagGroups: [[TagTerm]]

    /// Whether the pattern has no term at all (every title matches, with score 0).
    public var isEmpty: Bool { titleGroups.isEmpty && fieldGroups.isEmpty && tagGroups.isEmpty }

    /// Whether matches are ordered by rank: some title term is not inverse. Otherwise (no title term, or only
    /// `!` terms) every score is 0 and the chosen order stays, as fzf leaves such results unsorted.
    public var isRanked: Bool { titleGroups.contains { $0.contains { !$0.isInverse } } }

    /// Parses `text`; throws the first malformed term (an empty `'`, `^` or `!`, a lone `|`, an empty field
    /// term, a group mixing field and title terms).
    /// `tags`: whether `#` begins a tag term (items with tags: a library's), or is a character (lines of stdin).
    public init(parsing text: String, exact: Bool = false, tags: Bool = true) throws(SearchPatternError) {
        self.text = text
        isExact = exact
        (titleGroups, fieldGroups, tagGroups) = try PatternParser(exact: exact, tags: tags).groups(of: text)
        oneCharacter = Self.oneCharacter(of: titleGroups)
        (fuzzyBytes, fuzzyCaseSensitive, fuzzyFoldsAccents) = Self.fuzzyBytes(of: titleGroups)
        (prefixBytes, prefixCaseSensitive) = Self.prefixBytes(of: titleGroups)
        prefilter = TitlePrefilter(titleGroups)
    }

    /// Reads `text` as a search box does while it is typed: a malformed term (an empty `'`, a `|` with nothing
    /// after it yet) is left out, and the first one is `problem`.
    public init(reading text: String, exact: Bool = false, tags: Bool = true) {
        self.text = text
        isExact = exact
        let read = PatternParser(exact: exact, tags: tags).groups(of: text, lenient: true)
        (titleGroups, fieldGroups, tagGroups, problem) = (read.titles, read.fields, read.tags, read.error)
        oneCharacter = Self.oneCharacter(of: titleGroups)
        (fuzzyBytes, fuzzyCaseSensitive, fuzzyFoldsAccents) = Self.fuzzyBytes(of: titleGroups)
        (prefixBytes, prefixCaseSensitive) = Self.prefixBytes(of: titleGroups)
        prefilter = TitlePrefilter(titleGroups)
    }

    /// The byte prefilters every title the title terms match passes, for a scan to test first.
    let prefilter: TitlePrefilter

    /// When the title terms are one fuzzy term of one ASCII character (what the first key of a search types):
    /// that character, and 0x100 when the term is case-sensitive; 0 otherwise. Such a term over an ASCII title
    /// is scored straight from its bytes (`rankOneCharacter`).
    let oneCharacter: UInt16

    private static func oneCharacter(of groups: [[SearchTerm]]) -> UInt16 {
        guard let (term, bytes) = loneASCIITerm(groups, .fuzzy), bytes.count == 1, bytes[0] != 0 else { return 0 }
        return UInt16(bytes[0]) | (term.isCaseSensitive ? 0x100 : 0)
    }

    /// The title terms' one term when there is only one, of `kind`, not `!`, of ASCII characters, with its bytes:
    /// what the byte paths score.
    private static func loneASCIITerm(_ groups: [[SearchTerm]], _ kind: SearchTerm.Kind) -> (SearchTerm, [UInt8])? {
        guard groups.count == 1, groups[0].count == 1, case let term = groups[0][0], term.kind == kind,
              !term.isInverse, let bytes = term.asciiBytes, !bytes.isEmpty else { return nil }
        return (term, bytes)
    }

    /// When the title terms are one fuzzy term of two or more ASCII characters (a search typed further): its bytes,
    /// whether it is case-sensitive and whether it folds accents; empty otherwise. Such a term over a title of
    /// well-formed UTF-8 is scored straight from its bytes (`MatchScratch.asciiTermScore`).
    let fuzzyBytes: [UInt8]
    let fuzzyCaseSensitive: Bool
    let fuzzyFoldsAccents: Bool

    private static func fuzzyBytes(of groups: [[SearchTerm]]) -> ([UInt8], Bool, Bool) {
        guard let (term, bytes) = loneASCIITerm(groups, .fuzzy), bytes.count >= 2 else { return ([], false, false) }
        return (bytes, term.isCaseSensitive, term.foldsAccents)
    }

    /// When the title terms are one `^` term of ASCII characters (not `!`): its bytes and whether it is
    /// case-sensitive; empty otherwise. Such a term over a title that starts with ASCII is scored straight from its
    /// bytes (`asciiPrefixScore`).
    let prefixBytes: [UInt8]
    let prefixCaseSensitive: Bool

    private static func prefixBytes(of groups: [[SearchTerm]]) -> ([UInt8], Bool) {
        guard let (term, bytes) = loneASCIITerm(groups, .prefix) else { return ([], false) }
        return (bytes, term.isCaseSensitive)
    }

    /// The one fuzzy term of ASCII characters the title terms are (`oneCharacter`, `fuzzyBytes`): its bytes and how
    /// it compares; nil for any other pattern.
    var loneFuzzyTerm: (bytes: [UInt8], caseSensitive: Bool, foldsAccents: Bool)? {
        if oneCharacter != 0 { return ([UInt8(truncatingIfNeeded: oneCharacter)], oneCharacter & 0x100 != 0, true) }
        return fuzzyBytes.isEmpty ? nil : (fuzzyBytes, fuzzyCaseSensitive, fuzzyFoldsAccents)
    }

    /// The most a title can score when the title terms are one fuzzy term of ASCII characters (`oneCharacter`,
    /// `fuzzyBytes`): each character +16, the first at a word start after white space (its bonus, 10, doubled) and
    /// the others in one run after it (10 each); nil for any other pattern.
    var maximumScore: Int32? {
        guard let characters = loneFuzzyTerm?.bytes.count else { return nil }
        return Score.match * Int32(characters) + Int32(Score.boundaryWhite) * Score.firstCharMultiplier
            + Int32(Score.boundaryWhite) * Int32(characters - 1)
    }

    /// Whether a scan passes each title's trait (`TitleTraits`) to `rank(utf8:trait:scratch:)`: the byte paths
    /// read a title's encoding and length from it.
    var usesTraits: Bool { oneCharacter != 0 || !fuzzyBytes.isEmpty || !prefixBytes.isEmpty }

    /// The same pattern without its field and tag terms (what is answered over titles alone).
    public var titlesOnly: SearchPattern {
        var pattern = self
        pattern.fieldGroups = []
        pattern.tagGroups = []
        return pattern
    }

    /// The first malformed term `init(reading:exact:)` left out; nil when every term was read.
    public private(set) var problem: SearchPatternError?
}

/// A tag term: items carrying the tag at `path` or one nested under it (`#work`), or (`isInverse`, `!#work`) not.
public struct TagTerm: Sendable, Hashable {
    public let path: String
    public let isInverse: Bool

    /// Whether an item with these tags passes.
    public func accepts(tags: [String]) -> Bool { tags.contains { TagPath.isWithin($0, path) } != isInverse }
}

/// One term: what to find in a title (or a field), how, and whether it must not be found.
public struct SearchTerm: Sendable, Hashable {
    /// How a term matches, as fzf's term types.
    public enum Kind: Sendable, Hashable {
        /// The characters in order, anywhere (FuzzyMatchV2).
        case fuzzy
        /// A substring (`'word`, or a plain term in exact mode).
        case exact
        /// A substring standing as whole words (`'word'`).
        case exactBoundary
        /// At the start, after leading spaces (`^word`).
        case prefix
        /// At the end, before trailing spaces (`word$`).
        case suffix
        /// The whole title, spaces around it aside (`^word$`).
        case equal
    }

    /// How the term matches.
    public let kind: Kind
    /// A `!` term: the title must not match it (it scores 0).
    public let isInverse: Bool
    /// The text to find, markers removed and `\ ` made a space; lower-cased unless `isCaseSensitive`.
    public let text: String
    /// Smart case: the term has an upper-case letter.
    public let isCaseSensitive: Bool
    /// The term has no accented Latin letter, so the titles' accents are set aside (`cafe` finds `Café`,
    /// `café` only `café`), as fzf.
    public let foldsAccents: Bool
    /// `text`'s scalars, what the matcher compares.
    let scalars: [UInt32]
    /// `text` as bytes when it is all ASCII, for the byte prefilter.
    let asciiBytes: [UInt8]?
    /// A `^` term (`^word`, `^word$`): its prefilter also reads the title's first bytes.
    var isAnchored: Bool { kind == .prefix || kind == .equal }

    init(kind: Kind, isInverse: Bool, text: String, isCaseSensitive: Bool, foldsAccents: Bool) {
        self.kind = kind
        self.isInverse = isInverse
        self.text = text
        self.isCaseSensitive = isCaseSensitive
        self.foldsAccents = foldsAccents
        // fzf folds the pattern too: a case-sensitive `İ` (its lower case `i` has no accent) finds `İ` as `I`.
        scalars = text.unicodeScalars.map { foldsAccents ? ScalarTraits.folded($0.value) : $0.value }
        asciiBytes = scalars.allSatisfy { $0 < 0x80 } ? scalars.map { UInt8($0) } : nil
    }
}

/// A term aimed at an item's fields: `name:text` one field, `:text` any field.
public struct FieldTerm: Sendable, Hashable {
    /// The field's name as typed; nil for any field.
    public let field: String?
    /// What to find in it; `!` before the name or after the colon makes it inverse.
    public let term: SearchTerm
}

/// Why a pattern cannot be parsed, in one line for the status bar or stderr.
public struct SearchPatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The offending term as typed.
    public let term: String
    /// One line: what is wrong and how to write it.
    public let message: String

    /// The message.
    public var description: String { message }

    static func empty(_ term: String) -> Self {
        Self(term: term, message: "the term \(term) has nothing to search for: write text after it")
    }

    static let loneBar = Self(term: "|", message: "a | must stand between two terms (to find a |, write '|)")

    static func doubleInverse(_ term: String) -> Self {
        Self(term: term, message: "the term \(term) has two !: write one, before the field name")
    }

    static func mixedGroup(_ term: String) -> Self {
        Self(
            term: term,
            message: "\(term) joins a field term and a title term with |: a group is all fields or all titles"
        )
    }
}
