import Foundation

/// An open-addressing hash table from an id's UTF-8 bytes to its slot: one 8-byte cell per entry (at most
/// three quarters full), where a Dictionary of a million String keys costs tens of megabytes more. A cell
/// holds the slot and the top half of the id's hash, so a probe compares id bytes (kept in the collection's
/// id arena) only when the hashes agree.
///
/// An entry's home cell is its hash's top half scaled to the table's size (`hash * size >> 32`, no power of
/// two needed), so the cell alone says where its entry belongs: the table grows without hashing ids again,
/// and sorting cells by value sorts them by home cell.
struct SlotIndex: Sendable, Equatable {
    /// 0 for an empty cell, else `hash & 0xFFFF_FFFF_0000_0000 | (slot + 1)`.
    private var cells: [UInt64]
    private(set) var count = 0

    init(capacity: Int = 0) {
        cells = [UInt64](repeating: 0, count: Self.size(for: capacity))
    }

    /// Room for `count` entries at most three quarters full.
    private static func size(for count: Int) -> Int { max(16, count + count / 3 + 1) }

    private static func cell(_ slot: Int, _ hash: UInt64) -> UInt64 { hash & 0xFFFF_FFFF_0000_0000 | UInt64(slot + 1) }
    private static func slot(_ cell: UInt64) -> Int { Int(cell & 0xFFFF_FFFF) - 1 }
    private static func sameHash(_ cell: UInt64, _ hash: UInt64) -> Bool { (cell ^ hash) >> 32 == 0 }
    /// Where a hash (or a cell, which keeps the same top half) belongs in a table of `size` cells.
    private static func home(_ hash: UInt64, size: Int) -> Int { Int(((hash >> 32) &* UInt64(size)) >> 32) }

    /// The index of every entry of an arena; and the entries whose bytes repeat an earlier entry's (left out
    /// of the index, in slot order).
    ///
    /// Built in place, without a transient table: every id's cell is written to the front of the table, the
    /// cells are sorted (so by home cell, then by slot, which puts a repeated id right after its first
    /// entry), and then moved out, from the last, each to the first free cell from its home. A million
    /// random writes into a 10 MB table would each miss the cache; this reads and writes it in order.
    static func build(_ ids: TextArena) -> (index: SlotIndex, repeated: [Int]) {
        var index = SlotIndex(capacity: ids.count)
        var repeated: [Int] = []
        let size = index.cells.count
        ids.withStorage { bytes, ends in
            guard let base = bytes.baseAddress, !ends.isEmpty else { return }
            func entry(_ slot: Int) -> UnsafeRawBufferPointer {
                let from = slot == 0 ? 0 : Int(ends[slot - 1]) + 1
                return UnsafeRawBufferPointer(start: base + from, count: Int(ends[slot]) - from)
            }
            index.cells.withUnsafeMutableBufferPointer { cells in
                for slot in 0..<ends.count { cells[slot] = cell(slot, hash(entry(slot))) }
                sortByValue(UnsafeMutableBufferPointer(rebasing: cells[0..<ends.count]))
                // Repeats: cells of one hash are adjacent, their first slot first. Keep the first of each id.
                var kept = 0, runStart = 0  // the kept cells of the current hash: runStart..<kept
                for k in 0..<ends.count {
                    let cell = cells[k]
                    if kept == 0 || !sameHash(cells[kept - 1], cell) { runStart = kept }
                    let bytes = entry(slot(cell))
                    let isRepeat = (runStart..<kept).contains { entry(slot(cells[$0])).hasSameBytes(as: bytes) }
                    if isRepeat { repeated.append(slot(cell)) } else { cells[kept] = cell; kept += 1 }
                }
                // Each kept cell's place: its home, or just after the one before it when that is taken. Those
                // pushed past the end wrap around to the front once the others are in place.
                var places = [UInt32](repeating: 0, count: kept)
                var next = 0, fits = kept
                for k in 0..<kept {
                    let place = max(home(cells[k], size: size), next)
                    if place >= size { fits = k; break }
                    places[k] = UInt32(place)
                    next = place + 1
                }
                let wrapped = Array(cells[fits..<kept])
                for k in fits..<kept { cells[k] = 0 }
                for k in (0..<fits).reversed() {  // a place is never before its cell's index: move from the back
                    let cell = cells[k]
                    cells[k] = 0
                    cells[Int(places[k])] = cell
                }
                for cell in wrapped { place(cell, in: cells) }
            }
        }
        index.count = ids.count - repeated.count
        return (index, repeated.sorted())
    }

    /// The slot whose id `isMatch` accepts, probing from the id's hash.
    func find(hash: UInt64, isMatch: (Int) -> Bool) -> Int? {
        let size = cells.count
        var i = Self.home(hash, size: size)
        while true {
            let cell = cells[i]
            if cell == 0 { return nil }
            if Self.sameHash(cell, hash), isMatch(Self.slot(cell)) { return Self.slot(cell) }
            i = i + 1 == size ? 0 : i + 1
        }
    }

