import Foundation
import Testing

/// The mouse in the real terminal: tmux forwards a click as the SGR bytes a terminal sends, ncurses decodes
/// it, and the screen is the one the same click gives headless; mouse reporting is off again after quitting,
/// and never on with `--no-mouse`.
@Suite struct MouseTerminalTests {
    /// A press and release of button 1 at a cell counted from 1, as xterm's SGR mode (1006) sends them:
    /// `ESC [ < 0 ; COL ; ROW M`, then the same ending in `m`, as hex bytes for `tmux send-keys -H`.
    private func click(column: Int, row: Int) -> [String] {
        ["M", "m"].flatMap { end in Array("\u{1B}[<0;\(column);\(row)\(end)".utf8).map { String($0, radix: 16) } }
    }

    @Test func aRealClickMovesTheSelectionAndQuittingTurnsMouseReportingOff() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let script = try await favs("script", "--library", scratch.library(in: "script"), stdin: "click 10 5",
                                    in: scratch)
        try #require(script.status == 0, "favs script failed: \(script.err)")
        let expected = try #require(frames(script.out).last).lines

        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", scratch.library(in: "tmux")])
        try await tmux.waitFor("28 items · 3 favorites")
        #expect(try await tmux.display("#{mouse_any_flag} #{mouse_sgr_flag}") == "1 1",
                "while running: mouse reporting on, in SGR mode")

        try await tmux.sendKeys(["-H"] + click(column: 10, row: 5))
        try await tmux.waitFor("Items 3/28")
        try await tmux.waitForScreen(expected, after: "click 10 5")

        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)
        var flags = ""
        let off = try await eventually {
            flags = try await tmux.display("#{mouse_any_flag} #{mouse_sgr_flag}")
            return flags == "0 0"
        }
        #expect(off, "after quitting: mouse reporting off (mouse_any_flag mouse_sgr_flag = \(flags))")
    }

    @Test func noMouseLeavesMouseReportingOffSoTheTerminalSelectsText() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--no-mouse", "--library", scratch.library(in: "tmux")])
        try await tmux.waitFor("28 items · 3 favorites")
        #expect(try await tmux.display("#{alternate_on} #{mouse_any_flag} #{mouse_sgr_flag}") == "1 0 0",
                "running, with mouse reporting off")
        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)
    }
}
