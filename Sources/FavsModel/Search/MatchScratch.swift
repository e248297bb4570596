import Foundation

/// The working memory of the matcher, reused from one title to the next so that scanning a million titles
/// allocates nothing once the buffers have grown: the title's scalars, their classes and bonuses, its
/// case/accent variants, and fzf's score matrices. One per thread (a scan in parts keeps one per part).
public struct MatchScratch: Sendable {
    /// The title's scalars as they are (the variant that neither lower-cases nor folds).
    var raw: [UInt32] { variants[0] }
    /// fzf's bonus at each scalar (its class after the previous scalar's; the first after white space).
    var bonus: [Int16] = []
    var classes: [CharClass] = []
    /// Whether the title has a scalar outside ASCII, an upper-case letter.
    var hasNonASCII = false
    var hasUpper = false
    /// The title's scalars: as they are (0), lower-cased (1), accents folded (2), both (3).
    var variants: [[UInt32]] = [[], [], [], []]
    private var variantReady: [Bool] = [true, false, false, false]
    /// Whether `raw`, `bonus` and `classes` hold the current title (they are decoded on demand).
    private var decoded = false

    // FuzzyMatchV2's matrices, row-major (pattern row × text column).
    var h0: [Int32] = []
    var c0: [Int16] = []
    var h: [Int32] = []
    var c: [Int16] = []
    var firsts: [Int] = []
    /// Scalar indices of the matched characters, when positions are asked for.
    var positions: [Int] = []
    /// An ASCII title's bytes as a term compares them, and their bonuses (`asciiFuzzyScore`).
    var asciiText: [UInt8] = []
    var asciiBonus: [Int16] = []
    /// `SearchPattern.asciiTermScore`'s columns: the bytes as compared, their bonuses, and two rows of the matrix.
    var kernel: [Int32] = []
    /// The current title's fzf length (`trimmedLength`), when `asciiFuzzyScore` has read it.
    var kernelLength: Int?

    /// Empty buffers; they grow to the longest title and pattern seen.
    public init() {}

    /// Starts on a new title.
    mutating func reset() {
        decoded = false
        variantReady[1] = false
        variantReady[2] = false
        variantReady[3] = false
        kernelLength = nil
        positions.removeAll(keepingCapacity: true)
    }

    /// Decodes the title's UTF-8 (once per title) into scalars, classes and bonuses.
    mutating func decode(_ utf8: UnsafeRawBufferPointer) {
        guard !decoded else { return }
        decoded = true
        var raw = variants[0]
        variants[0] = []  // keeps `raw` the only reference, so it is changed in place
        raw.removeAll(keepingCapacity: true)
        bonus.removeAll(keepingCapacity: true)
        classes.removeAll(keepingCapacity: true)
        hasNonASCII = false
        hasUpper = false
        var i = 0
        var previous = CharClass.white
        let table = ScalarTraits.bonusTable
        ScalarTraits.asciiClasses.withUnsafeBufferPointer { ascii in
            while i < utf8.count {
                if utf8[i] >= 0x80 { hasNonASCII = true }
                let (scalar, cls, length) = Self.scalar(at: i, of: utf8, ascii: ascii)
                i += length
                if cls == .upper { hasUpper = true }
                raw.append(scalar)
                classes.append(cls)
                bonus.append(table[Int(previous.rawValue) * 7 + Int(cls.rawValue)])
                previous = cls
            }
        }
        variants[0] = raw
    }

    /// The scalar at `i` of a title's UTF-8, its class and its length in bytes: ASCII by table, the rest decoded.
    @inline(__always)
    static func scalar(at i: Int, of utf8: UnsafeRawBufferPointer, ascii: UnsafeBufferPointer<CharClass>)
        -> (scalar: UInt32, cls: CharClass, length: Int) {
        let lead = utf8[i]
        if lead < 0x80 { return (UInt32(lead), ascii[Int(lead)], 1) }
        let (scalar, length) = decodeScalar(utf8, at: i)
        return (scalar, ScalarTraits.classOf(scalar), length)
    }

    /// The title's scalars for a term: lower-cased (upper-case letters only, as fzf) unless the term is
    /// case-sensitive, accents folded when the term folds them.
    mutating func variant(caseSensitive: Bool, foldAccents: Bool) -> Int {
        // Nothing to lower-case and nothing to fold: the scalars as they are.
        if (caseSensitive || !hasUpper) && (!foldAccents || !hasNonASCII) { return 0 }
        let index = (caseSensitive ? 0 : 1) | (foldAccents ? 2 : 0)
        if variantReady[index] { return index }
        variantReady[index] = true
        var out = variants[index]
        variants[index] = []  // keeps `out` the only reference, so it is changed in place
        out.removeAll(keepingCapacity: true)
        let raw = variants[0]
        for k in raw.indices {
            out.append(ScalarTraits.compared(raw[k], classes[k], caseSensitive: caseSensitive, foldAccents: foldAccents))
        }
        variants[index] = out
        return index
    }

    /// The scalar at `i` of well-formed UTF-8 (a malformed sequence reads as U+FFFD, one byte).
    static func decodeScalar(_ bytes: UnsafeRawBufferPointer, at i: Int) -> (UInt32, Int) {
        let lead = bytes[i]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, i + length <= bytes.count else { return (0xFFFD, 1) }
        var scalar = UInt32(lead) & (0xFF >> (length + 1))
        for k in 1..<length {
            let byte = bytes[i + k]
            guard byte & 0xC0 == 0x80 else { return (0xFFFD, 1) }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        return (scalar, length)
    }

    /// fzf's item length for the tie rule: scalars, white space at both ends aside.
    var trimmedLength: Int {
        guard let first = classes.firstIndex(where: { $0 != .white }),
              let last = classes.lastIndex(where: { $0 != .white }) else { return 0 }
        return last - first + 1
    }
}
