import Testing
@testable import FavsCore
@testable import FavsModel

/// Runs a script on the built-in sample and returns the printed frames, headers removed.
func frames(_ script: String, size: (Int, Int) = (80, 24), items: [Item] = SampleLibrary.items) throws -> [String] {
    let browser = Browser(store: Store(items: items), libraryName: "sample library", width: size.0, height: size.1)
    var frames: [String] = []
    ScriptRunner.run(try ScriptParser.parse(script).map(\.step), on: browser) { text in
        frames.append(text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast()
            .joined(separator: "\n"))
    }
    return frames
}

/// Literal screens: what a user sees, cell for cell, after a few keys.
@Suite struct ScreenTests {
    @Test func theFirstScreenShowsListDetailFavoritesAndLiveCounts() throws {
        #expect(try frames("") == ["""
         favs — sample library
        ┏ Items 1/28 ━━━━━━━━━━━━━━━━━━┓┌ Detail ──────────────────────────────────────┐
        ┃>★ お気に入りの曲             ┃│ ★ お気に入りの曲                             │
        ┃   录音 Recording 2           ┃│                                              │
        ┃   Café del Mar — Sunset      ┃│ id: rec-001                                  │
        ┃ ★ 🎧 Lo-fi beats to study to ┃│ artist: Yui Tanaka                           │
        ┃   Clair de lune              ┃│ album: 夜の散歩                              │
        ┃   夜に駆ける                 ┃│ year: 2021                                   │
        ┃   Für Elise                  ┃│ genre: J-pop                                 │
        ┃ ★ 月亮代表我的心             ┃│ length: 3:58                                 │
        ┃   Naïve Melody               ┃│ note: The one that started the list          │
        ┃   🌊 Ocean waves, 10 hours   ┃│                                              │
        ┃   Mañana es hoy              ┃│                                              │
        ┃   Ég anda                    ┃│                                              │
        ┃   残酷な天使のテーゼ         ┃└──────────────────────────────────────────────┘
        ┃   茉莉花 Jasmine Flower      ┃┌ Favorites (3) ───────────────────────────────┐
        ┃   Dansa kvadrat              ┃│ ★ お気に入りの曲                             │
        ┃   Águas de março             ┃│ ★ 🎧 Lo-fi beats to study to                 │
        ┃   A very long title that wil…┃│ ★ 月亮代表我的心                             │
        ┃   🎹 Piano sketches          ┃│                                              │
        ┃   Smörgåsbord                ┃│                                              │
        ┃   사랑의 인사 Salut d'amour  ┃│                                              │
        ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────────────────┘
         f fav · d delete · u undo · / filter · ? help           28 items · 3 favorites
        """])
    }

    @Test func favoritingStarsTheRowTheDetailAndTheFavoritesPaneAtOnce() throws {
        let screen = try frames("j j f")[0].split(separator: "\n").map(String.init)
        #expect(screen[2] == "┃ ★ お気に入りの曲             ┃│ ★ Café del Mar — Sunset                      │")
        #expect(screen[4] == "┃>★ Café del Mar — Sunset      ┃│ id: rec-003                                  │")
        #expect(screen[15] == "┃   茉莉花 Jasmine Flower      ┃┌ Favorites (4) ───────────────────────────────┐")
        #expect(screen[17] == "┃   Águas de março             ┃│ ★ Café del Mar — Sunset                      │")
        #expect(screen[23].hasSuffix("28 items · 4 favorites"))
    }

    @Test func aFavoriteSetOnTheStackedDetailScreenShowsInTheListOnReturn() throws {
        #expect(try frames("j enter f frame esc", size: (40, 12)) == ["""
         favs — sample library
        ┏ Detail 1-8/9 ━━━━━━━━━━━━━━━━━━━━━━━━┓
        ┃ ★ 录音 Recording 2                   ┃
        ┃                                      ┃
        ┃ id: rec-002                          ┃
        ┃ artist: Li Wei                       ┃
        ┃ album: Field Notes                   ┃
        ┃ year: 2019                           ┃
        ┃ genre: Ambient                       ┃
        ┃ length: 6:12                         ┃
        ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
         ? help                         28 · ★4
        """, """
         favs — sample library
        ┏ Items 2/28 ━━━━━━━━━━━━━━━━━━━━━━━━━━┓
        ┃ ★ お気に入りの曲                     ┃
        ┃>★ 录音 Recording 2                   ┃
        ┃   Café del Mar — Sunset              ┃
        ┃ ★ 🎧 Lo-fi beats to study to         ┃
        ┃   Clair de lune                      ┃
        ┃   夜に駆ける                         ┃
        ┃   Für Elise                          ┃
        ┃ ★ 月亮代表我的心                     ┃
        ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
         ? help                         28 · ★4
        """])
    }

    /// Fuzzy and ranked: the titles fzf --filter an lists, in its order (a boundary `an` first).
    @Test func theFilterNarrowsTheListAsYouTypeWhileCountsStayTrue() throws {
        #expect(try frames("/ type an\nframe enter j", size: (60, 12)) == ["""
         favs — sample library
        ┏ Items 1/12 · /an ━━━━┓┌ Detail 1-4/8 ────────────────────┐
        ┃>  Ég anda            ┃│   Ég anda                        │
        ┃   Ode an die Freude  ┃│                                  │
        ┃   A very long title …┃│ id: rec-012                      │
        ┃   Señorita Ñandú     ┃│ artist: Sigur Rós                │
        ┃   Mañana es hoy      ┃└──────────────────────────────────┘
        ┃   Dansa kvadrat      ┃┌ Favorites (3) ───────────────────┐
        ┃   🎹 Piano sketches  ┃│ ★ お気に入りの曲                 │
        ┃   🌊 Ocean waves, 10…┃│ ★ 🎧 Lo-fi beats to study to     │
        ┗━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────┘
         /an▏  enter keeps · esc clears      28 items · 3 favorites
        """, """
         favs — sample library
        ┏ Items 2/12 · /an ━━━━┓┌ Detail 1-4/8 ────────────────────┐
        ┃   Ég anda            ┃│   Ode an die Freude              │
        ┃>  Ode an die Freude  ┃│                                  │
        ┃   A very long title …┃│ id: rec-021                      │
        ┃   Señorita Ñandú     ┃│ artist: Berliner Philharmoniker  │
        ┃   Mañana es hoy      ┃└──────────────────────────────────┘
        ┃   Dansa kvadrat      ┃┌ Favorites (3) ───────────────────┐
        ┃   🎹 Piano sketches  ┃│ ★ お気に入りの曲                 │
        ┃   🌊 Ocean waves, 10…┃│ ★ 🎧 Lo-fi beats to study to     │
        ┗━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────┘
         f fav · d del · u undo · ? help     28 items · 3 favorites
        """])
    }

    /// fzf's cursor: a search typed puts the cursor on its best match, not on the item it was on (here "Clair de
    /// lune", which matches too, seventh); esc clears the search and keeps the item found, among its neighbours.
    @Test func aSearchTypedPutsTheCursorOnItsBestMatchAndClearingItKeepsTheItemFound() throws {
        #expect(try frames("j j j j j j / type e\nframe esc frame", size: (60, 12)) == ["""
         favs — sample library
        ┏ Items 1/18 · /e ━━━━━┓┌ Detail 1-4/8 ────────────────────┐
        ┃>  Ég anda            ┃│   Ég anda                        │
        ┃   Für Elise          ┃│                                  │
        ┃   Mañana es hoy      ┃│ id: rec-012                      │
        ┃ ★ 🎧 Lo-fi beats to …┃│ artist: Sigur Rós                │
        ┃   Hallelujah         ┃└──────────────────────────────────┘
        ┃   Naïve Melody       ┃┌ Favorites (3) ───────────────────┐
        ┃   Clair de lune      ┃│ ★ 🎧 Lo-fi beats to study to     │
        ┃   录音 Recording 2   ┃│ ★ お気に入りの曲                 │
        ┗━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────┘
         /e▏  enter keeps · esc clears       28 items · 3 favorites
        """, """
         favs — sample library
        ┏ Items 12/28 ━━━━━━━━━┓┌ Detail 1-4/8 ────────────────────┐
        ┃   Clair de lune      ┃│   Ég anda                        │
        ┃   夜に駆ける         ┃│                                  │
        ┃   Für Elise          ┃│ id: rec-012                      │
        ┃ ★ 月亮代表我的心     ┃│ artist: Sigur Rós                │
        ┃   Naïve Melody       ┃└──────────────────────────────────┘
        ┃   🌊 Ocean waves, 10…┃┌ Favorites (3) ───────────────────┐
        ┃   Mañana es hoy      ┃│ ★ お気に入りの曲                 │
        ┃>  Ég anda            ┃│ ★ 🎧 Lo-fi beats to study to     │
        ┗━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────┘
         f fav · d del · u undo · ? help     28 items · 3 favorites
        """])
    }

    @Test func theHelpOverlayIsGeneratedFromTheKeyMap() throws {
        #expect(try frames("?") == ["""
         favs — sample library
        ┏ Items 1/28┏ Keys 1-19/32 ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓───────────┐
        ┃>★ お気に入┃ j, down       move down                              ┃           │
        ┃   录音 Rec┃ k, up         move up                                ┃           │
        ┃   Café del┃ g, home       first item                             ┃           │
        ┃ ★ 🎧 Lo-fi┃ G, end        last item                              ┃           │
        ┃   Clair de┃ pgdn, ctrl-f  page down                              ┃           │
        ┃   夜に駆け┃ pgup, ctrl-b  page up                                ┃           │
        ┃   Für Elis┃ ctrl-d        scroll the detail (preview) down       ┃           │
        ┃ ★ 月亮代表┃ ctrl-u        scroll the detail (preview) up         ┃           │
        ┃   Naïve Me┃ tab           next pane: list, detail, favorites     ┃t          │
        ┃   🌊 Ocean┃ backtab       previous pane                          ┃           │
        ┃   Mañana e┃ enter         open detail / select favorite in list  ┃           │
        ┃   Ég anda ┃ esc           back, clear marks, clear filter        ┃           │
        ┃   残酷な天┃ l, right      open a folder of tags                  ┃───────────┘
        ┃   茉莉花 J┃ h, left       close a folder of tags                 ┃───────────┐
        ┃   Dansa kv┃ r             rename a tag (nested too) or search    ┃           │
        ┃   Águas de┃ D             delete a tag from every item           ┃           │
        ┃   A very l┃ f, space      favorite / unfavorite                  ┃           │
        ┃   🎹 Piano┃ d, delete     delete the selected item               ┃           │
        ┃   Smörgåsb┃ o             open the item's url, link or path      ┃           │
        ┃   사랑의  ┃ j/k scroll · esc closes                              ┃           │
        ┗━━━━━━━━━━━┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛───────────┘
         f fav · d delete · u undo · / filter · ? help           28 items · 3 favorites
        """])
    }

    /// At 40×12 the help shows a few lines at a time, long texts wrapped: j/k and G scroll to every binding.
    @Test func theHelpScrollsSoEveryBindingCanBeReadOnASmallScreen() throws {
        let shown = try frames("resize 40x12 ? frame j j frame G", size: (40, 12))
        #expect(shown[0] == """
         favs — sample library
        ┏┏ Keys 1-7/54 ━━━━━━━━━━━━━━━━━━━━━━━┓┓
        ┃┃ j, down       move down            ┃┃
        ┃┃ k, up         move up              ┃┃
        ┃┃ g, home       first item           ┃┃
        ┃┃ G, end        last item            ┃┃
        ┃┃ pgdn, ctrl-f  page down            ┃┃
        ┃┃ pgup, ctrl-b  page up              ┃┃
        ┃┃ ctrl-d        scroll the detail    ┃┃
        ┃┃ j/k scroll · esc closes            ┃┃
        ┗┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛┛
         ? help                         28 · ★3
        """)
        #expect(shown[1].contains("┏┏ Keys 3-9/54 ") && shown[1].contains("┃┃               (preview) down       ┃┃"))
        #expect(shown[2] == """
         favs — sample library
        ┏┏ Keys 48-54/54 ━━━━━━━━━━━━━━━━━━━━━┓┓
        ┃┃ s             sort: library, A–Z,  ┃┃
        ┃┃               recent ★, frequent   ┃┃
        ┃┃ ?             this help            ┃┃
        ┃┃ ctrl-l        redraw the screen    ┃┃
        ┃┃ ctrl-z        suspend (fg to       ┃┃
        ┃┃               resume)              ┃┃
        ┃┃ q, ctrl-c     quit                 ┃┃
        ┃┃ j/k scroll · esc closes            ┃┃
        ┗┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛┛
         ? help                         28 · ★3
        """)
    }

    @Test func aTinyTerminalShowsOneLineAndRecoversWhenEnlarged() throws {
        let shown = try frames("resize 15x5 frame resize 80x5 frame resize 30x6")
        #expect(shown[0] == "too small\n\n\n\n")
        #expect(shown[1] == "terminal too small: need 20x6\n\n\n\n")
        #expect(shown[2] == """
         favs — sample library
        ┏ Items 1/28 ━━━━━━━━━━━━━━━━┓
        ┃>★ お気に入りの曲           ┃
        ┃   录音 Recording 2         ┃
        ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
         ? help               28 · ★3
        """)
    }
}

/// The status line while a team library's server is gone.
@Suite struct OfflineScreenTests {
    @Test func goingOfflineTakesTheStatusLineFromTheMessageThatWasThere() throws {
        let browser = Browser(store: Store(items: SampleLibrary.items), libraryName: "team", width: 80, height: 24)
        browser.handle(.char("d"))
        #expect(browser.frameText().split(separator: "\n").last
                == " Deleted “お気に入りの曲” — u to undo                    27 items · 2 favorites")
        browser.connectionTrouble = "offline — retrying"
        #expect(browser.frameText().split(separator: "\n").last
                == " offline — retrying                                      27 items · 2 favorites")
        browser.connectionTrouble = nil
        browser.show(notice: "back online")
        browser.connectionTrouble = "offline — retrying"
        #expect(browser.frameText().split(separator: "\n").last
                == " offline — retrying                                      27 items · 2 favorites",
                "a second outage is shown over the first one's back online")
    }
}
