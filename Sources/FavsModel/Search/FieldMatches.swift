import Foundation

/// The items a search's field terms accept, as the library answered them: a set of ids, or every item but a set
/// (what a `!` term answers, without listing every id a library holds).
///
/// Ids of deleted items may be among them: fields do not change when an item is deleted, so an undo finds the
/// item in the answer as it was.
public struct FieldMatches: Sendable, Hashable {
    /// The ids named.
    public private(set) var ids: Set<ItemID>
    /// True: every item but `ids`; false: `ids` alone.
    public private(set) var isInverted: Bool

    /// `ids` alone.
    public init(_ ids: Set<ItemID>) {
        self.ids = ids
        isInverted = false
    }

    /// Every item but `ids`.
    public init(allBut ids: Set<ItemID>) {
        self.ids = ids
        isInverted = true
    }

    /// Every item.
    public static let all = FieldMatches(allBut: [])

    /// Whether the item is accepted.
    public func contains(_ id: ItemID) -> Bool { ids.contains(id) != isInverted }

    /// The items both accept.
    public func intersection(_ other: FieldMatches) -> FieldMatches {
        switch (isInverted, other.isInverted) {
        case (false, false): FieldMatches(ids.intersection(other.ids))
        case (true, true): FieldMatches(allBut: ids.union(other.ids))
        case (false, true): FieldMatches(ids.subtracting(other.ids))
        case (true, false): FieldMatches(other.ids.subtracting(ids))
        }
    }

    /// The items either accepts.
    public func union(_ other: FieldMatches) -> FieldMatches {
        switch (isInverted, other.isInverted) {
        case (false, false): FieldMatches(ids.union(other.ids))
        case (true, true): FieldMatches(allBut: ids.intersection(other.ids))
        case (false, true): FieldMatches(allBut: other.ids.subtracting(ids))
        case (true, false): FieldMatches(allBut: ids.subtracting(other.ids))
        }
    }

    /// The answer to a pattern's field groups (every group must match, one of its terms) from the answer to each
    /// term without its `!` (`positive`): the rule both libraries follow, so they differ only in how a term is found.
    public static func answering(_ groups: [[FieldTerm]],
                                 _ positive: (FieldTerm) throws -> Set<ItemID>) rethrows -> FieldMatches {
        var answer = FieldMatches.all
        var asked: [FieldTerm: Set<ItemID>] = [:]
        for group in groups {
            var either = FieldMatches([])
            for term in group {
                let found = try asked[term.positive] ?? positive(term.positive)
                asked[term.positive] = found
                either = either.union(term.term.isInverse ? FieldMatches(allBut: found) : FieldMatches(found))
            }
            answer = answer.intersection(either)
        }
        return answer
    }
}
