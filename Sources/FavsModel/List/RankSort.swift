import Foundation

/// Sorts a ranked search's packed keys (`RankKey.packed`: the rank, the favorite flag and the length in the upper
/// 32 bits, the slot in the lower 32), which the search makes in slot order: a stable radix sort on the upper
/// 32 bits, one byte a pass, skipping a byte every key shares. Equal ranks keep their slot order, so the result
/// is `sort()`'s, in a few linear passes instead of n log n comparisons (656,000 keys for a first key at 1M).
/// Keys that are not in slot order are sorted by `sort()`.
enum RankSort {
    static func sort(_ keys: inout [UInt64]) {
        let n = keys.count
        guard n > 256 else { return keys.sort() }
        // One pass: every byte's histogram, and whether the slots ascend.
        var counts = [Int](repeating: 0, count: 4 * 256)
        let slotOrdered = keys.withUnsafeBufferPointer { keys in
            counts.withUnsafeMutableBufferPointer { counts in
                var previous: UInt32 = 0
                var ordered = true
                for (index, key) in keys.enumerated() {
                    let slot = UInt32(truncatingIfNeeded: key)
                    if index > 0, slot <= previous { ordered = false }
                    previous = slot
                    for byte in 0..<4 { counts[byte << 8 | Int(truncatingIfNeeded: key >> (32 + 8 * byte)) & 0xFF] += 1 }
                }
                return ordered
            }
        }
        guard slotOrdered else { return keys.sort() }
        var other = [UInt64](repeating: 0, count: n)
        for byte in 0..<4 {
            let shift = UInt64(32 + 8 * byte)
            guard counts[byte << 8 | Int(truncatingIfNeeded: keys[0] >> shift) & 0xFF] != n else { continue }
            var offsets = [Int](repeating: 0, count: 256)
            var sum = 0
            for digit in 0..<256 {
                offsets[digit] = sum
                sum += counts[byte << 8 | digit]
            }
            keys.withUnsafeBufferPointer { source in
                other.withUnsafeMutableBufferPointer { target in
                    offsets.withUnsafeMutableBufferPointer { offsets in
                        for key in source {
                            let digit = Int(truncatingIfNeeded: key >> shift) & 0xFF
                            target[offsets[digit]] = key
                            offsets[digit] += 1
                        }
                    }
                }
            }
            swap(&keys, &other)
        }
    }
}
