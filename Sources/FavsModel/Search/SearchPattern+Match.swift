import Foundation

/// How well a title matched, for ranking: a higher score first, then a shorter title (fzf's default
/// `--tiebreak=length`); ranks that are equal keep the caller's chosen order (library, A–Z, recent), which
/// the caller applies as the last key, as fzf's input order.
public struct MatchRank: Sendable, Hashable, Comparable {
    /// The sum of the title groups' scores (an inverse term scores 0).
    public let score: Int
    /// fzf's length: the title's Unicode scalars, white space at both ends aside.
    public let length: Int

    /// A rank from its parts (a caller that keeps ranks apart from matches, a test).
    public init(score: Int, length: Int) {
        self.score = score
        self.length = length
    }

    /// `a < b` when `a` ranks before `b`: so `sorted()` puts the best first.
    public static func < (a: MatchRank, b: MatchRank) -> Bool {
        a.score != b.score ? a.score > b.score : a.length < b.length
    }
}

/// A title's match: its rank and the characters to highlight.
public struct Match: Sendable, Hashable {
    /// The score and the length, for ordering.
    public let rank: MatchRank
    /// The matched characters as `Character` (grapheme cluster) indices of the title, ascending, each once:
    /// the union over the title terms (fuzzy terms: the characters the scorer chose; others: their span).
    public let positions: [Int]

    /// The pattern's score for the title (fzf's).
    public var score: Int { rank.score }
}

extension SearchPattern {
    /// The title's rank, or nil when the title groups do not match it. The hot path: no positions, and
    /// nothing allocated once `scratch` has grown.
    public func rank(_ title: String, scratch: inout MatchScratch) -> MatchRank? {
        var title = title
        return title.withUTF8 { rank(utf8: UnsafeRawBufferPointer($0), scratch: &scratch) }
    }

    /// `rank(_:scratch:)` over a title's UTF-8 (as the collection's text arena keeps it). `trait`: the title's
    /// `trait(of:)` when the caller keeps it (nil: worked out here when needed).
    public func rank(utf8 title: UnsafeRawBufferPointer, trait: UInt16? = nil, scratch: inout MatchScratch) -> MatchRank? {
        if oneCharacter != 0 {
            return Self.withScanTables { Self.rankOneCharacter(oneCharacter, title, trait: trait ?? Self.trait(of: title), $0) }
        }
        if !fuzzyBytes.isEmpty {
            // A scan has tested the term's byte prefilter first (`TitlePrefilter`): only a title that may match is
            // measured here.
            return fuzzyBytes.withUnsafeBufferPointer { pattern -> MatchRank? in
                termRank(pattern, title, trait: trait ?? Self.trait(of: title), nil, scratch: &scratch)
            }
        }
        if !prefixBytes.isEmpty {
            let byBytes = prefixBytes.withUnsafeBufferPointer { pattern in
                Self.withScanTables { Self.asciiPrefixScore(pattern, title, caseSensitive: prefixCaseSensitive, $0) }
            }
            switch byBytes {
            case .noMatch: return nil
            case let .score(score):
                let trait = trait ?? Self.trait(of: title)
                if trait & Self.validUTF8 != 0 { return MatchRank(score: Int(score), length: Int(trait & Self.lengthMask)) }
            case .undecided: break
            }
        }
        return generalRank(utf8: title, scratch: &scratch)
    }

    /// What a byte path made of a title: its score, no match, or nothing (the general path decides).
    enum BytePathAnswer {
        case score(Int32)
        case noMatch
        case undecided
    }

