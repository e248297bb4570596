import Foundation
import Testing
@testable import FavsCore
@testable import FavsModel

/// The collections pane's `↻ Frequent` (issue #37: "the favorites pane can show the most-picked items"): once an
/// item has been picked (`favs pick`), a row after the favorites counts the picked items and, while it or one of
/// them is selected, lists the most picked under it; enter shows them in the list, most picked first. Its count,
/// rows and list follow every change of picks: a forget and its undo, another terminal's picks, a delete.
@Suite struct PickedCollectionTests {
    /// Six items, Alpha and Delta favorites. Picked, scored at day 10: Charlie three times that day, Bravo and Echo
    /// twice (equal scores: library order decides), Alpha once a week before (half a pick now); Delta and Foxtrot
    /// never. `X` forgets the selected item's picks (the browser binds no key to it; a config file may).
    func browser(size: (Int, Int) = (80, 20), glyphs: Glyphs = .unicode) -> Browser {
        let titles = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"]
        var items = ItemCollection(titles.enumerated().map { n, title in
            Item(id: ItemID(title.lowercased()), title: title, favorite: title == "Alpha" || title == "Delta", position: n)
        })
        let day = Frecency.day
        items.setPicks(["charlie": [Pick(at: 10 * day), Pick(at: 10 * day), Pick(at: 10 * day)],
                        "bravo": [Pick(at: 10 * day), Pick(at: 10 * day)], "echo": [Pick(at: 10 * day), Pick(at: 10 * day)],
                        "alpha": [Pick(at: 3 * day)]], frecency: Frecency(), at: 10 * day)
        let keys = KeyMap.standard.replacingKeys([.forgetPicks: [.char("X")]])
        let browser = Browser(store: Store(collection: items), libraryName: "picked", width: size.0, height: size.1,
                              keyMap: keys)
        browser.glyphs = glyphs
        return browser
    }

    /// The frames a script prints (`favs script`), headers removed.
    func frames(_ browser: Browser, _ script: String) throws -> [String] {
        var frames: [String] = []
        ScriptRunner.run(try ScriptParser.parse(script).map(\.step), on: browser) { text in
            frames.append(text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast()
                .joined(separator: "\n"))
        }
        return frames
    }

    /// The collections pane as drawn, trailing spaces trimmed.
    func pane(_ browser: Browser, _ which: Focus = .favorites) -> String {
        (browser.redraw(which)?.lines ?? []).map { String($0.reversed().drop { $0 == " " }.reversed()) }
            .joined(separator: "\n")
    }

