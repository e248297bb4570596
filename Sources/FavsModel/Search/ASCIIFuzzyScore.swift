import Foundation

/// FuzzyMatchV2's score for the commonest term of a search — a fuzzy term of ASCII characters — read straight
/// from the title's UTF-8 in one pass: each scalar is decoded, classed, lower-cased and folded as the general path
/// does, and kept as the byte it compares as (0xFF for a scalar that cannot equal an ASCII character); the
/// scores' matrices and the bonuses live in buffers reached by pointer. The same numbers as `fuzzyMatch` (which a
/// property test holds it to); no positions (the visible rows' highlight asks the general path for them).
extension MatchScratch {
    /// The score of `term` (fuzzy, `asciiBytes` set) over `title`, or nil when its characters are not in it in
    /// order. Also notes the title's fzf length (`kernelLength`), so that ranking it needs no decoding.
    mutating func asciiFuzzyScore(_ term: borrowing SearchTerm, _ title: UnsafeRawBufferPointer) -> Int32? {
        guard let m = term.asciiBytes?.count else { return nil }
        let n = title.count  // bytes: at least as many as scalars
        guard m > 0 else { return 0 }
        if asciiText.count < n {
            asciiText = Array(repeating: 0, count: n)
            asciiBonus = Array(repeating: 0, count: n)
        }
        if h0.count < n {
            h0 = Array(repeating: 0, count: n)
            c0 = Array(repeating: 0, count: n)
        }
        if h.count < n * m {
            h = Array(repeating: 0, count: n * m)
            c = Array(repeating: 0, count: n * m)
        }
        if firsts.count < m { firsts = Array(repeating: 0, count: m) }
        let options = ASCIIFuzzyOptions(caseSensitive: term.isCaseSensitive, foldAccents: term.foldsAccents)
        let read = term.asciiBytes?.withUnsafeBufferPointer { pattern in
            asciiText.withUnsafeMutableBufferPointer { text in
                asciiBonus.withUnsafeMutableBufferPointer { bonus in
                    h0.withUnsafeMutableBufferPointer { h0 in
                        c0.withUnsafeMutableBufferPointer { c0 in
                            h.withUnsafeMutableBufferPointer { h in
                                c.withUnsafeMutableBufferPointer { c in
                                    firsts.withUnsafeMutableBufferPointer { firsts in
                                        Self.asciiFuzzy(
                                            pattern, title, options,
                                            ASCIIFuzzyBuffers(text: text, bonus: bonus, h0: h0, c0: c0, h: h, c: c, firsts: firsts)
                                        )
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        guard let (score, length) = read else { return nil }
        kernelLength = length
        return score
    }

    /// `fuzzyMatch`'s phases 1–3 over bytes (phase 4, the walk back to the positions, is not needed for a score).
    private static func asciiFuzzy(_ pattern: UnsafeBufferPointer<UInt8>, _ title: UnsafeRawBufferPointer,
                                   _ options: ASCIIFuzzyOptions, _ b: ASCIIFuzzyBuffers) -> (Int32?, Int) {
        let m = pattern.count
        let classes = ScalarTraits.asciiClasses, table = ScalarTraits.bonusTable
        return classes.withUnsafeBufferPointer { classes in
            table.withUnsafeBufferPointer { table -> (Int32?, Int) in
                // Phase 1 and 2: each column's scalar (as the byte it compares as) and bonus, the first occurrence
                // of each pattern character in order, the last of the last one, and row 0; the title's length.
                let first = pattern[0]
                var wanted = first
                var found = 0
                var lastIndex = 0
                var maxScore: Int32 = 0
                var settled = false  // one character: a boundary occurrence ends the search (fzf), not the decoding
                var previousH: Int32 = 0
                var inGap = false
                var previousClass = CharClass.white
                var firstSolid = -1, lastSolid = -1
                var i = 0, col = 0
                while i < title.count {
                    let (scalar, cls, length) = MatchScratch.scalar(at: i, of: title, ascii: classes)
                    i += length
                    let columnBonus = table[Int(previousClass.rawValue) * 7 + Int(cls.rawValue)]
                    previousClass = cls
                    if cls != .white {
                        if firstSolid < 0 { firstSolid = col }
                        lastSolid = col
                    }
                    let byte = options.byte(scalar, cls)
                    b.text[col] = byte
                    b.bonus[col] = columnBonus
                    defer { col += 1 }
                    if settled { continue }
                    if byte == wanted {
                        if found < m {
                            b.firsts[found] = col
                            found += 1
                            wanted = pattern[min(found, m - 1)]
                        }
                        lastIndex = col
                    }
                    if byte == first {
                        let score = Score.match + Int32(columnBonus) * Score.firstCharMultiplier
                        b.h0[col] = score
                        b.c0[col] = 1
                        if m == 1, score > maxScore {
                            maxScore = score
                            if columnBonus >= Score.boundary { settled = true }  // fzf stops at the first boundary
                        }
                        inGap = false
                    } else {
                        let score = previousH + (inGap ? Score.gapExtension : Score.gapStart)
                        b.h0[col] = score > 0 ? score : 0
                        b.c0[col] = 0
                        inGap = true
                    }
                    previousH = b.h0[col]
                }
                let length = firstSolid < 0 ? 0 : lastSolid - firstSolid + 1
                guard found == m else { return (nil, length) }
                if m == 1 { return (maxScore, length) }

                // Phase 3: rows 1..<m over the columns from the first occurrence to the last of the last character.
                let f0 = b.firsts[0]
                let width = lastIndex - f0 + 1
                for x in 0..<width {
                    b.h[x] = b.h0[f0 + x]
                    b.c[x] = b.c0[f0 + x]
                }
                for row in 1..<m {
                    let start = b.firsts[row]
                    let char = pattern[row]
                    let base = row * width
                    let above = base - width
                    var inGap = false
                    b.h[base + start - f0 - 1] = 0
                    for col in start...lastIndex {
                        let x = col - f0
                        let gap = b.h[base + x - 1] + (inGap ? Score.gapExtension : Score.gapStart)
                        var matched: Int32 = 0
                        var consecutive: Int16 = 0
                        if b.text[col] == char {
                            matched = b.h[above + x - 1] + Score.match
                            var bonus = b.bonus[col]
                            consecutive = b.c[above + x - 1] + 1
                            if consecutive > 1 {
                                let runBonus = b.bonus[col - Int(consecutive) + 1]
                                if bonus >= Score.boundary && bonus > runBonus {
                                    consecutive = 1  // a boundary inside a run starts a new run
                                } else {
                                    bonus = max(bonus, Score.consecutive, runBonus)
                                }
                            }
                            if matched + Int32(bonus) < gap {
                                matched += Int32(b.bonus[col])
                                consecutive = 0
                            } else {
                                matched += Int32(bonus)
                            }
                        }
                        b.c[base + x] = consecutive
                        inGap = matched < gap
                        let score = max(matched, gap, 0)
                        if row == m - 1, score > maxScore { maxScore = score }
                        b.h[base + x] = score
                    }
                }
                return (maxScore, length)
            }
        }
    }
}

/// How a term compares a title's scalars: lower-cased (upper-case letters only) unless case-sensitive, accents
/// folded when it folds them, as `MatchScratch.variant`; then as a byte, 0xFF for one beyond ASCII.
private struct ASCIIFuzzyOptions {
    let caseSensitive: Bool
    let foldAccents: Bool

    @inline(__always)
    func byte(_ scalar: UInt32, _ cls: CharClass) -> UInt8 {
        let scalar = ScalarTraits.compared(scalar, cls, caseSensitive: caseSensitive, foldAccents: foldAccents)
        return scalar < 0x80 ? UInt8(scalar) : 0xFF
    }
}

/// The working buffers of `asciiFuzzy`, as pointers into the scratch's arrays.
private struct ASCIIFuzzyBuffers {
    let text: UnsafeMutableBufferPointer<UInt8>
    let bonus: UnsafeMutableBufferPointer<Int16>
    let h0: UnsafeMutableBufferPointer<Int32>
    let c0: UnsafeMutableBufferPointer<Int16>
    let h: UnsafeMutableBufferPointer<Int32>
    let c: UnsafeMutableBufferPointer<Int16>
    let firsts: UnsafeMutableBufferPointer<Int>
}
