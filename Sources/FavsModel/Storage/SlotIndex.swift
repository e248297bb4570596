import Foundation

/// An open-addressing hash table from an id's UTF-8 bytes to its slot: one 8-byte cell per entry (at most
/// half full), where a Dictionary of a million String keys costs tens of megabytes more. A cell holds the
/// slot and the top half of the id's hash, so a probe compares id bytes (kept in the collection's id arena)
/// only when the hashes agree.
struct SlotIndex: Sendable, Equatable {
    /// 0 for an empty cell, else `hash & 0xFFFF_FFFF_0000_0000 | (slot + 1)`.
    private var cells: [UInt64]
    private(set) var count = 0

    init(capacity: Int = 0) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        cells = [UInt64](repeating: 0, count: size)
    }

    private static func cell(_ slot: Int, _ hash: UInt64) -> UInt64 { hash & 0xFFFF_FFFF_0000_0000 | UInt64(slot + 1) }
    private static func slot(_ cell: UInt64) -> Int { Int(cell & 0xFFFF_FFFF) - 1 }
    private static func sameHash(_ cell: UInt64, _ hash: UInt64) -> Bool { (cell ^ hash) >> 32 == 0 }

    /// The index of every entry of an arena; and the entries whose bytes repeat an earlier entry's (left out
    /// of the index).
    ///
    /// Built in two passes so that a million random writes into a 16 MB table don't each miss the cache:
    /// the entries are first sorted by the region of the table their hash falls in (a counting sort over
    /// 256 regions), then inserted region by region, each region small enough to stay in the cache.
    static func build(_ ids: TextArena) -> (index: SlotIndex, repeated: [Int]) {
        var index = SlotIndex(capacity: ids.count)
        var repeated: [Int] = []
        let mask = index.cells.count - 1
        let regionShift = max(0, (mask + 1).trailingZeroBitCount - 8)  // 256 regions of the table
        ids.withStorage { bytes, ends in
            guard let base = bytes.baseAddress, !ends.isEmpty else { return }
            func start(_ slot: Int) -> Int { slot == 0 ? 0 : Int(ends[slot - 1]) + 1 }
            // Pass 1: hash every id, and count how many fall in each region.
            var hashes = [UInt64](repeating: 0, count: ends.count)
            var regionStarts = [Int](repeating: 0, count: 257)
            hashes.withUnsafeMutableBufferPointer { hashes in
                for slot in 0..<ends.count {
                    let from = start(slot)
                    let hash = hash(UnsafeRawBufferPointer(start: base + from, count: Int(ends[slot]) - from))
                    hashes[slot] = hash
                    regionStarts[(Int(truncatingIfNeeded: hash) & mask) >> regionShift + 1] += 1
                }
            }
            for region in 0..<256 { regionStarts[region + 1] += regionStarts[region] }
            // Pass 2: hashes and slots in region order (in slot order within a region, so the first of a
            // repeated id wins), so that pass 3 reads them front to back.
            var sortedHashes = [UInt64](repeating: 0, count: ends.count)
            var sortedSlots = [Int32](repeating: 0, count: ends.count)
            var next = regionStarts
            for slot in 0..<ends.count {
                let hash = hashes[slot]
                let region = (Int(truncatingIfNeeded: hash) & mask) >> regionShift
                sortedHashes[next[region]] = hash
                sortedSlots[next[region]] = Int32(slot)
                next[region] += 1
            }
            hashes = []
            // Pass 3: insert region by region; id bytes are compared only when two hashes agree.
            index.cells.withUnsafeMutableBufferPointer { cells in
                for k in 0..<sortedSlots.count {
                    let hash = sortedHashes[k]
                    let slot = Int(sortedSlots[k])
                    var i = Int(truncatingIfNeeded: hash) & mask
                    var isRepeat = false
                    while cells[i] != 0 {
                        let cell = cells[i]
                        if sameHash(cell, hash) {
                            let from = start(slot), other = Self.slot(cell), otherStart = start(other)
                            let length = Int(ends[slot]) - from
                            if Int(ends[other]) - otherStart == length, memcmp(base + from, base + otherStart, length) == 0 {
                                isRepeat = true
                                break
                            }
                        }
                        i = (i + 1) & mask
                    }
                    if isRepeat { repeated.append(slot) } else { cells[i] = Self.cell(slot, hash) }
                }
            }
        }
        index.count = ids.count - repeated.count
        return (index, repeated.sorted())
    }

    /// The slot whose id `isMatch` accepts, probing from the id's hash.
    func find(hash: UInt64, isMatch: (Int) -> Bool) -> Int? {
        let mask = cells.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let cell = cells[i]
            if cell == 0 { return nil }
            if Self.sameHash(cell, hash), isMatch(Self.slot(cell)) { return Self.slot(cell) }
            i = (i + 1) & mask
        }
    }

    /// Adds a slot (whose id is not in the table yet). `rehash` gives the hash of any slot, for growing.
    mutating func insert(_ slot: Int, hash: UInt64, rehash: (Int) -> UInt64) {
        if (count + 1) * 2 > cells.count { grow(rehash: rehash) }
        place(Self.cell(slot, hash), hash: hash)
        count += 1
    }

    private mutating func place(_ cell: UInt64, hash: UInt64) {
        let mask = cells.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while cells[i] != 0 { i = (i + 1) & mask }
        cells[i] = cell
    }

    private mutating func grow(rehash: (Int) -> UInt64) {
        let old = cells
        cells = [UInt64](repeating: 0, count: old.count * 2)
        for cell in old where cell != 0 {
            let hash = rehash(Self.slot(cell))
            place(Self.cell(Self.slot(cell), hash), hash: hash)
        }
    }

    /// A 64-bit hash of bytes (8 at a time, finished with MurmurHash3's fmix64).
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var i = 0
        while i + 8 <= bytes.count {
            h = (h ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < bytes.count {
            tail |= UInt64(bytes[i]) << shift
            shift += 8
            i += 1
        }
        h ^= tail
        h ^= h >> 33
        h &*= 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h &*= 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return h
    }
}
