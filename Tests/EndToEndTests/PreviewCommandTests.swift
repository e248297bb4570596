import Foundation
import Testing

/// `--preview CMD` with real processes: quoting through a real /bin/sh, and previews that are never stale on the
/// real screen (fzf's issue #3134: a slow preview of the previous line shown beside the next).
@Suite struct PreviewCommandEndToEndTests {
    /// Titles, ids and fields a shell would love to run: each reaches the command as one argument, byte for byte,
    /// through every placeholder, and nothing in them is run.
    @Test func hostileTextReachesTheCommandAsOneArgumentEachByteForByte() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let id = #"it's $(touch pwned-id) `touch pwned-id2`"#
        let title = "a $(touch pwned) `touch pwned2` 'q' \"dq\" \\ ; touch pwned3\nsecond line\t${HOME}"
        let note = #"'; touch pwned4; echo '"#
        func json(_ text: String) -> String {
            let data = try? JSONSerialization.data(withJSONObject: [text], options: [])
            return String(decoding: data ?? Data(), as: UTF8.self).dropFirst().dropLast().description
        }
        _ = try scratch.write("hostile.jsonl", #"{"id":\#(json(id)),"title":\#(json(title)),"note":\#(json(note))}"# + "\n")
        #expect(try await favs("import", "hostile.jsonl", "--library", "lib.sqlite", in: scratch).status == 0)
        let preview = "printf '%s' {} > id.out; printf '%s' {title} > title.out; printf '%s' {field:note} > note.out; "
            + "printf '%s' {field:none} > none.out; set -- {} {title} {field:note} {field:none}; printf '%s' \"$#\" > count.out; echo shown"
        let result = try await favs("script", "--library", "lib.sqlite", "--preview", preview, stdin: "frame\n", in: scratch)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("shown"))
        func read(_ name: String) -> String? { try? String(contentsOfFile: scratch.path(name), encoding: .utf8) }
        #expect(read("id.out") == id)
        #expect(read("title.out") == title)
        #expect(read("note.out") == note)
        #expect(read("none.out") == "")
        #expect(read("count.out") == "4", "one argument each")
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
        #expect(!files.contains { $0.hasPrefix("pwned") }, "nothing in the item's text ran: \(files)")
    }

    /// Scripted mode runs each preview to its end: the frame after a move shows the new item's output, and a
    /// failing command its stderr and status.
    @Test func scriptedModeShowsEachPreviewInTheFrameAfterTheMove() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.write("two.jsonl", #"{"id":"one","title":"One"}"# + "\n" + #"{"id":"two","title":"Two"}"# + "\n")
        #expect(try await favs("import", "two.jsonl", "--library", "lib.sqlite", in: scratch).status == 0)
        let preview = #"[ {} = two ] && { echo "no such thing" >&2; exit 4; }; echo "out of" {}"#
        let result = try await favs("script", "--library", "lib.sqlite", "--size", "60x14", "--preview", preview,
                                    stdin: "frame\nj\n", in: scratch)
        #expect(result.status == 0, "\(result.err)")
        let shown = frames(result.out)
        #expect(shown.count == 2)
        #expect(shown.first?.lines.joined(separator: "\n") == """
             favs — lib
            ┏ Items 1/2 ━━━━━━━━━━━┓┌ Detail ──────────────────────────┐
            ┃>  One                ┃│   One                            │
            ┃   Two                ┃│                                  │
            ┃                      ┃│ id: one                          │
            ┃                      ┃│                                  │
            ┃                      ┃│ out of one                       │
            ┃                      ┃│                                  │
            ┃                      ┃└──────────────────────────────────┘
            ┃                      ┃┌ Favorites (0) ───────────────────┐
            ┃                      ┃│ No favorites yet: f stars the se…│
            ┃                      ┃│                                  │
            ┗━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────┘
             f fav · d del · u undo · ? help      2 items · 0 favorites
            """)
        #expect(shown.last?.lines.joined(separator: "\n") == """
             favs — lib
            ┏ Items 2/2 ━━━━━━━━━━━┓┌ Detail ──────────────────────────┐
            ┃   One                ┃│   Two                            │
            ┃>  Two                ┃│                                  │
            ┃                      ┃│ id: two                          │
            ┃                      ┃│                                  │
            ┃                      ┃│ no such thing                    │
            ┃                      ┃│ preview exited with status 4     │
            ┃                      ┃└──────────────────────────────────┘
            ┃                      ┃┌ Favorites (0) ───────────────────┐
            ┃                      ┃│ No favorites yet: f stars the se…│
            ┃                      ┃│                                  │
            ┗━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────┘
             f fav · d del · u undo · ? help      2 items · 0 favorites
            """)
        // `wait-preview` (issue #37's step for tests) waits for what is in already: the same last frame.
        let waited = try await favs("script", "--library", "lib.sqlite", "--size", "60x14", "--preview", preview,
                                    stdin: "j\nwait-preview\n", in: scratch)
        #expect(waited.status == 0, "\(waited.err)")
        #expect(frames(waited.out).last?.lines == shown.last?.lines)
    }

    /// The picker over lines `10` and `0` with `sleep {}; echo {}`: on the second line the pane shows `0` (the time
    /// it takes is a benchmark's to measure), and never `10`; the first line's `sleep` is stopped (its odd fraction of a second tells it from
    /// other tests' sleeps).
    @Test func aSlowPreviewOfThePreviousLineIsNeverShownBesideTheNext() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        let data = "env XDG_DATA_HOME=\(shellQuoted(scratch.path("data")))"
        try await tmux.startFavs(["pick", "--stdin", "numbers", "--preview", "sleep {}.0173; echo {}",
                                  "--preview-timeout", "60"],
                                 before: "printf '10\\n0\\n' | \(data)", after: "> out.txt")
        try await tmux.waitFor("preview of 10…")
        try await tmux.sendKeys("Down")
        let start = ContinuousClock.now
        var shownZero: Duration?
        while ContinuousClock.now - start < .seconds(6) {
            let detail = try await tmux.screen().dropFirst().prefix(20).map { String($0.dropFirst(32)) }
            #expect(!detail.contains { $0.hasPrefix("│ 10 ") }, "the old line's output beside the new selection:\n\(detail.joined(separator: "\n"))")
            if shownZero == nil, detail.contains(where: { $0.hasPrefix("│ 0 ") }) { shownZero = ContinuousClock.now - start }
            try await Task.sleep(for: .milliseconds(20))
        }
        let zero = try #require(shownZero, "0 never shown")
        // A sanity bound only: the time itself is a benchmark's to measure, not a test's on a busy machine.
        #expect(zero < .seconds(5), "shown after \(zero)")
        let sleeping = try await run("/usr/bin/pgrep", ["-f", "sleep 10.0173"], environment: [:], in: scratch.url)
        #expect(sleeping.out.isEmpty, "the cancelled preview's process group was stopped")
        try await tmux.sendKeys("Escape")
        #expect(try await tmux.exitStatus() == 1)
    }

    /// A real slow command in the browser: `preview of TITLE…` first, the output once the command ends. Each preview
    /// waits until the test lets it go (a file named after the item), so the placeholder is seen however busy the
    /// machine is (a 3 s sleep once ended before a starved test looked).
    @Test func theBrowserSaysAPreviewIsComingUntilItsOutputIsIn() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.write("two.jsonl", #"{"id":"one","title":"One"}"# + "\n" + #"{"id":"two","title":"Two"}"# + "\n")
        #expect(try await favs("import", "two.jsonl", "--library", "lib.sqlite", in: scratch).status == 0)
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", "lib.sqlite", "--preview-timeout", "60", "--preview",
                                  "until [ -e go-{} ]; do sleep 0.05; done; echo out:{}"])
        try await tmux.waitFor("preview of One…")
        _ = try scratch.write("go-one", "")
        try await tmux.waitFor("out:one")
        try await tmux.sendKeys("j")
        try await tmux.waitFor("preview of Two…")
        #expect(!(try await tmux.screen().joined().contains("out:one")))
        _ = try scratch.write("go-two", "")
        try await tmux.waitFor("out:two")
        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    /// Quitting while a preview runs stops it: no preview outlives favs. (These tests give their previews a minute:
    /// the 5 s default once ran out before a starved test saw the placeholder.)
    @Test func quittingStopsThePreviewStillRunning() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", "lib.sqlite", "--preview", "sleep 7.0231", "--preview-timeout", "60"])
        try await tmux.waitFor("preview of ")
        var started = false
        for _ in 0..<100 where !started {
            let found = try await run("/usr/bin/pgrep", ["-f", "sleep 7.0231"], environment: [:], in: scratch.url)
            started = !found.out.isEmpty
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(started, "the preview started")
        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)
        let left = try await run("/usr/bin/pgrep", ["-f", "sleep 7.0231"], environment: [:], in: scratch.url)
        #expect(left.out.isEmpty, "the preview outlived favs")
    }
}