    /// Adds a slot (whose id is not in the table yet).
    mutating func insert(_ slot: Int, hash: UInt64) {
        if (count + 1) * 4 > cells.count * 3 { grow() }
        cells.withUnsafeMutableBufferPointer { Self.place(Self.cell(slot, hash), in: $0) }
        count += 1
    }

    /// Puts a cell in the first free cell from its home.
    private static func place(_ cell: UInt64, in cells: UnsafeMutableBufferPointer<UInt64>) {
        var i = home(cell, size: cells.count)
        while cells[i] != 0 { i = i + 1 == cells.count ? 0 : i + 1 }
        cells[i] = cell
    }

    private mutating func grow() {
        let old = cells
        cells = [UInt64](repeating: 0, count: old.count * 2)
        cells.withUnsafeMutableBufferPointer { cells in
            for cell in old where cell != 0 { Self.place(cell, in: cells) }
        }
    }

    /// Sorts cells in place: spread into 256 buckets by their top byte (an American flag sort, which moves
    /// each cell at most once and needs no second buffer), each bucket again by the next byte, and then each
    /// of those, a few cells long, by insertion.
    private static func sortByValue(_ cells: UnsafeMutableBufferPointer<UInt64>, shift: UInt64 = 56) {
        guard cells.count > 32 else {
            for i in cells.indices.dropFirst() {
                let cell = cells[i]
                var j = i
                while j > 0, cells[j - 1] > cell { cells[j] = cells[j - 1]; j -= 1 }
                cells[j] = cell
            }
            return
        }
        func bucket(_ cell: UInt64) -> Int { Int(truncatingIfNeeded: cell >> shift) & 0xFF }
        var starts = [Int](repeating: 0, count: 257)
        for cell in cells { starts[bucket(cell) + 1] += 1 }
        for b in 0..<256 { starts[b + 1] += starts[b] }
        var next = starts
        for b in 0..<256 {
            while next[b] < starts[b + 1] {
                var cell = cells[next[b]]
                var target = bucket(cell)
                while target != b {  // carry the cell to its bucket, taking the one there along
                    swap(&cell, &cells[next[target]])
                    next[target] += 1
                    target = bucket(cell)
                }
                cells[next[b]] = cell
                next[b] += 1
            }
        }
        guard shift > 0 else { return }  // the last byte: each bucket holds equal cells
        for b in 0..<256 where starts[b + 1] - starts[b] > 1 {
            sortByValue(UnsafeMutableBufferPointer(rebasing: cells[starts[b]..<starts[b + 1]]), shift: shift - 8)
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

/// A collection's id index: made with the collection, or, when its ids are known to be distinct (a library's:
/// its schema keeps them unique), the first time an id is looked up. Indexing a million ids takes about 80 ms,
/// which `favs list` and a search, which look none up, need not wait for.
///
/// Copies of a collection share a deferred index (built once, by whichever looks first); a copy that adds an id
/// takes the index as its own first (`own()`), so no copy sees another's ids.
struct IDIndex: Sendable {
    private var made: SlotIndex?
    private var deferred: Deferred?

    init(_ index: SlotIndex = SlotIndex()) { made = index }

    /// An index of `ids`, each distinct, built when first used.
    init(deferringFor ids: TextArena) { deferred = Deferred(ids) }

    /// The slot whose id `isMatch` accepts (see `SlotIndex.find`).
    func find(hash: UInt64, isMatch: (Int) -> Bool) -> Int? {
        if let made { return made.find(hash: hash, isMatch: isMatch) }
        return deferred?.index.find(hash: hash, isMatch: isMatch)
    }

    /// Adds a slot (whose id is not in the index yet); the collection has called `own()` before adding the id.
    mutating func insert(_ slot: Int, hash: UInt64) {
        own()
        made?.insert(slot, hash: hash)
    }

    /// Makes a deferred index now (a browser's loading thread does, so that the input thread never waits for it).
    func prepare() { _ = deferred?.index }

    /// Takes the index as this copy's own, built now if it was deferred: before the collection adds an id, so that
    /// neither this copy's later ids nor its id arena are shared with a copy that built later.
    mutating func own() {
        guard made == nil else { return }
        made = deferred?.index ?? SlotIndex()
        deferred = nil
    }

    /// Whether the index waits for its first use (for the tests).
    var isDeferred: Bool { deferred != nil }

    /// The ids, until the index of them is built (then only the index is kept).
    private final class Deferred: @unchecked Sendable {
        private let lock = NSLock()
        /// Under `lock`.
        private var ids: TextArena?
        private var built: SlotIndex?

        init(_ ids: TextArena) { self.ids = ids }

        var index: SlotIndex {
            lock.withLock {
                if let built { return built }
                let index = ids.map { SlotIndex.build($0).index } ?? SlotIndex()
                built = index
                ids = nil
                return index
            }
        }
    }
}