    /// fzf's PrefixMatch for a `^` term of ASCII characters (`prefixBytes`, lower-case unless `caseSensitive`) from the
    /// title's bytes, while they are ASCII: leading white space aside (unless the term begins with one), the term's
    /// characters compared there, and `runScore` over them with each byte's bonus from the class of the byte before.
    /// Undecided when a byte that is not ASCII comes before the term's end (a scalar that may be white space, fold to
    /// the character, or change a bonus: the general path reads it).
    static func asciiPrefixScore(_ pattern: UnsafeBufferPointer<UInt8>, _ title: UnsafeRawBufferPointer,
                                 caseSensitive: Bool, _ tables: ScanTables) -> BytePathAnswer {
        let white = CharClass.white.rawValue
        var start = 0
        if tables.classes[Int(pattern[0])] != white {
            while start < title.count, title[start] < 0x80, tables.classes[Int(title[start])] == white { start += 1 }
        }
        var score: Int32 = 0
        var runBonus: Int16 = 0
        var previous = start == 0 ? white : tables.classes[Int(title[start - 1])]
        for k in pattern.indices {
            let i = start + k
            guard i < title.count else { return .noMatch }
            let byte = title[i]
            guard byte < 0x80 else { return .undecided }
            let compared = caseSensitive || byte &- 0x41 >= 26 ? byte : byte | 0x20
            guard compared == pattern[k] else { return .noMatch }
            let cls = tables.classes[Int(byte)]
            score += Score.run(first: k == 0, bonus: tables.bonuses[Int(previous) * 7 + Int(cls)], runBonus: &runBonus)
            previous = cls
        }
        return .score(score)
    }

    /// The rank of a title for a search that is one fuzzy term of ASCII characters (`fuzzyBytes`, given as `term`),
    /// from the title's `trait`: a title of well-formed UTF-8 scored from its bytes (`asciiTermScore`, with the scan's
    /// `tables` or its own), any other by the general path.
    @inline(__always)
    func termRank(_ term: UnsafeBufferPointer<UInt8>, _ title: UnsafeRawBufferPointer, trait: UInt16, _ tables: ScanTables?,
                  scratch: inout MatchScratch) -> MatchRank? {
        guard trait & Self.validUTF8 != 0 else { return generalRank(utf8: title, scratch: &scratch) }
        return Self.asciiTermScore(term, title, caseSensitive: fuzzyCaseSensitive, foldAccents: fuzzyFoldsAccents, tables,
                                   work: &scratch.kernel)
            .map { MatchRank(score: Int($0), length: Int(trait & Self.lengthMask)) }
    }

    /// A title's trait for the one-character path, in two bytes: `asciiTrait` when it is ASCII alone, `utf8Trait`
    /// when it is well-formed UTF-8, and fzf's length (scalars, white space at both ends aside) in the low 14 bits;
    /// 0 for anything else (not UTF-8, or longer than 16,382 scalars), which that path then reads scalar by scalar.
    static func trait(of title: UnsafeRawBufferPointer) -> UInt16 {
        guard let scalars = UTF8Check.scalarCount(title) else { return 0 }
        let flag = scalars == title.count ? asciiTrait : utf8Trait
        let length = fzfLength(validUTF8: title, scalars: scalars)
        return length < Int(lengthMask) ? flag | UInt16(length) : 0
    }

    /// The ASCII characters of a title that is ASCII alone, or of one's search bytes (`appendSearchBytes`), as a set
    /// of bits (`letterBit`; a byte past ASCII adds none). A title whose set lacks a character's bit has no match for
    /// it, in either case: a key that adds that character skips it unread.
    static func letters(of bytes: UnsafeRawBufferPointer) -> UInt32 {
        var set: UInt32 = 0
        for byte in bytes where byte < 0x80 { set |= letterBit(byte) }
        return set
    }

    /// A title of well-formed UTF-8 as a search of one ASCII term that folds case and accents reads it, appended to
    /// `output`: each ASCII byte as it is (the search folds a letter's case itself), each other character as the
    /// ASCII byte it is compared as (`comparedByte`: `É` and `é` as `e`), or 0xFF when it is none. Its matches are
    /// the title's, found byte by byte (`SearchTerm.searchBytesEnd`). Returns the letter set of what it appended
    /// (`letters(of:)`).
    static func appendSearchBytes(of title: UnsafeRawBufferPointer, to output: inout [UInt8]) -> UInt32 {
        let start = output.count
        output.append(contentsOf: title)  // at least as long as what is written over it, from its start on
        let (set, written) = output.withUnsafeMutableBytes { all -> (UInt32, Int) in
            var set: UInt32 = 0
            var read = 0, written = start
            while read < title.count {
                let byte = title[read]
                if byte < 0x80 {
                    all[written] = byte
                    set |= letterBit(byte)
                    read += 1
                } else {
                    let (compared, size) = comparedByte(at: read, of: title, caseSensitive: false, foldAccents: true)
                    all[written] = compared
                    if compared < 0x80 { set |= letterBit(compared) }
                    read += size
                }
                written += 1
            }
            return (set, written)
        }
        output.removeLast(output.count - written)
        return set
    }

