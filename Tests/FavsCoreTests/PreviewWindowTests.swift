@testable import FavsCore
import FavsModel
import Testing

/// `--preview-window`: the preview in a pane of its own right of or below the rest, or hidden until toggled.
@Suite struct PreviewWindowTests {
    /// A browser whose selection's preview has run and printed `output`.
    private func shown(_ window: PreviewWindow, width: Int = 80, height: Int = 12, purpose: Browser.Purpose = .browse,
                       output: String = "alpha out\n") -> (Browser, FakePreviewRunner, FakeClock) {
        let (browser, runner, clock) = previewBrowser(width: width, height: height, window: window, purpose: purpose)
        browser.settleAndPoll(clock)
        runner.finish(runner.last(for: "a"), stdout: output)
        browser.pollPreviews()
        return (browser, runner, clock)
    }

    @Test func rightPutsThePreviewInAPaneOfItsOwnAndLaysOutTheRestInWhatIsLeft() {
        let (browser, _, _) = shown(PreviewWindow(placement: .right, size: .percent(50)), output: "alpha out\nsecond\n")
        #expect(browser.frameText() == """
             favs — songs
            ┏ Items 1/3 ━━━━━━━━━━━━━━━━━━━━━━━━━━━┓┌ Preview ─────────────────────────────┐
            ┃>  Alpha                              ┃│ alpha out                            │
            ┃   Beta                               ┃│ second                               │
            ┃   Gamma                              ┃│                                      │
            ┃                                      ┃│                                      │
            ┃                                      ┃│                                      │
            ┃                                      ┃│                                      │
            ┃                                      ┃│                                      │
            ┃                                      ┃│                                      │
            ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────────┘
             f fav · d delete · u undo · / filter · ? help            3 items · 0 favorites
            """)
    }

    @Test func itsPaneSaysWhichItemsPreviewIsOnItsWay() {
        let (browser, _, _) = previewBrowser(width: 50, height: 6, window: PreviewWindow(placement: .right, size: .cells(26)))
        #expect(browser.frameText() == """
             favs — songs
            ┏ Items 1/3 ━━━━━━━━━━━┓┌ Preview ───────────────┐
            ┃>  Alpha              ┃│ preview of Alpha…      │
            ┃   Beta               ┃│                        │
            ┗━━━━━━━━━━━━━━━━━━━━━━┛└────────────────────────┘
             ? help                     3 items · 0 favorites
            """)
    }

    @Test func bottomPutsThePreviewFullWidthBelowTheSideBySidePanes() {
        let (browser, _, _) = shown(PreviewWindow(placement: .bottom, size: .cells(5)), height: 16)
        #expect(browser.frameText() == """
             favs — songs
            ┏ Items 1/3 ━━━━━━━━━━━━━━━━━━━┓┌ Detail 1-3/4 ────────────────────────────────┐
            ┃>  Alpha                      ┃│   Alpha                                      │
            ┃   Beta                       ┃│                                              │
            ┃   Gamma                      ┃│ id: a                                        │
            ┃                              ┃└──────────────────────────────────────────────┘
            ┃                              ┃┌ Favorites (0) ───────────────────────────────┐
            ┃                              ┃│ No favorites yet: f stars the selected item  │
            ┃                              ┃│                                              │
            ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────────────────┘
            ┌ Preview ─────────────────────────────────────────────────────────────────────┐
            │ alpha out                                                                    │
            │                                                                              │
            │                                                                              │
            └──────────────────────────────────────────────────────────────────────────────┘
             f fav · d delete · u undo · / filter · ? help            3 items · 0 favorites
            """)
    }

    /// What is left of a narrow screen is stacked: the focused pane beside the preview, as fzf's list beside its own.
    @Test func onANarrowScreenTheFocusedPaneSitsBesideThePreview() {
        let (browser, _, _) = shown(PreviewWindow(placement: .right, size: .cells(20)), width: 50, height: 10)
        browser.handle(.tab)
        #expect(browser.frameText() == """
             favs — songs
            ┏ Detail ━━━━━━━━━━━━━━━━━━━━┓┌ Preview ─────────┐
            ┃   Alpha                    ┃│ alpha out        │
            ┃                            ┃│                  │
            ┃ id: a                      ┃│                  │
            ┃ artist: Ann                ┃│                  │
            ┃                            ┃│                  │
            ┃                            ┃│                  │
            ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────┘
             ? help                     3 items · 0 favorites
            """)
    }

    @Test func hiddenRunsNothingUntilPShowsItInTheDetailPane() {
        let (browser, runner, clock) = previewBrowser(width: 60, height: 12, window: PreviewWindow(placement: .detail, hidden: true))
        browser.settleAndPoll(clock)
        #expect(runner.started.isEmpty)
        browser.handle(.char("p"))
        browser.handle(.ctrl("d"))
        browser.settleAndPoll(clock)
        runner.finish(runner.last(for: "a"), stdout: "alpha out\n")
        browser.pollPreviews()
        #expect(browser.frameText() == """
             favs — songs
            ┏ Items 1/3 ━━━━━━━━━━━┓┌ Detail 3-6/6 ────────────────────┐
            ┃>  Alpha              ┃│ id: a                            │
            ┃   Beta               ┃│ artist: Ann                      │
            ┃   Gamma              ┃│                                  │
            ┃                      ┃│ alpha out                        │
            ┃                      ┃└──────────────────────────────────┘
            ┃                      ┃┌ Favorites (0) ───────────────────┐
            ┃                      ┃│ No favorites yet: f stars the se…│
            ┃                      ┃│                                  │
            ┗━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────┘
             f fav · d del · u undo · ? help      3 items · 0 favorites
            """)
        browser.handle(.char("p"))
        #expect(!browser.isPreviewBusy)
        #expect(browser.frameText().contains("┌ Detail ───"), "hidden again: the fields alone")
    }

    @Test func ctrlVHidesAPickersPreviewPaneAndTheRestTakesTheScreen() {
        let (browser, _, _) = shown(PreviewWindow(placement: .right, size: .percent(40)), width: 60, height: 8, purpose: .pick)
        #expect(browser.frameText() == """
             favs — songs
            ┏ Items 1/3 ━━━━━━━━━━━━━━━━━━━━━━━┓┌ Preview ─────────────┐
            ┃>  Alpha                          ┃│ alpha out            │
            ┃   Beta                           ┃│                      │
            ┃   Gamma                          ┃│                      │
            ┃                                  ┃│                      │
            ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────┘
             /▏  enter pick · esc cancel          3 items · 0 favorites
            """)
        browser.handle(.ctrl("v"))
        #expect(browser.frameText() == """
             favs — songs
            ┏ Items 1/3 ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
            ┃>  Alpha                                                  ┃
            ┃   Beta                                                   ┃
            ┃   Gamma                                                  ┃
            ┃                                                          ┃
            ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
             /▏  enter pick · esc cancel          3 items · 0 favorites
            """)
    }

    @Test func theHelpListsTheToggleKeyOnlyWhenThereIsAPreview() {
        let (browser, _, _) = previewBrowser(height: 30)
        browser.handle(.char("?"))
        #expect(browser.frameText().contains("┃ p             show / hide the preview                ┃"))
        let plain = Browser(store: Store(items: []), libraryName: "songs", width: 80, height: 30)
        plain.handle(.char("?"))
        #expect(!plain.frameText().contains("show / hide the preview"))
    }

    @Test func placesParseAsFzfWritesThem() throws {
        #expect(try PreviewWindow.parse("right:50%").get() == PreviewWindow(placement: .right, size: .percent(50)))
        #expect(try PreviewWindow.parse("bottom:10").get() == PreviewWindow(placement: .bottom, size: .cells(10)))
        #expect(try PreviewWindow.parse("right:30:hidden").get() == PreviewWindow(placement: .right, size: .cells(30), hidden: true))
        #expect(try PreviewWindow.parse("hidden").get() == PreviewWindow(placement: .detail, hidden: true))
        #expect(try PreviewWindow.parse("detail").get() == .default)
        for bad in ["", "left", "right:0", "right:100%", "detail:40", "bottom:x", "hidden:right"] {
            #expect(throws: PreviewWindow.ParseError.self) { try PreviewWindow.parse(bad).get() }
        }
    }
}
