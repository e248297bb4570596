import Foundation

/// How picks count in `favs pick` (frecency: often and lately at once): each pick weighs 2^(−age / half-life), so
/// one made now counts 1, one a half-life old ½, two half-lives old ¼, and none ever drops out all at once. An
/// item's score is the sum over its picks. Half-life 7 days unless the config's `[pick] half_life` says otherwise.
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
        picks.reduce(0) { sum, pick in sum + pick.weight * decay(age: now - pick.at) }
    }

    /// What a pick of this age (ms) counts: 1 at 0, ½ a half-life later.
    public func decay(age: Int64) -> Double {
        exp2(-Double(max(0, age)) / Double(halfLife))
    }
}
