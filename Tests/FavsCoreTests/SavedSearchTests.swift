import Testing
@testable import FavsCore
@testable import FavsModel

/// Saved searches in the browser: `S` names the search on the list, the collections pane lists it with its count,
/// enter shows it (the list's title naming it), `d` takes it away, and one `u` takes back either.
@Suite struct SavedSearchTests {
    /// Six items, Alpha and Delta favorites, no tags: the pane lists favorites alone until a search is saved.
    func browser() -> Browser {
        let titles = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Alphorn"]
        let items = titles.enumerated().map { n, title in
            Item(id: ItemID(title.lowercased()), title: title, favorite: title == "Alpha" || title == "Delta", position: n)
        }
        return Browser(store: Store(items: items), libraryName: "searches", width: 80, height: 24)
    }

    func press(_ browser: Browser, _ keys: [Key]) {
        for key in keys { browser.handle(key) }
    }

    func type(_ browser: Browser, _ text: String) {
        press(browser, text.map(Key.char))
    }

    func pane(_ browser: Browser, _ which: Focus = .favorites) -> String {
        (browser.redraw(which)?.lines ?? []).map { String($0.reversed().drop { $0 == " " }.reversed()) }
            .joined(separator: "\n")
    }

    func statusLine(_ browser: Browser) -> String {
        String(browser.frameText().split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
    }

    @Test func sAsksForANameOnTheStatusLineAndEnterSavesTheSearchWhichThePaneListsWithItsCount() {
        let b = browser()
        press(b, [.char("/")])
        type(b, "alp")
        press(b, [.enter, .char("S")])
        type(b, "Alps")
        #expect(statusLine(b) == " save search as: Alps▏  enter saves · esc cancels         6 items · 2 favorites")
        press(b, [.enter])
        #expect(statusLine(b) == " Saved search “Alps” — u to undo                          6 items · 2 favorites")
        #expect(b.store.savedSearches == [SavedSearch(name: "Alps", filter: "alp")])
        press(b, [.tab, .tab])
        // The pane's cursor stays on the favorite it was on before the header came.
        #expect(pane(b) == """
        ┏ Collections ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
        ┃ ★ Favorites (2)                              ┃
        ┃>  ★ Alpha                                    ┃
        ┃   ★ Delta                                    ┃
        ┃ / Alps (2)                                   ┃
        ┃                                              ┃
        ┃                                              ┃
        ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
        """)
    }

    @Test func theCountFollowsAChangeAndEnterShowsTheSearchWithItsNameInTheTitle() {
        let b = browser()
        b.send(.saveSearch(SavedSearch(name: "Alps", filter: "alp")))
        #expect(b.store.count(of: SavedSearch(name: "Alps", filter: "alp")) == 2)
        b.send(.delete("alphorn"))
        press(b, [.tab, .tab, .char("G")])
        #expect(pane(b).split(separator: "\n")[2] == "┃>/ Alps (1)                                   ┃")
        press(b, [.enter])
        #expect(b.store.query.filter == "alp")
        #expect(pane(b, .list).split(separator: "\n")[0].hasPrefix("┌ Items 1/1 · Alps ─"))
    }

    @Test func oneUndoTakesBackASaveAndASecondSaveUnderTheNameReplacesIt() {
        let b = browser()
        press(b, [.char("/")])
        type(b, "e")
        press(b, [.enter, .char("S")])
        type(b, "mine")
        press(b, [.enter, .char("/"), .ctrl("u")])
        type(b, "del")
        press(b, [.enter, .char("S")])
        type(b, "mine")
        press(b, [.enter])
        #expect(statusLine(b) == " Replaced search “mine” — u to undo                       6 items · 2 favorites")
        #expect(b.store.savedSearches == [SavedSearch(name: "mine", filter: "del")])
        press(b, [.char("u")])
        #expect(b.store.savedSearches == [SavedSearch(name: "mine", filter: "e")])
        press(b, [.char("u")])
        #expect(b.store.savedSearches.isEmpty)
        #expect(statusLine(b) == " Undo: deleted search “mine”                              6 items · 2 favorites")
    }

    @Test func dOnASavedSearchTakesItAwayAndEscapeOrABadNameSavesNothing() {
        let b = browser()
        press(b, [.char("S")])
        #expect(statusLine(b) == " No search to save: / starts one                          6 items · 2 favorites")
        #expect(b.mode == .normal)
        press(b, [.char("/")])
        type(b, "a")
        press(b, [.enter, .char("S"), .char(" "), .enter])
        #expect(statusLine(b) == " save search as:  ▏  a search's name cannot be empty      6 items · 2 favorites")
        press(b, [.escape])
        #expect(b.mode == .normal && b.store.savedSearches.isEmpty)
        b.send(.saveSearch(SavedSearch(name: "As", filter: "a")))
        press(b, [.tab, .tab, .char("G"), .char("d")])
        #expect(b.store.savedSearches.isEmpty)
        #expect(statusLine(b) == " Deleted search “As” — u to undo                          6 items · 2 favorites")
        press(b, [.char("u")])
        #expect(b.store.savedSearches == [SavedSearch(name: "As", filter: "a")])
    }

    @Test func aSearchSavedElsewhereArrivesThroughSync() {
        let b = browser()
        b.store.sync([.search("Theirs", SavedSearch(name: "Theirs", filter: "o"))])
        press(b, [.tab, .tab])
        #expect(pane(b).split(separator: "\n")[4] == "┃ / Theirs (3)                                 ┃")
        b.store.sync([.search("Theirs", nil)])
        #expect(!pane(b).contains("Theirs"))
    }

    @Test func rOnASearchRenamesItInTheNamePromptTheCursorFollowsAndOneUndoTakesItBack() {
        let b = browser()
        b.send(.saveSearch(SavedSearch(name: "Alps", filter: "alp")))
        b.send(.saveSearch(SavedSearch(name: "Echoes", filter: "echo")))
        press(b, [.tab, .tab, .char("G"), .char("k"), .char("r")])
        #expect(statusLine(b) == " rename “Alps” to: Alps▏  enter renames · esc cancels     6 items · 2 favorites")
        press(b, [.ctrl("u")])
        type(b, "Echoes")
        press(b, [.enter])
        #expect(statusLine(b) == " rename “Alps” to: Echoes▏  “Echoes” names another search 6 items · 2 favorites")
        press(b, [.ctrl("u")])
        type(b, "Peaks")
        press(b, [.enter])
        #expect(statusLine(b) == " Renamed search “Alps” to “Peaks” — u to undo             6 items · 2 favorites")
        #expect(b.store.savedSearches == [SavedSearch(name: "Echoes", filter: "echo"), SavedSearch(name: "Peaks", filter: "alp")])
        #expect(pane(b) == """
        ┏ Collections ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
        ┃ ★ Favorites (2)                              ┃
        ┃ / Echoes (1)                                 ┃
        ┃>/ Peaks (2)                                  ┃
        ┃                                              ┃
        ┃                                              ┃
        ┃                                              ┃
        ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
        """)
        press(b, [.char("u")])
        #expect(b.store.savedSearches == [SavedSearch(name: "Alps", filter: "alp"), SavedSearch(name: "Echoes", filter: "echo")])
        #expect(pane(b).split(separator: "\n")[2...3] == ["┃ / Alps (2)                                   ┃", "┃>/ Echoes (1)                                 ┃"])
    }
}
