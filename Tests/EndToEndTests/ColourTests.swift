import FavsCore
import Foundation
import Testing

/// The theme on a real terminal: colour when the terminal has it, none with NO_COLOR, and ASCII glyphs
/// for a locale that is not UTF-8 or `--ascii`.
@Suite struct ColourTests {
    /// The parameters of every SGR sequence (`ESC [ … m`) in captured text.
    private func sgrParameters(_ text: String) -> Set<String> {
        var parameters: Set<String> = []
        for part in text.components(separatedBy: "\u{1B}[").dropFirst() {
            guard let end = part.firstIndex(where: { !"0123456789;".contains($0) }), part[end] == "m" else { continue }
            parameters.formUnion(part[..<end].split(separator: ";").map(String.init))
        }
        return parameters
    }

    /// SGR parameters that set a colour (not 39/49, which put the terminal's own back).
    private func colours(_ parameters: Set<String>) -> Set<String> {
        parameters.filter { parameter in
            guard let n = Int(parameter) else { return false }
            return (30...38).contains(n) || (40...48).contains(n) || (90...97).contains(n) || (100...107).contains(n)
        }
    }

    @Test func theStarIsYellowAndNoColourReachesTheTerminalWithNoColor() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        let library = try scratch.library(in: "tmux")

        // xterm-256color: the star in bright yellow, the focused border in a 256-colour blue, both on the
        // terminal's own background.
        try await tmux.startFavs(["--library", library])
        try await tmux.waitFor("28 items · 3 favorites")
        let coloured = try await tmux.screenWithEscapes()
        let firstRow = try #require(coloured.split(separator: "\n").dropFirst(2).first)
        #expect(firstRow.contains("\u{1B}[93m★"), "the star on the selected row: \(firstRow.debugDescription)")
        #expect(coloured.contains("\u{1B}[38;5;75m┏ Items 1/28"))
        #expect(!colours(sgrParameters(coloured)).contains { (40...48).contains(Int($0) ?? 0) }, "no background")
        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)

        // NO_COLOR (no-color.org): no colour at all, but bold (the focused border) and reverse (the selection) stay.
        try await tmux.startFavs(["--library", library], before: "env NO_COLOR=1")
        try await tmux.waitFor("28 items · 3 favorites")
        let plain = sgrParameters(try await tmux.screenWithEscapes())
        #expect(colours(plain).isEmpty, "colour parameters: \(colours(plain).sorted())")
        #expect(plain.contains("1") && plain.contains("7"))
        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)

        // --color always outranks NO_COLOR.
        try await tmux.startFavs(["--library", library, "--color", "always"], before: "env NO_COLOR=1")
        try await tmux.waitFor("28 items · 3 favorites")
        #expect(colours(sgrParameters(try await tmux.screenWithEscapes())).contains("93"))
        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    /// A config file's `[colors]` reach the terminal: a blue star, a default-coloured accent.
    @Test func theConfigsColoursReplaceTheThemes() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let config = try scratch.write("config.toml", "[colors]\nstar = \"blue\"\naccent = \"default\"\n")
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", try scratch.library(in: "tmux")], before: "env FAVS_CONFIG=\(config)")
        try await tmux.waitFor("28 items · 3 favorites")
        let screen = try await tmux.screenWithEscapes()
        #expect(screen.contains("\u{1B}[34m★"), "the star in blue")
        #expect(!colours(sgrParameters(screen)).contains("93"), "no yellow left")
        #expect(!screen.contains("38;5;75"), "the accent in the terminal's own colour")
        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test func aLocaleThatIsNotUTF8DrawsTheASCIIFramesOfScriptAscii() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let script = try await favs("script", "--ascii", "--library", scratch.library(in: "script"), stdin: "j j f\n",
                                    in: scratch)
        try #require(script.status == 0, "favs script failed: \(script.err)")
        let expected = try #require(frames(script.out).last).lines
        #expect(expected[1] == "+ Items 3/28 ==================++ Detail --------------------------------------+")
        #expect(expected[4] == "|>* Café del Mar — Sunset      || id: rec-003                                  |")
        #expect(expected[23] == " f fav - d delete - u undo - / filter - ? help           28 items - 4 favorites")

        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", scratch.library(in: "tmux")], before: "env LC_ALL=C")
        try await tmux.waitFor("28 items - 3 favorites")
        try await tmux.sendKeys("j", "j", "f")
        try await tmux.waitFor("4 favorites")
        try await tmux.waitForScreen(expected, after: "j j f")
        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test func anUnknownColorChoiceIsAnErrorNamingTheOption() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = try await favs("--color", "sometimes", "--library", ":memory:", in: scratch)
        #expect(result.status == 64)
        #expect(result.err.hasPrefix("""
            Error: The value 'sometimes' is invalid for '--color <when>'. Please provide one of 'auto', 'always' or 'never'.

            """))
    }
}
