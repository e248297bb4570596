import Testing
@testable import FavsModel

/// A preview's first rows of many picked lines are the first of them in order, picked out by a heap without sorting
/// them all (`Array.firstInOrder`): the same rows as the whole order's, ties and all.
@Suite struct FirstInOrderTests {
    @Test(arguments: 0..<8)
    func theFirstKAreTheWholeOrdersFirstK(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed) &* 7_919 &+ 3)
        // Scores with many ties (a few values), broken by index, as the scan breaks them by input order.
        let scores = (0..<Int.random(in: 0...3_000, using: &rng)).map { _ in Double(Int.random(in: 0...20, using: &rng)) / 4 }
        let before = { (a: Int, b: Int) in scores[a] != scores[b] ? scores[a] > scores[b] : a < b }
        let whole = Array(scores.indices).sorted(by: before)
        for k in [0, 1, 2, 3, 500, scores.count - 1, scores.count, scores.count + 5] where k >= 0 {
            #expect(Array(scores.indices).firstInOrder(k, by: before) == Array(whole.prefix(k)), "k = \(k) of \(scores.count)")
        }
    }
}
