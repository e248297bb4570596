import Testing
@testable import FavsCore
@testable import FavsModel
import FavsTestFixtures

/// `Store.sync` and `Browser.sync`: other processes' changes, given as the items' state on disk,
/// become ordinary events; they are neither persisted again nor undoable here.
@Suite struct RemoteSyncTests {
    private func item(_ id: ItemID, favorite: Bool? = nil) throws -> Item {
        var item = try #require(threeItems().first { $0.id == id })
        if let favorite { item.favorite = favorite }
        return item
    }

    @Test func aRemoteFavoriteBecomesAnEventAndIsNotPersistedOrUndoable() throws {
        let sink = RecordingSink()
        let store = Store(items: threeItems(), sink: sink)
        #expect(store.sync([.item("b", try item("b", favorite: true))]) == [.favoriteChanged("b")])
        #expect(store.items.favoriteIDs == ["a", "b"])
        #expect(sink.persisted.isEmpty)
        #expect(!store.canUndo)
    }

    @Test func aRemoteDeleteRemovesTheItemAndARemoteRestorePutsItBackInItsRow() throws {
        let store = Store(items: threeItems())
        #expect(store.sync([.item("a", nil)]) == [.removed("a", at: 0)])
        #expect(store.items.ids == ["b", "c"])
        #expect(store.items.favoriteCount == 0)
        #expect(store.sync([.item("a", try item("a"))]) == [.inserted("a", at: 0)])
        #expect(store.items.ids == ["a", "b", "c"])
        #expect(store.items["a"]?.favorite == true)
    }

    @Test func applyingTheSameUpdateTwiceChangesNothingTheSecondTime() throws {
        let store = Store(items: threeItems())
        let updates: [RemoteUpdate] = [.item("b", try item("b", favorite: true)), .item("c", nil)]
        #expect(store.sync(updates) == [.favoriteChanged("b"), .removed("c", at: 2)])
        let after = store.items.ids
        #expect(store.sync(updates).isEmpty)
        #expect(store.items.ids == after)
        #expect(store.items.favoriteIDs == ["a", "b"])
    }

    @Test func anUpdateMatchingTheModelOrAnItemAlreadyGoneChangesNothing() throws {
        let store = Store(items: threeItems())
        #expect(store.sync([.item("a", try item("a")), .item("zzz", nil)]).isEmpty)
        #expect(store.sync([]).isEmpty)
    }

    @Test func aReloadReplacesTheItemsAndKeepsTheHistoryOfTheItemsAsTheyWere() throws {
        let store = Store(items: threeItems())
        store.send(.toggleFavorite("b"))
        store.send(.delete("c"))
        // Another process imported: the list read again holds b starred (ours, saved), no c (deleted) and a new d.
        var starred = try item("b", favorite: true)
        starred.favoritedAt = store.items["b"]?.favoritedAt
        let items = [try item("a"), starred, Item(id: "d", title: "Delta", favorite: true, position: 4)]
        #expect(store.sync([.reload(ItemCollection(items))]) == [.reloaded])
        #expect(store.items.ids == ["a", "b", "d"])
        #expect(store.items.favoriteIDs == ["a", "b", "d"])
        #expect(store.send(.undo).events == [.inserted("c", at: 2)], "the delete is undone after the reload")
        #expect(store.send(.undo).events == [.favoriteChanged("b")], "and the star")
        #expect(store.items.favoriteIDs == ["a", "d"])
        #expect(store.send(.redo).events == [.favoriteChanged("b")])
    }

    @Test func aStepWhoseItemChangedInTheReloadSaysSoAndIsDropped() throws {
        let store = Store(items: threeItems())
        store.send(.toggleFavorite("b"))
        store.send(.toggleFavorite("c"))
        // The list read again: c unstarred by another process, b starred as ours left it.
        var starred = try item("b", favorite: true)
        starred.favoritedAt = store.items["b"]?.favoritedAt
        #expect(store.sync([.reload(ItemCollection([try item("a"), starred, try item("c")]))]) == [.reloaded])
        #expect(store.send(.undo).error == "“Charlie” has changed elsewhere")
        #expect(store.send(.undo).events == [.favoriteChanged("b")], "the step before it still applies")
        #expect(store.send(.undo).error == "Nothing to undo")
    }

