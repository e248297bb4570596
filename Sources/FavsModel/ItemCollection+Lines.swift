import Foundation

/// The lines of a text as items, for a picker over any list (`favs pick --stdin`): each line is an item whose
/// id and title are the line. A line is what lies between line feeds, exactly (a carriage return or a control
/// character stays part of it; panes make them visible). Empty lines are skipped, and a line seen before stays
/// at its first place: an id names one item. A line that is not UTF-8 is titled with its text decoded (what
/// the filter reads) and has an id that keeps its bytes (`ItemID.init(line:)`).
///
/// The lines starred before come first, the most recently starred first (those with no time after them, in
/// input order), then the lines picked before, the highest frecency score first (`Frecency`), then every other line
/// in input order: that is the list's own order (its positions), so a picker opens in library order and its first
/// frame can be a preview.
extension ItemCollection {
    /// Every line as an item, starred lines first, then picked ones. `favorites`: the lines starred before, with the
    /// time when one was kept; `picks`: the frecency score of each line picked before. A line that is not among the
    /// lines is left out.
    public static func lines(of bytes: UnsafeRawBufferPointer, favorites: [ItemID: Int64?] = [:],
                             picks: [ItemID: Double] = [:]) -> ItemCollection {
        let scan = LineScan(bytes, favorites: favorites, picks: picks)
        var builder = Builder(capacity: scan.lineCount, bytes: bytes.count)
        // One pass over the whole input spares a check per line in the usual case, where all of it is UTF-8.
        let allUTF8 = UTF8Check.isValid(bytes)
        var position = 0
        func append(_ line: UnsafeRawBufferPointer, favorite: Bool) {
            position += 1
            if allUTF8 || UTF8Check.isValid(line) {
                builder.append(id: line, title: line, favorite: favorite, position: position)
            } else {
                var title = String(decoding: line, as: UTF8.self)
                ItemID.encoded(line: line).withUnsafeBytes { id in
                    title.withUTF8 { title in
                        builder.append(id: id, title: UnsafeRawBufferPointer(title), favorite: favorite,
                                       position: position)
                    }
                }
            }
        }
        for star in scan.stars {
            append(star.bytes, favorite: star.favorite)
            if let time = star.time { builder.setFavoritedAtOfLastRow(time) }
        }
        let starOffsets = Set(scan.stars.map(\.offset))
        scan.forEachLine { offset, line in
            if !starOffsets.isEmpty, starOffsets.contains(offset) { return true }
            append(line, favorite: false)
            return true
        }
        var built = builder.build()
        if !picks.isEmpty { built.setPickScores(picks) }
        return built
    }

    /// The first `rows` rows of `lines(of:favorites:)` and its starred lines, with the counts, read in a
    /// fraction of the time: what a picker shows while the whole input is indexed. The count is of the
    /// non-empty lines, less the repeats among the rows read: an input with a line repeated further down
    /// shows one item more until the whole list is in.
    public static func linesPreview(of bytes: UnsafeRawBufferPointer, favorites: [ItemID: Int64?] = [:],
                                    picks: [ItemID: Double] = [:], rows: Int = 500) -> ItemCollection {
        let scan = LineScan(bytes, favorites: favorites, picks: picks)
        var seen = Set(scan.stars.map { ItemID(line: $0.bytes) })
        var items: [Item] = []
        // Every starred line (the favorites pane shows them), and the picked ones that come before row `rows`.
        for star in scan.stars where star.favorite || items.count < rows {
            items.append(Item(id: ItemID(line: star.bytes), title: String(decoding: star.bytes, as: UTF8.self),
                              favorite: star.favorite, position: items.count + 1, favoritedAt: star.time))
        }
        let stars = items.filter(\.favorite)
        let starOffsets = Set(scan.stars.map(\.offset))
        var repeats = 0
        var position = scan.stars.count
        scan.forEachLine { offset, line in
            guard items.count < max(rows, stars.count) else { return false }
            if !starOffsets.isEmpty, starOffsets.contains(offset) { return true }
            position += 1
            let id = ItemID(line: line)
            guard seen.insert(id).inserted else {
                repeats += 1
                return true
            }
            items.append(Item(id: id, title: String(decoding: line, as: UTF8.self), position: position))
            return true
        }
        var preview = ItemCollection.preview(rows: items, favorites: stars, count: scan.lineCount - scan.starRepeats - repeats,
                                             favoriteCount: stars.count)
        if !picks.isEmpty { preview.setPickScores(picks) }
        return preview
    }
}

