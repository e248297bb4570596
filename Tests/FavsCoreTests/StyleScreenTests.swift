import Testing
@testable import FavsCore
@testable import FavsModel

/// The sample library's screen after `keys`: its text, and under it its styles, one letter a cell
/// (`Canvas.styleLines`: `y` star, `a` accent, `f` field name, `r` error, `m` match, upper case on
/// the reversed row; `R` reverse, `B` bold, `D` dim without a role).
func styledScreen(_ keys: String, size: (Int, Int), glyphs: Glyphs = .unicode) throws -> (text: String, styles: String) {
    let browser = Browser(store: Store(items: SampleLibrary.items), libraryName: "sample library",
                          width: size.0, height: size.1)
    browser.glyphs = glyphs
    for (_, step) in try ScriptParser.parse(keys) { ScriptRunner.perform(step, on: browser) }
    let canvas = browser.frame()
    return (canvas.lines.joined(separator: "\n"), canvas.styleLines.joined(separator: "\n"))
}

/// Colour as a test sees it: roles on the canvas, asserted as literal screens beside the text.
@Suite struct StyleScreenTests {
    @Test func theDefaultThemeStarsFavoritesAccentsTheFocusedPaneDimsFieldNamesAndShowsErrorsInRed() throws {
        let screen = try styledScreen("j j f 9", size: (60, 12))
        #expect(screen.text == """
             favs — sample library
            ┏ Items 3/28 ━━━━━━━━━━┓┌ Detail 1-4/8 ────────────────────┐
            ┃ ★ お気に入りの曲     ┃│ ★ Café del Mar — Sunset          │
            ┃   录音 Recording 2   ┃│                                  │
            ┃>★ Café del Mar — Sun…┃│ id: rec-003                      │
            ┃ ★ 🎧 Lo-fi beats to …┃│ artist: José Padilla             │
            ┃   Clair de lune      ┃└──────────────────────────────────┘
            ┃   夜に駆ける         ┃┌ Favorites (4) ───────────────────┐
            ┃   Für Elise          ┃│ ★ お気に入りの曲                 │
            ┃ ★ 月亮代表我的心     ┃│ ★ Café del Mar — Sunset          │
            ┗━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────┘
             9: not a key here (? for help)      28 items · 4 favorites
            """)
        #expect(screen.styles == """
            BBBBBBBBBBBBBBBBBBBBBB
            aaaaaaaaaaaaaaaaaaaaaaaa
            a y                    a  y
            a                      a
            aRYRRRRRRRRRRRRRRRRRRRRa  fff
            a y                    a  fffffff
            a                      a
            a                      a
            a                      a  y
            a y                    a  y
            aaaaaaaaaaaaaaaaaaaaaaaa
            Brrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            """)
    }

    /// The favorites a search matches come first in their pane, best first, highlighted as in the list.
    @Test func theMatchedCharactersAreHighlightedInListAndFavoritesRows() throws {
        let screen = try styledScreen("j j f / type de", size: (60, 12))
        #expect(screen.text == """
             favs — sample library
            ┏ Items 1/5 · /de ━━━━━┓┌ Detail 1-4/8 ────────────────────┐
            ┃>★ Café del Mar — Sun…┃│ ★ Café del Mar — Sunset          │
            ┃   Clair de lune      ┃│                                  │
            ┃   Águas de março     ┃│ id: rec-003                      │
            ┃   Übung macht den Me…┃│ artist: José Padilla             │
            ┃   Ode an die Freude  ┃└──────────────────────────────────┘
            ┃                      ┃┌ Favorites (4) ───────────────────┐
            ┃                      ┃│ ★ Café del Mar — Sunset          │
            ┃                      ┃│ ★ お気に入りの曲                 │
            ┗━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────┘
             /de▏  enter keeps · esc clears      28 items · 4 favorites
            """)
        // The selected row shows its match in upper case (reversed); in "Ode an die Freude" the scorer chose the d and
        // the e of "die" (a word's start) over the "de" inside "Ode", as fzf does.
        #expect(screen.styles == """
            BBBBBBBBBBBBBBBBBBBBBB
            aaaaaaaaaaaaaaaaaaaaaaaa
            aRYRRRRRRMMRRRRRRRRRRRRa  y
            a         mm           a
            a         mm           a  fff
            a               mm     a  fffffff
            a          m m         a
            a                      a
            a                      a  y      mm
            a                      a  y
            aaaaaaaaaaaaaaaaaaaaaaaa

            """)
    }

    @Test func asciiGlyphsKeepTheLayoutAlignedAndAMatchCutOffLightsTheEllipsis() throws {
        // The search puts the cursor on its best match; eight rows down is the starred, cut-off title (its star's
        // bonus puts it above 茉莉花 Jasmine Flower): nine down and one up, so the last row is shown too.
        let screen = try styledScreen("j j f / type an\ndown down down down down down down down down up", size: (60, 12),
                                      glyphs: .ascii)
        #expect(screen.text == """
             favs - sample library
            + Items 9/12 - /an ====++ Detail 1-4/8 --------------------+
            |   A very long titl...|| * Café del Mar — Sunset          |
            |   Señorita Ñandú     ||                                  |
            |   Mañana es hoy      || id: rec-003                      |
            |   Dansa kvadrat      || artist: José Padilla             |
            |   🎹 Piano sketches  |+----------------------------------+
            |   🌊 Ocean waves, ...|+ Favorites (4) -------------------+
            |>* Café del Mar — S...|| * Café del Mar — Sunset          |
            |   茉莉花 Jasmine F...|| * お気に入りの曲                 |
            +======================++----------------------------------+
             /an_  enter keeps - esc clears      28 items - 4 favorites
            """)
        // "A very long title …" matched in "narrow", cut off: its ellipsis is the match.
        #expect(screen.styles == """
            BBBBBBBBBBBBBBBBBBBBBB
            aaaaaaaaaaaaaaaaaaaaaaaa
            a                   mmma  y
            a          m m         a
            a    mm                a  fff
            a    mm                a  fffffff
            a        mm            a
            a         mm           a
            aRYRRRRRRRRRRRMRRRRRMMMa  y           m      m
            a           m   m      a  y
            aaaaaaaaaaaaaaaaaaaaaaaa

            """)
    }

    @Test func theStackedLayoutInAsciiStarsTheShortCounts() throws {
        let screen = try styledScreen("j j f", size: (40, 8), glyphs: .ascii)
        #expect(screen.text == """
             favs - sample library
            + Items 3/28 ==========================+
            | * お気に入りの曲                     |
            |   录音 Recording 2                   |
            |>* Café del Mar — Sunset              |
            | * 🎧 Lo-fi beats to study to         |
            +======================================+
             ? help                         28 - *4
            """)
        #expect(screen.styles == """
            BBBBBBBBBBBBBBBBBBBBBB
            aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
            a y                                    a
            a                                      a
            aRYRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRa
            a y                                    a
            aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
                                                 y
            """)
    }
}

/// Marks in colour and in ASCII: the mark role on the first column, `+` and `#` without Unicode.
@Suite struct MarkStyleTests {
    @Test func markedRowsCarryTheMarkRoleAndAsciiMarks() throws {
        let screen = try styledScreen("m j m", size: (40, 8), glyphs: .ascii)
        #expect(screen.text.split(separator: "\n")[2...4].map(String.init) == [
            "|+* お気に入りの曲                     |",
            "|#  录音 Recording 2                   |",
            "|   Café del Mar — Sunset              |",
        ])
        #expect(screen.styles.split(separator: "\n", omittingEmptySubsequences: false)[2...4].map(String.init) == [
            "aky                                    a",
            "aKRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRa",
            "a                                      a",
        ])
    }
}
