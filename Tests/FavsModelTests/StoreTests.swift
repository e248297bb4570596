import Testing
@testable import FavsCore
@testable import FavsModel
import FavsTestFixtures

@Suite struct StoreTests {
    @Test func togglingAFavoriteChangesOneItemAndEmitsOneEvent() {
        let sink = RecordingSink()
        let store = Store(items: threeItems(), sink: sink, clock: { 1_700_000_000_000 })
        let outcome = store.send(.toggleFavorite("b"))
        #expect(outcome == Outcome(applied: .setFavorite("b", true, at: 1_700_000_000_000), events: [.favoriteChanged("b")]))
        #expect(store.items["b"]?.favorite == true)
        #expect(store.items.favoriteIDs == ["a", "b"])
        #expect(store.items.favoriteCount == 2)
        #expect(sink.persisted == [.setFavorite("b", true, at: 1_700_000_000_000)])
        #expect(store.items["b"]?.favoritedAt == 1_700_000_000_000, "the time it was favorited is kept")
    }

    @Test func deletingRemovesTheItemAndReportsItsRow() {
        let store = Store(items: threeItems())
        let outcome = store.send(.delete("b"))
        let bravo = Item(id: "b", title: "Bravo", position: 2)
        #expect(outcome == Outcome(applied: .delete(bravo), events: [.removed("b", at: 1)]))
        #expect(store.items.ids == ["a", "c"])
        #expect(store.items["b"] == nil)
        #expect(store.items.row(of: "c") == 1)
    }

    @Test func deletingTheLastItemLeavesAnEmptyCollection() {
        let store = Store(items: [Item(id: "x", title: "Only", favorite: true, position: 7)])
        #expect(store.send(.delete("x")).events == [.removed("x", at: 0)])
        #expect(store.items.isEmpty)
        #expect(store.items.favoriteCount == 0)
        #expect(store.send(.undo).events == [.inserted("x", at: 0)])
        #expect(store.items["x"]?.favorite == true)
    }

    @Test func undoPutsADeletedItemBackAtItsRowWithItsFavorite() {
        let store = Store(items: threeItems())
        store.send(.delete("a"))
        let outcome = store.send(.undo)
        let alpha = Item(id: "a", title: "Alpha", favorite: true, position: 1)
        #expect(outcome == Outcome(applied: .restore(alpha), events: [.inserted("a", at: 0)]))
        #expect(store.items.ids == ["a", "b", "c"])
        #expect(store.items.favoriteIDs == ["a"])
        #expect(store.canRedo)
    }

    @Test func redoReappliesWhatUndoTookBack() {
        let store = Store(items: threeItems(), clock: { 5 })
        store.send(.toggleFavorite("c"))
        store.send(.undo)
        #expect(store.items["c"]?.favorite == false)
        #expect(store.send(.redo) == Outcome(applied: .setFavorite("c", true, at: 5), events: [.favoriteChanged("c")]))
        #expect(store.items["c"]?.favoritedAt == 5, "redo puts back the time, not a new one")
        #expect(store.items["c"]?.favorite == true)
        #expect(!store.canRedo)
    }

    @Test func aNewChangeClearsTheRedoHistory() {
        let store = Store(items: threeItems())
        store.send(.toggleFavorite("b"))
        store.send(.undo)
        store.send(.delete("c"))
        #expect(store.send(.redo) == Outcome(error: "Nothing to redo"))
    }

    @Test func undoWithNoHistorySaysSoAndChangesNothing() {
        let store = Store(items: threeItems())
        #expect(store.send(.undo) == Outcome(error: "Nothing to undo"), "no events")
        #expect(store.items.ids == ["a", "b", "c"])
    }

    @Test func aFailedWriteIsRolledBackInTheEventsAndNotUndoable() {
        let sink = RecordingSink()
        sink.failNext = true
        let store = Store(items: threeItems(), sink: sink)
        let outcome = store.send(.delete("b"))
        #expect(outcome.error == "Not saved: disk is full")
        #expect(outcome.applied == nil)
        #expect(outcome.events == [.removed("b", at: 1), .inserted("b", at: 1)])
        #expect(store.items.ids == ["a", "b", "c"])
        #expect(!store.canUndo)
        #expect(sink.persisted.isEmpty)
    }

    @Test func anExternalChangeIsAppliedButNotPersistedOrUndoable() {
        let sink = RecordingSink()
        let store = Store(items: threeItems(), sink: sink)
        #expect(store.send(.external(.setFavorite("b", true))).events == [.favoriteChanged("b")])
        #expect(store.items["b"]?.favorite == true)
        #expect(sink.persisted.isEmpty)
        #expect(!store.canUndo)
    }

    @Test func actionsOnAnUnknownIdAreRefused() {
        let store = Store(items: threeItems())
        #expect(store.send(.toggleFavorite("zz")) == Outcome(error: "no item 'zz'"))
        #expect(store.send(.delete("zz")) == Outcome(error: "no item 'zz'"))
    }

