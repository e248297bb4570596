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

    /// Scans `bytes` for the lines starred and picked before (`kept`). `stars` lists every starred line found, then
    /// the picked ones in order, the first `pickedFirst` of them (a preview shows no more: the others are only counted).
    init(_ bytes: UnsafeRawBufferPointer, kept set: KeptLineSet, pickedFirst: Int = .max) {
        self.bytes = bytes
        let kept = set.lines
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
        // Each kept line where it first comes, in input order (each part's in its order, the parts in theirs).
        var first = [Int](repeating: -1, count: lines.count)
        var found: [Star] = []
        found.reserveCapacity(lines.count)
        var repeats: [Int] = []
        var count = 0
        for scan in scans {
            count += scan.count
            for index in scan.found.lazy.map(Int.init) {
                let offset = scan.first[index]
                guard first[index] < 0 else {
                    repeats.append(offset)
                    continue
                }
                first[index] = offset
                found.append(Star(offset: offset, bytes: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + lines.length(of: index)]),
                                  favorite: lines.favorite[index], time: lines.time[index], score: lines.score[index]))
            }
            repeats += scan.repeats
        }
        if parts > 1 { repeats.sort() }
        lineCount = count
        starRepeats = repeats.count
        repeatOffsets = repeats
        keptOffsets = found.map(\.offset)
        // The starred lines, the most recently starred first (those with no time after them, in input order); then
        // the picked ones, the highest score first, in input order among equals.
        let stars = found.filter(\.favorite).sorted { a, b in
            switch (a.time, b.time) {
            case let (x?, y?): return x != y ? x > y : a.offset < b.offset
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return a.offset < b.offset
            }
        }
        // The picked ones ordered by their indices into `found` (in input order), their scores apart: faster than
        // moving the stars themselves.
        let scores = found.map(\.score)
        let picked = found.indices.filter { !found[$0].favorite }.firstInOrder(pickedFirst) { a, b in
            scores[a] != scores[b] ? scores[a] > scores[b] : a < b
        }
        self.stars = stars + picked.map { found[$0] }
    }

    /// The frecency score of each kept line found, by id, for those picked (the items a scan's lines become).
    var pickScores: [ItemID: Double] {
        var scores: [ItemID: Double] = [:]
        for star in stars where star.score > 0 { scores[ItemID(line: star.bytes)] = star.score }
        return scores
    }

    /// Calls `body` with each non-empty line that is not a kept line's first time, in order, until it returns false;
    /// `repeatsKept` says the line repeats a kept one (the scan counted it in `starRepeats`).
    func forEachOtherLine(_ body: (_ line: UnsafeRawBufferPointer, _ repeatsKept: Bool) -> Bool) {
        var nextKept = 0
        var nextRepeat = 0
        Self.forEachLine(in: bytes) { offset, line in
            if nextKept < keptOffsets.count, keptOffsets[nextKept] == offset {
                nextKept += 1
                return true
            }
            let repeatsKept = nextRepeat < repeatOffsets.count && repeatOffsets[nextRepeat] == offset
            if repeatsKept { nextRepeat += 1 }
            return body(line, repeatsKept)
        }
    }

    /// How many bytes make a part of the scan worth a core: 1 MB (about 60k lines of 16 bytes).
    static let partMinimum = 1 << 20

    /// What one part of the input holds: its non-empty lines, where each kept line first comes in it (-1: nowhere),
    /// the kept lines it holds in the order they first come, and where one comes again.
    private struct PartScan: Sendable {
        var count = 0
        var first: [Int] = []
        var found: [Int32] = []
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
                if scan.first[index] < 0 {
                    scan.first[index] = start + offset
                    scan.found.append(Int32(index))
                } else {
                    scan.repeats.append(start + offset)
                }
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
