import Foundation
import Testing
@testable import FavsModel

/// The matcher's match set against a naive reference: a title matches a fuzzy pattern when, for every term
/// (one of the `|` alternatives), the term's characters occur in the title in order, compared lower-cased
/// unless the term has an upper-case letter, and with accents removed unless the term has one. The
/// reference uses Foundation's own case mapping and diacritic folding, none of the matcher's tables.
@Suite struct MatchPropertyTests {
    /// Latin letters with accents that decompose, digits, punctuation the scorer treats as boundaries,
    /// CJK and an emoji.
    static let alphabet: [Character] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        + Array("abcdeABCDE-_./,éÉèüÜñçåÅöÖ東京寿司タワー🍣")

    static func randomText(_ length: ClosedRange<Int>, _ rng: inout SeededRandom) -> String {
        String((0..<Int.random(in: length, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? "a" })
    }

    /// A term: mostly some characters of the title in order (so many titles match), sometimes random ones;
    /// lower-cased or with an accent stripped at times, so both case rules and both accent rules are tried.
    static func randomTerm(from title: String, _ rng: inout SeededRandom) -> String {
        var term: String
        if !title.isEmpty, Int.random(in: 0..<4, using: &rng) > 0 {
            let characters = Array(title)
            let picked = (0..<characters.count).filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }
            term = String(picked.prefix(6).map { characters[$0] })
            if term.isEmpty { term = String(characters[0]) }
        } else {
            term = randomText(1...3, &rng)
        }
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: term = term.lowercased()
        case 1: term = term.folding(options: .diacriticInsensitive, locale: nil)
        default: break
        }
        return term
    }

    static func variant(of title: String, _ rng: inout SeededRandom) -> String {
        var characters = Array(title)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return title.uppercased()
        case 1: return title.folding(options: .diacriticInsensitive, locale: nil)
        case 2:
            if !characters.isEmpty { characters.remove(at: Int.random(in: 0..<characters.count, using: &rng)) }
            return String(characters)
        default: return title
        }
    }

    static func referenceMatches(_ term: String, _ title: String) -> Bool {
        let caseSensitive = term != term.lowercased()
        let lower = term.lowercased()
        let foldAccents = lower == lower.folding(options: .diacriticInsensitive, locale: nil)
        func normalize(_ text: String) -> [Unicode.Scalar] {
            var text = caseSensitive ? text : text.lowercased()
            if foldAccents { text = text.folding(options: .diacriticInsensitive, locale: nil) }
            return Array(text.precomposedStringWithCanonicalMapping.unicodeScalars)
        }
        var wanted = normalize(term)[...]
        for scalar in normalize(title) where scalar == wanted.first { wanted = wanted.dropFirst() }
        return wanted.isEmpty
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func fuzzyPatternsMatchExactlyTheTitlesTheReferenceMatches(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        var scratch = MatchScratch()
        var matched = 0
        for _ in 0..<300 {
            // Random titles, and near misses of one of them: its case changed, accents dropped, a character cut.
            let source = Self.randomText(0...16, &rng)
            let titles = (0..<10).map { _ in Self.randomText(0...16, &rng) } + (0..<10).map { _ in
                Self.variant(of: source, &rng)
            }
            // One to three terms; a term is sometimes two alternatives joined by `|`.
            let groups = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                (0..<(Int.random(in: 0..<5, using: &rng) == 0 ? 2 : 1)).map { _ in Self.randomTerm(from: source, &rng) }
            }
            let text = groups.map { (g: [String]) in g.joined(separator: " | ") }.joined(separator: " ")
            let pattern = try SearchPattern(parsing: text)
            for title in titles {
                let expected = groups.allSatisfy { $0.contains { Self.referenceMatches($0, title) } }
                let rank = pattern.rank(title, scratch: &scratch)
                #expect((rank != nil) == expected, "pattern \(text.debugDescription), title \(title.debugDescription)")
                #expect(pattern.match(title, scratch: &scratch)?.rank == rank)
                if expected { matched += 1 }
            }
        }
        #expect(matched > 1000)  // the property is not tried on no matches only
    }

    @Test(arguments: [5, 6] as [UInt64])
    func aSingleFuzzyTermHighlightsOneCharacterPerPatternCharacterSpellingThePattern(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<1000 {
            let title = Self.randomText(1...20, &rng)
            let term = Self.randomTerm(from: title, &rng)
            guard let match = try SearchPattern(parsing: term).match(title) else { continue }
            let characters = Array(title)
            let spelled = String(match.positions.map { characters[$0] })
            #expect(match.positions.count == term.count)
            #expect(Self.referenceMatches(term, spelled) && spelled.count == term.count, "\(term) in \(title)")
        }
    }
}

