import Foundation
import Testing

/// The real ncurses browser in a tmux pane: it draws what the headless frames say, refuses
/// terminals it cannot use, and always gives the terminal back.
@Suite struct TerminalTests {
    /// The headless screen for `steps` on a fresh sample library: the last frame's lines.
    private func headless(_ steps: String, size: String, scratch: Scratch) async throws -> [String] {
        let result = try await favs("script", "--library", scratch.library(in: "script"), "--size", size,
                                    stdin: steps, in: scratch)
        try #require(result.status == 0, "favs script failed: \(result.err)")
        try FileManager.default.removeItem(atPath: scratch.path("script"))
        return try #require(frames(result.out).last).lines
    }

    @Test func theTerminalScreenEqualsTheHeadlessFrameAt80x24AndAfterAResize() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", scratch.library(in: "tmux")])
        try await tmux.waitFor("28 items · 3 favorites")

        try await tmux.sendKeys("j", "j", "f")
        try await tmux.waitFor("4 favorites")
        try await tmux.waitForScreen(try await headless("j j f", size: "80x24", scratch: scratch))

        try await tmux.resize(width: 100, height: 30)
        try await tmux.waitForScreen(try await headless("j j f resize 100x30", size: "80x24", scratch: scratch))

        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test func theStackedDetailScreenAt40x12EqualsTheHeadlessFrame() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tmux = try await Tmux(width: 40, height: 12, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", scratch.library(in: "tmux")])
        try await tmux.waitFor("28 · ★3")

        try await tmux.sendKeys("j", "Enter")
        try await tmux.waitFor("Detail")
        try await tmux.waitForScreen(try await headless("j enter", size: "40x12", scratch: scratch))

        // Growing the window turns the stack into side-by-side panes, the detail still focused.
        try await tmux.resize(width: 80, height: 24)
        try await tmux.waitForScreen(try await headless("j enter resize 80x24", size: "40x12", scratch: scratch))

        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    /// A toggle sends the cells that changed, not a repaint: a repaint is ~2.6 KB at 80×24, which a user
    /// over a slow link sees as a flicker. (The target of ≤ 64 B is not met: docs/performance.md says why.)
    @Test func aFavoriteToggleWritesOnlyTheChangedCellsToTheTerminal() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", scratch.library(in: "tmux")])
        try await tmux.waitFor("28 items · 3 favorites")
        try await tmux.sendKeys("j", "j")
        try await tmux.waitFor("Items 3/28")

        let favorite = try await tmux.bytesWritten(by: ["f"], until: "4 favorites")
        let unfavorite = try await tmux.bytesWritten(by: ["f"], until: "3 favorites")
        let repaint = try await tmux.bytesWritten(by: ["C-l"], until: "3 favorites")
        #expect(repaint > 2_000, "ctrl-l repaints the whole screen")
        #expect(favorite <= 200 && unfavorite <= 200, "toggle: \(favorite) B, \(unfavorite) B; repaint: \(repaint) B")
        try await tmux.waitForScreen(try await headless("j j f f", size: "80x24", scratch: scratch))
        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test func controlCharactersInAnItemDoNotReachTheRealTerminal() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // A title that would set the window title and clear the screen if it reached the terminal raw.
        try scratch.write("evil.jsonl",
                          #"{"id": "evil", "title": "\u001b]2;pwned\u0007\u001b[2J!", "favorite": true}"# + "\n")
        for directory in ["tmux", "script"] {
            let result = try await favs("import", "evil.jsonl", "--library", scratch.library(in: directory),
                                        in: scratch)
            try #require(result.status == 0, "import failed: \(result.err)")
        }
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        let titleBefore = try await tmux.display("#{pane_title}")
        try await tmux.startFavs(["--library", scratch.library(in: "tmux")])
        try await tmux.waitFor("1 item · 1 favorite")

        let script = try await favs("script", "--library", scratch.library(in: "script"), in: scratch)
        try await tmux.waitForScreen(try #require(frames(script.out).first).lines)
        #expect(try await tmux.screen()[2].hasPrefix("┃>★ ␛]2;pwned␇␛[2J! "))
        #expect(try await tmux.display("#{pane_title}") == titleBefore, "the title escape was not obeyed")
        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test func quittingRestoresTheTerminal() async throws {
        try await expectRestored(after: .key("q"), status: 0)
    }

    @Test func ctrlCIsAQuitKeyInRawMode() async throws {
        try await expectRestored(after: .key("C-c"), status: 0)
    }

    /// SIGSEGV stands for the crash signals: the handler puts the terminal back with write(2) and tcsetattr(3) only,
    /// then the signal takes its default course.
    @Test(arguments: [(SIGTERM, "TERM"), (SIGHUP, "HUP"), (SIGINT, "INT"), (SIGSEGV, "SEGV")])
    func aSignalRestoresTheTerminalAndExitsWith128PlusItsNumber(_ signal: Int32, _ name: String) async throws {
        try await expectRestored(after: .signal(signal), status: 128 + signal)
    }

    /// How a test ends the browser: a key (a tmux key name) or a signal sent to the process.
    enum Ending {
        case key(String), signal(Int32)

        /// A signal whose handler hands over to the runtime's crash report.
        var isCrash: Bool {
            if case let .signal(signal) = self { [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE].contains(signal) } else { false }
        }
    }

    /// Starts the browser, ends it, and checks that it exited with `status` and left the terminal as
    /// it found it: main screen, cursor shown, cooked mode.
    private func expectRestored(after ending: Ending, status: Int32,
                                sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", scratch.path("lib.sqlite")])
        try await tmux.waitFor("28 items · 3 favorites")
        #expect(try await tmux.display("#{alternate_on} #{cursor_flag}") == "1 0",
                "while running: alternate screen on, cursor hidden", sourceLocation: sourceLocation)

        switch ending {
        case let .key(key):
            try await tmux.sendKeys(key)
        case let .signal(signal):
            let pid = try await tmux.programPID()
            #expect(kill(pid, signal) == 0, sourceLocation: sourceLocation)
        }
        // A crash signal goes on to the Swift runtime's crash report (the pane turns backtraces on), which reads the
        // binary's symbols before the process dies: seconds on a machine busy with other tests (it once took over 5).
        let limit: Duration = ending.isCrash ? .seconds(60) : deadline
        #expect(try await tmux.exitStatus(within: limit) == status, sourceLocation: sourceLocation)
        if ending.isCrash {
            #expect(tmux.crashes().contains("Program crashed"), "the runtime's crash report, reached after favs's handler",
                    sourceLocation: sourceLocation)
        }
        // The program has exited; give tmux a moment to read its last bytes.
        var state = ""
        let restored = try await eventually {
            state = try await tmux.display("#{alternate_on} #{cursor_flag}")
            return state == "0 1"
        }
        #expect(restored, "alternate screen off and cursor visible (alternate_on cursor_flag = \(state))",
                sourceLocation: sourceLocation)
        let stty = try tmux.sttyAfterExit()
        #expect(stty.isSuperset(of: ["icanon", "echo", "icrnl", "opost"]), "cooked mode: \(stty.sorted())",
                sourceLocation: sourceLocation)
    }

    @Test func ctrlZSuspendsWithTheTerminalRestoredAndFgRedrawsTheScreen() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        // `set -m`: job control, as in an interactive shell. Without it favs would be in an orphaned process
        // group, where the kernel discards SIGTSTP. The shell resumes favs with `fg` once the file `go` exists.
        let favs = try Tmux.favsCommand(["--library", scratch.library(in: "tmux")])
        try await tmux.start("set -m; \(favs); echo $? > stopped; until [ -e go ]; do sleep 0.01; done; fg > /dev/null")
        try await tmux.waitFor("28 items · 3 favorites")
        try await tmux.sendKeys("j")
        try await tmux.waitFor("Items 2/28")

        try await tmux.sendKeys("C-z")
        var status = ""
        let stopped = await eventually {
            status = (try? String(contentsOfFile: scratch.path("stopped"), encoding: .utf8)) ?? ""
            return status.hasSuffix("\n")
        }
        try #require(stopped, "favs did not stop on ctrl-z")
        #expect(status == "\(128 + SIGTSTP)\n", "the shell saw favs stop")
        #expect(try await tmux.display("#{alternate_on} #{cursor_flag}") == "0 1", "suspended: the shell's screen")

        try Data().write(to: scratch.url.appendingPathComponent("go"))
        try await tmux.waitForScreen(try await headless("j", size: "80x24", scratch: scratch))
        #expect(try await tmux.display("#{alternate_on} #{cursor_flag}") == "1 0")
        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test func stdoutNotATerminalIsRefusedWithAPointerToListAndScript() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tmux = try await Tmux(width: 120, height: 10, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", ":memory:"], after: "> out.txt")

        #expect(try await tmux.exitStatus() == 2)
        let text = try await tmux.joinedText()
        #expect(text == [
            "favs: stdout is not a terminal: use 'favs list' to print the items, or 'favs script' to print screens",
        ])
        #expect(text.first?.contains("favs list") == true)
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("out.txt")).isEmpty,
                "no escape codes were written to the file")
        #expect(try await tmux.display("#{alternate_on} #{cursor_flag}") == "0 1")
    }

    @Test(arguments: ["env TERM=nosuchterm", "env -u TERM", "env TERM=dumb", "env TERM="])
    func anUnusableTermIsAOneLineErrorAndTheTerminalIsLeftAlone(_ environment: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", scratch.path("lib.sqlite")], before: environment)

        #expect(try await tmux.exitStatus() == 2)
        let text = try await tmux.joinedText()
        #expect(text.count == 1, "exactly one line on the screen: \(text)")
        let line = try #require(text.first)
        #expect(line.hasPrefix("favs: "))
        #expect(line.contains("TERM"))
        #expect(try await tmux.display("#{alternate_on} #{cursor_flag}") == "0 1")
        #expect(try tmux.sttyAfterExit().isSuperset(of: ["icanon", "echo"]))
    }
}