    @Test func aPickedLibraryShowsFrequentAfterTheFavoritesWithTheMostPickedUnderItWhileSelected() throws {
        let b = browser(size: (80, 24))
        #expect(try frames(b, "frame tab tab G frame j frame") == ["""
             favs — picked
            ┏ Items 1/6 ━━━━━━━━━━━━━━━━━━━┓┌ Detail ──────────────────────────────────────┐
            ┃>★ Alpha                      ┃│ ★ Alpha                                      │
            ┃   Bravo                      ┃│                                              │
            ┃   Charlie                    ┃│ id: alpha                                    │
            ┃ ★ Delta                      ┃│                                              │
            ┃   Echo                       ┃│                                              │
            ┃   Foxtrot                    ┃│                                              │
            ┃                              ┃│                                              │
            ┃                              ┃│                                              │
            ┃                              ┃│                                              │
            ┃                              ┃│                                              │
            ┃                              ┃│                                              │
            ┃                              ┃│                                              │
            ┃                              ┃└──────────────────────────────────────────────┘
            ┃                              ┃┌ Collections ─────────────────────────────────┐
            ┃                              ┃│ ★ Favorites (2)                              │
            ┃                              ┃│   ★ Alpha                                    │
            ┃                              ┃│   ★ Delta                                    │
            ┃                              ┃│ ↻ Frequent (4)                               │
            ┃                              ┃│                                              │
            ┃                              ┃│                                              │
            ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────────────────┘
             f fav · d delete · u undo · / filter · ? help            6 items · 2 favorites
            """, """
             favs — picked
            ┌ Items 1/6 ───────────────────┐┌ Detail ──────────────────────────────────────┐
            │>★ Alpha                      ││ ★ Alpha                                      │
            │   Bravo                      ││                                              │
            │   Charlie                    ││ id: alpha                                    │
            │ ★ Delta                      ││                                              │
            │   Echo                       ││                                              │
            │   Foxtrot                    ││                                              │
            │                              ││                                              │
            │                              ││                                              │
            │                              ││                                              │
            │                              ││                                              │
            │                              ││                                              │
            │                              ││                                              │
            │                              │└──────────────────────────────────────────────┘
            │                              │┏ Collections ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
            │                              │┃ ★ Favorites (2)                              ┃
            │                              │┃>↻ Frequent (4)                               ┃
            │                              │┃     Charlie                                  ┃
            │                              │┃     Bravo                                    ┃
            │                              │┃     Echo                                     ┃
            │                              │┃   ★ Alpha                                    ┃
            └──────────────────────────────┘┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
             f fav · d delete · u undo · / filter · ? help            6 items · 2 favorites
            """, """
             favs — picked
            ┌ Items 1/6 ───────────────────┐┌ Detail ──────────────────────────────────────┐
            │>★ Alpha                      ││   Charlie                                    │
            │   Bravo                      ││                                              │
            │   Charlie                    ││ id: charlie                                  │
            │ ★ Delta                      ││                                              │
            │   Echo                       ││                                              │
            │   Foxtrot                    ││                                              │
            │                              ││                                              │
            │                              ││                                              │
            │                              ││                                              │
            │                              ││                                              │
            │                              ││                                              │
            │                              ││                                              │
            │                              │└──────────────────────────────────────────────┘
            │                              │┏ Collections ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
            │                              │┃ ★ Favorites (2)                              ┃
            │                              │┃ ↻ Frequent (4)                               ┃
            │                              │┃>    Charlie                                  ┃
            │                              │┃     Bravo                                    ┃
            │                              │┃     Echo                                     ┃
            │                              │┃   ★ Alpha                                    ┃
            └──────────────────────────────┘┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
             f fav · d delete · u undo · / filter · ? help            6 items · 2 favorites
            """])
        // h goes up to the header, l back down to the most picked.
        _ = try frames(b, "h")
        #expect(b.collectionsCursor.selected == .set(.picked))
        _ = try frames(b, "l")
        #expect(b.collectionsCursor.selected == .picked("charlie"))
    }

    @Test func enterOnFrequentListsThePickedMostPickedFirstAndEnterOnOneSelectsItInTheList() throws {
        let b = browser(size: (80, 24))
        #expect(try frames(b, "tab tab G enter frame") == ["""
             favs — picked
            ┌ Items 4/4 · ↻ frequent ──────┐┌ Detail ──────────────────────────────────────┐
            │   Charlie                    ││ ★ Alpha                                      │
            │   Bravo                      ││                                              │
            │   Echo                       ││ id: alpha                                    │
            │>★ Alpha                      ││                                              │
            │                              ││                                              │
            │                              ││                                              │
            │                              ││                                              │
            │                              ││                                              │
            │                              ││                                              │
            │                              ││                                              │
            │                              ││                                              │
            │                              ││                                              │
            │                              │└──────────────────────────────────────────────┘
            │                              │┏ Collections ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
            │                              │┃ ★ Favorites (2)                              ┃
            │                              │┃>↻ Frequent (4)                               ┃
            │                              │┃     Charlie                                  ┃
            │                              │┃     Bravo                                    ┃
            │                              │┃     Echo                                     ┃
            │                              │┃   ★ Alpha                                    ┃
            └──────────────────────────────┘┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
             Picked items, the most picked first — F for every item   6 items · 2 favorites
            """])
        #expect(b.store.query.scope == .members(.picked) && b.store.query.order == .frequent)
        // Enter on Bravo, under the header: the list selects it and takes focus.
        _ = try frames(b, "j j enter")
        #expect(b.focus == .list && b.listCursor.selected == "bravo")
        #expect(pane(b, .list).hasPrefix("""
            ┏ Items 2/4 · ↻ frequent ━━━━━━┓
            ┃   Charlie                    ┃
            ┃>  Bravo                      ┃
            """))
        // F shows every item, in the order the header chose: favorites, then the most picked.
        _ = try frames(b, "F")
        #expect(pane(b, .list).hasPrefix("""
            ┏ Items 4/6 · frequent ━━━━━━━━┓
            ┃ ★ Alpha                      ┃
            ┃ ★ Delta                      ┃
            ┃   Charlie                    ┃
            ┃>  Bravo                      ┃
            ┃   Echo                       ┃
            ┃   Foxtrot                    ┃
            """))
        // From a list that leaves it out (the favorites view), enter on one of the most picked lists every item.
        _ = try frames(b, "F tab tab k enter")
        #expect(b.listCursor.selected == "charlie" && b.store.query.scope == .all)
        #expect(b.message?.text == "Every item listed to show “Charlie”")
    }

    @Test func aForgetAndItsUndoChangeTheRowAndTheListAtOnce() throws {
        let b = browser(size: (80, 24))
        _ = try frames(b, "tab tab G enter j X")
        #expect(pane(b) == """
            ┏ Collections ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
            ┃ ★ Favorites (2)                              ┃
            ┃ ↻ Frequent (3)                               ┃
            ┃>    Bravo                                    ┃
            ┃     Echo                                     ┃
            ┃   ★ Alpha                                    ┃
            ┃                                              ┃
            ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
            """)
        #expect(pane(b, .list).hasPrefix("""
            ┌ Items 3/3 · ↻ frequent ──────┐
            │   Bravo                      │
            │   Echo                       │
            │>★ Alpha                      │
            │                              │
            """))
        #expect(b.frame().lines.last == " Forgot 3 picks of “Charlie” — u to undo                  6 items · 2 favorites")
        _ = try frames(b, "u")
        #expect(pane(b) == """
            ┏ Collections ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
            ┃ ★ Favorites (2)                              ┃
            ┃ ↻ Frequent (4)                               ┃
            ┃     Charlie                                  ┃
            ┃>    Bravo                                    ┃
            ┃     Echo                                     ┃
            ┃   ★ Alpha                                    ┃
            ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
            """)
        #expect(pane(b, .list).hasPrefix("""
            ┌ Items 4/4 · ↻ frequent ──────┐
            │   Charlie                    │
            │   Bravo                      │
            │   Echo                       │
            │>★ Alpha                      │
            """))
    }

    @Test func anotherTerminalsPicksAndADeleteChangeTheCountAndTheRowsAtOnce() throws {
        let b = browser(size: (80, 24))
        _ = try frames(b, "tab tab G j j")
        // Foxtrot picked four times in another picker: the most picked now; the cursor stays on Bravo.
        let now = 10 * Frecency.day
        b.sync([.picks("foxtrot", Array(repeating: Pick(at: now), count: 4))])
        #expect(pane(b) == """
            ┏ Collections ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
            ┃ ★ Favorites (2)                              ┃
            ┃ ↻ Frequent (5)                               ┃
            ┃     Foxtrot                                  ┃
            ┃     Charlie                                  ┃
            ┃>    Bravo                                    ┃
            ┃     Echo                                     ┃
            ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
            """)
        // Its picks forgotten there (`favs forget`), and Bravo deleted here: the one that took its row is selected.
        b.sync([.picks("foxtrot", [])])
        _ = try frames(b, "d")
        #expect(pane(b) == """
            ┏ Collections ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
            ┃ ★ Favorites (2)                              ┃
            ┃ ↻ Frequent (3)                               ┃
            ┃     Charlie                                  ┃
            ┃>    Echo                                     ┃
            ┃   ★ Alpha                                    ┃
            ┃                                              ┃
            ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
            """)
        #expect(b.frame().lines.last == " Deleted “Bravo” — u to undo                              5 items · 2 favorites")
        _ = try frames(b, "u")
        #expect(pane(b).contains("┃ ↻ Frequent (4)") && pane(b).contains("┃     Bravo  "))
    }

    @Test func withNoPickLeftThePaneIsTheFavoritesAloneAsWithoutPicks() throws {
        let b = browser(size: (80, 24))
        _ = try frames(b, "tab tab G enter j j")
        #expect(pane(b).hasPrefix("┏ Collections ") && pane(b).contains("┃>    Bravo"))
        // Every pick forgotten elsewhere while one of them is selected: the favorites alone, as the pane always was.
        b.sync(["alpha", "bravo", "charlie", "echo"].map { RemoteUpdate.picks(ItemID($0), []) })
        #expect(pane(b) == """
            ┏ Favorites (2) ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
            ┃ ★ Alpha                                      ┃
            ┃>★ Delta                                      ┃
            ┃                                              ┃
            ┃                                              ┃
            ┃                                              ┃
            ┃                                              ┃
            ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
            """)
        #expect(b.store.mostPicked(limit: 10) == MostPicked())
        // The list still shows the picked items, none now, and says how to see every item.
        #expect(pane(b, .list).hasPrefix("""
            ┌ Items · ↻ frequent ──────────┐
            │ Nothing picked: F shows ever…│
            """))
    }

    @Test func aClickSelectsFrequentAndOneOnAPickedItemsStarColumnStarsIt() throws {
        let b = browser(size: (80, 24))
        // The pane's rows start at screen row 16: the header, Alpha, Delta, then ↻ Frequent.
        b.handle(MouseEvent(.click, column: 40, row: 19))
        #expect(b.focus == .favorites && b.collectionsCursor.selected == .set(.picked))
        // Charlie's row, now right under the header; its star column is indented as a favorite's.
        b.handle(MouseEvent(.click, column: 36, row: 18))
        #expect(pane(b) == """
            ┏ Collections ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
            ┃ ★ Favorites (3)                              ┃
            ┃ ↻ Frequent (4)                               ┃
            ┃>  ★ Charlie                                  ┃
            ┃     Bravo                                    ┃
            ┃     Echo                                     ┃
            ┃   ★ Alpha                                    ┃
            ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
            """)
    }

    @Test func anAsciiTerminalShowsTheCollectionWithACaret() throws {
        let b = browser(size: (80, 24), glyphs: .ascii)
        _ = try frames(b, "tab tab G enter")
        let screen = b.frameText().split(separator: "\n").map(String.init)
        #expect(screen[1] == "+ Items 4/4 - ^ frequent ------++ Detail --------------------------------------+")
        #expect(Array(screen[15...21]) == [
            "|                              |+ Collections =================================+",
            "|                              || * Favorites (2)                              |",
            "|                              ||>^ Frequent (4)                               |",
            "|                              ||     Charlie                                  |",
            "|                              ||     Bravo                                    |",
            "|                              ||     Echo                                     |",
            "|                              ||   * Alpha                                    |",
        ])
    }
}
