import Foundation
import Testing

/// Tags live in every terminal: a tag made in one browser, and one made by `favs tag` in a shell, show in the other
/// browser's collections pane with their counts, without a key press; an undo is an ordinary change for the other.
@Suite(.serialized) struct TagSyncTests {
    /// The collections pane's tag rows (`▸ work (2)`, a leaf without the marker), as a browser at 80x24 shows them.
    static func tagRows(_ screen: [String]) -> [String] {
        screen.compactMap { line in
            guard let start = line.range(of: "┃│ ") else { return nil }
            let row = line[start.upperBound...].replacingOccurrences(of: "│", with: "")
                .trimmingCharacters(in: .whitespaces)
            let tag = row.hasPrefix("▸ ") || row.hasPrefix("▾ ") ? String(row.dropFirst(2)) : row
            return tag.hasSuffix(")") && !tag.contains("Favorites") && !tag.hasPrefix("★") ? tag : nil
        }
    }

    @Test(arguments: Backend.allCases)
    func aTagMadeInOneBrowserOrTheShellShowsInTheOthersPaneWithItsCount(_ backend: Backend) async throws {
        let scratch = try Scratch(), otherScratch = try Scratch()
        defer { scratch.remove(); otherScratch.remove() }
        let library = try backend.library(in: scratch)
        try await LiveSync.createSample(library, in: scratch)
        let (first, second) = try await LiveSync.twoBrowsers(on: library, scratch, otherScratch)
        defer { first.close(); second.close() }

        try await first.sendKeys("t", "+", "w", "o", "r", "k", "Enter")
        try await first.waitFor("“お気に入りの曲”: +work")
        let shown = try await LiveSync.waitUntil(second, "the other browser shows the tag") { Self.tagRows($0) == ["work (1)"] }
        print("\(backend): a tag made in one browser showed in the other after \(LiveSync.milliseconds(shown))")

        let fromShell = try await LiveSync.change(["tag", "rec-002", "rec-003", "+work/done", "+Reading"],
                                                  says: "tagged 2 items: +work/done +Reading", library: library,
                                                  tmux: second, scratch: scratch) { Self.tagRows($0) == ["Reading (2)", "work (3)"] }
        print("\(backend): favs tag showed in a browser after \(LiveSync.milliseconds(fromShell))")
        try await LiveSync.waitUntil(first, "the first browser shows the shell's tags") {
            Self.tagRows($0) == ["Reading (2)", "work (3)"]
        }

        try await first.sendKeys("u")
        try await first.waitFor("Undo: “お気に入りの曲”: −work")
        try await LiveSync.waitUntil(second, "the other browser shows the undo") { Self.tagRows($0) == ["Reading (2)", "work (2)"] }
        let tags = try await favs("tags", "--library", library, in: scratch)
        #expect(tags.out == "Reading (2)\nwork (2)\n  done (2)\n")
    }
}
