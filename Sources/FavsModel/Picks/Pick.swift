import Foundation

/// A remembered pick of an item (enter in `favs pick`): when it was made, in ms since 1970, and how many picks it
/// stands for: 1, or more for the oldest picks of an item folded into one entry, so a library stays bounded.
public struct Pick: Hashable, Sendable {
    public var at: Int64
    public var weight: Double

    /// How many rows of picks an item keeps, in a library file as in a team library: past it, its oldest are folded
    /// into one weighted row, so a library never grows without limit however often an item is picked.
    public static let keptPerItem = 1_000

    public init(at: Int64, weight: Double = 1) {
        self.at = at
        self.weight = weight
    }
}
