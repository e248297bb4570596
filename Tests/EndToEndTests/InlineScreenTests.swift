import Foundation
import Testing

/// `--height ROWS`: the browser drawn in rows below the shell's output, as fzf --height does, the same frame
/// as the full screen at that size, and nothing of it left when it ends.
@Suite struct InlineScreenTests {
    private let shellLines = ["shell line 1", "shell line 2", "shell line 3"]

    @Test func tenRowsBelowTheShellsOutputShowTheHeadlessFrameAndAreClearedOnQuit() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let headless = try await favs("script", "--library", scratch.library(in: "script"), "--size", "80x10",
                                      stdin: "j j f\n", in: scratch)
        let expected = try #require(frames(headless.out).last).lines.map(trimmed)

        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.start("clear; printf 'shell line %s\\n' 1 2 3; "
                             + (try Tmux.favsCommand(["--library", scratch.library(in: "tmux"), "--height", "10"])))
        try await tmux.waitFor("28 items · 3 favorites")
        try await tmux.sendKeys("j", "j", "f")
        try await tmux.waitFor("28 items · 4 favorites")
        let screen = try await tmux.screen()
        #expect(Array(screen.prefix(3)) == shellLines, "the shell's output above is untouched")
        #expect(Array(screen[3..<13]) == expected, "\(difference(Array(screen[3..<13]), expected))")

        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)
        let after = try await tmux.screen()
        #expect(Array(after.prefix(3)) == shellLines)
        #expect(!after.contains { $0.contains("favs —") || $0.contains("┃") }, "the rows were cleared")
        #expect(try tmux.sttyAfterExit().isSuperset(of: ["echo", "icanon", "icrnl", "isig"]))
    }

    @Test func aPickerInEightRowsPrintsItsChoiceAndSigtermRestoresTheTerminal() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try scratch.library(in: "lib")
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["pick", "--library", library, "--height", "8"], after: "> out.txt")
        try await tmux.waitFor("enter pick")
        #expect(try await tmux.screen().count { $0.hasPrefix("┃") } == 4, "8 rows: title, borders, 4 list rows, status")
        try await tmux.sendKeys("j", "Escape", "Enter")  // j types; esc clears nothing here: it cancels
        #expect(try await tmux.exitStatus() == 1)
        #expect(try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8) == "")

        try await tmux.startFavs(["pick", "--library", library, "--height", "40%"], after: "> out.txt")
        try await tmux.waitFor("enter pick")
        try await tmux.sendKeys("Down", "Enter")
        #expect(try await tmux.exitStatus() == 0)
        #expect(try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8) == "rec-002\n")

        try await tmux.startFavs(["--library", library, "--height", "8"])
        try await tmux.waitFor("28 items")
        kill(try await tmux.programPID(), SIGTERM)
        #expect(try await tmux.exitStatus() == 128 + SIGTERM)
        #expect(try tmux.sttyAfterExit().isSuperset(of: ["echo", "icanon", "icrnl", "isig"]))
    }

    @Test func aHeightThatIsNotARowCountIsAUsageError() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        for bad in ["0", "ten", "120%", "-3"] {
            let result = try await favs("pick", "--library", ":memory:", "--height", bad, in: scratch)
            #expect(result.status == 64, "--height \(bad)")
            #expect(result.err.contains("--height"), "--height \(bad): \(result.err)")
        }
    }
}
