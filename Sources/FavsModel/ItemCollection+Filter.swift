import Foundation

/// The list's filter: which items' titles contain a query, ignoring case.
///
/// Titles are compared lower-cased (`CaseFolding`), as bytes: the first search runs over the one buffer of
/// every folded title, jumping from one occurrence of the query's first byte to the next with `memchr`; a
/// longer query searches only the titles the shorter one matched.
extension ItemCollection {
    /// The slots of present items whose title contains `query`, in list order. `previous`, when given, is
    /// the result for a prefix of `query` (a superset of the answer), and only its slots are searched.
    ///
    /// A large search is split in contiguous parts, one per core, searched at once and joined in order.
    func slots(matching query: String, among previous: [Int32]? = nil) -> [Int32] {
        let needle = Self.fold(query)
        guard !needle.isEmpty else { return previous ?? presentSlots.map { Int32($0) } }
        let titles = foldedTitles
        if let previous {
            return Self.inParts(count: previous.count) { range in
                titles.withStorage { haystack, ends in
                    needle.withUnsafeBytes { needle in
                        previous[range].filter { slot in
                            let slot = Int(slot)
                            let start = slot == 0 ? 0 : Int(ends[slot - 1]) + 1
                            return isPresent(slot: slot)
                                && Self.find(needle, in: haystack, from: start, to: Int(ends[slot])) != nil
                        }
                    }
                }
            }
        }
        return Self.inParts(count: titles.count) { range in
            titles.withStorage { haystack, ends in
                needle.withUnsafeBytes { needle in scan(range, for: needle, in: haystack, ends: ends) }
            }
        }
    }

    /// Runs `search` over `0..<count` cut into one contiguous part per core (when there is enough to search),
    /// and joins the parts' results in order.
    static func inParts<T: Sendable>(count: Int, _ search: @Sendable (Range<Int>) -> [T]) -> [T] {
        let parts = Parts.count(for: count)
        guard parts > 1 else { return search(0..<count) }
        let results = PartResults<T>(parts)
        Parts.forEach(parts, count: count) { part, range in results.set(part, search(range)) }
        return results.joined
    }

    /// Whether the title of a slot contains `query`, ignoring case.
    func title(atSlot slot: Int, contains query: String) -> Bool {
        let needle = Self.fold(query)
        guard !needle.isEmpty else { return true }
        let titles = foldedTitles
        return titles.withStorage { haystack, _ in
            needle.withUnsafeBytes { needle in
                Self.find(needle, in: haystack, from: titles.start(slot), to: titles.end(slot)) != nil
            }
        }
    }

    /// The present slots in `range` whose folded title holds `needle`, in one pass over their bytes.
    private func scan(_ range: Range<Int>, for needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer,
                      ends: UnsafeBufferPointer<UInt32>) -> [Int32] {
        guard !range.isEmpty else { return [] }
        var result: [Int32] = []
        result.reserveCapacity(range.count / 4)
        var slot = range.lowerBound
        var from = slot == 0 ? 0 : Int(ends[slot - 1]) + 1
        let to = Int(ends[range.upperBound - 1])
        while slot < range.upperBound, let hit = Self.find(needle, in: haystack, from: from, to: to) {
            // Titles are separated by NUL, which no query holds: the hit lies inside one title.
            while Int(ends[slot]) < hit { slot += 1 }
            if isPresent(slot: slot) { result.append(Int32(slot)) }
            from = Int(ends[slot]) + 1
            slot += 1
        }
        return result
    }

    /// The folded query, without NUL bytes (they separate titles, and no key types one).
    private static func fold(_ query: String) -> [UInt8] {
        var folding = CaseFolding()
        return folding.fold(query).filter { $0 != 0 }
    }

    /// The offset of the first occurrence of `needle` in `haystack[from..<to]`.
    private static func find(_ needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer,
                             from: Int, to: Int) -> Int? {
        guard let base = haystack.baseAddress, let needleBase = needle.baseAddress, needle.count <= to - from
        else { return nil }
        let first = needleBase.load(as: UInt8.self)
        let last = to - needle.count  // the last offset where the needle fits
        var at = from
        while at <= last {
            guard let hit = memchr(base + at, Int32(first), last - at + 1) else { return nil }
            let offset = base.distance(to: UnsafeRawPointer(hit))
            if needle.count == 1 || memcmp(base + offset + 1, needleBase + 1, needle.count - 1) == 0 {
                return offset
            }
            at = offset + 1
        }
        return nil
    }
}

/// The results of the parts of a search, each written by its own thread.
private final class PartResults<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [[T]]

    init(_ count: Int) { parts = Array(repeating: [], count: count) }

    func set(_ part: Int, _ result: [T]) { lock.withLock { parts[part] = result } }

    /// The parts one after the other, each copied whole (a flattened sequence is copied element by element).
    var joined: [T] {
        lock.withLock {
            var joined: [T] = []
            joined.reserveCapacity(parts.reduce(0) { $0 + $1.count })
            for part in parts { joined.append(contentsOf: part) }
            return joined
        }
    }
}