/// The one-character path (a search's first key, scored straight from the title's bytes) against the general
/// path (decoded scalars, FuzzyMatchV2): the same rank, or no match, for every title and character. Titles mix
/// ASCII with accented and upper-case Latin letters (which lower-case or fold to the character), the Kelvin and
/// Ångström signs, ß, ø, dotless ı, CJK, an emoji, an ideographic space and bytes that are not UTF-8.
@Suite struct OneCharacterPathTests {
    static let alphabet: [Character] = Array("abcrRxyzABXYZ019 -_./,:;|()'\tAbCdEfGhIjK")
    static let others: [Character] = Array("éÉèüÜñÑçÅåöØøßıİ\u{212A}\u{212B}ḁẞ東京タ🍣\u{3000}Ωω")
    /// Characters that are not ASCII and compare as no ASCII character: letters of other scripts, symbols,
    /// punctuation, white space (no-break, ideographic, em space).
    static let unfolded: [Character] = Array("東京タ한🍣🎧★—€Ωωж\u{A0}\u{3000}\u{2003}")
    /// Every lower-case letter, some capitals (case-sensitive), digits and punctuation; not a space (it separates
    /// terms), nor `'`, `|` or `:` alone (the syntax's, not a title term).
    static let patterns: [Character] = Array("abcdefghijklmnopqrstuvwxyzAEKOSX019-_./,;()")

    @Test func theOneCharacterPathRanksAsTheGeneralPath() throws {
        var rng = SeededRandom(seed: 18)
        var scratch = MatchScratch()
        var checked = 0, matched = 0
        for _ in 0..<20_000 {
            let title = String((0..<Int.random(in: 0...24, using: &rng)).map { _ in
                (Int.random(in: 0..<4, using: &rng) == 0 ? Self.others : Self.alphabet).randomElement(using: &rng) ?? "a"
            })
            let character = Self.patterns.randomElement(using: &rng) ?? "a"
            let pattern = SearchPattern(reading: String(character))
            try #require(pattern.oneCharacter != 0, "\(character) is one ASCII character: \(pattern.titleGroups)")
            let fast = pattern.rank(title, scratch: &scratch)
            let general = pattern.match(title)?.rank
            try #require(fast == general, "“\(title)” for \(character): \(String(describing: fast)) ≠ \(String(describing: general))")
            // The same title with a byte that is not UTF-8 in it, over its bytes.
            var bytes = Array(title.utf8)
            bytes.insert(0xFF, at: Int.random(in: 0...bytes.count, using: &rng))
            let rawFast = bytes.withUnsafeBytes { pattern.rank(utf8: $0, scratch: &scratch) }
            let rawGeneral = bytes.withUnsafeBytes { pattern.generalRank(utf8: $0, scratch: &scratch) }
            try #require(rawFast == rawGeneral, "\(bytes) for \(character)")
            checked += 1
            if fast != nil { matched += 1 }
        }
        #expect(checked == 20_000 && matched > 2_000, "\(matched) of \(checked) titles matched")
        // Titles of ASCII alone (most real ones), which take the byte path: white space at the ends, tabs, capitals.
        var asciiMatched = 0
        for _ in 0..<10_000 {
            let title = String((0..<Int.random(in: 0...24, using: &rng)).map { _ in
                Self.alphabet.randomElement(using: &rng) ?? "a"
            })
            let pattern = SearchPattern(reading: String(Self.patterns.randomElement(using: &rng) ?? "a"))
            let fast = pattern.rank(title, scratch: &scratch)
            try #require(fast == pattern.match(title)?.rank, "“\(title)” for \(pattern.text)")
            if fast != nil { asciiMatched += 1 }
        }
        #expect(asciiMatched > 2_000, "\(asciiMatched) of 10,000 ASCII titles matched")
        // Titles of ASCII with CJK, emoji, Greek, dashes and white space that is not ASCII (at the ends too), but no
        // letter that folds: still the byte path, the scalar before a match decoded for its bonus.
        var mixedMatched = 0
        for _ in 0..<10_000 {
            let title = String((0..<Int.random(in: 0...24, using: &rng)).map { _ in
                (Int.random(in: 0..<3, using: &rng) == 0 ? Self.unfolded : Self.alphabet).randomElement(using: &rng) ?? "a"
            })
            let pattern = SearchPattern(reading: String(Self.patterns.randomElement(using: &rng) ?? "a"))
            let fast = pattern.rank(title, scratch: &scratch)
            try #require(fast == pattern.match(title)?.rank, "“\(title)” for \(pattern.text)")
            if fast != nil { mixedMatched += 1 }
        }
        #expect(mixedMatched > 1_000, "\(mixedMatched) of 10,000 mixed titles matched")
        #expect(SearchPattern(reading: "ab").oneCharacter == 0 && SearchPattern(reading: "!a").oneCharacter == 0
                && SearchPattern(reading: "é").oneCharacter == 0 && SearchPattern(reading: "'a").oneCharacter == 0)
    }
}

