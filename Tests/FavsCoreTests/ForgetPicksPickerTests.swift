import Testing
@testable import FavsCore
@testable import FavsModel
import FavsTestFixtures

/// ctrl-d in a picker forgets the selected item's picks (issue #37: zoxide's missing way out of a wrong top match):
/// one change through the store, so the list's order moves at once and the status line says what went; ctrl-y takes
/// it back. The preview scrolls with shift-down and shift-up, fzf's own preview keys.
@Suite struct ForgetPicksPickerTests {
    /// Alpha starred; Charlie picked three times, Bravo once, Delta never: the frequent order a picked library opens in.
    func picker(sink: RecordingSink = RecordingSink()) -> Browser {
        var items = ItemCollection(threeItems() + [Item(id: "d", title: "Delta", position: 4)])
        items.setPicks(["c": [Pick(at: 10), Pick(at: 20), Pick(at: 30)], "b": [Pick(at: 30)]], frecency: Frecency(), at: 30)
        let store = Store(collection: items, sink: sink, query: ListQuery(order: .frequent))
        return Browser(store: store, libraryName: "picked", width: 72, height: 8, purpose: .pick)
    }

    func press(_ browser: Browser, _ keys: String) throws {
        for (_, step) in try ScriptParser.parse(keys) {
            if case let .key(key) = step { browser.handle(key) }
        }
    }

    @Test func ctrlDForgetsTheSelectedItemsPicksMovingItAtOnceAndCtrlYTakesItBack() throws {
        let sink = RecordingSink()
        let p = picker(sink: sink)
        #expect(p.frameText() == """
             favs — picked
            ┏ Items 1/4 · frequent ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
            ┃>★ Alpha                                                              ┃
            ┃   Charlie                                                            ┃
            ┃   Bravo                                                              ┃
            ┃   Delta                                                              ┃
            ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
             /▏  enter pick · esc cancel                       4 items · 1 favorite
            """)
        try press(p, "down ctrl-d")
        #expect(p.frameText() == """
             favs — picked
            ┏ Items 3/4 · frequent ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
            ┃ ★ Alpha                                                              ┃
            ┃   Bravo                                                              ┃
            ┃>  Charlie                                                            ┃
            ┃   Delta                                                              ┃
            ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
             /▏  Forgot 3 picks of “Charlie” — ctrl-y to undo  4 items · 1 favorite
            """)
        #expect(sink.persisted == [.picks("c", from: [Pick(at: 10), Pick(at: 20), Pick(at: 30)], to: [])])
        #expect(p.store.items.pickScore(of: "c") == 0)
        try press(p, "ctrl-y")
        #expect(p.message?.text == "Undo: remembered again 3 picks of “Charlie”")
        #expect(p.store.list.id(at: 1) == "c" && p.selectedID == "c")
        #expect(sink.persisted.last == .picks("c", from: [], to: [Pick(at: 10), Pick(at: 20), Pick(at: 30)]))
        try press(p, "ctrl-r")
        #expect(p.message?.text == "Redo: forgot 3 picks of “Charlie”")
        #expect(p.store.list.id(at: 2) == "c")
    }

    @Test func anItemWithNoPicksSaysSoAndNothingChanges() throws {
        let sink = RecordingSink()
        let p = picker(sink: sink)
        try press(p, "end ctrl-d")
        #expect(p.message?.text == "“Delta” has no picks to forget" && p.message?.isError == true)
        #expect(sink.persisted.isEmpty && !p.store.canUndo)
    }

    @Test func aForgetThatCannotBeSavedIsTakenBackAndAReadOnlyLibraryRefusesIt() throws {
        let sink = RecordingSink()
        let p = picker(sink: sink)
        sink.failNext = true
        try press(p, "down ctrl-d")
        #expect(p.message?.text == "Not saved: disk is full" && p.message?.isError == true)
        #expect(p.store.items.picks(of: "c").count == 3 && p.store.list.id(at: 1) == "c" && !p.store.canUndo)
        let readOnly = picker(sink: sink)
        readOnly.readOnlyReason = "your role may only read it"
        try press(readOnly, "down ctrl-d")
        #expect(readOnly.message?.text == "Read-only: your role may only read it" && readOnly.message?.isError == true)
        #expect(readOnly.store.items.picks(of: "c").count == 3 && sink.persisted.isEmpty)
        // A member who keeps their own stars and picks apart from the team's library still forgets theirs.
        let own = picker(sink: sink)
        own.readOnlyReason = "your role may only read it"
        own.keepsOwnStars = true
        try press(own, "down ctrl-d")
        #expect(own.message?.text == "Forgot 3 picks of “Charlie” — ctrl-y to undo")
        #expect(sink.persisted == [.picks("c", from: [Pick(at: 10), Pick(at: 20), Pick(at: 30)], to: [])])
    }

    @Test func anotherPickersPicksMoveTheListAsTheyArrive() throws {
        let p = picker()
        try press(p, "end")
        p.sync([.picks("d", [Pick(at: 30), Pick(at: 30), Pick(at: 30), Pick(at: 30)])])
        #expect(p.store.list.id(at: 1) == "d" && p.selectedID == "d", "Delta, the most picked now, right after the favorite")
        p.sync([.picks("d", [])])
        #expect(p.store.list.id(at: 3) == "d" && p.store.items.pickScore(of: "d") == 0)
    }

    @Test func theHelpNamesCtrlDForForgettingAndShiftDownForThePreview() throws {
        let keys = picker().keyMap
        #expect(keys.keys(for: .forgetPicks) == [.ctrl("d")])
        #expect(keys.keys(for: .previewDown) == [.shiftDown])
        #expect(keys.bindings.first { $0.command == .forgetPicks }?.help == "forget the item's picks, so it stops ranking first")
        #expect(KeyMap.standard.keys(for: .forgetPicks).isEmpty, "no key in the browser, where every letter is taken")
        let p = Browser(store: Store(items: threeItems()), libraryName: "h", width: 80, height: 40, purpose: .pick)
        p.handle(.ctrl("x"))
        let help = p.frameText()
        #expect(help.contains("┃ ctrl-d              forget the item's picks, so it stops ranking first"))
        #expect(help.contains("┃ shift-down          scroll the detail (preview) down"))
        #expect(help.contains("┃ shift-up            scroll the detail (preview) up"))
        // The browser's help has no row for it.
        let browser = Browser(store: Store(items: threeItems()), libraryName: "h", width: 80, height: 60)
        browser.handle(.char("?"))
        #expect(!browser.frameText().contains("forget"))
    }
}
