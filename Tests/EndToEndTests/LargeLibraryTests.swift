import Foundation
import Testing

/// A library that opens on a preview (from 100,000 items; here `FAVS_PREVIEW_MINIMUM` makes 3,000 enough, so
/// the debug build's import stays quick): the first frame on the terminal is the whole library's, a key typed
/// at once is answered on the whole list, and other processes' changes are followed from there.
@Suite struct LargeLibraryTests {
    /// 3,000 generated items imported into `big.sqlite` in the scratch folder; its path.
    private func generatedLibrary(in scratch: Scratch) async throws -> String {
        let library = scratch.path("big.sqlite")
        let generator = URL(fileURLWithPath: try favsBinary()).deletingLastPathComponent()
            .appendingPathComponent("favs-gen").path
        let generated = try await run(generator, ["3000", "--tsv", scratch.path("big.tsv")],
                                      environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        try #require(generated.status == 0, "favs-gen failed: \(generated.err)")
        let imported = try await favs("import", scratch.path("big.tsv"), "--library", library, in: scratch)
        try #require(imported.status == 0, "import failed: \(imported.err)")
        return library
    }

    @Test func aLibraryOpenedOnAPreviewShowsItsWholeFirstFrameAndAnswersAKeyTypedAtOnce() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try await generatedLibrary(in: scratch)

        // What the screen must show, from headless runs on a copy (the script mode reads the whole list).
        try FileManager.default.copyItem(atPath: library, toPath: scratch.path("copy.sqlite"))
        let script = try await favs("script", "--library", scratch.path("copy.sqlite"), stdin: "frame\nG", in: scratch)
        try #require(script.status == 0, "favs script failed: \(script.err)")
        let (opened, bottom) = (frames(script.out)[0].lines, frames(script.out)[1].lines)
        #expect(opened.last?.hasSuffix("3000 items · 0 favorites") == true)
        #expect(bottom[1].contains("Items 3000/3000"))

        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", library], before: "env FAVS_PREVIEW_MINIMUM=1000")
        try await tmux.waitForScreen(opened, after: "opening")
        try await tmux.sendKeys("G")
        try await tmux.waitForScreen(bottom, after: "G")

        // The follower starts where the list was read: a change from another process shows.
        let listed = try await favs("list", "--library", library, in: scratch)
        let lastID = try #require(listed.out.split(separator: "\n").last?.split(separator: " ").first.map(String.init))
        let changed = try await favs("fav", lastID, "--library", library, in: scratch)
        #expect(changed.status == 0, "\(changed.err)")
        try await tmux.waitFor("3000 items · 1 favorite")
        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    /// `G` then `f`, typed before the first frame: `G` is answered on the preview (its last rows), `f` waits for the
    /// whole list, read meanwhile on a thread of its own, and then stars the item `G` went to: the last, not the first.
    @Test func gThenFTypedAtLaunchStarTheLastItemOnceTheListIsIn() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try await generatedLibrary(in: scratch)
        let listed = try await favs("list", "--library", library, in: scratch)
        let lastID = try #require(listed.out.split(separator: "\n").last?.split(separator: " ").first.map(String.init))

        // What the screen must show: the same keys on a copy, headless (the script mode reads the whole list).
        try FileManager.default.copyItem(atPath: library, toPath: scratch.path("copy.sqlite"))
        let script = try await favs("script", "--library", scratch.path("copy.sqlite"), stdin: "G\nf", in: scratch)
        try #require(script.status == 0, "favs script failed: \(script.err)")
        let starred = try #require(frames(script.out).last).lines
        #expect(starred[1].contains("Items 3000/3000") && starred.last?.hasSuffix("3000 items · 1 favorite") == true)

        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", library], before: "env FAVS_PREVIEW_MINIMUM=1000")
        try await tmux.sendKeys("G", "f")
        try await tmux.waitForScreen(starred, after: "G f typed at launch")
        let rows = try await tmux.screen()
        #expect(rows[21].hasPrefix("┃>★ "), "the cursor on the last row, starred: \(rows[21])")
        let favorites = try await favs("list", "--favorites", "--library", library, in: scratch)
        #expect(favorites.out.split(separator: "\n").map { String($0.split(separator: " ").first ?? "") } == [lastID])
        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    /// `/rain` typed before the first frame: the search is answered from the rows whose titles may match it, read
    /// before the whole list, and shows what the whole list shows; the whole list, once in, changes nothing on screen,
    /// and a key typed further is answered as on the whole list.
    @Test func aSearchTypedAtLaunchShowsTheWholeListsAnswer() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try await generatedLibrary(in: scratch)

        // What the screen must show: the same keys on a copy, headless (the script mode reads the whole list).
        try FileManager.default.copyItem(atPath: library, toPath: scratch.path("copy.sqlite"))
        let script = try await favs("script", "--library", scratch.path("copy.sqlite"), stdin: "/ type rain\nframe\ntype n",
                                    in: scratch)
        try #require(script.status == 0, "favs script failed: \(script.err)")
        let (searched, further) = (frames(script.out)[0].lines, frames(script.out)[1].lines)
        #expect(searched[1].contains("· /rain") && searched.last?.hasPrefix(" /rain▏") == true)

        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", library], before: "env FAVS_PREVIEW_MINIMUM=1000")
        try await tmux.sendKeys("/", "r", "a", "i", "n")
        try await tmux.waitForScreen(searched, after: "/rain typed at launch")
        try await tmux.sendKeys("n")
        try await tmux.waitForScreen(further, after: "n typed further")
        try await tmux.sendKeys("Escape", "q")
        #expect(try await tmux.exitStatus() == 0)
    }
}
