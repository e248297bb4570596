import Testing
@testable import FavsCore
@testable import FavsModel

/// The list shows one value, the list query: filter, scope (every item or favorites) and order.
@Suite struct ListQueryTests {
    static let titles = ["zebra", "Éclair", "apple", "eclair", "Zoë", "ÉCOLE", "曲", "Apple pie"]
    static let items = titles.enumerated().map { i, title in
        Item(id: ItemID("i\(i)"), title: title, favorite: [1, 3, 4, 7].contains(i), position: i)
    }

    func browser(width: Int = 40, height: Int = 14) -> Browser {
        Browser(store: Store(items: Self.items), libraryName: "q", width: width, height: height)
    }

    func list(_ b: Browser) -> String { b.frame().lines.dropFirst().dropLast().joined(separator: "\n") }

    @Test func sortByTitleIgnoresCaseAndAccentsAndKeepsLibraryOrderForTies() {
        let b = browser()
        b.handle(.char("s"))
        #expect(list(b) == """
        ┏ Items 6/8 · A–Z ━━━━━━━━━━━━━━━━━━━━━┓
        ┃   apple                              ┃
        ┃ ★ Apple pie                          ┃
        ┃ ★ Éclair                             ┃
        ┃ ★ eclair                             ┃
        ┃   ÉCOLE                              ┃
        ┃>  zebra                              ┃
        ┃ ★ Zoë                                ┃
        ┃   曲                                 ┃
        ┃                                      ┃
        ┃                                      ┃
        ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
        """)
    }

    @Test func theFavoritesViewListsFavoritesOnlyAndUnfavoritingMovesTheSelectionOnAsADeleteDoes() {
        let b = browser()
        b.handle(.char("F"))
        #expect(b.message?.text == "Favorites only — F for every item")
        #expect(list(b).hasPrefix("""
        ┏ Items 1/4 · ★ ━━━━━━━━━━━━━━━━━━━━━━━┓
        ┃>★ Éclair                             ┃
        ┃ ★ eclair                             ┃
        ┃ ★ Zoë                                ┃
        ┃ ★ Apple pie                          ┃
        ┃                                      ┃
        """))
        b.handle(.char("j"))
        b.handle(.char("f"))  // unfavorite "eclair": its row goes, "Zoë" takes it
        #expect(b.selectedID == "i4")
        #expect(list(b).hasPrefix("""
        ┏ Items 2/3 · ★ ━━━━━━━━━━━━━━━━━━━━━━━┓
        ┃ ★ Éclair                             ┃
        ┃>★ Zoë                                ┃
        ┃ ★ Apple pie                          ┃
        ┃                                      ┃
        """))
        b.handle(.char("u"))  // the star comes back, and so does the row
        #expect(b.store.list.count == 4 && b.store.list.id(at: 1) == "i3")
        b.handle(.char("F"))
        #expect(b.store.list.count == 8 && b.message?.text == "Every item")
    }

    @Test func scopeOrderAndFilterCompose() throws {
        let b = browser()
        for key in ["F", "s", "/", "c", "l"] { b.handle(try #require(Key(name: key))) }
        b.handle(.enter)
        #expect(list(b).hasPrefix("""
        ┏ Items 1/2 · ★ · A–Z · /cl ━━━━━━━━━━━┓
        ┃>★ Éclair                             ┃
        ┃ ★ eclair                             ┃
        ┃                                      ┃
        """))
        b.handle(.escape)
        b.handle(.char("F"))
        #expect(b.store.query == ListQuery(filter: "", scope: .all, order: .title))
        #expect(b.selectedID == "i1", "the selection stays on its item across queries")
    }

    @Test func anItemRestoredOrArrivingFromElsewhereTakesItsPlaceInTheOrder() {
        let b = browser()
        b.handle(.char("s"))
        b.sync([.item("new", Item(id: "new", title: "banana", position: 100))])
        #expect(b.store.list.id(at: 2) == "new", "after apple and Apple pie, before Éclair")
        b.sync([.item("i2", nil)])
        #expect(b.store.list.id(at: 1) == "new")
        #expect(b.store.list.row(of: "i2") == nil)
    }

    @Test func anEmptyFavoritesViewSaysHowToLeaveIt() {
        let store = Store(items: [Item(id: "a", title: "A", position: 1)])
        let b = Browser(store: store, libraryName: "q", width: 40, height: 14)
        b.handle(.char("F"))
        #expect(b.frame().lines[2] == "┃ No favorites: F shows every item     ┃")
    }
}

/// The A–Z order across scripts, as the README says it: folded, then by code point.
@Suite struct TitleOrderAcrossScriptsTests {
    @Test func digitsThenLatinGreekCyrillicKanaKanjiHangulThenEmoji() {
        let titles = ["한국어", "漢字", "かな", "Éclair", "zebra", "Ωmega", "Дом", "🎧 beats", "42 things", "カナ", "eclair"]
        let items = titles.enumerated().map { Item(id: ItemID("\($0.offset)"), title: $0.element, position: $0.offset) }
        let store = Store(collection: ItemCollection(items), query: ListQuery(order: .title))
        let sorted = (0..<store.list.count).compactMap { store.list.id(at: $0) }.compactMap { store.items[$0]?.title }
        #expect(sorted == ["42 things", "Éclair", "eclair", "zebra", "Ωmega", "Дом", "かな", "カナ", "漢字", "한국어", "🎧 beats"])
    }
}

/// The third order: favorites first, the most recently favorited first.
@Suite struct RecentlyFavoritedOrderTests {
    final class Clock { var now: Int64 = 100; func tick() -> Int64 { now += 1; return now } }

    func browser(_ clock: Clock) -> Browser {
        let items = ["Alpha", "Bravo", "Charlie", "Delta", "Echo"].enumerated().map { i, title in
            Item(id: ItemID(title.lowercased()), title: title, favorite: i == 3, position: i)
        }
        return Browser(store: Store(items: items, clock: clock.tick), libraryName: "r", width: 40, height: 12)
    }

    func titles(_ b: Browser) -> [String] { (0..<b.store.list.count).compactMap { b.store.list.id(at: $0)?.rawValue } }

    @Test func theLatestFavoriteComesFirstThenFavoritesWithoutATimeThenTheRestInLibraryOrder() throws {
        let clock = Clock()
        let b = browser(clock)
        for key in ["j", "f", "j", "j", "j", "f", "s", "s"] { b.handle(try #require(Key(name: key))) }
        #expect(b.message?.text == "Sorted by recently favorited first")
        #expect(titles(b) == ["echo", "bravo", "delta", "alpha", "charlie"])
        #expect(b.frame().lines[1] == "┏ Items 1/5 · recent ★ ━━━━━━━━━━━━━━━━┓")
        #expect(b.selectedID == "echo", "the cursor stays on its item when the order changes")
    }

    @Test func aToggleMovesTheRowAndUndoPutsItBackWithItsOwnTime() throws {
        let clock = Clock()
        let b = browser(clock)
        for key in ["s", "s", "G", "f"] { b.handle(try #require(Key(name: key))) }  // favorite Echo, the last row
        #expect(titles(b) == ["echo", "delta", "alpha", "bravo", "charlie"])
        #expect(b.selectedID == "echo" && b.listCursor.row == 0, "the selection follows its item to the top")
        b.handle(.char("j"))
        b.handle(.char("f"))  // unfavorite Delta: it goes back among the others, in library order
        #expect(titles(b) == ["echo", "alpha", "bravo", "charlie", "delta"])
        b.handle(.char("u"))
        #expect(titles(b) == ["echo", "delta", "alpha", "bravo", "charlie"])
        #expect(b.store.items["delta"]?.favoritedAt == nil, "it had no time, and undo keeps it so")
        b.handle(.char("u"))  // unfavorite Echo again
        b.handle(.ctrl("r"))  // and redo: the time it was favorited at, not a new one
        #expect(b.store.items["echo"]?.favoritedAt == 101)
    }

    @Test func favoritesMadeWithinOneMillisecondComeBackInReverseOrderOfMaking() throws {
        // A clock that never moves: the order must come from the order of making, not from the time.
        let items = ["Alpha", "Bravo", "Charlie", "Delta", "Echo"].enumerated().map { i, title in
            Item(id: ItemID(title.lowercased()), title: title, position: i)
        }
        let b = Browser(store: Store(items: items, clock: { 100 }), libraryName: "r", width: 40, height: 12)
        for key in ["G", "f", "k", "f", "k", "k", "f", "s", "s"] { b.handle(try #require(Key(name: key))) }
        #expect(titles(b) == ["bravo", "delta", "echo", "alpha", "charlie"])
        #expect(b.store.items["echo"]?.favoritedAt == 100, "the first keeps the clock's time")
        #expect(b.store.items["bravo"]?.favoritedAt == 102, "each later one a millisecond after the one before")
        b.handle(.char("f"))  // unfavorite Bravo (selected, the top row), then undo: it comes back on top
        #expect(titles(b) == ["delta", "echo", "alpha", "bravo", "charlie"])
        b.handle(.char("u"))
        #expect(titles(b) == ["bravo", "delta", "echo", "alpha", "charlie"])
        // Items favorited at once (marked) are made in the order given: the last one is the most recent.
        b.store.send(.toggleFavorites(["charlie", "alpha"]))
        #expect(titles(b) == ["alpha", "charlie", "bravo", "delta", "echo"])
    }

    @Test func aClockThatGoesBackStillStampsAfterTheLatestFavorite() throws {
        let store = Store(items: [Item(id: "a", title: "A", favorite: true, position: 1, favoritedAt: 5_000),
                                  Item(id: "b", title: "B", position: 2), Item(id: "c", title: "C", position: 3)],
                          clock: { 1_000 })
        store.send(.toggleFavorites(["c", "b"]))
        #expect(store.items["c"]?.favoritedAt == 5_001)
        #expect(store.items["b"]?.favoritedAt == 5_002)
        store.send(.show(ListQuery(order: .recentlyFavorited)))
        #expect((0..<store.list.count).compactMap { store.list.id(at: $0) } == ["b", "c", "a"])
    }

    @Test func aFavoriteFromAnotherProcessSortsByTheTimeItWasMadeThere() throws {
        let clock = Clock()
        let b = browser(clock)
        for key in ["s", "s", "f"] { b.handle(try #require(Key(name: key))) }  // Alpha, still selected, at 101
        b.sync([.item("charlie", Item(id: "charlie", title: "Charlie", favorite: true, position: 2, favoritedAt: 50))])
        b.sync([.item("bravo", Item(id: "bravo", title: "Bravo", favorite: true, position: 1, favoritedAt: 500))])
        #expect(titles(b) == ["bravo", "alpha", "charlie", "delta", "echo"])
    }
}
