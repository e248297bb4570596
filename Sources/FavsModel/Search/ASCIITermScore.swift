import Foundation

/// FuzzyMatchV2's score of a search that is one fuzzy term of ASCII characters (`SearchPattern.fuzzyBytes`: what
/// a search becomes from its second key on) over a title of well-formed UTF-8 (its trait says so), read straight
/// from the bytes, as fzf's own ASCII path (`asciiFuzzyIndex`) narrows it:
/// - one pass finds the characters in order and the last character's last occurrence; a scalar that is not
///   ASCII is decoded only when it may compare as an ASCII character (`SearchPattern.mayCompareAsASCII`);
/// - the matrix covers only the columns (scalars) from the first character's first occurrence to the last
///   character's last, two rows at a time;
/// - a bonus is worked out only where it can be read: at a column that may match, from the class of the scalar
///   before it (decoded then if it is not ASCII).
///
/// The same numbers as `asciiFuzzyScore` and the general path (a property test holds it to them); fzf's length
/// comes from the trait.
extension SearchPattern {
    /// The score, or nil when the pattern's characters are not in the title in order. `pattern`: the term's bytes
    /// (lower-case unless `caseSensitive`), at least two; `title`: well-formed UTF-8; `work`: the columns (the bytes
    /// as compared, their bonuses, two rows of the matrix), grown as needed and kept from one title to the next;
    /// `tables`: the scan's, or nil to take them here once the title is known to match.
    static func asciiTermScore(_ pattern: UnsafeBufferPointer<UInt8>, _ title: UnsafeRawBufferPointer,
                               caseSensitive: Bool, foldAccents: Bool, _ tables: ScanTables?,
                               work kernel: inout [Int32]) -> Int32? {
        let n = title.count, m = pattern.count
        @inline(__always) func compared(at i: Int) -> (UInt8, Int) {
            comparedByte(at: i, of: title, caseSensitive: caseSensitive, foldAccents: foldAccents)
        }
        // The first occurrence of each character in order (where the matrix starts), then the last character's last
        // (where it ends), as byte offsets.
        var i = 0, found = 0, start = 0, end = 0
        let lastCharacter = pattern[m - 1]
        while i < n {
            let (byte, size) = compared(at: i)
            if found < m {
                if byte == pattern[found] {
                    if found == 0 { start = i }
                    found += 1
                    end = i
                }
            } else if byte == lastCharacter {
                end = i
            }
            i += size
        }
        guard found == m else { return nil }
        guard let tables else {
            return withScanTables {
                asciiTermMatrix(pattern, title, from: start, to: end, caseSensitive: caseSensitive, foldAccents: foldAccents,
                                $0, work: &kernel)
            }
        }
        return asciiTermMatrix(pattern, title, from: start, to: end, caseSensitive: caseSensitive, foldAccents: foldAccents,
                               tables, work: &kernel)
    }

    /// `asciiTermScore`'s matrix over the columns from byte `start` (the first character's first occurrence) to byte
    /// `end` (the last character's last).
    private static func asciiTermMatrix(_ pattern: UnsafeBufferPointer<UInt8>, _ title: UnsafeRawBufferPointer,
                                        from start: Int, to end: Int, caseSensitive: Bool, foldAccents: Bool,
                                        _ tables: ScanTables, work kernel: inout [Int32]) -> Int32 {
        let m = pattern.count
        @inline(__always) func compared(at i: Int) -> (UInt8, Int) {
            comparedByte(at: i, of: title, caseSensitive: caseSensitive, foldAccents: foldAccents)
        }
        // Columns: at most one a byte.
        let capacity = end - start + 1
        if kernel.count < 6 * capacity { kernel = Array(repeating: 0, count: 6 * capacity) }
        let classes = tables.classes, table = tables.bonuses
        return kernel.withUnsafeMutableBufferPointer { work -> Int32 in
            let base = work.baseAddress!  // 6 × capacity, allocated above
            let text = base, bonus = base + capacity
            var above = (h: base + 2 * capacity, c: base + 3 * capacity)
            var row = (h: base + 4 * capacity, c: base + 5 * capacity)
            // Each column's scalar as compared and, where it may match, its bonus; row 0 (the first
            // character) as it goes.
            let first = pattern[0]
            var previousH: Int32 = 0
            var inGap = false
            var width = 0
            var i = start
            while i <= end {
                let (byte, size) = compared(at: i)
                let x = width
                width += 1
                text[x] = Int32(byte)
                if byte != 0xFF {
                    let cls = title[i] < 0x80 ? classes[Int(title[i])]
                        : ScalarTraits.classOf(MatchScratch.decodeScalar(title, at: i).0).rawValue
                    bonus[x] = Int32(table[Int(classBefore(i, in: title, classes)) * 7 + Int(cls)])
                }
                if byte == first {
                    above.h[x] = Score.match + bonus[x] * Score.firstCharMultiplier
                    above.c[x] = 1
                    inGap = false
                } else {
                    let score = previousH + (inGap ? Score.gapExtension : Score.gapStart)
                    above.h[x] = score > 0 ? score : 0
                    above.c[x] = 0
                    inGap = true
                }
                previousH = above.h[x]
                i += size
            }
            // Rows 1..<m, each from the one above, from its character's first occurrence on.
            var maxScore: Int32 = 0
            var from = 0
            for r in 1..<m {
                let char = Int32(pattern[r])
                repeat { from += 1 } while text[from] != char
                var inGap = false
                row.h[from - 1] = 0
                for x in from..<width {
                    let gap = row.h[x - 1] + (inGap ? Score.gapExtension : Score.gapStart)
                    var matched: Int32 = 0
                    var consecutive: Int32 = 0
                    if text[x] == char {
                        matched = above.h[x - 1] + Score.match
                        var runBonus = bonus[x]
                        consecutive = above.c[x - 1] + 1
                        if consecutive > 1 {
                            let firstBonus = bonus[x - Int(consecutive) + 1]
                            if runBonus >= Int32(Score.boundary) && runBonus > firstBonus {
                                consecutive = 1  // a boundary inside a run starts a new run
                            } else {
                                runBonus = max(runBonus, Int32(Score.consecutive), firstBonus)
                            }
                        }
                        if matched + runBonus < gap {
                            matched += bonus[x]
                            consecutive = 0
                        } else {
                            matched += runBonus
                        }
                    }
                    row.c[x] = consecutive
                    inGap = matched < gap
                    let score = max(matched, gap, 0)
                    row.h[x] = score
                    if r == m - 1, score > maxScore { maxScore = score }
                }
                swap(&above, &row)
            }
            return maxScore
        }
    }
}

extension SearchPattern {
    /// The scalar at byte `i` of well-formed UTF-8 as a term compares it, as a byte (0xFF: no ASCII character), and
    /// its length.
    @inline(__always)
    static func comparedByte(at i: Int, of title: UnsafeRawBufferPointer, caseSensitive: Bool,
                             foldAccents: Bool) -> (UInt8, Int) {
        let byte = title[i]
        if byte < 0x80 { return (caseSensitive || byte &- 0x41 >= 26 ? byte : byte | 0x20, 1) }
        let size = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        guard mayCompareAsASCII(lead: byte, second: title[i + 1]) else { return (0xFF, size) }
        let scalar = MatchScratch.decodeScalar(title, at: i).0
        let folded = ScalarTraits.compared(scalar, ScalarTraits.classOf(scalar), caseSensitive: caseSensitive,
                                           foldAccents: foldAccents)
        return (folded < 0x80 ? UInt8(folded) : 0xFF, size)
    }
}
