import Foundation

/// Sorts a ranked search's packed keys (`RankKey.packed`: the rank, the favorite flag and the length in the upper
/// 32 bits, the slot in the lower 32), which the search makes in slot order: a stable radix sort on the upper
/// 32 bits, one byte a pass, skipping a byte every key shares. Equal ranks keep their slot order, so the result
/// is `sort()`'s, in a few linear passes instead of n log n comparisons (656,000 keys for a first key at 1M).
/// Keys that are not in slot order are sorted by `sort()`.
///
/// A large sort runs in parts, one a core (`Parts`): each pass, every part counts its own keys' digits, and moves
/// them to where the counts of the parts before it and of the smaller digits say; a part's keys of one digit stay
/// in their order and after the keys of that digit in the parts before, so the sort stays stable.
enum RankSort {
    /// `parts`: how many parts to sort in (by default one a core for 100,000 keys or more).
    static func sort(_ keys: inout [UInt64], parts: Int? = nil) {
        let n = keys.count
        guard n > 256 else { return keys.sort() }
        let parts = parts ?? Parts.count(for: n, minimum: 100_000)
        // One pass: every byte's histogram, and whether the slots ascend.
        var counts = [Int](repeating: 0, count: 4 * 256)
        guard count(keys, parts: parts, into: &counts) else { return keys.sort() }
        var other = [UInt64](repeating: 0, count: n)
        var partCounts = [Int](repeating: 0, count: parts * 256)
        for byte in 0..<4 {
            let shift = UInt64(32 + 8 * byte)
            guard counts[byte << 8 | Int(truncatingIfNeeded: keys[0] >> shift) & 0xFF] != n else { continue }
            keys.withUnsafeBufferPointer { source in
                other.withUnsafeMutableBufferPointer { target in
                    partCounts.withUnsafeMutableBufferPointer { partCounts in
                        pass(source, into: SharedBuffer(target), shift: shift, parts: parts, SharedBuffer(partCounts))
                    }
                }
            }
            swap(&keys, &other)
        }
    }

    /// Fills `counts` (256 a byte of the upper 32 bits) from every key; whether the keys' slots ascend.
    private static func count(_ keys: [UInt64], parts: Int, into counts: inout [Int]) -> Bool {
        let n = keys.count
        var partCounts = [Int](repeating: 0, count: parts * 4 * 256)
        var ordered = [Bool](repeating: true, count: parts)
        keys.withUnsafeBufferPointer { keys in
            let shared = SharedBuffer(UnsafeMutableBufferPointer(mutating: keys))
            partCounts.withUnsafeMutableBufferPointer { partCounts in
                ordered.withUnsafeMutableBufferPointer { ordered in
                    let (partCounts, ordered) = (SharedBuffer(partCounts), SharedBuffer(ordered))
                    Parts.forEach(parts, count: n) { part, range in
                        let counts = part * 4 * 256
                        // The key before the part's first, so that the parts' checks join up.
                        var previous = range.lowerBound > 0 ? UInt32(truncatingIfNeeded: shared[range.lowerBound - 1]) : 0
                        var ascending = true
                        for index in range {
                            let key = shared[index]
                            let slot = UInt32(truncatingIfNeeded: key)
                            if index > 0, slot <= previous { ascending = false }
                            previous = slot
                            for byte in 0..<4 {
                                partCounts[counts + (byte << 8 | Int(truncatingIfNeeded: key >> (32 + 8 * byte)) & 0xFF)] += 1
                            }
                        }
                        ordered[part] = ascending
                    }
                }
            }
        }
        for part in 0..<parts {
            for digit in 0..<4 * 256 { counts[digit] += partCounts[part * 4 * 256 + digit] }
        }
        return !ordered.contains(false)
    }

    /// One pass on the byte at `shift`: each part counts its keys' digits, then moves them.
    private static func pass(_ source: UnsafeBufferPointer<UInt64>, into target: SharedBuffer<UInt64>, shift: UInt64,
                             parts: Int, _ counts: SharedBuffer<Int>) {
        let n = source.count
        let keys = SharedBuffer(UnsafeMutableBufferPointer(mutating: source))
        Parts.forEach(parts, count: n) { part, range in
            let base = part << 8
            for digit in 0..<256 { counts[base + digit] = 0 }
            for index in range { counts[base + Int(truncatingIfNeeded: keys[index] >> shift) & 0xFF] += 1 }
        }
        // Each part's first place for each digit: the keys of smaller digits, then this digit's in the parts before.
        var sum = 0
        for digit in 0..<256 {
            for part in 0..<parts {
                let count = counts[part << 8 + digit]
                counts[part << 8 + digit] = sum
                sum += count
            }
        }
        Parts.forEach(parts, count: n) { part, range in
            let base = part << 8
            for index in range {
                let key = keys[index]
                let slot = base + Int(truncatingIfNeeded: key >> shift) & 0xFF
                target[counts[slot]] = key
                counts[slot] += 1
            }
        }
    }
}
