import Foundation

/// What a picker looks for in its input (`LineScan`): the lines starred before (`favorites`, with the time each was
/// starred) and picked before (`picked`, with their scores), in the tables the scan reads. Made apart from the scan, so
/// that a picker makes it while stdin is still being read.
public struct KeptLineSet: Sendable {
    let lines: KeptLines
    /// Whether any line was picked before.
    let hasPicks: Bool

    public init(favorites: [ItemID: Int64?], picked: PickedLines = PickedLines()) {
        var kept = KeptLines(capacity: favorites.count + picked.count, bytes: picked.text.count)
        for (id, time) in favorites where !id.rawValue.isEmpty {
            id.bytes.withUnsafeBytes { kept.add($0, favorite: true, time: time, score: 0) }
        }
        let starred = kept.count
        picked.forEach { line, score in
            // A starred line picked too is kept once, with its score.
            if starred > 0, let index = kept.index(of: line) {
                kept.setScore(score, of: index)
            } else {
                kept.add(line, favorite: false, time: nil, score: score)
            }
        }
        lines = kept
        hasPicks = !picked.isEmpty
    }
}

/// The lines a scan looks for, by index: their bytes one after the other, what each was kept as, a bit table of their
/// keys that nearly every other line stops at, and an open-addressed table of their indices by key.
struct KeptLines: Sendable {
    private(set) var favorite: [Bool] = []
    private(set) var time: [Int64?] = []
    private(set) var score: [Double] = []
    private var keys: [LineKey] = []
    /// Every kept line's bytes, one after the other; line `i` starts at `starts[i]`.
    private var text: [UInt8] = []
    private var starts: [Int] = [0]
    /// A Bloom filter of the keys, two bits in one word each: about 16 bits a kept line (one other line in two
    /// hundred let through at 10k picks), at least 2^16 bits and at most 2^20 (128 kB), so that it stays in the
    /// nearest caches while a million lines are looked up in it.
    private var filter: [UInt64]
    private let filterBits: Int
    /// Indices + 1 by key (0: empty), a power of two at least twice the lines.
    private var table: [Int32]
    private let tableBits: Int

    var count: Int { keys.count }

    /// Room for `capacity` lines of about `bytes` bytes in all.
    init(capacity: Int, bytes: Int = 0) {
        filterBits = min(20, max(16, Self.bits(for: capacity * 16)))
        filter = [UInt64](repeating: 0, count: 1 << (filterBits - 6))
        tableBits = max(4, Self.bits(for: capacity * 2))
        table = [Int32](repeating: 0, count: 1 << tableBits)
        text.reserveCapacity(bytes)
        starts.reserveCapacity(capacity + 1)
        keys.reserveCapacity(capacity)
    }

    /// How many bits a power of two at least `n` has below its one.
    private static func bits(for n: Int) -> Int { n <= 1 ? 0 : Int.bitWidth - (n - 1).leadingZeroBitCount }

    mutating func add(_ line: UnsafeRawBufferPointer, favorite: Bool, time: Int64?, score: Double) {
        let key = LineKey(line)
        let index = keys.count
        keys.append(key)
        text.append(contentsOf: line)
        starts.append(text.count)
        self.favorite.append(favorite)
        self.time.append(time)
        self.score.append(score)
        let (word, mask) = key.filterSlot(bits: filterBits)
        filter[word] |= mask
        var slot = key.tableSlot(bits: tableBits)
        while table[slot] != 0 { slot = (slot + 1) & (table.count - 1) }
        table[slot] = Int32(index + 1)
    }

    func length(of index: Int) -> Int { starts[index + 1] - starts[index] }

    mutating func setScore(_ score: Double, of index: Int) { self.score[index] = score }

    /// The index of the kept line that is `line`, byte for byte; nil for any other line.
    func index(of line: UnsafeRawBufferPointer) -> Int? { index(of: line, key: LineKey(line)) }

    /// Calls `body` with the filter, read in place.
    func withFilter<R>(_ body: (Filter) -> R) -> R {
        filter.withUnsafeBufferPointer { body(Filter(words: $0, bits: filterBits)) }
    }

    /// The bit table, read in place while the lines are scanned.
    struct Filter {
        let words: UnsafeBufferPointer<UInt64>
        let bits: Int

        /// False when no kept line has this key; true when one may.
        @inline(__always)
        func mayHold(_ key: LineKey) -> Bool {
            let (word, mask) = key.filterSlot(bits: bits)
            return words[word] & mask == mask
        }
    }

    /// The index of the kept line that is `line` (whose key is `key`), byte for byte; nil for any other line.
    func index(of line: UnsafeRawBufferPointer, key: LineKey) -> Int? {
        var slot = key.tableSlot(bits: tableBits)
        while true {
            let index = Int(table[slot]) - 1
            if index < 0 { return nil }
            // Up to 16 bytes the key holds every byte; a longer line's middle is compared.
            if keys[index] == key, line.count <= 16 || middle(of: index, equals: line) { return index }
            slot = (slot + 1) & (table.count - 1)
        }
    }

    private func middle(of index: Int, equals line: UnsafeRawBufferPointer) -> Bool {
        text.withUnsafeBytes { text in
            guard let kept = text.baseAddress, let base = line.baseAddress else { return false }
            return memcmp(kept + starts[index] + 8, base + 8, line.count - 16) == 0
        }
    }
}

/// A cheap key for a line: its length and its first and last eight bytes.
struct LineKey: Equatable, Sendable {
    let length: Int
    let head: UInt64
    let tail: UInt64

    @inline(__always)
    init(_ line: UnsafeRawBufferPointer) {
        length = line.count
        if line.count >= 8 {
            head = line.loadUnaligned(as: UInt64.self)
            tail = line.loadUnaligned(fromByteOffset: line.count - 8, as: UInt64.self)
        } else {
            var word: UInt64 = 0
            for byte in line { word = word &<< 8 | UInt64(byte) }
            head = word
            tail = 0
        }
    }

    /// The key mixed into 64 bits whose high ones are well spread (a multiply: its low bits are not).
    private var mixed: UInt64 { (head ^ (tail &<< 29 | tail &>> 35) ^ UInt64(truncatingIfNeeded: length)) &* 0x9E37_79B9_7F4A_7C15 }

    /// The word of a bit table of 2^`bits` bits (the mixed key's top bits) and the two bits of it this key sets (the
    /// top twelve of the key mixed once more).
    @inline(__always)
    func filterSlot(bits: Int) -> (word: Int, mask: UInt64) {
        let mixed = mixed
        let again = mixed &* 0xC2B2_AE3D_27D4_EB4F
        return (Int(truncatingIfNeeded: mixed &>> UInt64(70 - bits)), (1 &<< (again &>> 58)) | (1 &<< ((again &>> 52) & 63)))
    }

    /// The slot in a table of 2^`bits` entries, from bits the filter does not use (mixed once more).
    func tableSlot(bits: Int) -> Int {
        Int(truncatingIfNeeded: (mixed &* 0xFF51_AFD7_ED55_8CCD) &>> UInt64(64 - bits))
    }
}
