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
        lines(of: bytes, kept: KeptLineSet(favorites: favorites, picked: PickedLines(picks)))
    }

    /// `lines(of:favorites:picks:)` with the lines starred and picked before as a picker reads them from its memory.
    public static func lines(of bytes: UnsafeRawBufferPointer, kept: KeptLineSet) -> ItemCollection {
        let scan = LineScan(bytes, kept: kept)
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
        scan.forEachOtherLine { line, _ in
            append(line, favorite: false)  // a repeat of a kept line too: the builder keeps the first
            return true
        }
        var built = builder.build()
        if kept.hasPicks { built.setPickScores(scan.pickScores) }
        return built
    }

    /// The first `rows` rows of `lines(of:favorites:)` and its starred lines, with the counts, read in a
    /// fraction of the time: what a picker shows while the whole input is indexed. The count is of the
    /// non-empty lines, less the repeats among the rows read: an input with a line repeated further down
    /// shows one item more until the whole list is in.
    public static func linesPreview(of bytes: UnsafeRawBufferPointer, favorites: [ItemID: Int64?] = [:],
                                    picks: [ItemID: Double] = [:], rows: Int = 500) -> ItemCollection {
        linesPreview(of: bytes, kept: KeptLineSet(favorites: favorites, picked: PickedLines(picks)), rows: rows)
    }

    /// `linesPreview(of:favorites:picks:rows:)` with the lines starred and picked before as a picker reads them from
    /// its memory: only those shown are made items.
    public static func linesPreview(of bytes: UnsafeRawBufferPointer, kept: KeptLineSet, rows: Int = 500) -> ItemCollection {
        let scan = LineScan(bytes, kept: kept, pickedFirst: rows)
        var items: [Item] = []
        var scores: [ItemID: Double] = [:]
        // Every starred line (the favorites pane shows them), and the picked ones that come before row `rows`.
        for star in scan.stars where star.favorite || items.count < rows {
            let id = ItemID(line: star.bytes)
            items.append(Item(id: id, title: String(decoding: star.bytes, as: UTF8.self),
                              favorite: star.favorite, position: items.count + 1, favoritedAt: star.time))
            if star.score > 0 { scores[id] = star.score }
        }
        let stars = items.filter(\.favorite)
        // The other lines read, to find their repeats (a repeat of a kept line the scan has counted).
        var seen = Set<ItemID>()
        var repeats = 0
        var position = scan.stars.count
        scan.forEachOtherLine { line, repeatsKept in
            guard items.count < max(rows, stars.count) else { return false }
            position += 1
            if repeatsKept { return true }
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
        if !scores.isEmpty { preview.setPickScores(scores) }
        return preview
    }
}
