import Testing
@testable import FavsCore
@testable import FavsModel

/// The collections pane: `★ Favorites`, then the tag tree with its counts, folders opened and closed, enter
/// scoping the list to a collection, the counts and the cursor through every kind of change.
@Suite struct CollectionsPaneTests {
    /// Six items, Alpha and Delta favorites; `dev/swift` on Bravo and Charlie, `dev/rust` on Charlie, `dev` on Echo,
    /// `work` on Alpha and Foxtrot: `dev` holds three items (Charlie once). Tagged before the browser opens, as a
    /// library read at launch.
    func browser() -> Browser {
        let titles = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"]
        let items = titles.enumerated().map { n, title in
            Item(id: ItemID(title.lowercased()), title: title, favorite: title == "Alpha" || title == "Delta", position: n)
        }
        let store = Store(items: items)
        store.send(.changeMembers(["bravo", "charlie"], join: [.tag("dev/swift")], leave: []))
        store.send(.changeMembers(["charlie"], join: [.tag("dev/rust")], leave: []))
        store.send(.changeMembers(["echo"], join: [.tag("dev")], leave: []))
        store.send(.changeMembers(["alpha", "foxtrot"], join: [.tag("work")], leave: []))
        return Browser(store: store, libraryName: "tags", width: 80, height: 24)
    }

    func press(_ browser: Browser, _ keys: [Key]) {
        for key in keys { browser.handle(key) }
    }

    /// The collections pane as drawn, trailing spaces trimmed.
    func pane(_ browser: Browser, _ which: Focus = .favorites) -> String {
        (browser.redraw(which)?.lines ?? []).map { String($0.reversed().drop { $0 == " " }.reversed()) }
            .joined(separator: "\n")
    }