    /// An ASCII byte's bit in a letter set: a letter's (either case) one of the low 26, alone; any other byte one of
    /// the high 6, shared (a set with it may still lack the byte; one without it lacks it).
    @inline(__always)
    static func letterBit(_ byte: UInt8) -> UInt32 {
        let lower = byte | 0x20
        return lower &- 0x61 < 26 ? 1 << UInt32(lower &- 0x61) : 1 << (26 + UInt32(byte % 6))
    }

    static let asciiTrait: UInt16 = 0x8000
    static let utf8Trait: UInt16 = 0x4000
    /// Either flag: the title is well-formed UTF-8.
    static let validUTF8: UInt16 = asciiTrait | utf8Trait
    static let lengthMask: UInt16 = 0x3FFF

    /// `rank(utf8:scratch:)` without the one-character path (what that path is tested against).
    func generalRank(utf8 title: UnsafeRawBufferPointer, scratch: inout MatchScratch) -> MatchRank? {
        guard let score = evaluate(title, &scratch, withPositions: false) else { return nil }
        if let length = scratch.kernelLength { return MatchRank(score: Int(score), length: length) }
        scratch.decode(title)
        return MatchRank(score: Int(score), length: scratch.trimmedLength)
    }

    /// FuzzyMatchV2 for a pattern of one ASCII character (`oneCharacter`), read straight from the title's UTF-8
    /// with no buffers: the character's best-scoring occurrence (+16 and its bonus doubled; the first at a word
    /// boundary ends the search, as fzf's) among the scalars as the general path compares them (lower-cased
    /// unless the term is case-sensitive, accents folded: an ASCII term folds them), and fzf's length. Nil when
    /// it does not occur. The same numbers as the general path's, which a property test holds it to. `trait`: the
    /// title's `trait(of:)`, which gives the length (and says whether the bytes can be scanned as such).
    @inline(__always)
    static func rankOneCharacter(_ character: UInt16, _ title: UnsafeRawBufferPointer, trait: UInt16,
                                 _ tables: ScanTables) -> MatchRank? {
        if trait & validUTF8 != 0 {
            let best = oneCharacterScore(character, bytes: title, tables)
            return best > 0 ? MatchRank(score: Int(best), length: Int(trait & lengthMask)) : nil
        }
        return rankOneCharacterByScalars(character, title)
    }

    /// `rankOneCharacter` over a title that is not UTF-8: scalar by scalar, as the general path decodes it (a byte
    /// that is not UTF-8 reads as U+FFFD).
    @inline(never)
    private static func rankOneCharacterByScalars(_ character: UInt16, _ title: UnsafeRawBufferPointer) -> MatchRank? {
        let wanted = UInt32(character & 0xFF)
        let insensitive = character & 0x100 == 0
        let classes = ScalarTraits.asciiClasses, bonuses = ScalarTraits.bonusTable
        return classes.withUnsafeBufferPointer { classes in
            bonuses.withUnsafeBufferPointer { bonuses -> MatchRank? in
                var previous = CharClass.white
                var best: Int32 = 0
                var settled = false
                var first = -1, last = -1
                var i = 0, index = 0
                while i < title.count {
                    var (scalar, cls, length) = MatchScratch.scalar(at: i, of: title, ascii: classes)
                    i += length
                    scalar = ScalarTraits.compared(scalar, cls, caseSensitive: !insensitive, foldAccents: true)
                    if cls != .white {
                        if first < 0 { first = index }
                        last = index
                    }
                    if !settled, scalar == wanted {
                        let bonus = bonuses[Int(previous.rawValue) * 7 + Int(cls.rawValue)]
                        let score = Score.match + Int32(bonus) * Score.firstCharMultiplier
                        if score > best {
                            best = score
                            if bonus >= Score.boundary { settled = true }
                        }
                    }
                    previous = cls
                    index += 1
                }
                guard best > 0 else { return nil }
                return MatchRank(score: Int(best), length: first < 0 ? 0 : last - first + 1)
            }
        }
    }