    @Test func aQueryAndAFieldReadGoThroughSendAndSayWhatChanged() {
        let source = FixedFieldSource(["b": [Field("url", "https://b.example")]])
        let items = threeItems().map { item -> Item in
            var item = item
            item.fields = []
            return item
        }
        let store = Store(items: items, fieldSource: source)
        #expect(store.send(.show(ListQuery(filter: "a"))) == Outcome(events: [.queryChanged]))
        #expect(store.send(.show(ListQuery(filter: "a"))) == Outcome(), "the same query: nothing changed")
        #expect(store.list.count == 3, "Alpha, Bravo and Charlie all hold an a")
        #expect(store.fields(of: "b") == nil, "not read yet")
        #expect(store.send(.readFields("b")) == Outcome(events: [.fieldsRead("b")]))
        #expect(store.fields(of: "b") == [Field("url", "https://b.example")])
        #expect(store.send(.readFields("b")) == Outcome(), "at hand: not read again")
        #expect(store.send(.readFields("c")).error == "Cannot read the fields: no fields for c")
        #expect(!store.canUndo, "neither is a change to undo")
    }

    @Test func rowsAndFavoritesStayOrderedByPositionThroughDeletesAndRestores() {
        let items = (1...50).map { Item(id: ItemID("i\($0)"), title: "T\($0)", favorite: $0 % 3 == 0, position: $0 * 10) }
        let store = Store(items: items.shuffled())
        for id in ["i3", "i1", "i50", "i25"] { store.send(.delete(ItemID(id))) }
        store.send(.undo)
        store.send(.undo)
        let expected = items.map(\.id).filter { !["i3", "i1"].contains($0.rawValue) }
        #expect(store.items.ids == expected)
        #expect(store.items.favoriteIDs == expected.filter { (Int($0.rawValue.dropFirst()) ?? 0) % 3 == 0 })
        for (row, id) in expected.enumerated() { #expect(store.items.row(of: id) == row) }
    }

    @Test func undoOfAChangeOverriddenElsewhereIsRefusedAndDropped() {
        let store = Store(items: threeItems())
        store.send(.toggleFavorite("b"))
        store.send(.delete("c"))
        store.send(.external(.setFavorite("b", false)))  // another process unstarred it
        store.send(.undo)  // restores c
        #expect(store.send(.undo) == Outcome(error: "“Bravo” has changed elsewhere"))
        #expect(store.items["b"]?.favorite == false)
        #expect(store.send(.undo) == Outcome(error: "Nothing to undo"))
    }
}

/// Items can be loaded without their fields; the detail pane reads them from the library when shown.
@Suite struct FieldSourceTests {
    final class Source: FieldSource {
        var reads: [ItemID] = []
        func fields(of id: ItemID) throws -> [Field] {
            reads.append(id)
            return [Field("artist", "Artist of \(id)")]
        }
    }

    @Test func theDetailPaneShowsFieldsReadFromTheSourceOncePerItem() {
        let source = Source()
        let store = Store(items: threeItems(), fieldSource: source)
        let browser = Browser(store: store, libraryName: "lazy", width: 80, height: 24)
        #expect(browser.frameText().contains("│ artist: Artist of a"))
        browser.handle(.char("j"))
        #expect(browser.frameText().contains("│ artist: Artist of b"))
        browser.handle(.char("k"))
        _ = browser.frameText()
        #expect(source.reads == ["a", "b"])
    }

    final class FailingSource: FieldSource {
        struct Unreadable: Error, CustomStringConvertible { var description: String { "disk I/O error" } }
        var fail = true
        func fields(of id: ItemID) throws -> [Field] {
            if fail { throw Unreadable() }
            return [Field("artist", "Artist of \(id)")]
        }
    }

    @Test func aFailedFieldReadIsShownOnTheStatusLineAndNotKeptAsEmpty() {
        let source = FailingSource()
        let store = Store(items: threeItems(), fieldSource: source)
        let browser = Browser(store: store, libraryName: "lazy", width: 80, height: 24)
        browser.handle(.char("j"))
        let lines = browser.frame().lines
        #expect(lines[23].hasPrefix(" Cannot read the fields: disk I/O error"))
        #expect(lines[3] == "┃>  Bravo                      ┃│                                              │")
        #expect(lines[4] == "┃   Charlie                    ┃│ id: b                                        │")
        #expect(lines[5] == "┃                              ┃│ (fields not read)                            │")
        #expect(store.fields(of: "b") == nil, "a failure is not an item without fields")
        source.fail = false
        browser.handle(.char("k"))
        browser.handle(.char("j"))
        #expect(browser.frameText().contains("│ artist: Artist of b"), "read again once the selection comes back")
    }

    @Test func fieldsHeldByTheItemWinOverTheSource() {
        let source = Source()
        let store = Store(items: [Item(id: "x", title: "X", fields: [Field("year", "1999")], position: 1)],
                          fieldSource: source)
        #expect(store.fields(of: "x") == [Field("year", "1999")])
        #expect(source.reads.isEmpty)
    }
}

/// Fields by id; any other id cannot be read.
private final class FixedFieldSource: FieldSource {
    struct Missing: Error, CustomStringConvertible {
        let id: ItemID
        var description: String { "no fields for \(id.readable)" }
    }

    let fields: [ItemID: [Field]]
    init(_ fields: [ItemID: [Field]]) { self.fields = fields }

    func fields(of id: ItemID) throws -> [Field] {
        guard let found = fields[id] else { throw Missing(id: id) }
        return found
    }
}
