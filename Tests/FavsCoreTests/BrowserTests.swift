import Testing
@testable import FavsCore
@testable import FavsModel
import FavsTestFixtures

/// Key handling: what is selected, focused and said after each key.
@Suite struct BrowserTests {
    func browser(_ items: [Item] = threeItems(), sink: ChangeSink? = nil, width: Int = 80, height: Int = 24) -> Browser {
        Browser(store: Store(items: items, sink: sink), libraryName: "sample library", width: width, height: height)
    }

    func press(_ browser: Browser, _ keys: String) throws {
        for (_, step) in try ScriptParser.parse(keys) {
            if case let .key(key) = step { browser.handle(key) }
            if case let .type(text) = step { text.forEach { browser.handle(.char($0)) } }
        }
        _ = browser.frame()
    }

    @Test func deletingMovesTheSelectionToTheNextItem() throws {
        let b = browser()
        try press(b, "j d")
        #expect(b.selectedID == "c")
        #expect(b.message?.text == "Deleted “Bravo” — u to undo")
    }

    @Test func deletingTheLastRowMovesTheSelectionToThePreviousItem() throws {
        let b = browser()
        try press(b, "G d")
        #expect(b.selectedID == "b")
        try press(b, "d d")
        #expect(b.selectedID == nil)
        #expect(b.store.items.isEmpty)
        try press(b, "f")
        #expect(b.message == Browser.Message(text: "Nothing selected", isError: true))
    }

    @Test func undoBringsTheItemBackAndSelectsIt() throws {
        let b = browser()
        try press(b, "j d G u")
        #expect(b.store.items.ids == ["a", "b", "c"])
        #expect(b.selectedID == "b")
        #expect(b.message?.text == "Undo: restored “Bravo”")
        try press(b, "ctrl-r")
        #expect(b.store.items.ids == ["a", "c"])
        #expect(b.message?.text == "Redo: deleted “Bravo”")
    }

    @Test func aMessageStaysUntilTheNextKey() throws {
        let b = browser()
        try press(b, "d")
        #expect(b.message != nil)
        #expect(b.frameText().contains("Deleted “Alpha” — u to undo"))
        try press(b, "j")
        #expect(b.message == nil)
        #expect(!b.frameText().contains("Deleted"))
    }

    @Test func favoriteActsOnTheFavoritesCursorWhenThatPaneHasFocus() throws {
        let items = threeItems().map { item in var item = item; item.favorite = true; return item }
        let b = browser(items)
        try press(b, "tab tab j f")
        #expect(b.focus == .favorites)
        #expect(b.store.items["b"]?.favorite == false)
        #expect(b.store.items["a"]?.favorite == true)
        #expect(b.selectedID == "c")  // the next favorite takes the cursor
    }

    @Test func enterOnAFavoriteSelectsItInTheListEvenWhenFilteredOut() throws {
        let b = browser()
        try press(b, "/ type char\nenter tab tab enter")
        #expect(b.focus == .list)
        #expect(b.selectedID == "a")
        #expect(b.message?.text == "Filter cleared to show “Alpha”")
        #expect(b.store.query.filter == "")
    }

    @Test func escClearsTheFilterAndEnterKeepsIt() throws {
        let b = browser()
        try press(b, "/ type br\nenter")
        #expect(b.mode == .normal)
        #expect(b.store.query.filter == "br")
        #expect(b.selectedID == "b")
        #expect(b.frameText().contains("Items 1/1 · /br"))
        try press(b, "esc")
        #expect(b.store.query.filter == "")
        #expect(b.selectedID == "b")
        #expect(b.frameText().contains("Items 2/3"))
    }

    @Test func backspaceEditsTheFilter() throws {
        let b = browser()
        try press(b, "/ type xyz")
        #expect(b.frameText().contains("No title matches “xyz”"))
        try press(b, "backspace backspace backspace\ntype h")
        #expect(b.store.list.count == 2)  // Alpha, Charlie
    }

    @Test func aFailedWriteShowsTheErrorAndTheStarGoesBack() throws {
        let sink = RecordingSink()
        let b = browser(sink: sink)
        sink.failNext = true
        try press(b, "j f")
        #expect(b.store.items["b"]?.favorite == false)
        #expect(b.message == Browser.Message(text: "Not saved: disk is full", isError: true))
        let screen = b.frameText()
        #expect(screen.contains("┃>  Bravo"))
        #expect(screen.contains("3 items · 1 favorite"))
    }

    @Test func tabCyclesFocusAndEscReturnsToTheList() throws {
        let b = browser()
        try press(b, "tab")
        #expect(b.focus == .detail)
        try press(b, "tab")
        #expect(b.focus == .favorites)
        try press(b, "tab")
        #expect(b.focus == .list)
        try press(b, "backtab esc")
        #expect(b.focus == .list)
    }

    @Test func helpClosesWithEscAndQDoesNotQuitWhileItIsOpen() throws {
        let b = browser()
        try press(b, "? q")
        #expect(b.mode == .normal)
        #expect(!b.hasQuit)
        try press(b, "q")
        #expect(b.hasQuit)
    }

    @Test func anUnboundKeySaysSo() throws {
        let b = browser()
        try press(b, "x")
        #expect(b.message == Browser.Message(text: "x: not a key here (? for help)", isError: true))
    }

    @Test func pagingMovesByAPageAndStopsAtTheEnds() throws {
        let items = (0..<100).map { Item(id: ItemID("i\($0)"), title: "Item \($0)", position: $0) }
        let b = browser(items)
        try press(b, "pgdn")
        #expect(b.selectedID == "i19")  // 22 rows of list pane, 20 inside the border, minus one for context
        try press(b, "G pgdn")
        #expect(b.selectedID == "i99")
        try press(b, "g pgup")
        #expect(b.selectedID == "i0")
    }

    @Test func resizingKeepsTheSelectionAndScroll() throws {
        let items = (0..<100).map { Item(id: ItemID("i\($0)"), title: "Item \($0)", position: $0) }
        let b = browser(items)
        try press(b, "G")
        b.resize(width: 40, height: 12)
        let small = b.frameText()
        #expect(small.contains(">  Item 99"))
        #expect(small.contains("Items 100/100"))
        b.resize(width: 100, height: 30)
        #expect(b.frameText().contains(">  Item 99"))
        #expect(b.selectedID == "i99")
    }

    @Test func whatIsOnScreenDependsOnTheKeysNotOnHowOftenFramesWereDrawn() throws {
        let items = (0..<100).map { Item(id: ItemID("i\($0)"), title: "Item \($0)", position: $0) }
        let drawnEveryKey = browser(items)
        for key in ["G", "k", "k", "k", "k", "k"] {
            drawnEveryKey.handle(Key(name: key) ?? .escape)
            _ = drawnEveryKey.frame()
        }
        let drawnOnce = try frames("G k k k k k", items: items)[0]
        #expect(drawnOnce == drawnEveryKey.frameText())
        #expect(drawnOnce.contains("┃   Item 80"))  // scrolled to the end by G, and still there
    }
}