    /// The rank as the general path alone makes it (no byte path for any term): what the fast paths are tested
    /// against, over bytes that may not be UTF-8.
    func referenceRank(utf8 title: UnsafeRawBufferPointer, scratch: inout MatchScratch) -> MatchRank? {
        guard let score = evaluate(title, &scratch, withPositions: true) else { return nil }
        scratch.decode(title)
        return MatchRank(score: Int(score), length: scratch.trimmedLength)
    }

    /// `rankOneCharacter`'s score over well-formed UTF-8 (most titles), read eight bytes at a time: the character
    /// is looked for as a byte (either case unless the term is case-sensitive), and among the scalars that are not
    /// ASCII only a Latin letter that may fold to it is decoded (`mayCompareAsASCII`); a bonus is read only where
    /// the character occurs (the scalar before decoded when it is not ASCII). 0 when it does not occur.
    @inline(__always)
    private static func oneCharacterScore(_ character: UInt16, bytes title: UnsafeRawBufferPointer,
                                          _ tables: ScanTables) -> Int32 {
        let wanted = UInt8(character & 0xFF)
        let insensitive = character & 0x100 == 0
        let other = insensitive && wanted &- 0x61 < 26 ? wanted - 0x20 : wanted
        let classes = tables.classes, bonuses = tables.bonuses
        var best: Int32 = 0
        /// The character at `i`, of class `cls`: its score; true when it ends the search.
        func occurs(at i: Int, _ cls: UInt8) -> Bool {
            let bonus = bonuses[Int(classBefore(i, in: title, classes)) * 7 + Int(cls)]
            let score = Score.match + Int32(bonus) * Score.firstCharMultiplier
            guard score > best else { return false }
            best = score
            return bonus >= Score.boundary  // fzf stops at the first boundary
        }
        /// The byte at `i`, an occurrence of the character or the first byte of a scalar that is not ASCII:
        /// true when it ends the search.
        func found(at i: Int) -> Bool {
            let byte = title[i]
            if byte < 0x80 { return occurs(at: i, classes[Int(byte)]) }
            guard mayCompareAsASCII(lead: byte, second: title[i + 1]) else { return false }
            let scalar = MatchScratch.decodeScalar(title, at: i).0
            let cls = ScalarTraits.classOf(scalar)
            return ScalarTraits.compared(scalar, cls, caseSensitive: !insensitive, foldAccents: true) == UInt32(wanted)
                && occurs(at: i, cls.rawValue)
        }
        let n = title.count
        guard n >= 8 else {
            for i in 0..<n where title[i] == wanted || title[i] == other || title[i] >= 0xC0 {
                if found(at: i) { break }
            }
            return best
        }
        // Eight bytes a word: the bits of the character's bytes (a letter in either case: compared with 0x20
        // set) and of the first bytes of scalars that are not ASCII (their two top bits set), in order. The
        // last word ends at the title's end, its bytes read before left out.
        let pattern = UInt64(wanted) &* 0x0101_0101_0101_0101
        let fold: UInt64 = wanted != other ? 0x2020_2020_2020_2020 : 0
        var i = 0
        while i < n {
            let at = min(i, n - 8)
            let word = UInt64(littleEndian: title.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            var bits = zeroBytes((word | fold) ^ pattern) | word & word << 1 & 0x8080_8080_8080_8080
            bits &= ~0 << UInt64(8 * (i - at))
            while bits != 0 {
                if found(at: at + bits.trailingZeroBitCount >> 3) { return best }
                bits &= bits - 1
            }
            i = at + 8
        }
        return best
    }

    /// The byte paths' tables, reached by pointer: each ASCII byte's class (`ScalarTraits.asciiClassBytes`) and
    /// the bonus of a class after another (`ScalarTraits.bonusTable`). A scan takes them once, not per title.
    struct ScanTables {
        let classes: UnsafeBufferPointer<UInt8>
        let bonuses: UnsafeBufferPointer<Int16>
    }

    static func withScanTables<T>(_ body: (ScanTables) throws -> T) rethrows -> T {
        try ScalarTraits.asciiClassBytes.withUnsafeBufferPointer { classes in
            try ScalarTraits.bonusTable.withUnsafeBufferPointer { try body(ScanTables(classes: classes, bonuses: $0)) }
        }
    }

    /// The high bit of each byte of `word` that is 0, and no other bit (no borrow runs from one byte to the next).
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low7) &+ low7) | word | low7)
    }

    /// fzf's length of well-formed UTF-8 of `scalars` scalars: those that are not white space at its ends.
    static func fzfLength(validUTF8 title: UnsafeRawBufferPointer, scalars: Int) -> Int {
        var first = 0, last = title.count, length = scalars
        while first < last {
            let byte = title[first]
            if byte < 0x80 {
                guard ScalarTraits.isASCIIWhite(byte) else { break }
                first += 1
            } else {
                let (scalar, size) = MatchScratch.decodeScalar(title, at: first)
                guard ScalarTraits.classOf(scalar) == .white else { break }
                first += size
            }
            length -= 1
        }
        while last > first {
            let byte = title[last - 1]
            if byte < 0x80 {
                guard ScalarTraits.isASCIIWhite(byte) else { break }
                last -= 1
            } else {
                guard ScalarTraits.classOf(scalarEnding(at: last, in: title)) == .white else { break }
                last -= 1
                while title[last] & 0xC0 == 0x80 { last -= 1 }
            }
            length -= 1
        }
        return length
    }

    /// The class (raw value) of the scalar of well-formed UTF-8 that ends just before byte `i`: white space before
    /// the title, an ASCII byte's by `classes`, any other decoded.
    @inline(__always)
    static func classBefore(_ i: Int, in title: UnsafeRawBufferPointer, _ classes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        if i == 0 { return CharClass.white.rawValue }
        let byte = title[i - 1]
        return byte < 0x80 ? classes[Int(byte)] : ScalarTraits.classOf(scalarEnding(at: i, in: title)).rawValue
    }

    /// The scalar of well-formed UTF-8 that ends just before byte `end`.
    private static func scalarEnding(at end: Int, in title: UnsafeRawBufferPointer) -> UInt32 {
        var start = end - 1
        while title[start] & 0xC0 == 0x80 { start -= 1 }
        return MatchScratch.decodeScalar(title, at: start).0
    }

    /// Whether a scalar that is not ASCII, known by its first two UTF-8 bytes, may compare as an ASCII character
    /// (`ScalarTraits.compared`: lower-cased, then its accent folded): a Latin letter with an accent or a stroke
    /// (U+00C0…U+027F, U+1E00…U+1EFF), the Kelvin and Ångström signs (U+2100…U+213F). No other can, which a
    /// test checks scalar by scalar.
    static func mayCompareAsASCII(lead: UInt8, second: UInt8) -> Bool {
        switch lead {
        case 0xC3...0xC9: true
        case 0xE1: second >= 0xB8 && second <= 0xBB
        case 0xE2: second == 0x84
        default: false
        }
    }

    /// The title's match with the positions to highlight, or nil when the title groups do not match it.
    public func match(_ title: String, scratch: inout MatchScratch) -> Match? {
        var utf8 = title
        let score = utf8.withUTF8 { bytes -> Int32? in
            let bytes = UnsafeRawBufferPointer(bytes)
            let score = evaluate(bytes, &scratch, withPositions: true)
            scratch.decode(bytes)
            return score
        }
        guard let score else { return nil }
        let rank = MatchRank(score: Int(score), length: scratch.trimmedLength)
        return Match(rank: rank, positions: Self.characterIndices(ofScalars: scratch.positions, in: title))
    }

    /// `match(_:scratch:)` with a scratch of its own (for a few titles: the visible rows, a test).
    public func match(_ title: String) -> Match? {
        var scratch = MatchScratch()
        return match(title, scratch: &scratch)
    }

    /// The total score of the title groups, or nil when one of them does not match.
    private func evaluate(_ title: UnsafeRawBufferPointer, _ scratch: inout MatchScratch, withPositions: Bool) -> Int32? {
        scratch.reset()
        var total: Int32 = 0
        // The terms are read in place, through buffer pointers: an array's subscript copies a term out, which
        // retains and releases its arrays once per term and title.
        return titleGroups.withUnsafeBufferPointer { groups -> Int32? in
            for group in groups.indices {
                let satisfied = groups[group].withUnsafeBufferPointer { terms -> Bool in
                    // fzf: the first term of the group that matches gives its score; an inverse term that is
                    // satisfied lets the group match with 0 unless a later term matches.
                    var satisfied = false
                    for t in terms.indices {
                        let hit = Self.hit(terms[t], title, &scratch, withPositions: withPositions)
                        if terms[t].isInverse {
                            if hit == nil { satisfied = true }
                            continue
                        }
                        if let hit {
                            total += hit
                            return true
                        }
                    }
                    return satisfied
                }
                guard satisfied else { return nil }
            }
            return total
        }
    }

    /// One term's score over the title; nil when it does not match. A fuzzy ASCII term without positions takes
    /// the byte path.
    private static func hit(_ term: borrowing SearchTerm, _ title: UnsafeRawBufferPointer, _ scratch: inout MatchScratch,
                            withPositions: Bool) -> Int32? {
        guard term.mayMatch(title) else { return nil }
        if !withPositions, term.kind == .fuzzy, term.asciiBytes != nil { return scratch.asciiFuzzyScore(term, title) }
        return scratch.run(term, title, withPositions: withPositions && !term.isInverse)?.score
    }

    /// Scalar indices of `title` as Character indices, ascending and each once.
    static func characterIndices(ofScalars scalars: [Int], in title: String) -> [Int] {
        guard !scalars.isEmpty else { return [] }
        let sorted = scalars.sorted()
        var result: [Int] = []
        var k = 0
        var scalarStart = 0
        for (index, character) in title.enumerated() {
            let scalarEnd = scalarStart + character.unicodeScalars.count
            if k < sorted.count, sorted[k] < scalarEnd {
                result.append(index)
                while k < sorted.count, sorted[k] < scalarEnd { k += 1 }
            }
            if k == sorted.count { break }
            scalarStart = scalarEnd
        }
        return result
    }
}

