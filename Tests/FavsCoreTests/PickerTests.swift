import Testing
@testable import FavsCore
@testable import FavsModel
import FavsTestFixtures

/// `favs pick`: the browser as a chooser. Typing filters from the first key, enter picks, esc and ctrl-g cancel,
/// ctrl-c interrupts; the browser's letter commands are on keys that do not type, and everything else (moving,
/// marks, stars) works as in the browser.
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
        #expect(try press(picker(), "down enter") == .pick(["b"]))
        #expect(try press(picker(), "ctrl-n ctrl-n ctrl-p enter") == .pick(["b"]))
        #expect(try press(picker(), "end ctrl-k enter") == .pick(["b"]))
    }

    @Test func typingFiltersFromTheFirstKeyAndNoKeyIsNotAKey() throws {
        let p = picker()
        // Letters the browser binds (f, d, q, s, F, /, ?, space) type into the query here.
        #expect(try press(p, "type rav\n") == .none)
        #expect(p.store.query.filter == "rav")
        #expect(p.store.list.count == 1)
        #expect(p.message == nil)
        #expect(try press(p, "backspace backspace backspace type fdq sF/? \n") == .none)
        #expect(p.store.query.filter == "fdq sF/? ")
        #expect(p.message == nil)
        #expect(p.store.items.favoriteCount == 1 && p.store.items.count == 3, "nothing starred nor deleted")
        #expect(p.mode == .normal && !p.hasQuit)
    }

    @Test func enterPicksTheMarkedItemsInListOrderNotInTheOrderTheyWereMarked() throws {
        let p = picker()
        #expect(try press(p, "end tab home tab enter") == .pick(["a", "c"]))
        #expect(p.hasQuit)
    }

    @Test func aRangeOfMarksIsPickedWholeEvenBeforeItIsEndedOnAConfigsControlKey() throws {
        // v types in a picker; a config file's control key for mark-range works there as in the browser.
        let keyMap = KeyMap.standard.replacingKeys([.markRange: [.char("v"), .ctrl("v")]])
        let p = Browser(store: Store(items: threeItems()), libraryName: "sample library", keyMap: keyMap, purpose: .pick)
        #expect(p.keyMap.keys(for: .markRange) == [.ctrl("v")])
        #expect(try press(p, "ctrl-v down down enter") == .pick(["a", "b", "c"]))
    }

    @Test func marksFollowTheSortedListNotTheLibraryOrder() throws {
        // Zulu comes first in the library and is marked first; A–Z shows Alpha first, and so picks it first.
        let items = [Item(id: "z", title: "Zulu", position: 1), Item(id: "a", title: "Alpha", position: 2)]
        let p = picker(items)
        #expect(try press(p, "tab down tab ctrl-o") == .none)
        #expect(p.store.query.order == .title)
        #expect(try press(p, "enter") == .pick(["a", "z"]))
    }

    @Test func ctrlSStarsCtrlTShowsFavoritesAndCtrlYUndoes() throws {
        let p = picker()
        #expect(try press(p, "down ctrl-s") == .none)
        #expect(p.store.items["b"]?.favorite == true)
        #expect(try press(p, "ctrl-t") == .none)
        #expect(p.store.query.scope == .favorites)
        #expect(p.message?.text == "Favorites only — ctrl-t for every item")
        #expect(try press(p, "ctrl-t ctrl-y") == .none)
        #expect(p.store.items["b"]?.favorite == false)
        #expect(try press(p, "tab down tab ctrl-s") == .none, "on the marked items")
        #expect(p.store.items.favoriteCount == 3)
    }

    /// A picker has no collections pane to choose a tag in: ctrl-t goes from every item to the favorites, then to
    /// each top-level tag folder A–Z (what is nested in it included), then back to every item, the list's title
    /// showing the scope and the message what the key shows next.
    @Test func ctrlTCyclesFromEveryItemToTheFavoritesThenEachTopLevelTagThenEveryItemAgain() throws {
        let store = Store(items: threeItems())
        store.send(.changeMembers(["b"], join: [.tag("work/draft")], leave: []))
        store.send(.changeMembers(["c"], join: [.tag("home")], leave: []))
        let p = Browser(store: store, libraryName: "tags", width: 70, height: 7, purpose: .pick)
        #expect(try press(p, "ctrl-t") == .none)
        #expect(p.store.query.scope == .favorites)
        #expect(p.message?.text == "Favorites only — ctrl-t for #home")
        #expect(try press(p, "ctrl-t") == .none)
        #expect(p.frameText() == """
             favs — tags
            ┏ Items 1/1 · #home ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
            ┃>  Charlie  #home                                                   ┃
            ┃                                                                    ┃
            ┃                                                                    ┃
            ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
             /▏  Tagged #home — ctrl-t for #work             3 items · 1 favorite
            """)
        #expect(try press(p, "ctrl-t") == .none)
        #expect(p.frameText() == """
             favs — tags
            ┏ Items 1/1 · #work ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
            ┃>  Bravo  #work/draft                                               ┃
            ┃                                                                    ┃
            ┃                                                                    ┃
            ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
             /▏  Tagged #work — ctrl-t for every item        3 items · 1 favorite
            """)
        #expect(try press(p, "ctrl-t") == .none)
        #expect(p.store.query.scope == .all && p.message?.text == "Every item")
        #expect(p.store.list.count == 3)
    }

    /// The query's keys are a readline prompt's: ctrl-u erases the whole query (it undid the last change, which
    /// surprised anyone used to fzf or a shell), and the delete key erases nothing and deletes no item.
    @Test func ctrlUClearsTheQueryAndDeleteDeletesNoItem() throws {
        let p = picker()
        #expect(try press(p, "down ctrl-s") == .none)
        #expect(try press(p, "type rav") == .none)
        #expect(p.store.query.filter == "rav")
        #expect(try press(p, "ctrl-u") == .none)
        #expect(p.store.query.filter == "")
        #expect(p.store.items["b"]?.favorite == true, "ctrl-u undid the star")
        let count = p.store.items.count
        #expect(try press(p, "delete") == .none)
        #expect(p.store.items.count == count)
        #expect(p.store.query.filter == "")
    }

    @Test func escAndCtrlGCancelAndCtrlCInterruptsEvenInTheHelp() throws {
        #expect(try press(picker(), "esc") == .cancel)
        #expect(try press(picker(), "ctrl-g") == .cancel)
        #expect(try press(picker(), "ctrl-x ctrl-c") == .interrupt)
        #expect(try press(picker(), "q") == .none, "q types")
    }

    @Test func escCancelsEvenWithAQueryTypedOrItemsMarked() throws {
        let p = picker()
        #expect(try press(p, "type rav\n") == .none)
        #expect(try press(p, "esc") == .cancel)
        #expect(p.hasQuit)
        #expect(try press(picker(), "tab esc") == .cancel)
    }

    @Test func backspaceErasesAndThePickGoesOn() throws {
        let p = picker()
        #expect(try press(p, "type rax\nbackspace") == .none)
        #expect(p.store.query.filter == "ra")
        #expect(!p.hasQuit)
        #expect(try press(p, "type v\nenter") == .pick(["b"]))
    }

    @Test func ctrlESwitchesToExactMatchingAndThePromptSaysSo() throws {
        let p = picker(width: 60, height: 10)
        #expect(try press(p, "type aa\n") == .none)
        #expect(p.store.list.count == 1, "fuzzy: Alpha holds two a's")
        #expect(try press(p, "ctrl-e") == .none)
        #expect(p.store.query.exact)
        #expect(p.store.list.count == 0)
        #expect(p.frame().lines.last == " exact /aa▏  enter pick · esc cancel   3 items · 1 favorite")
    }

    @Test func aTermThatCannotBeReadIsSaidAfterThePrompt() throws {
        let p = picker(width: 100)
        #expect(try press(p, "type '\n") == .none)
        #expect(p.frame().lines.last
            == " /'▏  the term ' has nothing to search for: write text after it                3 items · 1 favorite")
    }

    @Test func enterOnAnEmptyListSaysSoAndDoesNotEndThePick() throws {
        let p = picker()
        #expect(try press(p, "type nothing\nenter") == .none)
        #expect(p.message == Browser.Message(text: "Nothing to pick", isError: true))
        #expect(!p.hasQuit)
        #expect(p.frame().lines.last == " /nothing▏  Nothing to pick                                3 items · 1 favorite")
    }

    @Test func theBrowserStillQuitsAndOpensTheDetailWithTheSameKeys() throws {
        let b = Browser(store: Store(items: threeItems()), libraryName: "sample library")
        #expect(try press(b, "enter") == .none)
        #expect(b.focus == .detail)
        #expect(try press(b, "tab") == .none)
        #expect(b.focus == .favorites)
        #expect(try press(b, "q") == .quit)
    }

    @Test func theStatusLineShowsThePromptAndSaysHowToPickAndHowToCancel() throws {
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
             /▏  enter pick · esc cancel           3 items · 1 favorite
            """)
        #expect(picker(width: 80).frame().lines.last
            == " /▏  enter pick · tab mark · ctrl-s fav · ctrl-x help      3 items · 1 favorite")
        #expect(picker(width: 120).frame().lines.last
            == " /▏  enter pick · tab mark · ctrl-s favorite · ctrl-t favorites · ctrl-x help · esc cancel"
            + "         3 items · 1 favorite")
    }

    @Test func aLongQueryKeepsItsEndInView() throws {
        let p = picker(width: 60, height: 10)
        #expect(try press(p, "type abcdefghijklmnopqrstuvwxyz0123456789\n") == .none)
        #expect(p.frame().lines.last == " /…cdefghijklmnopqrstuvwxyz0123456789▏ 3 items · 1 favorite")
    }

    @Test func marksSayThatEnterPicksThem() throws {
        let p = picker()
        #expect(try press(p, "tab down tab") == .none)
        #expect(p.frame().lines.last == " /▏  2 marked · enter picks them · tab unmarks             3 items · 1 favorite")
    }

    @Test func theHelpNamesThePickersKeysAndNotTheCommandsItHasNoKeyFor() throws {
        let p = picker(width: 80, height: 40)
        _ = try press(p, "ctrl-x")
        let help = p.frameText()
        #expect(help.contains("┃ enter               pick: print the marked items, else this one"))
        #expect(help.contains("┃ esc, ctrl-g         cancel: print nothing, exit 1"))
        #expect(help.contains("┃ ctrl-c              interrupt: print nothing, exit 130"))
        #expect(help.contains("┃ tab                 mark / unmark (enter picks the marked items)"))
        #expect(help.contains("┃ ctrl-s              favorite / unfavorite"))
        #expect(help.contains("┃ down, ctrl-n        move down"))
        #expect(help.contains("┃ up, ctrl-p, ctrl-k  move up"))
        for gone in ["filter titles", "open the item", "mark a range"] { #expect(!help.contains(gone), "\(gone)") }
        #expect(try press(p, "ctrl-n ctrl-x") == .none)
        #expect(p.mode == .normal, "the help's key closes it")
    }

    @Test func aConfigsControlKeyStaysWithItsCommandAndTheHintsFollow() throws {
        // sort moved to ctrl-s: the star gives way (and is not named); ctrl-a, given to the star, stars.
        let moved = KeyMap.standard.replacingKeys([.sort: [.ctrl("s")], .help: [.char("h")]])
        let p = Browser(store: Store(items: threeItems()), libraryName: "sample library", keyMap: moved, purpose: .pick)
        #expect(p.keyMap.keys(for: .sort) == [.ctrl("s"), .ctrl("o")])
        #expect(p.keyMap.keys(for: .toggleFavorite) == [])
        #expect(p.keyMap.keys(for: .help) == [.ctrl("x")])
        #expect(p.frame().lines.last == " /▏  enter pick · tab mark · ctrl-x help · esc cancel      3 items · 1 favorite")
        let starring = KeyMap.standard.replacingKeys([.toggleFavorite: [.char("*"), .ctrl("a")]]).forPicking()
        #expect(starring.keys(for: .toggleFavorite) == [.ctrl("a"), .ctrl("s")])
        #expect(starring.keys(for: .focusNext) == [.ctrl("w")], "tab marks")
        #expect(starring.keys(for: .filter) == [])
    }
}