/// The real screen follows the headless one step by step, through every kind of key and a resize.
@Suite struct TerminalJourneyTests {
    @Test(arguments: Journey.all)
    func everyStepOfAJourneyLooksTheSameInTheTerminalAsHeadless(_ journey: Journey) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // One script run prints the expected screen after every step
        // (`frame` on a line of its own, since `type` takes the rest of its line).
        let script = journey.steps.map { $0.script + "\nframe" }.joined(separator: "\n")
        let result = try await favs("script", "--library", scratch.library(in: "script"),
                                    "--size", "\(journey.width)x\(journey.height)", stdin: script, in: scratch)
        try #require(result.status == 0, "favs script failed: \(result.err)")
        let expected = frames(result.out)
        try #require(expected.count == journey.steps.count)

        let tmux = try await Tmux(width: journey.width, height: journey.height, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", scratch.library(in: "tmux")])
        try await tmux.waitFor("28")
        for (step, frame) in zip(journey.steps, expected) {
            switch step {
            case let .keys(keys, _): try await tmux.sendKeys(keys)
            case let .typed(text, _): try await tmux.sendKeys(["-l", text])
            case let .resize(width, height): try await tmux.resize(width: width, height: height)
            }
            try await tmux.waitForScreen(frame.lines, after: step.script)
        }
        try await tmux.sendKeys(["q"])
        #expect(try await tmux.exitStatus() == 0)
    }
}