/// The byte path of a fuzzy ASCII term (`asciiFuzzyScore`: what a search scores a million titles with) against
/// the general path (decoded scalars, case and accent variants, FuzzyMatchV2): the same rank, or no match, for
/// every title and pattern. Patterns of one to five characters, alone and among other terms (exact, prefix,
/// inverse, `|`); titles mixing ASCII with letters that lower-case or fold to ASCII, CJK, emoji, white space at
/// the ends and bytes that are not UTF-8.
@Suite struct ASCIIFuzzyPathTests {
    static let patternCharacters: [Character] = Array("abcdefghijklmnoprstuvwxyzAEKORS019-_./")

    /// Random characters, or (half the time, so that many titles match) some of the title's ASCII letters and
    /// digits in order, lower-cased at times.
    static func randomTerm(_ title: String, _ rng: inout SeededRandom) -> String {
        let count = Int.random(in: 1...5, using: &rng)
        let usable = title.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard Bool.random(using: &rng), usable.count >= count else {
            return String((0..<count).map { _ in patternCharacters.randomElement(using: &rng) ?? "a" })
        }
        let picked = String(Array(usable).enumerated().filter { _ in Int.random(in: 0..<usable.count, using: &rng) < count }.map(\.element))
        let term = picked.isEmpty ? String(usable.prefix(1)) : picked
        return Bool.random(using: &rng) ? term.lowercased() : term
    }

