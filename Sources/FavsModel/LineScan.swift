import Foundation

/// One pass over the input: how many non-empty lines it has, and where the kept ones are — starred or picked before
/// (each one's first time) — in the order they are listed.
///
/// Each line is first checked against a Bloom filter of the kept lines' keys (a key is its length and its first and
/// last eight bytes, read as two words): nearly every line stops there, at a few nanoseconds, and only a possible
/// kept line is looked up, in an open-addressed table of their indices, and compared. Both tables are sized by how
/// many lines are kept, so ten thousand picked lines cost about what a hundred stars do (a 2^16-bit table let one
/// line in seven through to a `Dictionary` lookup with 10k picks, which cost more than the rest of the first screen).
/// Hashing every line took longer than the rest. A kept line is found by the line's bytes, which its id stands for
/// (the id of a line that is not UTF-8 is not the line).
struct LineScan {
    /// A line starred or picked before.
    struct Star {
        let offset: Int
        let bytes: UnsafeRawBufferPointer
        let favorite: Bool
        let time: Int64?
        let score: Double
    }

    let bytes: UnsafeRawBufferPointer
    private(set) var lineCount = 0
    private(set) var stars: [Star] = []
    /// How many non-empty lines repeat a kept line (counted once as items).
    private(set) var starRepeats = 0
    /// Where each kept line first comes, ascending.
    private let keptOffsets: [Int]
    /// Where a line repeats a kept one, ascending.
    private let repeatOffsets: [Int]

