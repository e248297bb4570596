import Foundation

/// A set of slots, one bit each: what a scan marks and then tests or reads off by slot (a search's matches, the
/// items a field answer names, slots to visit in order).
struct SlotBits: Sendable {
    private var words: [UInt64]

    /// An empty set for slots below `slotCount`.
    init(slotCount: Int) { words = [UInt64](repeating: 0, count: (slotCount + 63) / 64) }

    /// The set of `slots`, each below `slotCount`. (Marked through the words' buffer: an insert apiece checks the
    /// array's uniqueness each time: 1.8 ms for the 338,000 matches of a second key at 1M, against 0.75.)
    init(slotCount: Int, _ slots: [Int32]) {
        self.init(slotCount: slotCount)
        words.withUnsafeMutableBufferPointer { words in
            for slot in slots {
                precondition(slot >= 0 && Int(slot) < slotCount, "a slot past the set's")
                words[Int(slot) >> 6] |= 1 << UInt64(slot & 63)
            }
        }
    }

    mutating func insert(_ slot: Int) { words[slot >> 6] |= 1 << UInt64(slot & 63) }

    /// Whether `slot` is in the set (false for a slot past those it was made for).
    func contains(_ slot: Int) -> Bool {
        let word = slot >> 6
        return word < words.count && words[word] & 1 << UInt64(slot & 63) != 0
    }

    /// The slots in ascending order; `capacity`: how many there are, when known.
    func ascending(capacity: Int = 0) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(capacity)
        for (index, word) in words.enumerated() where word != 0 {
            var word = word
            while word != 0 {
                result.append(Int32(index << 6 + word.trailingZeroBitCount))
                word &= word - 1
            }
        }
        return result
    }
}