extension SearchTerm {
    /// The byte prefilter: false when the title surely lacks this term's characters in order (so it is
    /// never decoded nor scored). Decides only for an ASCII term, and, when the characters are missing,
    /// only if no character of the title could lower-case or fold to ASCII (`SearchPattern.mayCompareAsASCII`:
    /// Latin letters, the Kelvin and Ångström signs): CJK, emoji and punctuation are still decided here.
    func mayMatch(_ title: UnsafeRawBufferPointer) -> Bool {
        guard let pattern = asciiBytes else { return true }
        return pattern.withUnsafeBufferPointer {
            Self.mayMatch($0, title, caseSensitive: isCaseSensitive, foldsAccents: foldsAccents, anchored: isAnchored)
        }
    }

    /// `mayMatch(_:)` for a term of ASCII characters given by its bytes and how it compares: `mayStart` first when
    /// it is `anchored`, then the characters in order.
    @inline(__always)
    static func mayMatch(_ pattern: UnsafeBufferPointer<UInt8>, _ title: UnsafeRawBufferPointer, caseSensitive: Bool,
                         foldsAccents: Bool, anchored: Bool) -> Bool {
        if anchored, !mayStart(with: pattern, title, caseSensitive: caseSensitive) { return false }
        return mayMatch(pattern, title, caseSensitive: caseSensitive, foldsAccents: foldsAccents)
    }

