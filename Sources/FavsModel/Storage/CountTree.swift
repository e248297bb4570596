import Foundation

/// A Fenwick tree over one flag per slot: how many flags are set before a slot, and which slot holds the
/// k-th set flag, both in O(log n). The list's rows (present items) and the favorites pane's rows
/// (present favorites) are ranks in one of these, so deleting the first of a million rows touches
/// twenty counters instead of moving a million entries.
struct CountTree: Sendable, Equatable {
    /// 1-based: `tree[i]` counts the flags of slots (i - lowbit(i), i], in slot terms i - 1.
    private var tree: [Int32] = [0]
    private(set) var total = 0

    init() {}

    /// Builds the tree in O(n): a slot's flag is set when its byte has every bit of `mask`.
    init(flags: [UInt8], mask: UInt8) {
        let count = flags.count
        var total = 0
        tree = [Int32](repeating: 0, count: count + 1)
        tree.withUnsafeMutableBufferPointer { tree in
            for i in stride(from: 1, through: count, by: 1) {
                if flags[i - 1] & mask == mask { tree[i] += 1; total += 1 }
                let parent = i + (i & -i)
                if parent <= count { tree[parent] += tree[i] }
            }
        }
        self.total = total
    }

    /// Builds the tree in O(n) over `slotCount` slots whose set flags are those of `setSlots` (ascending).
    init(slotCount: Int, setSlots: [Int32]) {
        tree = [Int32](repeating: 0, count: slotCount + 1)
        tree.withUnsafeMutableBufferPointer { tree in
            for slot in setSlots { tree[Int(slot) + 1] = 1 }
            for i in stride(from: 1, through: slotCount, by: 1) {
                let parent = i + (i & -i)
                if parent <= slotCount { tree[parent] += tree[i] }
            }
        }
        total = setSlots.count
    }

    var slotCount: Int { tree.count - 1 }

    /// Sets (+1) or clears (-1) the flag of a slot whose flag is known to be the other way.
    mutating func add(_ slot: Int, _ delta: Int32) {
        var i = slot + 1
        while i < tree.count {
            tree[i] += delta
            i += i & -i
        }
        total += Int(delta)
    }

    /// How many flags are set in slots before `slot`.
    func countBefore(_ slot: Int) -> Int {
        var sum: Int32 = 0
        var i = slot
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return Int(sum)
    }

    /// The slot of the set flag of rank `rank` (0-based), nil when there are not that many.
    func slot(ofRank rank: Int) -> Int? {
        guard rank >= 0, rank < total else { return nil }
        var position = 0
        var remaining = Int32(rank + 1)
        var step = 1
        while step * 2 <= slotCount { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= slotCount, tree[next] < remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return position  // the 1-based index position + 1 holds it: slot `position`
    }

    /// Adds a slot at the end, in O(log n).
    mutating func append(_ isSet: Bool) {
        let i = tree.count
        let low = i & -i
        // The new node covers slots (i - low, i]: the ones before it in that range, plus its own flag.
        let covered = countBefore(i - 1) - countBefore(i - low)
        tree.append(Int32(covered + (isSet ? 1 : 0)))
        if isSet { total += 1 }
    }
}
