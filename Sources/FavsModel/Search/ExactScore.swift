import Foundation

/// fzf's exact term types (src/algo/algo.go): one alignment each, scored as FuzzyMatchV2 would score the
/// same characters (`runScore`), except `'word'` and `^word$`, which have fzf's fixed formulas.
extension MatchScratch {
    /// ExactMatchNaive: the occurrence whose first character has the best bonus (the first of equals; the
    /// first at a word boundary ends the search).
    mutating func exactMatch(_ pattern: [UInt32], in v: Int, withPositions: Bool) -> TermHit? {
        let m = pattern.count
        guard m > 0, m <= raw.count else { return nil }
        let text = variants[v]
        var best = -1
        var bestBonus: Int16 = -1
        for start in 0...(text.count - m) where occurs(pattern, in: text, at: start) {
            let bonus = bonus[start]
            if bonus > bestBonus {
                best = start
                bestBonus = bonus
            }
            if bonus >= Score.boundary { break }
        }
        guard best >= 0 else { return nil }
        return hit(from: best, to: best + m, score: runScore(from: best, to: best + m), withPositions)
    }

    /// ExactMatchBoundary (`'word'`): the first occurrence standing as whole words (a boundary bonus, and
    /// white space, punctuation or a text end on both sides); fzf's score, underscores ranked lower.
    mutating func boundaryMatch(_ pattern: [UInt32], in v: Int, withPositions: Bool) -> TermHit? {
        let m = pattern.count
        let n = raw.count
        guard m > 0, m <= n else { return nil }
        let text = variants[v]
        let endsWord = CharClass.delimiter.rawValue
        for start in 0...(n - m) where occurs(pattern, in: text, at: start) {
            let end = start + m
            let bonus = bonus[start]
            guard bonus >= Score.boundary, start == 0 || classes[start - 1].rawValue <= endsWord,
                  end == n || classes[end].rawValue <= endsWord else { continue }
            var score = Int32(bonus)
            var deduct = Int32(bonus - Score.boundary) + 1
            if start > 0, raw[start - 1] == 0x5F {
                score -= deduct + 1
                deduct = 1
            }
            if end < n, raw[end] == 0x5F { score -= deduct }
            score += Score.match * Int32(m) + Int32(Score.boundaryWhite) * Int32(m + 1)
            return hit(from: start, to: end, score: score, withPositions)
        }
        return nil
    }

    /// PrefixMatch (`^word`): at the start, leading white space aside unless the pattern begins with one.
    mutating func prefixMatch(_ pattern: [UInt32], in v: Int, withPositions: Bool) -> TermHit? {
        let start = isWhite(pattern.first) ? 0 : leadingWhite
        let end = start + pattern.count
        guard end <= raw.count, occurs(pattern, in: variants[v], at: start) else { return nil }
        return hit(from: start, to: end, score: runScore(from: start, to: end), withPositions)
    }

    /// SuffixMatch (`word$`): at the end, trailing white space aside unless the pattern ends with one.
    mutating func suffixMatch(_ pattern: [UInt32], in v: Int, withPositions: Bool) -> TermHit? {
        let end = raw.count - (isWhite(pattern.last) ? 0 : trailingWhite)
        let start = end - pattern.count
        guard start >= 0, occurs(pattern, in: variants[v], at: start) else { return nil }
        return hit(from: start, to: end, score: runScore(from: start, to: end), withPositions)
    }

    /// EqualMatch (`^word$`): the whole title, white space around it aside; fzf's fixed score.
    mutating func equalMatch(_ pattern: [UInt32], in v: Int, withPositions: Bool) -> TermHit? {
        let m = pattern.count
        let start = isWhite(pattern.first) ? 0 : leadingWhite
        let trailing = isWhite(pattern.last) ? 0 : trailingWhite
        guard m > 0, raw.count - start - trailing == m, occurs(pattern, in: variants[v], at: start) else { return nil }
        let score = (Score.match + Int32(Score.boundaryWhite)) * Int32(m) + Int32(Score.boundaryWhite)
        return hit(from: start, to: start + m, score: score, withPositions)
    }

    /// fzf's `calculateScore` for a run of matched characters: +16 each, the first's bonus doubled, and
    /// each next one at least the run's bonus (raised by a boundary inside the run) and at least 4.
    func runScore(from start: Int, to end: Int) -> Int32 {
        var score: Int32 = 0
        var runBonus: Int16 = 0
        for i in start..<end { score += Score.run(first: i == start, bonus: bonus[i], runBonus: &runBonus) }
        return score
    }

    private func occurs(_ pattern: [UInt32], in text: [UInt32], at start: Int) -> Bool {
        guard start >= 0, start + pattern.count <= text.count else { return false }
        for k in pattern.indices where text[start + k] != pattern[k] { return false }
        return true
    }

    private mutating func hit(from start: Int, to end: Int, score: Int32, _ withPositions: Bool) -> TermHit {
        if withPositions { positions.append(contentsOf: start..<end) }
        return TermHit(score: score, start: start, end: end)
    }

    private func isWhite(_ scalar: UInt32?) -> Bool { scalar.map { ScalarTraits.classOf($0) == .white } ?? false }

    private var leadingWhite: Int { classes.firstIndex { $0 != .white } ?? classes.count }

    private var trailingWhite: Int { classes.count - 1 - (classes.lastIndex { $0 != .white } ?? -1) }
}
