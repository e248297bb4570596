import Foundation

/// Every title lower-cased for the substring filter (`CaseFolding`), one arena entry per slot, folded the first
/// time it is asked for.
///
/// The list's search reads the titles as stored (`ItemCollection.search`), so a browser never asks: the fold
/// (about 60 ms and a second copy of the titles for a million) is not made unless the substring scan
/// (`slots(matching:)`) runs.
final class FoldedTitles: @unchecked Sendable {
    private let lock = NSLock()
    /// Under `lock`: the titles still to fold, or the folded ones.
    private var pending: TextArena?
    private var result: TextArena?

    init(folding titles: TextArena) { pending = titles }

    init(ready arena: TextArena) { result = arena }

    /// Whether the titles were folded already (an item added then extends the folded arena).
    var isFolded: Bool { lock.withLock { result != nil } }

    /// The folded titles, folded now if they were not yet.
    var arena: TextArena {
        lock.withLock {
            if let result { return result }
            let folded = Self.fold(pending ?? TextArena())
            (result, pending) = (folded, nil)
            return folded
        }
    }

    private static func fold(_ titles: TextArena) -> TextArena {
        // Titles with no capital letter and nothing but ASCII fold to themselves (package names, file paths,
        // most lists piped into a picker): the folded arena is then the titles' own storage, shared, not a copy.
        let unchanged = titles.withStorage { bytes, _ in !bytes.contains { $0 >= 0x80 || (0x41...0x5A).contains($0) } }
        if unchanged { return titles }
        var folding = CaseFolding()
        var folded = TextArena(capacity: titles.count, bytes: titles.byteCount)
        for slot in 0..<titles.count {
            folded.appendEntry { bytes in titles.withEntry(slot) { folding.fold($0, into: &bytes) } }
        }
        return folded
    }
}
