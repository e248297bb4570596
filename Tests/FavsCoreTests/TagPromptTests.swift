import Testing
@testable import FavsCore
@testable import FavsModel
import FavsTestFixtures

/// The tag prompt (`t`), an item's tags in the detail and after its title in the list.
@Suite struct TagPromptTests {
    /// Five items, some tagged: Alpha `dev/swift` and `work`, Bravo `old`, Delta `work/done`.
    static func tagged(width: Int = 80, height: Int = 24) -> Browser {
        let items = ["Alpha", "Bravo", "Charlie", "Delta", "Echo across a long corridor"].enumerated().map { index, title in
            Item(id: ItemID(title.prefix(1).lowercased()), title: title, favorite: index == 0, position: index + 1)
        }
        let store = Store(items: items, clock: { 1 })
        // Tagged as another process would have: nothing here to undo.
        for (id, tag) in [("a", "dev/swift"), ("a", "work"), ("b", "old"), ("d", "work/done"), ("e", "far")] {
            store.send(.external(.setMember(.tag(tag), ItemID(id), true, at: 1)))
        }
        return Browser(store: store, libraryName: "tags", width: width, height: height)
    }

    func press(_ browser: Browser, _ keys: String) throws { try BrowserTests().press(browser, keys) }

    /// `tagged(width: 60, height: 12)` but its status line: Alpha selected, its tags in the detail, the rows' after
    /// their titles (Alpha's cut after the first, Echo's title too long to leave them room).
    static let panes = """
         favs — tags
        ┏ Items 1/5 ━━━━━━━━━━━┓┌ Detail ──────────────────────────┐
        ┃>★ Alpha  #dev/swift …┃│ ★ Alpha                          │
        ┃   Bravo  #old        ┃│                                  │
        ┃   Charlie            ┃│ id: a                            │
        ┃   Delta  #work/done  ┃│ tags: #dev/swift  #work          │
        ┃   Echo across a long…┃└──────────────────────────────────┘
        ┃                      ┃┌ Collections ─────────────────────┐
        ┃                      ┃│ ★ Favorites (1)                  │
        ┃                      ┃│   ★ Alpha                        │
        ┗━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────┘
        """

    // MARK: The prompt

