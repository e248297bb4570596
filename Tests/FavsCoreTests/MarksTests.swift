import Testing
@testable import FavsCore
@testable import FavsModel
import FavsTestFixtures

/// Marks (m), ranges (v) and the batch changes f and d make of them: one step to undo, one to redo.
@Suite struct MarksTests {
    static let items = (0..<6).map { Item(id: ItemID("i\($0)"), title: "Item \($0)", favorite: $0 == 2, position: $0) }

    func browser(sink: ChangeSink? = nil) -> Browser {
        Browser(store: Store(items: Self.items, sink: sink, clock: { 9 }), libraryName: "m", width: 40, height: 12)
    }

    func press(_ b: Browser, _ keys: String) throws {
        for name in keys.split(separator: " ") { b.handle(try #require(Key(name: String(name)))) }
    }

    func rows(_ b: Browser) -> [String] { Array(b.frame().lines[2...7]) }

    @Test func marksShowInTheFirstColumnAndTheStatusLineCountsThem() throws {
        let b = browser()
        try press(b, "m j j m j")
        #expect(rows(b) == [
            "┃•  Item 0                             ┃",
            "┃   Item 1                             ┃",
            "┃•★ Item 2                             ┃",
            "┃>  Item 3                             ┃",
            "┃   Item 4                             ┃",
            "┃   Item 5                             ┃",
        ])
        #expect(b.frame().lines[11].hasPrefix(" 2 marked · f · d · esc clears"))
        try press(b, "k m")
        #expect(b.frame().lines[4] == "┃>★ Item 2                             ┃", "m again unmarks")
        try press(b, "esc")
        #expect(b.marks.isEmpty && rows(b)[0] == "┃   Item 0                             ┃")
    }

    @Test func marksTheFilterOrTheFavoritesViewHidesStillCountAndTheStatusLineSaysHowManyAreHidden() throws {
        let sink = RecordingSink()
        let b = browser(sink: sink)
        try press(b, "m j m j j m")  // Item 0, Item 1 and Item 3 marked
        try press(b, "/ 3 enter")
        #expect(b.frame().lines[11].hasPrefix(" 3 marked (2 hidden) "))
        b.resize(width: 72, height: 12)
        #expect(b.frame().lines[11].hasPrefix(" 3 marked (2 hidden) · f · d · esc clears"))
        b.resize(width: 40, height: 12)
        try press(b, "esc")  // one thing a press: the marks go first, the filter stays
        #expect(b.marks.isEmpty && b.store.query.filter == "3")
        try press(b, "esc")
        #expect(b.store.query.filter == "")
        try press(b, "g m F ctrl-l")  // Item 0 marked, then favorites only: Item 0 is hidden, and f still stars it
        #expect(b.frame().lines[11].hasPrefix(" 1 marked (1 hidden)"))
        try press(b, "f")
        #expect(b.store.items.favoriteIDs == ["i0", "i2"])
    }

    @Test func aRangeRunsFromWhereVStartedToTheCursor() throws {
        let b = browser()
        try press(b, "j v j j")
        #expect(b.mode == .visual)
        #expect(rows(b)[0...4] == [
            "┃   Item 0                             ┃",
            "┃•  Item 1                             ┃",
            "┃•★ Item 2                             ┃",
            "┃»  Item 3                             ┃",
            "┃   Item 4                             ┃",
        ])
        #expect(b.frame().lines[11].hasPrefix(" 3 marked · v ends · esc clears"))
        try press(b, "v j")  // v ends the range; its items stay marked
        #expect(b.mode == .normal && b.marks.ids == ["i1", "i2", "i3"])
        #expect(rows(b)[3...4] == ["┃•  Item 3                             ┃", "┃>  Item 4                             ┃"])
    }

    @Test func fFavoritesEveryMarkedItemAndOneUndoTakesTheWholeBatchBack() throws {
        let sink = RecordingSink()
        let b = browser(sink: sink)
        try press(b, "m j v j j")  // i0 marked, range i1…i3 (i2 already a favorite)
        try press(b, "f")
        #expect(b.message?.text == "Favorited 3 items")
        #expect(b.store.items.favoriteIDs == ["i0", "i1", "i2", "i3"])
        #expect(b.marks.isEmpty && b.mode == .normal)
        // Made one after the other in list order, each stamped after the one before (the clock stands at 9).
        #expect(sink.persisted == [.batch([.setFavorite("i0", true, at: 9), .setFavorite("i1", true, at: 10),
                                           .setFavorite("i3", true, at: 11)])])
        try press(b, "u")
        #expect(b.message?.text == "Undo: unfavorited 3 items")
        #expect(b.store.items.favoriteIDs == ["i2"])
        try press(b, "ctrl-r")
        #expect(b.message?.text == "Redo: favorited 3 items")
        #expect(b.store.items.favoriteIDs == ["i0", "i1", "i2", "i3"])
        try press(b, "g v G f")  // every item marked, some not favorites: f favorites them all
        #expect(b.store.items.favoriteIDs.count == 6)
        try press(b, "g v G f")  // every marked item a favorite: f unfavorites them all
        #expect(b.store.items.favoriteIDs == [])
    }

    @Test func dDeletesEveryMarkedItemAsOneStepAndUndoPutsThemAllBack() throws {
        let b = browser()
        try press(b, "m j j m j")
        try press(b, "d")
        #expect(b.message?.text == "Deleted 2 items — u to undo")
        #expect(b.store.items.ids == ["i1", "i3", "i4", "i5"])
        #expect(b.selectedID == "i3", "the cursor stays on its item")
        try press(b, "u")
        #expect(b.store.items.ids == ["i0", "i1", "i2", "i3", "i4", "i5"])
        #expect(b.message?.text == "Undo: restored 2 items")
    }

    /// Its marks stay, so that the user can try again. (They went with it.)
    @Test func aBatchThatCannotBeSavedIsRolledBackWholeAndItsItemsStayMarked() throws {
        let sink = RecordingSink()
        sink.failNext = true
        let b = browser(sink: sink)
        try press(b, "m j m d")
        #expect(b.message?.text == "Not saved: disk is full")
        #expect(b.store.items.ids.count == 6 && !b.store.canUndo)
        #expect(rows(b)[0...1] == ["┃•  Item 0                             ┃", "┃»  Item 1                             ┃"])
        #expect(b.marks.ids == ["i0", "i1"])
        try press(b, "d")
        #expect(b.message?.text == "Deleted 2 items — u to undo")
        #expect(b.store.items.ids == ["i2", "i3", "i4", "i5"] && b.marks.isEmpty)
    }

    @Test func undoOfABatchIsRefusedWhenOneOfItsItemsChangedElsewhere() throws {
        let b = browser()
        try press(b, "m j m f")
        b.sync([.item("i1", Item(id: "i1", title: "Item 1", favorite: false, position: 1))])
        try press(b, "u")
        #expect(b.message?.text == "Some of these 2 items have changed elsewhere")
        #expect(b.store.items.favoriteIDs == ["i0", "i2"], "nothing of the batch undone")
    }

    @Test func anItemDeletedElsewhereIsNoLongerMarked() throws {
        let b = browser()
        try press(b, "m j m")
        b.sync([.item("i0", nil)])
        #expect(b.marks.ids == ["i1"])
        #expect(b.frame().lines[11].hasPrefix(" 1 marked"))
    }
}
