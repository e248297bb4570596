import Testing
@testable import FavsCore
@testable import FavsModel
import FavsTestFixtures

/// `favs pick`: the browser as a chooser. Enter picks, esc and q cancel, ctrl-c interrupts, and everything
/// else (moving, marks, the filter) works as in the browser.
@Suite struct PickerTests {
    func picker(_ items: [Item] = threeItems(), width: Int = 80, height: Int = 24) -> Browser {
        Browser(store: Store(items: items), libraryName: "sample library", width: width, height: height, purpose: .pick)
    }

    func press(_ browser: Browser, _ keys: String) throws -> Browser.Effect {
        var last = Browser.Effect.none
        for (_, step) in try ScriptParser.parse(keys) {
            if case let .key(key) = step { last = browser.handle(key) }
            if case let .type(text) = step { text.forEach { last = browser.handle(.char($0)) } }
        }
        return last
    }

    @Test func enterPicksTheSelectedItem() throws {
        #expect(try press(picker(), "j enter") == .pick(["b"]))
    }

    @Test func enterPicksTheMarkedItemsInListOrderNotInTheOrderTheyWereMarked() throws {
        let p = picker()
        #expect(try press(p, "G m g m enter") == .pick(["a", "c"]))
        #expect(p.hasQuit)
    }

    @Test func aRangeOfMarksIsPickedWholeEvenBeforeItIsEnded() throws {
        #expect(try press(picker(), "v j j enter") == .pick(["a", "b", "c"]))
    }

    @Test func marksFollowTheSortedListNotTheLibraryOrder() throws {
        // Zulu comes first in the library and is marked first; A–Z shows Alpha first, and so picks it first.
        let items = [Item(id: "z", title: "Zulu", position: 1), Item(id: "a", title: "Alpha", position: 2)]
        let p = picker(items)
        #expect(try press(p, "m j m s") == .none)
        #expect(p.store.query.order == .title)
        #expect(try press(p, "enter") == .pick(["a", "z"]))
    }

    @Test func escAndQCancelAndCtrlCInterruptsEvenInTheHelp() throws {
        #expect(try press(picker(), "esc") == .cancel)
        #expect(try press(picker(), "q") == .cancel)
        #expect(try press(picker(), "? ctrl-c") == .interrupt)
    }

    @Test func escInTheFilterClearsTheFilterAndThePickGoesOn() throws {
        let p = picker()
        #expect(try press(p, "/ type char\nesc") == .none)
        #expect(p.store.query.filter == "")
        #expect(!p.hasQuit)
        #expect(try press(p, "/ type rav\nenter enter") == .pick(["b"]))
    }

    @Test func enterOnAnEmptyListSaysSoAndDoesNotEndThePick() throws {
        let p = picker()
        #expect(try press(p, "/ type nothing\nenter enter") == .none)
        #expect(p.message == Browser.Message(text: "Nothing to pick", isError: true))
        #expect(!p.hasQuit)
    }

    @Test func theBrowserStillQuitsAndOpensTheDetailWithTheSameKeys() throws {
        let b = Browser(store: Store(items: threeItems()), libraryName: "sample library")
        #expect(try press(b, "enter") == .none)
        #expect(b.focus == .detail)
        #expect(try press(b, "q") == .quit)
    }

    @Test func theStatusLineSaysHowToPickAndHowToCancel() throws {
        let p = picker(width: 60, height: 10)
        #expect(p.frameText() == """
             favs — sample library
            ┏ Items 1/3 ━━━━━━━━━━━┓┌ Detail 1-2/3 ────────────────────┐
            ┃>★ Alpha              ┃│ ★ Alpha                          │
            ┃   Bravo              ┃│                                  │
            ┃   Charlie            ┃└──────────────────────────────────┘
            ┃                      ┃┌ Favorites (1) ───────────────────┐
            ┃                      ┃│ ★ Alpha                          │
            ┃                      ┃│                                  │
            ┗━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────┘
             enter pick · esc cancel               3 items · 1 favorite
            """)
    }

    @Test func theHelpSaysWhatEnterEscAndQDoInAPicker() throws {
        let p = picker(width: 80, height: 40)
        _ = try press(p, "?")
        let help = p.frameText()
        #expect(help.contains("┃ enter         pick: print the marked items, else this one ┃"))
        #expect(help.contains("┃ esc           cancel: print nothing, exit 1               ┃"))
        #expect(help.contains("┃ q, ctrl-c     cancel (ctrl-c: exit 130)                   ┃"))
    }
}