    static func randomPattern(_ title: String, _ rng: inout SeededRandom) -> String {
        func randomTerm(_ rng: inout SeededRandom) -> String { Self.randomTerm(title, &rng) }
        let first = randomTerm(&rng)
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: return first + " " + randomTerm(&rng)
        case 1: return first + " | " + randomTerm(&rng)
        case 2: return first + " !" + randomTerm(&rng)
        case 3: return "^" + randomTerm(&rng) + " " + first
        case 4: return "'" + randomTerm(&rng) + " " + first
        default: return first
        }
    }

    /// The byte prefilter of a `^` term (and `^…$`) from the title's first bytes (`SearchTerm.mayStart`) never turns
    /// away a title the term's own algorithm matches (`MatchScratch.run`, which reads no prefilter): titles that
    /// start with white space (ASCII, ideographic, no-break), with capitals or letters that fold to the term's, or
    /// with CJK; terms from the title's start, changed at times, some beginning with a space.
    @Test func thePrefixPrefilterTurnsAwayNoTitleThePrefixMatches() throws {
        let starts: [String] = ["", " ", "\t ", "\u{3000}", "\u{A0}", "  \u{2003}"]
        var rng = SeededRandom(seed: 23)
        var scratch = MatchScratch()
        var (matched, turnedAway) = (0, 0)
        for _ in 0..<20_000 {
            let body = String((0..<Int.random(in: 0...12, using: &rng)).map { _ in
                (Int.random(in: 0..<4, using: &rng) == 0 ? OneCharacterPathTests.others : OneCharacterPathTests.alphabet)
                    .randomElement(using: &rng) ?? "a"
            })
            let title = (starts.randomElement(using: &rng) ?? "") + body
            // The term: the body's first characters (lower-cased at times), or random ones; a space first at times.
            var term = Bool.random(using: &rng) ? String(body.prefix(Int.random(in: 1...4, using: &rng)))
                : String((0..<Int.random(in: 1...3, using: &rng)).map { _ in Self.patternCharacters.randomElement(using: &rng) ?? "a" })
            if Bool.random(using: &rng) { term = term.lowercased() }
            term = term.filter { !$0.isWhitespace && $0 != "|" && $0 != "'" && $0 != "!" && $0 != "^" && $0 != "$" && $0 != "\\" }
            guard !term.isEmpty else { continue }
            let text = "^" + (Int.random(in: 0..<8, using: &rng) == 0 ? "\\ " : "") + term + (Bool.random(using: &rng) ? "$" : "")
            let pattern = SearchPattern(reading: text)
            guard let searchTerm = pattern.titleGroups.first?.first, searchTerm.kind == .prefix || searchTerm.kind == .equal
            else { continue }
            scratch.reset()  // a new title to decode
            let hit = Array(title.utf8).withUnsafeBytes { scratch.run(searchTerm, $0, withPositions: false) }
            let passes = Array(title.utf8).withUnsafeBytes { searchTerm.mayMatch($0) }
            try #require(passes || hit == nil, "“\(title)” for \(text): turned away, but it matches")
            if hit != nil { matched += 1 }
            if !passes { turnedAway += 1 }
        }
        #expect(matched > 2_000, "\(matched) titles matched")
        #expect(turnedAway > 5_000, "\(turnedAway) titles turned away by their first bytes")
    }

    @Test func theBytePathRanksAsTheGeneralPath() throws {
        let others = OneCharacterPathTests.others + Array("🎧🌊 \t")
        var rng = SeededRandom(seed: 22)
        var scratch = MatchScratch()
        var matched = 0
        for _ in 0..<10_000 {
            let title = String((0..<Int.random(in: 0...30, using: &rng)).map { _ in
                (Int.random(in: 0..<4, using: &rng) == 0 ? others : OneCharacterPathTests.alphabet)
                    .randomElement(using: &rng) ?? "a"
            })
            let pattern = SearchPattern(reading: Self.randomPattern(title, &rng))
            var bytes = Array(title.utf8)
            let reference = bytes.withUnsafeBytes { pattern.referenceRank(utf8: $0, scratch: &scratch) }
            let fast = bytes.withUnsafeBytes { pattern.rank(utf8: $0, scratch: &scratch) }
            try #require(fast == reference, "“\(title)” for \(pattern.text): \(String(describing: fast)) ≠ \(String(describing: reference))")
            try #require(fast == pattern.match(title)?.rank, "“\(title)” for \(pattern.text): rank and match differ")
            if fast != nil { matched += 1 }
            // The same title with a byte that is not UTF-8 in it.
            bytes.insert(0xFF, at: Int.random(in: 0...bytes.count, using: &rng))
            let rawReference = bytes.withUnsafeBytes { pattern.referenceRank(utf8: $0, scratch: &scratch) }
            let rawFast = bytes.withUnsafeBytes { pattern.rank(utf8: $0, scratch: &scratch) }
            try #require(rawFast == rawReference, "\(bytes) for \(pattern.text)")
        }
        #expect(matched > 3_000, "\(matched) of 10,000 titles matched")
        // One fuzzy term over titles of ASCII alone and over titles mixing ASCII with CJK, emoji and white space
        // that is not ASCII (no letter that folds): the term's byte path, which decodes only around a match.
        var single = 0
        for round in 0..<10_000 {
            let title = String((0..<Int.random(in: 0...30, using: &rng)).map { _ in
                (round % 2 == 0 || Int.random(in: 0..<3, using: &rng) > 0 ? OneCharacterPathTests.alphabet
                    : OneCharacterPathTests.unfolded).randomElement(using: &rng) ?? "a"
            })
            let pattern = SearchPattern(reading: Self.randomTerm(title, &rng).replacingOccurrences(of: " ", with: ""))
            guard !pattern.fuzzyBytes.isEmpty else { continue }
            let fast = pattern.rank(title, scratch: &scratch)
            try #require(fast == pattern.match(title)?.rank, "“\(title)” for \(pattern.text)")
            if fast != nil { single += 1 }
        }
        #expect(single > 2_000, "\(single) titles matched one fuzzy term")
    }

    /// A search that is one `^` term of ASCII characters ranks every title as the general path does (`referenceRank`):
    /// its byte path (`asciiPrefixScore`) over titles that start with ASCII, with white space before (ASCII, and
    /// ideographic or no-break, which it leaves to the general path), capitals, punctuation and digits (bonuses of
    /// every class), a Latin letter that folds, CJK, and a byte that is not UTF-8; terms from the title's start, at
    /// times lower-cased, changed or beginning with a space.
    @Test func thePrefixBytePathRanksAsTheGeneralPath() throws {
        let starts: [String] = ["", " ", "\t  ", "\u{3000}", "\u{A0}"]
        let characters: [Character] = Array("abcRSTxyz019 -_./:;|()AbCdEf") + Array("éÉñ東🍣")
        var rng = SeededRandom(seed: 41)
        var scratch = MatchScratch()
        var (matched, byBytes) = (0, 0)
        for _ in 0..<20_000 {
            let body = String((0..<Int.random(in: 0...14, using: &rng)).map { _ in
                (Int.random(in: 0..<6, using: &rng) == 0 ? characters : Array(characters.prefix(28))).randomElement(using: &rng) ?? "a"
            })
            let title = (starts.randomElement(using: &rng) ?? "") + body
            var term = Bool.random(using: &rng) ? String(body.prefix(Int.random(in: 1...5, using: &rng)))
                : String((0..<Int.random(in: 1...3, using: &rng)).map { _ in characters.prefix(28).randomElement(using: &rng) ?? "a" })
            if Bool.random(using: &rng) { term = term.lowercased() }
            term = term.filter { $0.isASCII && !$0.isWhitespace && !"|'!^$\\".contains($0) }
            guard !term.isEmpty else { continue }
            let pattern = SearchPattern(reading: "^" + (Int.random(in: 0..<8, using: &rng) == 0 ? "\\ " : "") + term)
            guard !pattern.prefixBytes.isEmpty else { continue }
            var bytes = Array(title.utf8)
            if Int.random(in: 0..<10, using: &rng) == 0 { bytes.insert(0xFF, at: Int.random(in: 0...bytes.count, using: &rng)) }
            let reference = bytes.withUnsafeBytes { pattern.referenceRank(utf8: $0, scratch: &scratch) }
            let fast = bytes.withUnsafeBytes { pattern.rank(utf8: $0, scratch: &scratch) }
            try #require(fast == reference, "\(bytes) “\(title)” for \(pattern.text): \(String(describing: fast)) ≠ \(String(describing: reference))")
            if fast != nil { matched += 1 }
            let answer = pattern.prefixBytes.withUnsafeBufferPointer { term in
                bytes.withUnsafeBytes { title in
                    SearchPattern.withScanTables {
                        SearchPattern.asciiPrefixScore(term, title, caseSensitive: pattern.prefixCaseSensitive, $0)
                    }
                }
            }
            if case .score = answer { byBytes += 1 }
        }
        #expect(matched > 3_000, "\(matched) titles matched")
        #expect(byBytes > 2_000, "\(byBytes) scored by the byte path")
    }

    /// The fuzzy prefilter (`SearchTerm.mayMatch`: bytes eight at a time, then, in a title with a Latin letter or
    /// the like, the scalars that may fold) lets a title through exactly when the term's own algorithm matches it
    /// (`MatchScratch.run`, which reads no prefilter), and never turns away one it matches in bytes that are not
    /// UTF-8: a byte of every value, or a scalar that folds, at every place of titles 1 to 17 bytes long (before,
    /// across and in the last word, which overlaps the one before), then random titles of letters in both cases,
    /// Latin letters, the Kelvin sign, CJK, emoji, bytes that are not UTF-8 and first bytes left without the rest.
    @Test func theFuzzyPrefilterLetsThroughWhatTheTermMatches() throws {
        var scratch = MatchScratch()
        var (passed, turnedAway) = (0, 0)
        var terms: [String: SearchTerm] = [:]
        func check(_ title: [UInt8], _ text: String) throws {
            if terms[text] == nil { terms[text] = SearchPattern(reading: text).titleGroups.first?.first }
            guard let term = terms[text], term.kind == .fuzzy else { return }
            scratch.reset()  // a new title to decode
            let hit = title.withUnsafeBytes { scratch.run(term, $0, withPositions: false) } != nil
            let passes = title.withUnsafeBytes { term.mayMatch($0) }
            if String(validating: title, as: UTF8.self) != nil {
                try #require(passes == hit, "\(title) for “\(text)”: prefilter \(passes), the term \(hit)")
            } else {
                try #require(passes || !hit, "\(title) for “\(text)”: turned away, but the term matches it")
            }
            if passes { passed += 1 } else { turnedAway += 1 }
        }
        // One byte of every value, or one that starts a scalar that folds (é, ĩ, ḁ, the Kelvin sign…), at every place,
        // the rest `q`; terms that it may be, or come before or after.
        for length in [1, 2, 7, 8, 9, 15, 16, 17] {
            for place in 0..<length {
                for value in 0...255 {
                    let piece: [UInt8] = switch value {
                    case 0xC3...0xC9: [UInt8(value), 0xA9]
                    case 0xE1: [0xE1, 0xB8, 0x81]
                    case 0xE2: [0xE2, 0x84, 0xAA]
                    default: [UInt8(value)]
                    }
                    var title = [UInt8](repeating: 0x71, count: length)
                    title.replaceSubrange(place..<min(length, place + piece.count), with: piece)
                    for term in ["a", "A", "qa", "aq", "q", "?", "k", "e", "qi"] { try check(title, term) }
                }
            }
        }
        // Random titles.
        let pieces: [[UInt8]] = ["a", "B", "r", "R", "x", "0", " ", "-", "é", "Ñ", "ø", "ḁ", "\u{212A}", "東", "🍣", "ж"]
            .map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE1], [0xE2, 0x84], [0x80]]
        var rng = SeededRandom(seed: 31)
        for _ in 0..<50_000 {
            let title = (0..<Int.random(in: 0...24, using: &rng)).flatMap { _ in pieces.randomElement(using: &rng) ?? [] }
            try check(title, String((0..<Int.random(in: 1...4, using: &rng)).map { _ in "abrRxkKnoe0-".randomElement(using: &rng) ?? "a" }))
        }
        #expect(passed > 20_000 && turnedAway > 100_000, "\(passed) passed, \(turnedAway) turned away")
    }

    /// The byte paths look for an ASCII character as a byte in titles whose other scalars cannot compare as one
    /// (`mayCompareAsASCII`): every scalar that can, lower-cased and folded as a term compares it, is one it says so of.
    @Test func everyScalarThatComparesAsASCIIIsOneTheBytePathsDoNotSkip() {
        var found = 0
        for value in UInt32(0x80)..<0x30000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let cls = ScalarTraits.classOf(value)
            let compared = [true, false].map { ScalarTraits.compared(value, cls, caseSensitive: $0, foldAccents: true) }
            guard compared.contains(where: { $0 < 0x80 }) else { continue }
            let utf8 = Array(String(Character(scalar)).utf8)
            #expect(SearchPattern.mayCompareAsASCII(lead: utf8[0], second: utf8[1]), "U+\(String(value, radix: 16, uppercase: true))")
            found += 1
        }
        #expect(found > 300, "\(found) scalars compare as ASCII")  // é, ø, ß, ḁ, K (Kelvin) …
        #expect(!SearchPattern.mayCompareAsASCII(lead: 0xE2, second: 0x80))  // — and the like are skipped
    }

    /// The class of every emoji and pictograph is read from a range, not asked of Unicode each time: none of
    /// them is a letter, a digit or white space (so none starts a word for the bonuses), as Unicode says.
    @Test func pictographsAreNeitherLettersNorDigitsNorSpace() {
        let words: Set<Unicode.GeneralCategory> = [
            .lowercaseLetter, .uppercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber,
        ]
        var checked = 0
        for value in ScalarTraits.pictographs {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(!words.contains(scalar.properties.generalCategory) && !scalar.properties.isWhitespace,
                    "U+\(String(value, radix: 16, uppercase: true))")
            #expect(ScalarTraits.classOf(value) == .nonWord)
            checked += 1
        }
        #expect(checked == 0x1FAFF - 0x1F300 + 1)
    }
}
