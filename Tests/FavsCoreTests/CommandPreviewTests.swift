import Testing
@testable import FavsCore
@testable import FavsModel

/// `--preview CMD`: a command's output for the selected item, below its fields, never another item's. The
/// runner is a fake (FakePreviewRunner): the tests start, finish and cancel previews by hand.
@Suite struct CommandPreviewTests {
    /// The detail pane as drawn in the frame, then its styles (`D` dim, `f` a field's name).
    static func detail(_ browser: Browser) -> String {
        (browser.redraw(.detail)?.lines ?? []).joined(separator: "\n")
    }

    static func detailStyles(_ browser: Browser) -> [String] {
        browser.redraw(.detail)?.styleLines ?? []
    }

    @Test func theFirstSelectionsPreviewStartsAtOnceAndShowsBelowTheFields() {
        let (browser, runner, clock) = previewBrowser(height: 20)
        #expect(Self.detail(browser) == """
            ┌ Detail ──────────────────────────────────────┐
            │   Alpha                                      │
            │                                              │
            │ id: a                                        │
            │ artist: Ann                                  │
            │                                              │
            │ preview of Alpha…                            │
            │                                              │
            │                                              │
            │                                              │
            └──────────────────────────────────────────────┘
            """)
        #expect(runner.commands == ["show 'a'"], "the first selection does not wait for the debounce")
        browser.settleAndPoll(clock)
        #expect(runner.commands == ["show 'a'"])
        runner.finish(runner.last(for: "a"), stdout: "line one\n\u{1B}[1;31mred\u{1B}[0m\tand tab\nesc \u{1B}]0;x\u{07}\n")
        #expect(browser.pollPreviews())
        // Colours left out, the tab expanded, every other escape made visible.
        #expect(Self.detail(browser) == """
            ┌ Detail ──────────────────────────────────────┐
            │   Alpha                                      │
            │                                              │
            │ id: a                                        │
            │ artist: Ann                                  │
            │                                              │
            │ line one                                     │
            │ red     and tab                              │
            │ esc ␛]0;x␇                                   │
            │                                              │
            └──────────────────────────────────────────────┘
            """)
    }

    @Test func theWaitingLineIsDim() {
        let (browser, _, _) = previewBrowser(height: 20)
        #expect(Self.detailStyles(browser)[6] == "  DDDDDDDDDDDDDDDDD")
    }

    @Test func aPreviewCancelledMidRunNeverShowsBesideTheNextSelection() {
        let (browser, runner, clock) = previewBrowser(height: 20)
        browser.settleAndPoll(clock)
        let alpha = runner.last(for: "a")
        browser.handle(.char("j"))
        #expect(runner.cancelled == [alpha?.ticket].compactMap { $0 }, "moving on cancels the running preview")
        // Alpha's output comes in late, after the move: it is dropped, by its ticket.
        runner.finish(alpha, stdout: "ALPHA OUTPUT\n")
        #expect(!browser.pollPreviews())
        #expect(Self.detail(browser) == """
            ┌ Detail ──────────────────────────────────────┐
            │   Beta                                       │
            │                                              │
            │ id: b                                        │
            │                                              │
            │ preview of Beta…                             │
            │                                              │
            │                                              │
            │                                              │
            │                                              │
            └──────────────────────────────────────────────┘
            """)
        browser.settleAndPoll(clock)
        runner.finish(runner.last(for: "b"), stdout: "beta output\n")
        browser.pollPreviews()
        #expect(Self.detail(browser) == """
            ┌ Detail ──────────────────────────────────────┐
            │   Beta                                       │
            │                                              │
            │ id: b                                        │
            │                                              │
            │ beta output                                  │
            │                                              │
            │                                              │
            │                                              │
            │                                              │
            └──────────────────────────────────────────────┘
            """)
        // Back on Alpha: its late output was never kept, so it runs again.
        browser.handle(.char("k"))
        #expect(!browser.frameText().contains("ALPHA"))
        #expect(browser.frameText().contains("preview of Alpha…"))
    }

    @Test func aPreviewPastItsTimeoutSaysSo() {
        let (browser, runner, clock) = previewBrowser(height: 20)
        browser.settleAndPoll(clock)
        #expect(runner.last(for: "a")?.timeout == .seconds(5))
        runner.finish(runner.last(for: "a"), stdout: "slow\n", ending: .timedOut)
        browser.pollPreviews()
        #expect(Self.detail(browser) == """
            ┌ Detail ──────────────────────────────────────┐
            │   Alpha                                      │
            │                                              │
            │ id: a                                        │
            │ artist: Ann                                  │
            │                                              │
            │ slow                                         │
            │ preview stopped after 5 s                    │
            │                                              │
            │                                              │
            └──────────────────────────────────────────────┘
            """)
        #expect(Self.detailStyles(browser)[7] == "  DDDDDDDDDDDDDDDDDDDDDDDDD")
    }

    @Test func aFailedPreviewShowsItsStderrDimmed() {
        let (browser, runner, clock) = previewBrowser(height: 20)
        browser.settleAndPoll(clock)
        runner.finish(runner.last(for: "a"), stdout: "partial\n", stderr: "cannot read x\nreally\n", ending: .exited(2))
        browser.pollPreviews()
        #expect(Self.detail(browser) == """
            ┌ Detail ──────────────────────────────────────┐
            │   Alpha                                      │
            │                                              │
            │ id: a                                        │
            │ artist: Ann                                  │
            │                                              │
            │ partial                                      │
            │ cannot read x                                │
            │ really                                       │
            │ preview exited with status 2                 │
            └──────────────────────────────────────────────┘
            """)
        #expect(Self.detailStyles(browser) == [
            "", "", "", "  fff", "  fffffff", "", "",
            "  DDDDDDDDDDDDD",
            "  DDDDDD",
            "  DDDDDDDDDDDDDDDDDDDDDDDDDDDD",
            "",
        ])
    }

    @Test func withoutAPreviewCommandTheDetailIsAsBefore() {
        let store = Store(items: [Item(id: "a", title: "Alpha", fields: [Field("artist", "Ann")], position: 1)])
        let browser = Browser(store: store, libraryName: "songs", width: 80, height: 20)
        #expect(Self.detail(browser) == """
            ┌ Detail ──────────────────────────────────────┐
            │   Alpha                                      │
            │                                              │
            │ id: a                                        │
            │ artist: Ann                                  │
            │                                              │
            │                                              │
            │                                              │
            │                                              │
            │                                              │
            └──────────────────────────────────────────────┘
            """)
        #expect(!browser.isPreviewBusy)
    }

    @Test func outputsAreKeptPerItemUntilTheItemChanges() {
        let (browser, runner, clock) = previewBrowser(height: 20)
        browser.settleAndPoll(clock)
        runner.finish(runner.last(for: "a"), stdout: "alpha output\n")
        browser.pollPreviews()
        browser.handle(.char("j"))  // after a pause: Beta's starts at once
        browser.handle(.char("k"))
        #expect(browser.frameText().contains("alpha output"), "kept: shown at once, not run again")
        browser.settleAndPoll(clock)
        #expect(runner.started.map(\.id) == ["a", "b"])
        // Starring it changes it: its preview runs again (a command may show what favs knows of it).
        browser.handle(.char("f"))
        #expect(browser.frameText().contains("preview of Alpha…"))
        #expect(runner.started.map(\.id) == ["a", "b", "a"])
        // Another process's change too.
        runner.finish(runner.last(for: "a"), stdout: "alpha again\n")
        browser.pollPreviews()
        browser.sync([.member(.favorites, "a", false, at: nil)])
        #expect(browser.frameText().contains("preview of Alpha…"))
    }

    @Test func withoutTheCacheEveryVisitRunsAgain() {
        let (browser, runner, clock) = previewBrowser(caches: false, height: 20)
        browser.settleAndPoll(clock)
        runner.finish(runner.last(for: "a"), stdout: "alpha output\n")
        browser.pollPreviews()
        browser.handle(.char("j"))
        browser.handle(.char("k"))
        #expect(browser.frameText().contains("preview of Alpha…"))
        browser.settleAndPoll(clock)
        #expect(runner.started.map(\.id) == ["a", "b", "a"], "Beta's came after a pause; back on Alpha, a burst")
    }

    @Test func aStdinLineShowsItsPreviewAlone() {
        let (browser, runner, clock) = linesPreviewPicker("main\nfeature/x\n")
        browser.settleAndPoll(clock)
        runner.finish(runner.last(for: "main"), stdout: "abc123 first commit\n")
        browser.pollPreviews()
        #expect(runner.commands == ["git log 'main'"])
        #expect(Self.detail(browser) == """
            ┌ Detail ──────────────────────────────────────┐
            │ abc123 first commit                          │
            │                                              │
            │                                              │
            │                                              │
            │                                              │
            │                                              │
            │                                              │
            │                                              │
            │                                              │
            └──────────────────────────────────────────────┘
            """)
    }

    @Test func ctrlDAndCtrlUScrollThePreviewWhileTheListKeepsFocus() {
        let (browser, runner, clock) = previewBrowser(height: 20)
        browser.settleAndPoll(clock)
        runner.finish(runner.last(for: "a"), stdout: (1...30).map { "line \($0)" }.joined(separator: "\n"))
        browser.pollPreviews()
        browser.handle(.ctrl("d"))
        #expect(browser.focus == .list && browser.selectedID == "a")
        #expect(Self.detail(browser).split(separator: "\n").prefix(3) == [
            "┌ Detail 5-13/35 ──────────────────────────────┐",
            "│                                              │",
            "│ line 1                                       │",
        ])
        browser.handle(.ctrl("u"))
        #expect(Self.detail(browser).hasPrefix("┌ Detail 1-9/35 "))
    }

    @Test func aPickerScrollsThePreviewWithShiftDownAndUpForCtrlUErasesTheQuery() {
        let (browser, runner, clock) = linesPreviewPicker("main\nfeature\n")
        browser.settleAndPoll(clock)
        runner.finish(runner.last(for: "main"), stdout: (1...30).map { "commit \($0)" }.joined(separator: "\n"))
        browser.pollPreviews()
        browser.handle(.shiftDown)
        #expect(Self.detail(browser).hasPrefix("┌ Detail 5-13/30 "))
        browser.handle(.shiftDown)
        #expect(Self.detail(browser).hasPrefix("┌ Detail 9-17/30 "))
        // ctrl-d forgets the line's picks (it has none: said, and the preview stays where it is).
        browser.handle(.ctrl("d"))
        #expect(browser.message?.text == "“main” has no picks to forget")
        #expect(Self.detail(browser).hasPrefix("┌ Detail 9-17/30 "))
        browser.handle(.shiftUp)
        #expect(Self.detail(browser).hasPrefix("┌ Detail 5-13/30 "))
        browser.handle(.char("m"))
        browser.handle(.ctrl("u"))
        #expect(browser.store.query.filter == "" && Self.detail(browser).hasPrefix("┌ Detail 5-13/30 "))
    }
}
