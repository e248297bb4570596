import Foundation

/// fzf's character classes: what a character is for the word-boundary bonuses. The order matters: a class
/// up to `delimiter` ends a word (`'word'` terms ask for it on both sides).
enum CharClass: UInt8 {
    case white, nonWord, delimiter, lower, upper, letter, number
}

/// What the matcher needs to know of a Unicode scalar: its class, its lower case (fzf's simple mapping, one
/// scalar for one) and its Latin accent fold. Scalars below U+2190 (Latin, Greek, Cyrillic, punctuation,
/// letter-like symbols) come from a table built once; any other scalar is asked of Unicode's properties.
enum ScalarTraits {
    /// The bonus for a character of `class` after one of `previous`, fzf's `bonusFor` (default scheme).
    static func bonus(after previous: CharClass, _ current: CharClass) -> Int16 {
        if current.rawValue >= CharClass.nonWord.rawValue {
            switch previous {
            case .white: return Score.boundaryWhite
            case .delimiter: return Score.boundaryDelimiter
            case .nonWord: return Score.boundary
            default: break
            }
        }
        if previous == .lower && current == .upper || previous != .number && current == .number {
            return Score.camel123
        }
        switch current {
        case .nonWord, .delimiter: return Score.nonWord
        case .white: return Score.boundaryWhite
        default: return 0
        }
    }

    /// `bonus(after:_:)` for every pair, indexed `previous * 7 + class`.
    static let bonusTable: [Int16] = (0..<49).map { i in
        bonus(after: CharClass(rawValue: UInt8(i / 7)) ?? .white, CharClass(rawValue: UInt8(i % 7)) ?? .white)
    }

    /// The class of each ASCII character.
    static let asciiClasses: [CharClass] = (0..<128).map { computedClass(UInt32($0)) }
    /// The same as raw values, for the byte path (`asciiFuzzyScore`).
    static let asciiClassBytes: [UInt8] = asciiClasses.map(\.rawValue)

    /// Whether an ASCII byte is white space (tab to carriage return, space).
    static func isASCIIWhite(_ byte: UInt8) -> Bool { byte == 0x20 || byte &- 0x09 < 5 }

    static func classOf(_ scalar: UInt32) -> CharClass {
        if scalar < tableEnd { return CharClass(rawValue: table.classes[Int(scalar)]) ?? .nonWord }
        return computedClass(scalar)
    }

    /// The lower case of an upper-case scalar (any other is returned as it is).
    static func lowered(_ scalar: UInt32) -> UInt32 {
        if scalar < 0x80 { return scalar &- 0x41 < 26 ? scalar | 0x20 : scalar }
        if scalar < tableEnd { return table.lower[Int(scalar)] }
        return computedLower(scalar)
    }

    /// A Latin letter without its accent (`é` → `e`, `Ø` → `O`, `ß` → `s`); any other scalar as it is.
    static func folded(_ scalar: UInt32) -> UInt32 {
        scalar >= 0xC0 && scalar < tableEnd ? table.fold[Int(scalar)] : scalar
    }

    /// A title's scalar as a term compares it: lower-cased (an upper-case letter only, as fzf) unless the term is
    /// case-sensitive, then its accent folded when the term folds them. What every path of the matcher compares.
    @inline(__always)
    static func compared(_ scalar: UInt32, _ cls: CharClass, caseSensitive: Bool, foldAccents: Bool) -> UInt32 {
        var scalar = scalar
        if !caseSensitive, cls == .upper { scalar = lowered(scalar) }
        if foldAccents, scalar >= 0xC0 { scalar = folded(scalar) }
        return scalar
    }

    /// Whether `folded` changes some scalar (the text side may then reach an ASCII pattern character).
    static func mayFold(_ scalar: UInt32) -> Bool { folded(scalar) != scalar }

    private static let tableEnd: UInt32 = 0x2190

    private struct Table: Sendable {
        var classes: [UInt8]
        var lower: [UInt32]
        var fold: [UInt32]
    }

    private static let table: Table = {
        let count = Int(tableEnd)
        var table = Table(classes: [], lower: [], fold: [])
        table.classes.reserveCapacity(count)
        table.lower.reserveCapacity(count)
        table.fold.reserveCapacity(count)
        for value in 0..<tableEnd {
            table.classes.append(computedClass(value).rawValue)
            table.lower.append(computedLower(value))
            table.fold.append(computedFold(value))
        }
        return table
    }()

