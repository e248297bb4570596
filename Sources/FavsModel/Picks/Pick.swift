import Foundation

/// A remembered pick of an item (enter in `favs pick`): when it was made, in ms since 1970, and how many picks it
/// stands for: 1, or more for the oldest picks of an item folded into one entry, so a library stays bounded.
public struct Pick: Hashable, Sendable {
    public var at: Int64
    public var weight: Double

    public init(at: Int64, weight: Double = 1) {
        self.at = at
        self.weight = weight
    }
}