    @Test func tagPlusAndMinusOnMarkedItemsIsOneStepThatOneUndoTakesBack() throws {
        let b = Self.tagged()
        try press(b, "m j m t")
        #expect(b.frame().lines.last == " tag 2 items: ▏  tab completes · enter tags · esc cancels  5 items · 1 favorite")
        try press(b, "type +new -old\nenter")
        #expect(b.mode == .normal)
        #expect(b.store.items.tags(of: "a") == ["dev/swift", "new", "work"])
        #expect(b.store.items.tags(of: "b") == ["new"])
        #expect(b.store.items.tags(of: "c") == [], "the selection is not tagged when items are marked")
        #expect(b.frame().lines.last == " 2 items: +new −old                                        5 items · 1 favorite",
                "what was done, and the marks cleared as f clears them")
        try press(b, "u")
        #expect(b.store.items.tags(of: "a") == ["dev/swift", "work"])
        #expect(b.store.items.tags(of: "b") == ["old"])
        #expect(b.message?.text == "Undo: 2 items: +old −new")
    }

    @Test func withoutMarksThePromptTagsTheSelectedItemAndNamesIt() throws {
        let b = Self.tagged()
        try press(b, "j j t type Reading\nenter")
        #expect(b.store.items.tags(of: "c") == ["Reading"])
        #expect(b.message?.text == "“Charlie”: +Reading")
    }

    @Test func aWordThatIsNoTagKeepsThePromptOpenWithItsReasonAndChangesNothing() throws {
        let b = Self.tagged()
        try press(b, "t type +ok bad;tag\nenter")
        #expect(b.mode == .tagging)
        #expect(b.store.items.tags(of: "a") == ["dev/swift", "work"])
        let canvas = b.frame()
        #expect(canvas.lines.last == " tag: +ok bad;tag▏  tag “bad;tag” has “;” (it separates t… 5 items · 1 favorite")
        #expect(canvas.styleLines.last == "B                   rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr", "the reason in the error role")
        try press(b, "backspace backspace backspace backspace enter")
        #expect(b.mode == .normal)
        #expect(b.store.items.tags(of: "a") == ["bad", "dev/swift", "ok", "work"])
        try press(b, "t type +x -X\nenter")
        #expect(b.frame().lines.last?.hasPrefix(" tag: +x -X▏  tag “X” is both added and taken off ") == true)
    }

    @Test func escapeClosesThePromptChangingNothing() throws {
        let b = Self.tagged()
        try press(b, "m t type +new\nesc")
        #expect(b.mode == .normal)
        #expect(b.store.items.tags(of: "a") == ["dev/swift", "work"])
        #expect(b.frame().lines.last == " 1 marked · f favorite · d delete · esc clears             5 items · 1 favorite",
                "the marks stay")
        try press(b, "u")
        #expect(b.message?.text == "Nothing to undo")
    }

    @Test func tabCompletesOneTagWithASpaceAndSeveralToWhatTheyShare() throws {
        let b = Self.tagged(width: 60, height: 12)
        try press(b, "t type -O\ntab")
        #expect(b.frame().lines.last == " tag: -old ▏  enter tags · esc cancels 5 items · 1 favorite",
                "one tag, in its own spelling, and a space for the next word")
        try press(b, "type +W\ntab")
        #expect(b.frameText() == Self.panes + "\n" + " tag: -old +work▏  work  work/done     5 items · 1 favorite")
        try press(b, "type z\ntab")
        #expect(b.frame().lines.last == " tag: -old +workz▏  no tag starts wit… 5 items · 1 favorite")
    }

    @Test func inAPickerTTypesIntoTheQuery() throws {
        let b = Browser(store: Store(items: threeItems()), libraryName: "pick", purpose: .pick)
        try press(b, "t")
        #expect(b.mode == .normal)
        #expect(b.store.query.filter == "t")
        #expect(b.keyMap.keys(for: .tag) == [], "no key tags in a picker, and the help leaves it out")
    }

    // MARK: Tags on screen

    @Test func theDetailShowsTheTagsAndListRowsShowThemDimmedAfterTheTitle() {
        let canvas = Self.tagged(width: 60, height: 12).frame()
        #expect(canvas.lines.joined(separator: "\n") == Self.panes + "\n" + " f fav · d del · u undo · ? help       5 items · 1 favorite")
        #expect(canvas.styleLines[2...5].joined(separator: "\n") == """
            aRYRRRRRRRRRRRRRRRRRRRRa  y
            a          DDDD        a
            a                      a  fff
            a          DDDDDDDDDD  a  fffff
            """)
    }

    @Test func onANarrowScreenTagsGoBeforeTheTitleIsCut() {
        #expect(Self.tagged(width: 20, height: 9).frameText() == """
             favs — tags
            ┏ Items 1/5 ━━━━━━━┓
            ┃>★ Alpha          ┃
            ┃   Bravo  #old    ┃
            ┃   Charlie        ┃
            ┃   Delta          ┃
            ┃   Echo across a …┃
            ┗━━━━━━━━━━━━━━━━━━┛
             ? help      5 · ★1
            """)
    }

    @Test func theDetailOfAnItemWithoutTagsHasNoTagsLine() {
        let b = Self.tagged(width: 60, height: 12)
        b.handle(.char("j"))
        b.handle(.char("j"))
        #expect(b.frame().lines[4...5].joined(separator: "\n") == """
            ┃>  Charlie            ┃│ id: c                            │
            ┃   Delta  #work/done  ┃│                                  │
            """)
    }
}
