import Foundation

/// What a search's first key needs of each title besides its bytes, slot by slot in two bytes: whether it is
/// ASCII alone or well-formed UTF-8, and fzf's length (`SearchPattern.trait(of:)`). The same for every query, so
/// worked out once, the first time a one-character search asks, not again for each key.
///
/// A collection that adds an item makes a new one that extends its predecessor's values (`extended()`), as it does
/// its folded titles: copies of a collection never share values for slots they may fill differently.
final class TitleTraits: @unchecked Sendable {
    private let lock = NSLock()
    /// Under `lock`: the traits of the first `values.count` titles.
    private var values: [UInt16]

    init(_ values: [UInt16] = []) { self.values = values }

    /// A new instance with the values known so far, for a collection that is about to add a title.
    func extended() -> TitleTraits { TitleTraits(lock.withLock { values }) }

    /// Every title's trait when they are all known (nil otherwise), for a search that may do without them: a search
    /// of more than one character (`favs list --query`) is not worth making them for, the browser's next keys are.
    func valuesIfKnown(for titles: TextArena) -> [UInt16]? {
        lock.withLock { values.count == titles.count ? values : nil }
    }

    /// Every title's trait, those not known yet worked out now (in parts, one per core, when there are many).
    func values(for titles: TextArena) -> [UInt16] {
        lock.withLock {
            let known = values.count
            guard known < titles.count else { return values }
            let measured = ItemCollection.inParts(count: titles.count - known) { range in
                titles.withStorage { bytes, ends in
                    range.map { SearchPattern.trait(of: TextArena.entry(known + $0, bytes, ends)) }
                }
            }
            values += measured
            return values
        }
    }
}