    /// For a `^` term of ASCII characters: false when the title surely does not start with them (leading white space
    /// aside unless the term begins with one, as `prefixMatch`), from its first bytes. A byte that is not ASCII
    /// where one is compared leaves it to the scorer (it may be white space, or fold to the character).
    static func mayStart(with pattern: UnsafeBufferPointer<UInt8>, _ title: UnsafeRawBufferPointer,
                         caseSensitive: Bool) -> Bool {
        var i = 0
        if let first = pattern.first, !ScalarTraits.isASCIIWhite(first) {
            while i < title.count, ScalarTraits.isASCIIWhite(title[i]) { i += 1 }
        }
        for p in pattern {
            guard i < title.count else { return false }
            let byte = title[i]
            guard byte < 0x80 else { return true }
            let other = !caseSensitive && p &- 0x61 < 26 ? p - 0x20 : p
            guard byte == p || byte == other else { return false }
            i += 1
        }
        return true
    }

    /// Whether the title holds the characters of a term of ASCII characters (given by its bytes) in order as the
    /// scorer compares its scalars (lower-cased unless `caseSensitive`, accents folded when `foldsAccents`), read
    /// eight bytes at a time: a one-shot search (`favs list --query`) asks it of every title and turns most of them
    /// away. From where the last character was found, the next byte that is the character (in either case unless
    /// `caseSensitive`) or, when case or accents fold, the first byte of a scalar that may compare as ASCII
    /// (`mayCompareAsASCII`: a Latin letter, the Kelvin sign…), which alone is decoded and compared. Any other byte
    /// is no ASCII character, whatever scalar it belongs to (a continuation byte, or the first byte of another
    /// scalar), and a malformed sequence reads as the general path reads it (`MatchScratch.decodeScalar`: U+FFFD,
    /// one byte).
    static func mayMatch(_ pattern: UnsafeBufferPointer<UInt8>, _ title: UnsafeRawBufferPointer, caseSensitive: Bool,
                         foldsAccents: Bool) -> Bool {
        greedyEnd(pattern, title, from: 0, caseSensitive: caseSensitive, foldsAccents: foldsAccents) != nil
    }