/// Steps typed into both the terminal (tmux key names) and a script (step names).
struct Journey: Sendable, CustomTestStringConvertible {
    enum Step: Sendable {
        /// tmux key names, e.g. `j`, `Enter`, `C-r`, `PageDown`.
        case keys([String], script: String)
        /// Bytes as a terminal sends them.
        case typed(String, script: String)
        case resize(Int, Int)

        /// Home and End as xterm sends them in keypad mode (what TERM=xterm-256color promises).
        /// tmux's own Home and End keys send `ESC [ 1 ~` and `ESC [ 4 ~`, which are not in that terminfo entry.
        static let home = Step.typed("\u{1B}OH", script: "home")
        static let end = Step.typed("\u{1B}OF", script: "end")

        var script: String {
            switch self {
            case let .keys(_, script), let .typed(_, script): script
            case let .resize(width, height): "resize \(width)x\(height)"
            }
        }
    }

    let name: String
    let width: Int, height: Int
    let steps: [Step]
    var testDescription: String { name }

    static let all = [
        Journey(name: "favorites, focus, delete, undo, redo", width: 80, height: 24, steps: [
            .keys(["j", "j", "f"], script: "j j f"),
            .keys(["Tab"], script: "tab"),
            .keys(["Tab"], script: "tab"),
            .keys(["j"], script: "j"),
            .keys(["d"], script: "d"),
            .keys(["u"], script: "u"),
            .keys(["C-r"], script: "ctrl-r"),
            .keys(["BTab"], script: "backtab"),
            .keys(["Escape"], script: "esc"),
            .keys(["Space"], script: "space"),
            .keys(["DC"], script: "delete"),
        ]),
        Journey(name: "filter and help", width: 80, height: 24, steps: [
            .keys(["/"], script: "/"),
            .keys(["c", "a", "f"], script: "type caf"),
            .keys(["BSpace"], script: "backspace"),
            .keys(["Enter"], script: "enter"),
            .keys(["Escape"], script: "esc"),
            .keys(["Escape"], script: "esc"),
            .keys(["?"], script: "?"),
            .keys(["Escape"], script: "esc"),
            .keys(["x"], script: "x"),
        ]),
        Journey(name: "paging and scrolling", width: 80, height: 24, steps: [
            .keys(["G"], script: "G"),
            .keys(["PageUp"], script: "pgup"),
            .home,
            .keys(["PageDown"], script: "pgdn"),
            .end,
            .keys(["Up", "Up"], script: "up up"),
            .keys(["g"], script: "g"),
            .keys(["Down"], script: "down"),
            .keys(["Enter"], script: "enter"),
            .keys(["j", "j"], script: "j j"),
        ]),
        Journey(name: "resizes through every layout", width: 80, height: 24, steps: [
            .keys(["j", "Enter"], script: "j enter"),
            .resize(40, 12),
            .resize(15, 5),
            .resize(100, 30),
            .keys(["Escape"], script: "esc"),
            .resize(59, 9),
            .resize(60, 10),
        ]),
    ]
}
