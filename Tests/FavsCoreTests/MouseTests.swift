import Testing
@testable import FavsCore
@testable import FavsModel
import FavsTestFixtures

/// The mouse, as script steps (positions from 1, as terminals count): clicks select, focus and toggle stars,
/// the wheel moves through the pane under the pointer, and clicks that hit no row change nothing.
///
/// At 80×24 the list is columns 1–32 and rows 2–23 (its first item on row 3), the detail columns 33–80 and
/// rows 2–15, the favorites columns 33–80 and rows 16–23 (first favorite on row 17); stars are in column 3
/// of the list and 35 of the favorites.
@Suite struct MouseTests {
    /// A browser on the sample after the steps, for its state.
    func browser(after script: String, size: (Int, Int) = (80, 24), sink: ChangeSink? = nil) throws -> Browser {
        let browser = Browser(store: Store(items: SampleLibrary.items, sink: sink), libraryName: "sample library",
                              width: size.0, height: size.1)
        ScriptRunner.run(try ScriptParser.parse(script).map(\.step), on: browser) { _ in }
        return browser
    }

    /// The rows of the last frame after the steps.
    func screen(_ script: String, size: (Int, Int) = (80, 24)) throws -> [String] {
        try #require(try frames(script, size: size).last).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }

    /// A library the user may only read: a click on a star is refused as `f` is, and says why; a member who keeps their
    /// own stars apart stars with it, as with `f`.
    @Test func aClickOnAStarOfALibraryYouMayOnlyReadIsRefusedUnlessYourStarsAreKeptApart() throws {
        let browser = Browser(store: Store(items: SampleLibrary.items), libraryName: "sample library", width: 80, height: 24)
        browser.readOnlyReason = "your role may only read this library"
        ScriptRunner.run(try ScriptParser.parse("click 3 4").map(\.step), on: browser) { _ in }
        #expect(browser.message?.text == "Read-only: your role may only read this library")
        #expect(browser.store.items.favoriteCount == 3)

        browser.keepsOwnStars = true
        ScriptRunner.run(try ScriptParser.parse("click 3 4").map(\.step), on: browser) { _ in }
        #expect(browser.store.items.favoriteCount == 4 && browser.store.items["rec-002"]?.favorite == true)
    }

    @Test func aClickOnAListRowSelectsItAndFocusesTheList() throws {
        let rows = try screen("tab tab click 10 5")
        #expect(Array(rows[1...4]) == [
            "┏ Items 3/28 ━━━━━━━━━━━━━━━━━━┓┌ Detail ──────────────────────────────────────┐",
            "┃ ★ お気に入りの曲             ┃│   Café del Mar — Sunset                      │",
            "┃   录音 Recording 2           ┃│                                              │",
            "┃>  Café del Mar — Sunset      ┃│ id: rec-003                                  │",
        ])
        #expect(rows[16] == "┃   Dansa kvadrat              ┃│ ★ お気に入りの曲                             │")  // no `>`
        #expect(try frames("tab tab click 10 5") == frames("j j"))  // the rest is as after two moves in the list
    }

    @Test func aClickOnAFavoritesRowSelectsItAndFocusesFavorites() throws {
        #expect(try frames("click 40 18") == ["""
         favs — sample library
        ┌ Items 1/28 ──────────────────┐┌ Detail ──────────────────────────────────────┐
        │>★ お気に入りの曲             ││ ★ 🎧 Lo-fi beats to study to                 │
        │   录音 Recording 2           ││                                              │
        │   Café del Mar — Sunset      ││ id: rec-004                                  │
        │ ★ 🎧 Lo-fi beats to study to ││ artist: Chillhop Collective                  │
        │   Clair de lune              ││ album: Study Session                         │
        │   夜に駆ける                 ││ year: 2020                                   │
        │   Für Elise                  ││ genre: Lo-fi                                 │
        │ ★ 月亮代表我的心             ││ length: 58:21                                │
        │   Naïve Melody               ││                                              │
        │   🌊 Ocean waves, 10 hours   ││                                              │
        │   Mañana es hoy              ││                                              │
        │   Ég anda                    ││                                              │
        │   残酷な天使のテーゼ         │└──────────────────────────────────────────────┘
        │   茉莉花 Jasmine Flower      │┏ Favorites (3) ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
        │   Dansa kvadrat              │┃ ★ お気に入りの曲                             ┃
        │   Águas de março             │┃>★ 🎧 Lo-fi beats to study to                 ┃
        │   A very long title that wil…│┃ ★ 月亮代表我的心                             ┃
        │   🎹 Piano sketches          │┃                                              ┃
        │   Smörgåsbord                │┃                                              ┃
        │   사랑의 인사 Salut d'amour  │┃                                              ┃
        └──────────────────────────────┘┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
         f fav · d delete · u undo · / filter · ? help           28 items · 3 favorites
        """])
    }

    @Test func aClickOnAListStarTogglesTheFavoriteAndUUndoesIt() throws {
        let starred = try screen("click 3 4")
        #expect(starred[2] == "┃ ★ お気に入りの曲             ┃│ ★ 录音 Recording 2                           │")
        #expect(starred[3] == "┃>★ 录音 Recording 2           ┃│                                              │")
        #expect(starred[15] == "┃   茉莉花 Jasmine Flower      ┃┌ Favorites (4) ───────────────────────────────┐")
        #expect(starred[17] == "┃   Águas de março             ┃│ ★ 录音 Recording 2                           │")
        #expect(starred[23].hasSuffix("28 items · 4 favorites"))

        let undone = try screen("click 3 4 u")
        #expect(undone[3] == "┃>  录音 Recording 2           ┃│                                              │")
        #expect(undone[23] == " Undo: unfavorited “录音 Recording 2”                    28 items · 3 favorites")
    }

    @Test func aClickOnAFavoritesStarUnfavoritesItAndTheNextFavoriteIsSelected() throws {
        let rows = try screen("click 35 17")
        #expect(rows[15] == "│   茉莉花 Jasmine Flower      │┏ Favorites (2) ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓")
        #expect(rows[16] == "│   Dansa kvadrat              │┃>★ 🎧 Lo-fi beats to study to                 ┃")
        #expect(rows[17] == "│   Águas de março             │┃ ★ 月亮代表我的心                             ┃")
        #expect(rows[23].hasSuffix("28 items · 2 favorites"))
        #expect(try browser(after: "click 35 17 u").store.items["rec-001"]?.favorite == true)
    }

    @Test func aStarClickThatCannotBeSavedIsRolledBackWithTheError() throws {
        let sink = RecordingSink()
        sink.failNext = true
        let b = try browser(after: "click 3 4", sink: sink)
        #expect(b.store.items["rec-002"]?.favorite == false)
        #expect(b.message == Browser.Message(text: "Not saved: disk is full", isError: true))
        #expect(b.frameText().contains("┃>  录音 Recording 2"))
    }

    @Test func aClickBelowTheLastRowFocusesThePaneAndSelectsOrTogglesNothing() throws {
        let b = try browser(after: "j tab tab click 35 22")  // the star column of the favorites' empty fifth row
        #expect(b.focus == .favorites)
        #expect(b.selectedID == "rec-001")  // the favorites cursor, still on its first row
        #expect(b.store.items.favoriteCount == 3)
    }

    @Test func theWheelOverTheListMovesTheSelectionThreeRowsAndFocusesTheList() throws {
        let rows = try screen("tab wheel down 10 10 wheel down 10 10")
        #expect(rows[1] == "┏ Items 7/28 ━━━━━━━━━━━━━━━━━━┓┌ Detail ──────────────────────────────────────┐")
        #expect(rows[8] == "┃>  Für Elise                  ┃│ genre: Classical                             │")
        #expect(try browser(after: "tab wheel down 10 10 wheel down 10 10 wheel up 10 10").selectedID == "rec-004")
    }

    @Test func theWheelOverTheFavoritesMovesTheirSelectionAndFocusesThem() throws {
        let rows = try screen("wheel down 40 18")
        #expect(rows[1] == "┌ Items 1/28 ──────────────────┐┌ Detail ──────────────────────────────────────┐")
        #expect(rows[18] == "│   A very long title that wil…│┃>★ 月亮代表我的心                             ┃")
    }

    @Test func theWheelOverTheDetailScrollsItsTextAndLeavesTheFocus() throws {
        let shown = try frames("wheel down 50 4 wheel down 50 4 frame wheel up 50 4", size: (80, 12))
        #expect(shown.first == """
         favs — sample library
        ┏ Items 1/28 ━━━━━━━━━━━━━━━━━━┓┌ Detail 6-9/9 ────────────────────────────────┐
        ┃>★ お気に入りの曲             ┃│ year: 2021                                   │
        ┃   录音 Recording 2           ┃│ genre: J-pop                                 │
        ┃   Café del Mar — Sunset      ┃│ length: 3:58                                 │
        ┃ ★ 🎧 Lo-fi beats to study to ┃│ note: The one that started the list          │
        ┃   Clair de lune              ┃└──────────────────────────────────────────────┘
        ┃   夜に駆ける                 ┃┌ Favorites (3) ───────────────────────────────┐
        ┃   Für Elise                  ┃│ ★ お気に入りの曲                             │
        ┃ ★ 月亮代表我的心             ┃│ ★ 🎧 Lo-fi beats to study to                 │
        ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────────────────┘
         f fav · d delete · u undo · / filter · ? help           28 items · 3 favorites
        """)  // two notches down from 1-4 stop at the end of the text; the list keeps its focus
        let up = try #require(shown.last).split(separator: "\n").map(String.init)
        #expect(up[1].hasSuffix("┓┌ Detail 3-6/9 ────────────────────────────────┐"))
        #expect(up[2].hasSuffix("┃│ id: rec-001                                  │"))
    }

    @Test func aClickAnywhereClosesTheHelpAndDoesNothingElse() throws {
        let b = try browser(after: "? click 10 5")
        #expect(b.mode == .normal)
        #expect(try frames("? click 10 5") == frames(""))
        #expect(try frames("? click 1 1") == frames(""))
        #expect(try frames("? wheel down 10 5") == frames("?"))  // the wheel does not reach the panes under it
    }

    @Test func clicksOnBordersTitlesAndOutsideThePanesChangeNothing() throws {
        // The list's left and right borders, its top border, the title bar, the status line, the favorites'
        // top border, the detail's right border, off the screen; the wheel over the title bar.
        let shown = try frames("""
            j d frame
            click 1 5 click 32 5 click 10 2 click 40 1 click 5 24 click 40 16 click 80 10 click 200 200
            wheel down 40 1 frame
            """)
        #expect(shown.count == 2)
        #expect(shown[0] == shown[1])
        #expect(shown[1].contains("Deleted “录音 Recording 2” — u to undo"))  // the message stays too
    }

    @Test func inTheStackedLayoutOnlyThePaneOnScreenAnswers() throws {
        // 40×12 shows the detail alone: where the list's rows would be, a click finds the detail.
        let b = try browser(after: "enter click 10 5 wheel down 10 5", size: (40, 12))
        #expect(b.focus == .detail)
        #expect(b.selectedID == "rec-001")
        #expect(b.frameText().contains("┏ Detail 2-9/9"))  // scrolled to the end of the text
        // On the list screen, the list's rows span the whole width.
        #expect(try browser(after: "click 38 6", size: (40, 12)).selectedID == "rec-004")
    }

    @Test func mouseStepsParseToZeroBasedCells() throws {
        let steps = try ScriptParser.parse("click 1 1 wheel up 10 5\nwheel down 80 24 j")
        #expect(steps.map(\.step) == [
            .mouse(MouseEvent(.click, column: 0, row: 0)), .mouse(MouseEvent(.wheelUp, column: 9, row: 4)),
            .mouse(MouseEvent(.wheelDown, column: 79, row: 23)), .key(.char("j")),
        ])
        #expect(steps.map(\.line) == [1, 1, 2, 2])
    }

    @Test(arguments: [
        ("j\nf\nclick x 3", "bad position 'x' (want COL ROW, from 1)"),
        ("\n\nclick 3 0", "bad position '0' (want COL ROW, from 1)"),
        ("\n\nclick 3 -1", "bad position '-1' (want COL ROW, from 1)"),
        ("\n\nclick 3", "'click' needs a position: COL ROW (from 1)"),
        ("\n\nclick\n4 5", "'click' needs a position: COL ROW (from 1)"),
        ("\n\nwheel left 3 4", "bad wheel direction 'left' (want up or down)"),
        ("\n\nwheel", "'wheel' needs up or down, then COL ROW (from 1)"),
        ("\n\nwheel down 3 y", "bad position 'y' (want COL ROW, from 1)"),
    ])
    func aBadMouseStepNamesItsLine(_ script: String, _ message: String) {
        #expect(throws: ScriptError(source: "script", line: 3, message: message)) {
            try ScriptParser.parse(script)
        }
    }
}
