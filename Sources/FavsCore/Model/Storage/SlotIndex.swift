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

    /// The index of every entry of an arena, built in one pass over its bytes; and the entries whose
    /// bytes repeat an earlier entry's (left out of the index).
    static func build(_ ids: TextArena) -> (index: SlotIndex, repeated: [Int]) {
        var index = SlotIndex(capacity: ids.count)
        var repeated: [Int] = []
        let mask = index.cells.count - 1
        ids.withStorage { bytes, ends in
            index.cells.withUnsafeMutableBufferPointer { cells in
                guard let base = bytes.baseAddress else { return }
                var start = 0
                for slot in 0..<ends.count {
                    let length = Int(ends[slot]) - start
                    let hash = hash(UnsafeRawBufferPointer(start: base + start, count: length))
                    var i = Int(truncatingIfNeeded: hash) & mask
                    var isRepeat = false
                    while cells[i] != 0 {
                        let cell = cells[i]
                        if sameHash(cell, hash) {
                            let other = Self.slot(cell)
                            let otherStart = other == 0 ? 0 : Int(ends[other - 1]) + 1
                            if Int(ends[other]) - otherStart == length,
                               memcmp(base + start, base + otherStart, length) == 0 {
                                isRepeat = true
                                break
                            }
                        }
                        i = (i + 1) & mask
                    }
                    if isRepeat { repeated.append(slot) } else { cells[i] = Self.cell(slot, hash) }
                    start = Int(ends[slot]) + 1
                }
            }
        }
        index.count = ids.count - repeated.count
        return (index, repeated)
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