    @Test func thePaneShowsFavoritesThenTheTagTreeWithCountsAndHAndLCloseAndOpenAFolder() {
        let b = browser()
        press(b, [.tab, .tab])
        #expect(pane(b) == """
        ┏ Collections ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
        ┃>★ Favorites (2)                              ┃
        ┃   ★ Alpha                                    ┃
        ┃   ★ Delta                                    ┃
        ┃ ▸ dev (3)                                    ┃
        ┃   work (2)                                   ┃
        ┃                                              ┃
        ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
        """)
        // Past the favorites onto a folder: they fold away under their header.
        press(b, [.char("j"), .char("j"), .char("j"), .char("l")])
        #expect(pane(b) == """
        ┏ Collections ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
        ┃ ★ Favorites (2)                              ┃
        ┃>▾ dev (3)                                    ┃
        ┃     rust (1)                                 ┃
        ┃     swift (2)                                ┃
        ┃   work (2)                                   ┃
        ┃                                              ┃
        ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
        """)
        // h on a tag inside goes up to its folder and closes it; → opens it again, ← closes it.
        press(b, [.char("j"), .char("h")])
        #expect(b.collectionsCursor.selected == .set(.tagFolder("dev")))
        #expect(pane(b).contains("┃>▸ dev (3)") && !pane(b).contains("swift"))
        press(b, [.right])
        #expect(pane(b).contains("┃     swift (2)"))
        press(b, [.left])
        #expect(!pane(b).contains("swift"))
    }

    @Test func enterOnATagScopesTheListToItAndOnFavoritesToTheFavorites() {
        let b = browser()
        press(b, [.tab, .tab, .char("G"), .enter])
        #expect(b.store.query.scope == .members(.tagFolder("work")))
        #expect(pane(b, .list) == """
        ┌ Items 1/2 · #work ───────────┐
        │>★ Alpha  #work               │
        │   Foxtrot  #work             │
        """ + String(repeating: "\n│                              │", count: 18) + """

        └──────────────────────────────┘
        """)
        #expect(b.message?.text == "Tagged #work — F for every item" && b.focus == .favorites)
        // A folder's list holds what every tag nested in it holds.
        press(b, [.char("k"), .enter])
        #expect((0..<b.store.list.count).compactMap { b.store.list.id(at: $0) } == ["bravo", "charlie", "echo"])
        press(b, [.char("g"), .enter])
        #expect(b.store.query.scope == .favorites && pane(b, .list).hasPrefix("┌ Items 1/2 · ★ "))
        // F stays the favorites' shortcut: from a tag's list it shows every item.
        press(b, [.char("G"), .enter, .char("F")])
        #expect(b.store.query.scope == .all)
    }

    @Test func countsFollowATagChangeUndoAndAnotherProcess() {
        let b = browser()
        #expect(pane(b).contains("│   work (2)"))
        b.send(.changeMembers(["bravo"], join: [.tag("work")], leave: []))
        #expect(pane(b).contains("│   work (3)"))
        press(b, [.char("u")])
        #expect(pane(b).contains("│   work (2)"))
        // Another terminal tags Delta `dev/go`: a new tag in dev, whose count takes Delta once.
        _ = b.sync([.member(.tag("dev/go"), "delta", true, at: 1)])
        #expect(pane(b).contains("│ ▸ dev (4)"))
        _ = b.sync([.member(.tag("work"), "alpha", false, at: nil), .member(.tag("work"), "foxtrot", false, at: nil)])
        #expect(!pane(b).contains("work"))
    }

    @Test func theCursorStaysOnItsCollectionAsRowsAboveComeAndGoAndMovesOnWhenItsTagGoes() {
        let b = browser()
        press(b, [.tab, .tab, .char("G")])
        #expect(b.collectionsCursor.selected == .set(.tagFolder("work")) && b.collectionsCursor.row == 2)
        // A tag above it appears (`art`), a favorite comes and goes: still on work, on whatever row it is now.
        _ = b.sync([.member(.tag("art"), "bravo", true, at: 1)])
        press(b, [.char("f")])  // the list's Alpha: the selection in the pane is no favorite
        #expect(b.collectionsCursor.selected == .set(.tagFolder("work")) && b.collectionsCursor.row == 3)
        #expect(pane(b).contains("┃>  work (2)"))
        _ = b.sync([.member(.tag("art"), "bravo", false, at: nil)])
        #expect(b.collectionsCursor.selected == .set(.tagFolder("work")) && b.collectionsCursor.row == 2)
        // work's last item untagged: the tag leaves the tree, and the cursor moves to the row that took its place.
        _ = b.sync([.member(.tag("work"), "alpha", false, at: nil), .member(.tag("work"), "foxtrot", false, at: nil)])
        #expect(b.collectionsCursor.selected == .set(.tagFolder("dev")))
        #expect(pane(b).contains("┃>▸ dev (3)"))
    }

    @Test func aClickOnACollectionSelectsItAndOnTheHeadersStarTogglesNothing() {
        let b = browser()
        // The pane's rows start at screen row 16: the header, Alpha, Delta, dev, work.
        b.handle(MouseEvent(.click, column: 34, row: 16))
        #expect(b.focus == .favorites && b.collectionsCursor.selected == .set(.favorites))
        #expect(b.store.items.favoriteCount == 2, "the header's star is no item's")
        b.handle(MouseEvent(.click, column: 40, row: 20))
        #expect(b.collectionsCursor.selected == .set(.tagFolder("work")))
        #expect(pane(b).contains("┃>  work (2)"))
        // A favorite's star, indented under the header, still toggles it.
        b.handle(MouseEvent(.click, column: 40, row: 16))
        b.handle(MouseEvent(.click, column: 36, row: 17))
        #expect(b.store.items.favoriteCount == 1 && b.store.items["alpha"]?.favorite == false)
    }

    func type(_ browser: Browser, _ text: String) { press(browser, text.map(Key.char)) }

    /// The tags every item carries, by id: what a rename or a delete changes.
    func tags(_ browser: Browser) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: browser.store.items.ids.map { ($0.readable, browser.store.items.tags(of: $0)) })
    }

    @Test func rRenamesATagOnEveryItemAsOneStepThatOneUUndoesAndTheCursorAndTheListGoWithIt() {
        let b = browser()
        let before = tags(b)
        press(b, [.tab, .tab, .char("G"), .enter, .char("r")])
        #expect(b.frame().lines.last == " rename #work to: work▏  enter renames · esc cancels      6 items · 2 favorites")
        press(b, [.ctrl("u")])
        type(b, "job")
        press(b, [.enter])
        #expect(pane(b) == """
        ┏ Collections ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
        ┃ ★ Favorites (2)                              ┃
        ┃ ▸ dev (3)                                    ┃
        ┃>  job (2)                                    ┃
        ┃                                              ┃
        ┃                                              ┃
        ┃                                              ┃
        ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
        """)
        #expect(b.message?.text == "Renamed #work to #job on 2 items — u to undo")
        #expect(b.store.items.tags(of: "alpha") == ["job"] && b.store.items.tags(of: "foxtrot") == ["job"])
        #expect(b.store.query.scope == .members(.tagFolder("job")) && pane(b, .list).hasPrefix("┌ Items 1/2 · #job "))
        press(b, [.char("u")])
        #expect(tags(b) == before)
        #expect(pane(b).contains("work (2)") && !pane(b).contains("job"))
    }

    @Test func aFolderRenameMovesWhatIsNestedInItAndAnItemWithTheNewTagAlreadyOnlyLosesTheOld() {
        let b = browser()
        b.send(.changeMembers(["bravo"], join: [.tag("code/swift")], leave: []))
        // Past the favorites, past code, onto dev, opened.
        press(b, [.tab, .tab, .char("j"), .char("j"), .char("j"), .char("j"), .char("l"), .char("r"), .ctrl("u")])
        type(b, "code")
        press(b, [.enter])
        #expect(pane(b) == """
        ┏ Collections ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
        ┃ ★ Favorites (2)                              ┃
        ┃>▾ code (3)                                   ┃
        ┃     rust (1)                                 ┃
        ┃     swift (2)                                ┃
        ┃   work (2)                                   ┃
        ┃                                              ┃
        ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
        """)
        #expect(tags(b) == ["alpha": ["work"], "bravo": ["code/swift"], "charlie": ["code/rust", "code/swift"],
                            "delta": [], "echo": ["code"], "foxtrot": ["work"]])
        #expect(b.message?.text == "Renamed #dev to #code on 3 items — u to undo")
        press(b, [.char("u")])
        #expect(tags(b)["bravo"] == ["code/swift", "dev/swift"] && tags(b)["echo"] == ["dev"])
    }

    @Test func aNameThatIsNoTagOrTheSameNameKeepsThePromptOpenSayingWhyAndEscChangesNothing() {
        let b = browser()
        let before = tags(b)
        press(b, [.tab, .tab, .char("G"), .char("r"), .char(" ")])
        type(b, "x")
        press(b, [.enter])
        #expect(b.mode == .tagging && b.frame().lines.last?.hasPrefix(" rename #work to: work x▏  tag “work x” has a space") == true)
        press(b, [.ctrl("u")])
        type(b, "WORK")
        press(b, [.enter])
        #expect(b.mode == .tagging && b.tagPrompt.problem == "#work is called that already (tags are compared without case)")
        let steps = b.store.undoStack.count
        press(b, [.escape])
        #expect(b.mode == .normal && tags(b) == before && b.store.undoStack.count == steps)
        // On the list, or on the favorites' header, there is no tag to rename.
        press(b, [.char("g"), .char("r")])
        #expect(b.message?.text == "Select a tag in the collections pane to rename it" && b.mode == .normal)
    }

    @Test func capitalDTakesATagAndWhatIsNestedInItOffEveryItemAndOneUPutsThemBack() {
        let b = browser()
        let before = tags(b)
        press(b, [.tab, .tab, .char("j"), .char("j"), .char("j"), .char("D")])
        #expect(pane(b) == """
        ┏ Collections ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
        ┃ ★ Favorites (2)                              ┃
        ┃>  work (2)                                   ┃
        ┃                                              ┃
        ┃                                              ┃
        ┃                                              ┃
        ┃                                              ┃
        ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
        """)
        #expect(b.message?.text == "Took #dev off 3 items — u to undo")
        #expect(b.store.items.tagPaths == ["work"] && b.store.items.count == 6)
        press(b, [.char("u")])
        #expect(tags(b) == before && pane(b).contains("┃ ▸ dev (3)"))
    }
}
