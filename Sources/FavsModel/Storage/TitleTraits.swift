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
    /// Under `lock`: the slots of `values` by fzf's length, shortest first, slots in order among equals
    /// (`lengthOrder`), while it covers every value.
    private var order: [Int32] = []

    init(_ values: [UInt16] = []) { self.values = values }

    /// A new instance with the values known so far, for a collection that is about to add a title.
    func extended() -> TitleTraits { TitleTraits(lock.withLock { values }) }

    /// Every title's trait when they are all known (nil otherwise), for a search that may do without them: a search
    /// of more than one character (`favs list --query`) is not worth making them for, the browser's next keys are.
    func valuesIfKnown(for titles: TextArena) -> [UInt16]? {
        lock.withLock { values.count == titles.count ? values : nil }
    }

    /// Every slot by its title's fzf length (the trait's), shortest first and in slot order among equal lengths, a
    /// title whose trait says nothing (not UTF-8, or too long: 0) first: the order in which a search looks for its
    /// best matches (`QueryResult`'s top rows) and may stop early. Made with the traits it follows, once.
    func lengthOrder(for titles: TextArena) -> [Int32] {
        let values = values(for: titles)
        return lock.withLock {
            guard order.count != values.count else { return order }
            // A counting sort on the length's 14 bits: stable, two passes.
            var starts = [Int](repeating: 0, count: Int(SearchPattern.lengthMask) + 2)
            for value in values { starts[Int(value & SearchPattern.lengthMask) + 1] += 1 }
            for length in 1..<starts.count { starts[length] += starts[length - 1] }
            var sorted = [Int32](repeating: 0, count: values.count)
            for (slot, value) in values.enumerated() {
                let length = Int(value & SearchPattern.lengthMask)
                sorted[starts[length]] = Int32(slot)
                starts[length] += 1
            }
            order = sorted
            return sorted
        }
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