    private static func computedClass(_ value: UInt32) -> CharClass {
        if value < 0x80 {
            switch value {
            case 0x61...0x7A: return .lower
            case 0x41...0x5A: return .upper
            case 0x30...0x39: return .number
            case 0x20, 0x09...0x0D: return .white
            case 0x2F, 0x2C, 0x3A, 0x3B, 0x7C: return .delimiter  // / , : ; |
            default: return .nonWord
            }
        }
        // Ideographs, kana and Hangul are letters without case: the commonest non-Latin titles skip the lookup.
        if (0x3040...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value) { return .letter }
        // Emoji and pictographs: symbols, none of them a letter, a digit or a space (a test holds this range to it).
        if pictographs.contains(value) { return .nonWord }
        guard let scalar = Unicode.Scalar(value) else { return .nonWord }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .lowercaseLetter: return .lower
        case .uppercaseLetter: return .upper
        case .decimalNumber, .letterNumber, .otherNumber: return .number
        case .titlecaseLetter, .modifierLetter, .otherLetter: return .letter
        default: return properties.isWhitespace ? .white : .nonWord
        }
    }

    /// Misc Symbols and Pictographs to Symbols and Pictographs Extended-A: where emoji live.
    static let pictographs: ClosedRange<UInt32> = 0x1F300...0x1FAFF

    private static func computedLower(_ value: UInt32) -> UInt32 {
        guard value >= 0x80 else { return value &- 0x41 < 26 ? value | 0x20 : value }
        guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory == .uppercaseLetter,
              let lower = scalar.properties.lowercaseMapping.unicodeScalars.first else { return value }
        return lower.value  // İ lower-cases to i + a combining dot: its first scalar, as Go's simple mapping
    }

    /// Canonical decomposition minus combining marks, for a Latin letter whose base is an ASCII letter; and
    /// the stroked letters, which have no decomposition (fzf's table folds them too).
    private static func computedFold(_ value: UInt32) -> UInt32 {
        if let stroke = strokes[value] { return stroke }
        let isLatin = (0xC0...0x24F).contains(value) || (0x1E00...0x1EFF).contains(value)
        guard isLatin, value != 0xD7, value != 0xF7, let scalar = Unicode.Scalar(value) else { return value }
        let decomposed = String(Character(scalar)).decomposedStringWithCanonicalMapping.unicodeScalars
        guard let base = decomposed.first, base.isASCII, base.properties.isAlphabetic,
              decomposed.dropFirst().allSatisfy({ (0x300...0x36F).contains($0.value) }), decomposed.count > 1
        else { return value }
        return base.value
    }

    private static let strokes: [UInt32: UInt32] = [
        0xD8: 0x4F, 0xF8: 0x6F,  // Ø ø
        0xDF: 0x73,  // ß
        0x110: 0x44, 0x111: 0x64,  // Đ đ
        0x126: 0x48, 0x127: 0x68,  // Ħ ħ
        0x131: 0x69,  // ı
        0x13F: 0x4C, 0x140: 0x6C, 0x141: 0x4C, 0x142: 0x6C,  // Ŀ ŀ Ł ł
        0x166: 0x54, 0x167: 0x74,  // Ŧ ŧ
        0x17F: 0x73,  // ſ
        0x180: 0x62,  // ƀ
    ]
}

/// fzf's scoring constants (src/algo/algo.go): a gap's bonus is cancelled after about 8 characters.
enum Score {
    static let match: Int32 = 16
    static let gapStart: Int32 = -3
    static let gapExtension: Int32 = -1
    static let boundary: Int16 = 8
    static let nonWord: Int16 = 8
    static let camel123: Int16 = 7  // boundary + gapExtension
    static let consecutive: Int16 = 4  // -(gapStart + gapExtension)
    static let firstCharMultiplier: Int32 = 2
    static let boundaryWhite: Int16 = 10
    static let boundaryDelimiter: Int16 = 9

    /// One character of fzf's `calculateScore` over a run of matched characters: +16, the first's bonus doubled,
    /// each next one at least the run's bonus (raised by a boundary inside the run) and at least 4.
    @inline(__always)
    static func run(first: Bool, bonus: Int16, runBonus: inout Int16) -> Int32 {
        if first {
            runBonus = bonus
            return match + Int32(bonus) * firstCharMultiplier
        }
        if bonus >= boundary && bonus > runBonus { runBonus = bonus }
        return match + Int32(max(bonus, runBonus, consecutive))
    }
}