    /// `mayMatch` from byte `start` on: where the earliest match of the characters in order ends (the byte after its
    /// last character), nil when there is none. For a title of UTF-8 and a fuzzy term that is where fzf's match could
    /// end soonest, so a term typed one character longer is found from there on (`TopFirst`). `asciiTitle`: the title
    /// is known to be ASCII alone (its trait says so), so no first byte of another scalar is looked for.
    @inline(__always)
    static func greedyEnd(_ pattern: UnsafeBufferPointer<UInt8>, _ title: UnsafeRawBufferPointer, from start: Int,
                          caseSensitive: Bool, foldsAccents: Bool, asciiTitle: Bool = false) -> Int? {
        let decoding = (!caseSensitive || foldsAccents) && !asciiTitle
        let n = title.count
        var found = 0, i = start
        while found < pattern.count {
            let p = pattern[found]
            let other = !caseSensitive && p &- 0x61 < 26 ? p - 0x20 : p
            guard let at = nextCandidate(p, other, leads: decoding, in: title, from: i) else { return nil }
            let byte = title[at]
            if byte < 0x80 {  // the character
                found += 1
                i = at + 1
            } else if at + 1 < n, SearchPattern.mayCompareAsASCII(lead: byte, second: title[at + 1]) {
                let (scalar, size) = MatchScratch.decodeScalar(title, at: at)
                let compared = ScalarTraits.compared(scalar, ScalarTraits.classOf(scalar), caseSensitive: caseSensitive,
                                                     foldAccents: foldsAccents)
                if compared == UInt32(p) { found += 1 }
                i = at + size
            } else {
                i = at + 1
            }
        }
        return i
    }

