import Foundation

/// Where a term matched a title: its score and the scalar range it spans.
struct TermHit {
    var score: Int32
    var start: Int
    var end: Int
}

extension MatchScratch {
    /// fzf's FuzzyMatchV2 (src/algo/algo.go), a Smith-Waterman-like alignment in which every pattern
    /// character must match: the best-scoring occurrence of `pattern`'s characters in order in the text
    /// variant `v`. With `withPositions`, the chosen characters' scalar indices are appended to `positions`.
    ///
    /// Row 0 scores the first pattern character at each column (its bonus doubled) and decays by the gap
    /// penalties after it; each further row takes a match from the diagonal (+16, the column's bonus, or the
    /// bonus of the consecutive run's first character when larger) or a gap from the left. The backtrace
    /// prefers a match over an equal gap while a run continues, as fzf's.
    mutating func fuzzyMatch(_ pattern: [UInt32], in v: Int, withPositions: Bool) -> TermHit? {
        let m = pattern.count
        let n = raw.count
        guard m > 0 else { return TermHit(score: 0, start: 0, end: 0) }
        guard m <= n else { return nil }
        let text = variants[v]

        // Phase 1 and 2: the first occurrence of each pattern character in order (or no match), and row 0.
        if h0.count < n {
            h0 = Array(repeating: 0, count: n)
            c0 = Array(repeating: 0, count: n)
        }
        if firsts.count < m { firsts = Array(repeating: 0, count: m) }
        let first = pattern[0]
        var wanted = first
        var found = 0
        var lastIndex = 0
        var maxScore: Int32 = 0
        var maxIndex = 0
        var previousH: Int32 = 0
        var inGap = false
        for col in 0..<n {
            let char = text[col]
            if char == wanted {
                if found < m {
                    firsts[found] = col
                    found += 1
                    wanted = pattern[min(found, m - 1)]
                }
                lastIndex = col
            }
            if char == first {
                let bonus = bonus[col]
                let score = Score.match + Int32(bonus) * Score.firstCharMultiplier
                h0[col] = score
                c0[col] = 1
                if m == 1, score > maxScore {
                    maxScore = score
                    maxIndex = col
                    if bonus >= Score.boundary { break }  // fzf stops at the first boundary
                }
                inGap = false
            } else {
                h0[col] = max(previousH + (inGap ? Score.gapExtension : Score.gapStart), 0)
                c0[col] = 0
                inGap = true
            }
            previousH = h0[col]
        }
        guard found == m else { return nil }
        if m == 1 {
            if withPositions { positions.append(maxIndex) }
            return TermHit(score: maxScore, start: maxIndex, end: maxIndex + 1)
        }

        // Phase 3: rows 1..<m over the columns from the first occurrence to the last of the last character.
        let f0 = firsts[0]
        let width = lastIndex - f0 + 1
        let cells = width * m
        if h.count < cells {
            h = Array(repeating: 0, count: cells)
            c = Array(repeating: 0, count: cells)
        }
        for x in 0..<width {
            h[x] = h0[f0 + x]
            c[x] = c0[f0 + x]
        }
        for row in 1..<m {
            let start = firsts[row]
            let char = pattern[row]
            let base = row * width
            let above = base - width
            var inGap = false
            h[base + start - f0 - 1] = 0
            for col in start...lastIndex {
                let x = col - f0
                let gap = h[base + x - 1] + (inGap ? Score.gapExtension : Score.gapStart)
                var matched: Int32 = 0
                var consecutive: Int16 = 0
                if text[col] == char {
                    matched = h[above + x - 1] + Score.match
                    var b = bonus[col]
                    consecutive = c[above + x - 1] + 1
                    if consecutive > 1 {
                        let runBonus = bonus[col - Int(consecutive) + 1]
                        if b >= Score.boundary && b > runBonus {
                            consecutive = 1  // a boundary inside a run starts a new run
                        } else {
                            b = max(b, Score.consecutive, runBonus)
                        }
                    }
                    if matched + Int32(b) < gap {
                        matched += Int32(bonus[col])
                        consecutive = 0
                    } else {
                        matched += Int32(b)
                    }
                }
                c[base + x] = consecutive
                inGap = matched < gap
                let score = max(matched, gap, 0)
                if row == m - 1, score > maxScore {
                    maxScore = score
                    maxIndex = col
                }
                h[base + x] = score
            }
        }

        // Phase 4: walk back from the best cell to the characters that made it.
        var row = m - 1
        var col = maxIndex
        var preferMatch = true
        while col >= f0 {
            let base = row * width
            let x = col - f0
            let score = h[base + x]
            let diagonal = row > 0 && col >= firsts[row] ? h[base - width + x - 1] : 0
            let left = col > firsts[row] ? h[base + x - 1] : 0
            let current = row
            if score > diagonal && (score > left || score == left && preferMatch) {
                if withPositions { positions.append(col) }
                if row == 0 { break }
                row -= 1
            }
            preferMatch = c[base + x] > 1
                || current + 1 < m && col < lastIndex && col + 1 >= firsts[current + 1] && c[base + width + x + 1] > 0
            col -= 1
        }
        return TermHit(score: maxScore, start: col, end: maxIndex + 1)
    }
}
