import Foundation

/// Every title lower-cased for the filter (`CaseFolding`), one arena entry per slot.
///
/// A large collection folds its titles on a background thread, so opening a library draws its first frame
/// without waiting for them; the first filter keystroke waits for the fold if it is still running
/// (it takes about 60 ms for a million titles).
final class FoldedTitles: @unchecked Sendable {
    private let lock = NSLock()
    private let finished = DispatchGroup()
    private var result = TextArena()

    /// Below this many titles the fold is done at once: a thread would cost more than it saves.
    static let backgroundThreshold = 20_000

    init(folding titles: TextArena) {
        guard titles.count >= Self.backgroundThreshold else {
            result = Self.fold(titles)
            return
        }
        finished.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let folded = Self.fold(titles)
            lock.withLock { result = folded }
            finished.leave()
        }
    }

    init(ready arena: TextArena) { result = arena }

    /// The folded titles, once folded.
    var arena: TextArena {
        finished.wait()
        return lock.withLock { result }
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