    /// Where the soonest match of `term` (ASCII bytes, lower-case letters: a term that folds case and accents) in a
    /// title's search bytes (`SearchPattern.appendSearchBytes`) from `start` on ends, in those bytes; nil when there is
    /// none. What `greedyEnd` says of the title, found without decoding a character.
    @inline(__always)
    static func searchBytesEnd(_ term: UnsafeBufferPointer<UInt8>, _ searchBytes: UnsafeRawBufferPointer,
                               from start: Int) -> Int? {
        var i = start
        for byte in term {
            guard let at = nextCandidate(byte, byte &- 0x61 < 26 ? byte - 0x20 : byte, leads: false, in: searchBytes,
                                         from: i) else { return nil }
            i = at + 1
        }
        return i
    }

    /// The first byte from `start` on that is `byte` or `other` (`other` is `byte` itself, or, for a lower-case
    /// letter, its capital: the two differ only in 0x20), or, when `leads`, 0xC3…0xC9, 0xE1 or 0xE2 (`leadBytes`).
    @inline(__always)
    static func nextCandidate(_ byte: UInt8, _ other: UInt8, leads: Bool, in title: UnsafeRawBufferPointer,
                              from start: Int) -> Int? {
        let n = title.count
        guard n >= 8 else {
            var i = start
            while i < n {
                let b = title[i]
                if b == byte || b == other || leads && (b &- 0xC3 < 7 || b &- 0xE1 < 2) { return i }
                i += 1
            }
            return nil
        }
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        let fold: UInt64 = byte != other ? 0x2020_2020_2020_2020 : 0
        let leadMask: UInt64 = leads ? ~0 : 0
        var i = start
        while i < n {
            let at = min(i, n - 8)  // the last word ends at the title's end; its bytes before `i` are masked off
            let word = UInt64(littleEndian: title.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            let bits = (SearchPattern.zeroBytes((word | fold) ^ pattern) | leadBytes(word) & leadMask)
                & ~0 << UInt64(8 * (i - at))
            if bits != 0 { return at + bits.trailingZeroBitCount >> 3 }
            i = at + 8
        }
        return nil
    }

    /// The high bit of each byte of `word` that is 0xC3…0xC9, 0xE1 or 0xE2, and no other bit. With the high bit
    /// flipped those are 0x43…0x49 and 0x61…0x62, and a byte below 0x80 becomes one at or above it, which
    /// `between` leaves out.
    @inline(__always)
    static func leadBytes(_ word: UInt64) -> UInt64 {
        let flipped = word ^ 0x8080_8080_8080_8080
        return between(flipped, above: 0x42, below: 0x4A) | between(flipped, above: 0x60, below: 0x63)
    }

    /// The high bit of each byte `b` of `word` with `low < b < high` and `b < 0x80` (`low` ≤ 0x7F, `high` ≤ 0x80),
    /// and no other bit: "Determine if a word has a byte between m and n" of the Bit Twiddling Hacks.
    @inline(__always)
    static func between(_ word: UInt64, above low: UInt64, below high: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, low7 = ones &* 0x7F
        let masked = word & low7
        return (ones &* (127 &+ high) &- masked) & ~word & (masked &+ ones &* (127 &- low)) & (ones &* 0x80)
    }
}

extension MatchScratch {
    /// Runs one term's algorithm over the title.
    mutating func run(_ term: SearchTerm, _ title: UnsafeRawBufferPointer, withPositions: Bool) -> TermHit? {
        decode(title)
        let v = variant(caseSensitive: term.isCaseSensitive, foldAccents: term.foldsAccents)
        switch term.kind {
        case .fuzzy: return fuzzyMatch(term.scalars, in: v, withPositions: withPositions)
        case .exact: return exactMatch(term.scalars, in: v, withPositions: withPositions)
        case .exactBoundary: return boundaryMatch(term.scalars, in: v, withPositions: withPositions)
        case .prefix: return prefixMatch(term.scalars, in: v, withPositions: withPositions)
        case .suffix: return suffixMatch(term.scalars, in: v, withPositions: withPositions)
        case .equal: return equalMatch(term.scalars, in: v, withPositions: withPositions)
        }
    }
}