/// One pass over the input: how many non-empty lines it has, and where the kept ones are — starred or picked before
/// (each one's first time) — in the order they are listed.
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

    init(_ bytes: UnsafeRawBufferPointer, favorites: [ItemID: Int64?], picks: [ItemID: Double] = [:]) {
        self.bytes = bytes
        // Each line is first checked against a small bit table of the stars' keys (a key is its length and its
        // first and last eight bytes, read as two words): nearly every line stops there, at a few nanoseconds,
        // and only a possible star is looked up and compared. Hashing every line took longer than the rest.
        // A star is found by the line's bytes, which its id stands for (the id of a line that is not UTF-8 is
        // not the line).
        var candidates: [LineKey: [(id: ItemID, line: [UInt8], favorite: Bool, time: Int64?, score: Double)]] = [:]
        var filter = [UInt64](repeating: 0, count: LineKey.filterWords)
        func look(for id: ItemID, favorite: Bool, time: Int64?) {
            let line = id.bytes
            line.withUnsafeBytes {
                let key = LineKey($0)
                candidates[key, default: []].append((id, line, favorite, time, picks[id] ?? 0))
                filter[key.filterWord] |= key.filterBit
            }
        }
        for (id, time) in favorites where !id.rawValue.isEmpty { look(for: id, favorite: true, time: time) }
        for (id, score) in picks where score > 0 && !id.rawValue.isEmpty && favorites[id] == nil {
            look(for: id, favorite: false, time: nil)
        }
        var found: [ItemID: Star] = [:]
        var count = 0
        var repeats = 0
        let lookForStars = !candidates.isEmpty
        forEachLine { offset, line in
            count += 1
            guard lookForStars else { return true }
            let key = LineKey(line)
            guard filter[key.filterWord] & key.filterBit != 0, let matches = candidates[key] else { return true }
            for match in matches where match.line.elementsEqual(line) {
                if found[match.id] == nil {
                    found[match.id] = Star(offset: offset, bytes: line, favorite: match.favorite, time: match.time,
                                           score: match.score)
                } else {
                    repeats += 1
                }
            }
            return true
        }
        lineCount = count
        starRepeats = repeats
        // The starred lines, the most recently starred first (those with no time after them, in input order); then
        // the picked ones, the highest score first, in input order among equals.
        stars = found.values.sorted { a, b in
            if a.favorite != b.favorite { return a.favorite }
            if !a.favorite { return a.score != b.score ? a.score > b.score : a.offset < b.offset }
            switch (a.time, b.time) {
            case let (x?, y?): return x != y ? x > y : a.offset < b.offset
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return a.offset < b.offset
            }
        }
    }

    /// Calls `body` with each non-empty line and its offset, in order, until it returns false.
    func forEachLine(_ body: (Int, UnsafeRawBufferPointer) -> Bool) {
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

/// A cheap key for a line: its length and its first and last eight bytes.
private struct LineKey: Hashable {
    let length: Int
    let head: UInt64
    let tail: UInt64

    init(_ line: UnsafeRawBufferPointer) {
        length = line.count
        if line.count >= 8 {
            head = line.loadUnaligned(as: UInt64.self)
            tail = line.loadUnaligned(fromByteOffset: line.count - 8, as: UInt64.self)
        } else {
            var word: UInt64 = 0
            for byte in line { word = word << 8 | UInt64(byte) }
            head = word
            tail = 0
        }
    }

    /// The bit table of `LineScan`: 2^16 bits.
    static let filterWords = 1 << 10
    private var mixed: UInt64 { (head ^ tail.rotated(by: 29) ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15 }
    var filterWord: Int { Int(truncatingIfNeeded: mixed >> 54) }
    var filterBit: UInt64 { 1 << ((mixed >> 48) & 63) }
}

private extension UInt64 {
    func rotated(by n: UInt64) -> UInt64 { self << n | self >> (64 - n) }
}
