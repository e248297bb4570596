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
        ┏ Items 1/4 · favorites ━━━━━━━━━━━━━━━┓
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
        ┏ Items 2/3 · favorites ━━━━━━━━━━━━━━━┓
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
        ┏ Items 1/2 · favorites · A–Z · /cl ━━━┓
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
