import Foundation
import Testing

/// The browser following a bookmark file (`--watch`, the config's `[[sources]]`): a bookmark the browser saves shows
/// on the screen without a key, drawn from the store as any other process's change is.
@Suite struct BrowserWatchTests {
    static let alpha = ("https://a.example/", "Alpha"), beta = ("https://b.example/", "Beta"),
               gamma = ("https://c.example/", "Gamma")

    @Test func aBookmarkAddedInTheBrowserShowsWithoutAKey() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = scratch.path("Bookmarks"), library = scratch.path("lib.sqlite")
        try ImportWatchTests.save(ImportWatchTests.chrome(bar: [Self.alpha, Self.beta]), to: file)
        #expect(try await favs("import", file, "--library", library, in: scratch).status == 0)
        let tmux = try await Tmux(width: 80, height: 10, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", library, "--watch", file], before: "FAVS_CONFIG=/dev/null")
        try await tmux.waitFor("following Chrome: 2 bookmarks")

        try ImportWatchTests.save(ImportWatchTests.chrome(bar: [Self.alpha, Self.beta, Self.gamma]), to: file)
        try await tmux.waitForScreen([
            " favs — lib",
            "┏ Items 1/3 ━━━━━━━━━━━━━━━━━━━┓┌ Detail 1-2/6 ────────────────────────────────┐",
            "┃>  Alpha  #Bookmarks-bar      ┃│   Alpha                                      │",
            "┃   Beta  #Bookmarks-bar       ┃│                                              │",
            "┃   Gamma  #Bookmarks-bar      ┃└──────────────────────────────────────────────┘",
            "┃                              ┃┌ Collections ─────────────────────────────────┐",
            "┃                              ┃│ ★ Favorites (0)                              │",
            "┃                              ┃│   Bookmarks-bar (3)                          │",
            "┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────────────────┘",
            " 1 bookmark added from Chrome                             3 items · 0 favorites",
        ], after: "saving Gamma in the browser")
        // Removed in the browser: gone from the list, and from its folder's count.
        try ImportWatchTests.save(ImportWatchTests.chrome(bar: [Self.alpha, Self.gamma]), to: file)
        try await tmux.waitFor("1 removed from Chrome")
        try await tmux.waitFor("Bookmarks-bar (2)")
        #expect(try await tmux.screen()[3] == "┃   Gamma  #Bookmarks-bar      ┃│                                              │")
        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test func aConfigSourceIsImportedWhenTheBrowserOpensThenFollowed() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = scratch.path("Bookmarks")
        try ImportWatchTests.save(ImportWatchTests.chrome(bar: [Self.alpha]), to: file)
        let config = try scratch.write("config.toml", "[[sources]]\npath = \"\(file)\"\nformat = \"chrome\"\n")
        let tmux = try await Tmux(width: 80, height: 10, scratch: scratch)
        defer { tmux.close() }
        // A new library: the sample's 28 items, then the file's bookmark beside them.
        try await tmux.startFavs(["--library", scratch.path("lib.sqlite")], before: "FAVS_CONFIG=\(shellQuoted(config))")
        try await tmux.waitFor("1 bookmark added from Chrome")
        try await tmux.waitFor("29 items · 3 favorites")
        try ImportWatchTests.save(ImportWatchTests.chrome(bar: [Self.alpha, Self.beta, Self.gamma]), to: file)
        try await tmux.waitFor("2 bookmarks added from Chrome")
        try await tmux.waitFor("31 items · 3 favorites")
        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)
    }
}