    @Test func undoOfAChangeOverriddenElsewhereSaysSoAndKeepsTheDisksState() throws {
        let sink = RecordingSink()
        let store = Store(items: threeItems(), sink: sink, clock: { 7 })
        store.send(.toggleFavorite("b"))
        #expect(!store.sync([.item("b", try item("b", favorite: false))]).isEmpty)
        let outcome = store.send(.undo)
        #expect(outcome.error == "“Bravo” has changed elsewhere")
        #expect(store.items["b"]?.favorite == false)
        #expect(sink.persisted == [.setFavorite("b", true, at: 7)])
    }

    // MARK: Browser

    private func browser(_ items: [Item] = threeItems()) -> Browser {
        Browser(store: Store(items: items), libraryName: "sample library", width: 80, height: 24)
    }

    @Test func theSelectionMovesOffARemotelyDeletedItemToTheNextOne() throws {
        let b = browser()
        b.handle(.char("j"))
        #expect(b.selectedID == "b")
        #expect(b.sync([.item("b", nil)]))
        #expect(b.selectedID == "c")
        let lines = b.frame().lines
        #expect(lines[1].hasPrefix("┏ Items 2/2 "))
        #expect(lines[3].hasPrefix("┃>  Charlie"))
        #expect(lines[23].hasSuffix("2 items · 1 favorite"))
    }

    @Test func aRemotelyDeletedLastItemMovesTheSelectionUp() throws {
        let b = browser()
        b.handle(.char("G"))
        #expect(b.sync([.item("c", nil)]))
        #expect(b.selectedID == "b")
        #expect(b.sync([.item("a", nil), .item("b", nil)]))
        #expect(b.selectedID == nil)
        #expect(b.frame().lines[2].contains("No items"))
    }

    @Test func aRemoteRestoreAboveTheSelectionKeepsTheSelectedItem() throws {
        let b = browser()
        #expect(b.sync([.item("a", nil)]))
        #expect(b.selectedID == "b")
        #expect(b.sync([.item("a", try item("a"))]))
        #expect(b.selectedID == "b")
        let lines = b.frame().lines
        #expect(lines[1].hasPrefix("┏ Items 2/3 "))
        #expect(lines[2].hasPrefix("┃ ★ Alpha"))
        #expect(lines[3].hasPrefix("┃>  Bravo"))
    }

    @Test func aRemoteFavoriteShowsInTheListTheFavoritesPaneAndTheCounts() throws {
        let b = browser()
        _ = b.frame()
        #expect(b.sync([.item("c", try item("c", favorite: true))]))
        let text = b.frameText()
        #expect(text.contains("┃ ★ Charlie"))
        #expect(text.contains("┌ Favorites (2) "))
        #expect(text.contains("│ ★ Charlie "))
        #expect(b.frame().lines[23].hasSuffix("3 items · 2 favorites"))
        #expect(!b.sync([.item("c", try item("c", favorite: true))]), "no new frame for nothing")
    }

    @Test func theDetailRedrawsWhatAnotherProcessChangedInTheSelectedItem() throws {
        let b = browser()
        b.handle(.char("j"))
        // Line 2 is the list's first row beside the detail's first line: the selected item's title.
        #expect(b.frame().lines[2].hasSuffix("┃│   Bravo" + String(repeating: " ", count: 38) + "│"), "not a favorite")
        #expect(b.sync([.item("b", try item("b", favorite: true))]))
        #expect(b.frame().lines[2].hasSuffix("┃│ ★ Bravo" + String(repeating: " ", count: 38) + "│"),
                "the detail laid out again: now starred")
        var renamed = try item("b", favorite: true)
        renamed.title = "Bravissimo"
        #expect(b.sync([.reload(ItemCollection([try item("a"), renamed, try item("c")]))]))
        #expect(b.frame().lines[2].hasSuffix("┃│ ★ Bravissimo" + String(repeating: " ", count: 33) + "│"),
                "a new title after a reload")
    }

    @Test func aRemoteReloadKeepsTheFilterAndShowsNewItems() throws {
        let b = browser()
        for key in "/a" { b.handle(.char(key)) }
        b.handle(.enter)
        let items = threeItems() + [Item(id: "d", title: "Delta", position: 4)]
        #expect(b.sync([.reload(ItemCollection(items))]))
        let lines = b.frame().lines
        #expect(lines[1].hasPrefix("┏ Items 1/4 · /a "), "Alpha, Bravo, Charlie and Delta all contain an a")
        #expect(lines[23].hasSuffix("4 items · 1 favorite"))
    }
}
