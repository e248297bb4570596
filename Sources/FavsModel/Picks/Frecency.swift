import Foundation

/// How picks count in `favs pick` (frecency: often and lately at once): each pick weighs 2^(−age / half-life), so
/// one made now counts 1, one a half-life old ½, two half-lives old ¼, and none ever drops out all at once. An
/// item's score is the sum over its picks. Half-life 7 days unless the config's `[pick] half_life` says otherwise.
///
/// Every pick of an item decays by the same factor as time passes, so the sum does too: summed once at the latest
/// pick's time (`sum(of:)`, a `PickSum`), it gives the score at any later time exactly, as one number. A library
/// keeps that number for each picked item (`pick_scores`), so a picker ranks its lines without reading every pick;
/// `score(of:at:)` over the picks goes the same way, so both give the same score to the last bit.
public struct Frecency: Hashable, Sendable {
    /// A week, in ms.
    public static let defaultHalfLife: Int64 = 7 * day
    public static let day: Int64 = 86_400_000

    /// How long a pick takes to count half as much, in ms (above 0).
    public var halfLife: Int64

    public init(halfLife: Int64 = Frecency.defaultHalfLife) {
        self.halfLife = max(1, halfLife)
    }

    /// An item's score at `now` (ms since 1970): the sum of its picks' weights, each halved every half-life of its
    /// age. A pick dated after `now` (a clock set back since) counts as made now, never more.
    public func score(of picks: [Pick], at now: Int64) -> Double {
        guard let sum = sum(of: picks) else { return 0 }
        if let score = score(of: sum, at: now) { return score }
        return picks.reduce(0) { total, pick in total + pick.weight * decay(age: now - pick.at) }
    }

    /// The picks summed at the latest one's time, in the order given (oldest first, as a library reads them); nil
    /// for none.
    public func sum(of picks: [Pick]) -> PickSum? {
        guard let latest = picks.lazy.map(\.at).max() else { return nil }
        return PickSum(score: picks.reduce(0) { total, pick in total + pick.weight * decay(age: latest - pick.at) },
                       at: latest)
    }

    /// The score at `now` of picks summed as `sum`: the sum decayed from its time; nil when `now` comes before it (a
    /// clock set back: a pick made after `now` counts 1, which only the picks themselves can tell).
    public func score(of sum: PickSum, at now: Int64) -> Double? {
        now >= sum.at ? sum.score * decay(age: now - sum.at) : nil
    }

    /// What a pick of this age (ms) counts: 1 at 0, ½ a half-life later.
    public func decay(age: Int64) -> Double {
        exp2(-Double(max(0, age)) / Double(halfLife))
    }
}

/// An item's picks as one number: what they count together at `at`, the time of the latest of them (for one
/// half-life: `Frecency.sum(of:)`).
public struct PickSum: Hashable, Sendable {
    public var score: Double
    public var at: Int64

    public init(score: Double, at: Int64) {
        self.score = score
        self.at = at
    }
}