    init(_ bytes: UnsafeRawBufferPointer, favorites: [ItemID: Int64?], picks: [ItemID: Double] = [:]) {
        self.bytes = bytes
        var kept = KeptLines(capacity: favorites.count + picks.count)
        for (id, time) in favorites where !id.rawValue.isEmpty { kept.add(id.bytes, favorite: true, time: time, score: picks[id] ?? 0) }
        for (id, score) in picks where score > 0 && !id.rawValue.isEmpty && favorites[id] == nil {
            kept.add(id.bytes, favorite: false, time: nil, score: score)
        }
        // A large input is scanned in parts at once, one a core, each cut at a line feed; a kept line's first time in
        // a later part is a repeat when an earlier part holds it too.
        let parts = Parts.count(for: bytes.count, minimum: Self.partMinimum)
        let cuts = Self.cuts(bytes, parts: parts)
        var scans = [PartScan](repeating: PartScan(), count: parts)
        let lines = kept
        scans.withUnsafeMutableBufferPointer { buffer in
            let results = SharedBuffer(buffer)
            let input = SharedBytes(bytes: bytes)
            Parts.forEach(parts, count: parts) { part, _ in
                results[part] = Self.scan(input.bytes, from: cuts[part], to: cuts[part + 1], kept: lines)
            }
        }
        var first = [Int](repeating: -1, count: lines.count)
        var repeats: [Int] = []
        var count = 0
        for scan in scans {
            count += scan.count
            for index in scan.first.indices where scan.first[index] >= 0 {
                if first[index] < 0 { first[index] = scan.first[index] } else { repeats.append(scan.first[index]) }
            }
            repeats += scan.repeats
        }
        if parts > 1 { repeats.sort() }
        lineCount = count
        starRepeats = repeats.count
        repeatOffsets = repeats
        var found: [Star] = []
        for index in first.indices where first[index] >= 0 {
            let offset = first[index]
            found.append(Star(offset: offset, bytes: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + kept.length(of: index)]),
                              favorite: kept.favorite[index], time: kept.time[index], score: kept.score[index]))
        }
        keptOffsets = found.map(\.offset).sorted()
        // The starred lines, the most recently starred first (those with no time after them, in input order); then
        // the picked ones, the highest score first, in input order among equals.
        let starred = found.filter(\.favorite).sorted { a, b in
            switch (a.time, b.time) {
            case let (x?, y?): return x != y ? x > y : a.offset < b.offset
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return a.offset < b.offset
            }
        }
        // The picked ones sorted as small keys with their index into `found`: faster than moving the stars themselves.
        let picked = found.indices.lazy.filter { !found[$0].favorite }.map { (score: found[$0].score, offset: found[$0].offset, index: $0) }
            .sorted { a, b in a.score != b.score ? a.score > b.score : a.offset < b.offset }
        stars = starred + picked.map { found[$0.index] }
    }

    /// Calls `body` with each non-empty line that is not a kept line's first time, in order, until it returns false;
    /// `repeatsKept` says the line repeats a kept one (the scan counted it in `starRepeats`).
    func forEachOtherLine(_ body: (_ offset: Int, _ line: UnsafeRawBufferPointer, _ repeatsKept: Bool) -> Bool) {
        var nextKept = 0
        var nextRepeat = 0
        Self.forEachLine(in: bytes) { offset, line in
            if nextKept < keptOffsets.count, keptOffsets[nextKept] == offset {
                nextKept += 1
                return true
            }
            let repeatsKept = nextRepeat < repeatOffsets.count && repeatOffsets[nextRepeat] == offset
            if repeatsKept { nextRepeat += 1 }
            return body(offset, line, repeatsKept)
        }
    }

    /// How many bytes make a part of the scan worth a core: 1 MB (about 60k lines of 16 bytes).
    static let partMinimum = 1 << 20

    /// What one part of the input holds: its non-empty lines, where each kept line first comes in it (-1: nowhere),
    /// and where one comes again.
    private struct PartScan: Sendable {
        var count = 0
        var first: [Int] = []
        var repeats: [Int] = []
    }

    /// The input, read by the parts at once (none writes it).
    private struct SharedBytes: @unchecked Sendable {
        let bytes: UnsafeRawBufferPointer
    }

    /// Where the parts begin, each just after a line feed (or at 0), and the end: `parts + 1` offsets.
    private static func cuts(_ bytes: UnsafeRawBufferPointer, parts: Int) -> [Int] {
        var cuts = [0]
        for part in 1..<max(1, parts) {
            let middle = max(cuts[part - 1], bytes.count * part / parts)
            let feed = bytes[middle...].firstIndex(of: 0x0A)
            cuts.append(feed.map { $0 + 1 } ?? bytes.count)
        }
        cuts.append(bytes.count)
        return cuts
    }

    /// Scans the lines of `bytes[start..<end]` (offsets from the start of `bytes`) for the kept ones.
    private static func scan(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int, kept: KeptLines) -> PartScan {
        var scan = PartScan(first: [Int](repeating: -1, count: kept.count))
        let part = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        if kept.count == 0 {
            forEachLine(in: part) { _, _ in
                scan.count += 1
                return true
            }
            return scan
        }
        kept.withFilter { filter in
            forEachLine(in: part) { offset, line in
                scan.count += 1
                let key = LineKey(line)
                guard filter.mayHold(key), let index = kept.index(of: line, key: key) else { return true }
                if scan.first[index] < 0 { scan.first[index] = start + offset } else { scan.repeats.append(start + offset) }
                return true
            }
        }
        return scan
    }

    /// Calls `body` with each non-empty line and its offset, in order, until it returns false.
    private static func forEachLine(in bytes: UnsafeRawBufferPointer, _ body: (Int, UnsafeRawBufferPointer) -> Bool) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var start = 0
        while start < count {
            let end = memchr(base + start, 0x0A, count - start).map { UnsafeRawPointer($0) - base } ?? count
            if end > start, !body(start, UnsafeRawBufferPointer(rebasing: bytes[start..<end])) { return }
            start = end + 1
        }
    }
}

/// The lines a scan looks for, by index: their bytes one after the other, what each was kept as, a bit table of their
/// keys that nearly every other line stops at, and an open-addressed table of their indices by key.
private struct KeptLines {
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

    init(capacity: Int) {
        filterBits = min(20, max(16, Self.bits(for: capacity * 16)))
        filter = [UInt64](repeating: 0, count: 1 << (filterBits - 6))
        tableBits = max(4, Self.bits(for: capacity * 2))
        table = [Int32](repeating: 0, count: 1 << tableBits)
    }

    /// How many bits a power of two at least `n` has below its one.
    private static func bits(for n: Int) -> Int { n <= 1 ? 0 : Int.bitWidth - (n - 1).leadingZeroBitCount }

    mutating func add(_ line: [UInt8], favorite: Bool, time: Int64?, score: Double) {
        let key = line.withUnsafeBytes(LineKey.init)
        let index = keys.count
        keys.append(key)
        text += line
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
private struct LineKey: Equatable {
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
