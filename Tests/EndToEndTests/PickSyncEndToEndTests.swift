import Foundation
import Testing

/// Picks are data, like stars (issue #37): two pickers on one `--stdin NAME`, each a process of its own, follow each
/// other's picks and forgets (ctrl-d) through the memory's change log; the ranks move on screen while both run.
@Suite struct PickSyncEndToEndTests {
    /// The three list rows of a pane, without the selection mark: `["alpha", "charlie", "bravo"]`.
    private func rows(_ tmux: Tmux) async throws -> [String] {
        try await tmux.screen()[2...4].map { row in
            String(row.dropFirst(4).prefix { $0 != " " && $0 != "┃" })
        }
    }

    /// Waits (generously: a loaded machine) until the pane lists these rows; fails with the screen when it does not.
    private func waitForRows(_ tmux: Tmux, _ expected: [String], _ why: String,
                             sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let shown = try await eventually(within: .seconds(30)) { try await rows(tmux) == expected }
        let screen = try await tmux.screen().joined(separator: "\n")
        #expect(shown, "\(why): \(screen)", sourceLocation: sourceLocation)
    }

    @Test func ctrlDTakesAWrongTopLineDownAtOnceAndItStaysDownNextTime() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let data = "env XDG_DATA_HOME=\(shellQuoted(scratch.path("data")))"
        let lines = shellQuoted(try scratch.write("lines.txt", "alpha\nbravo\ncharlie\n"))
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["pick", "--stdin", "words"], before: "cat \(lines) | \(data)", after: "> out.txt")
        try await tmux.waitFor("enter pick")
        try await tmux.sendKeys("End", "Enter")
        #expect(try await tmux.exitStatus() == 0)
        // Picked before, charlie comes first, in the frequent order: the wrong top match.
        try await tmux.startFavs(["pick", "--stdin", "words"], before: "cat \(lines) | \(data)", after: "> out.txt")
        try await tmux.waitFor("Items 1/3 · frequent")
        try await waitForRows(tmux, ["charlie", "alpha", "bravo"], "charlie picked before")
        try await tmux.sendKeys("C-d")
        try await tmux.waitFor("Forgot 1 pick of “charlie” — ctrl-y to undo")
        try await waitForRows(tmux, ["alpha", "bravo", "charlie"], "charlie forgotten")
        try await tmux.sendKeys("Escape")
        #expect(try await tmux.exitStatus() == 1)
        try await tmux.startFavs(["pick", "--stdin", "words"], before: "cat \(lines) | \(data)", after: "> out.txt")
        try await tmux.waitFor("enter pick")
        try await waitForRows(tmux, ["alpha", "bravo", "charlie"], "the next run")
        try await tmux.sendKeys("Enter")
        #expect(try await tmux.exitStatus() == 0)
        #expect(try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8) == "alpha\n")
    }

    /// A long input opens on a preview ordered by the lines' sums of picks; the picks themselves are read once it is
    /// up, before the first key: ctrl-d typed at once forgets the top line's pick, and ctrl-y puts it back, kept.
    @Test func ctrlDTypedAtOnceOnAPreviewForgetsThePickAndCtrlYPutsItBack() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let lines = shellQuoted(try scratch.write("lines.txt", (1...3000).map { String(format: "line-%04d\n", $0) }.joined()))
        let env = "env XDG_DATA_HOME=\(shellQuoted(scratch.path("data"))) FAVS_PREVIEW_MINIMUM=1000"
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["pick", "--stdin", "big"], before: "cat \(lines) | \(env)", after: "> out.txt")
        try await tmux.sendKeys("End")
        try await tmux.waitFor("Items 3000/3000")
        try await tmux.sendKeys("Enter")
        #expect(try await tmux.exitStatus() == 0)
        #expect(try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8) == "line-3000\n")

        try await tmux.startFavs(["pick", "--stdin", "big"], before: "cat \(lines) | \(env)", after: "> out.txt")
        try await tmux.waitFor("3000 items")
        #expect(try await tmux.screen()[2].hasPrefix("┃>  line-3000"), "picked before, first")
        try await tmux.sendKeys("C-d")
        try await tmux.waitFor("Forgot 1 pick of “line-3000” — ctrl-y to undo")
        try await tmux.sendKeys("C-y")
        try await tmux.waitFor("Undo: remembered again 1 pick of “line-3000”")
        try await tmux.sendKeys("Escape")
        #expect(try await tmux.exitStatus() == 1)
        // Kept: the next run opens with it first again.
        try await tmux.startFavs(["pick", "--stdin", "big"], before: "cat \(lines) | \(env)", after: "> out.txt")
        try await tmux.waitFor("3000 items")
        try await tmux.sendKeys("Enter")
        #expect(try await tmux.exitStatus() == 0)
        #expect(try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8) == "line-3000\n")
    }

    @Test func aPickAndAForgetInOnePickerMoveTheRanksInAnotherOpenOnTheSameName() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let other = try Scratch()
        defer { other.remove() }
        let data = "env XDG_DATA_HOME=\(shellQuoted(scratch.path("data")))"
        let lines = shellQuoted(try scratch.write("lines.txt", "alpha\nbravo\ncharlie\n"))
        let one = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { one.close() }
        let two = try await Tmux(width: 80, height: 24, scratch: other)
        defer { two.close() }
        // One searches a: alpha first (a word start), then bravo before charlie (the same score, the shorter).
        try await one.startFavs(["pick", "--stdin", "shared", "--query", "a"], before: "cat \(lines) | \(data)")
        try await one.waitFor("3 items · 0 favorites")
        try await waitForRows(one, ["alpha", "bravo", "charlie"], "nothing picked yet")

        // Two picks charlie and ends: one ranks charlie, picked now, above bravo while it runs.
        try await two.startFavs(["pick", "--stdin", "shared"], before: "cat \(lines) | \(data)", after: "> out.txt")
        try await two.waitFor("enter pick")
        try await two.sendKeys("Down", "Down", "Enter")
        #expect(try await two.exitStatus() == 0)
        #expect(try String(contentsOfFile: other.path("out.txt"), encoding: .utf8) == "charlie\n")
        try await waitForRows(one, ["alpha", "charlie", "bravo"], "the other picker's pick")

        // A second picker on the name, open beside one: ctrl-d in one forgets charlie's pick, in both at once.
        try await two.startFavs(["pick", "--stdin", "shared", "--query", "a"], before: "cat \(lines) | \(data)")
        try await two.waitFor("3 items · 0 favorites")
        try await waitForRows(two, ["alpha", "charlie", "bravo"], "charlie picked before")
        try await one.sendKeys("Down", "C-d")
        try await one.waitFor("Forgot 1 pick of “charlie” — ctrl-y to undo")
        try await waitForRows(one, ["alpha", "bravo", "charlie"], "the forget, here")
        try await waitForRows(two, ["alpha", "bravo", "charlie"], "the forget, in the other picker")
        // ctrl-y puts the pick back, there too.
        try await one.sendKeys("C-y")
        try await one.waitFor("Undo: remembered again 1 pick of “charlie”")
        try await waitForRows(two, ["alpha", "charlie", "bravo"], "the undo, in the other picker")
        try await one.sendKeys("Escape")
        try await two.sendKeys("Escape")
        #expect(try await one.exitStatus() == 1)
        #expect(try await two.exitStatus() == 1)
    }
}
