import Testing
@testable import FavsModel
import FavsTestFixtures

/// The picked items as a set (`SetID.picked`, the collections pane's `↻ Frequent`): kept from the picks' scores,
/// never written, so its count, its most picked and a list scoped to it follow every change of picks at once.
@Suite struct PickedSetTests {
    /// Alpha (a favorite), Bravo, Charlie; Bravo picked twice and Charlie once, scored when made.
    func store(query: ListQuery = ListQuery()) -> Store {
        var items = ItemCollection(threeItems())
        items.setPicks(["b": [Pick(at: 100), Pick(at: 100)], "c": [Pick(at: 100)]], frecency: Frecency(), at: 100)
        return Store(collection: items, query: query)
    }

    func listed(_ store: Store) -> [ItemID?] { (0..<store.list.count).map { store.list.id(at: $0) } }

    @Test func anotherProcesssPickAndForgetChangeTheCountAndTheMostPickedAtOnce() {
        let store = store()
        #expect(store.mostPicked(limit: 10) == MostPicked(count: 2, top: ["b", "c"]))
        // Alpha picked three times in another picker (its picks as stored now): counted, and first.
        store.sync([.picks("a", [Pick(at: 100), Pick(at: 100), Pick(at: 100)])])
        #expect(store.mostPicked(limit: 10) == MostPicked(count: 3, top: ["a", "b", "c"]))
        #expect(store.mostPicked(limit: 2) == MostPicked(count: 3, top: ["a", "b"]))
        // Bravo forgotten there (`favs forget`): gone from the count and the rows.
        store.sync([.picks("b", [])])
        #expect(store.mostPicked(limit: 10) == MostPicked(count: 2, top: ["a", "c"]))
        #expect(store.items.memberCount(of: .picked) == 2 && !store.items.isMember("b", of: .picked))
    }

    @Test func equalScoresAreInLibraryOrderAndADeleteAndItsUndoFollow() {
        let store = store()
        store.sync([.picks("a", [Pick(at: 100)])])  // as much as Charlie: Alpha comes first in the library
        #expect(store.mostPicked(limit: 10).top == ["b", "a", "c"])
        #expect(store.send(.delete("a")).error == nil)
        #expect(store.mostPicked(limit: 10) == MostPicked(count: 2, top: ["b", "c"]))
        #expect(store.send(.undo).error == nil)
        #expect(store.mostPicked(limit: 10) == MostPicked(count: 3, top: ["b", "a", "c"]))
    }

    /// A picked item deleted, another process's item placed between two others (the collection renumbers its slots,
    /// leaving the deleted one out), then the delete undone: it comes back with its score, first among the picked.
    @Test func aPickedItemDeletedAndBroughtBackAfterTheListRenumberedKeepsItsScore() {
        var items = ItemCollection([Item(id: "a", title: "Alpha", position: 1), Item(id: "b", title: "Bravo", position: 3),
                                    Item(id: "c", title: "Charlie", position: 5)])
        items.setPicks(["b": [Pick(at: 100), Pick(at: 100)], "c": [Pick(at: 100)]], frecency: Frecency(), at: 100)
        let store = Store(collection: items)
        #expect(store.send(.delete("b")).error == nil)
        store.sync([.item("ab", Item(id: "ab", title: "Alpha-Bravo", position: 2))])  // between Alpha and Bravo
        #expect(listed(store) == ["a", "ab", "c"])
        #expect(store.mostPicked(limit: 10) == MostPicked(count: 1, top: ["c"]))
        #expect(store.send(.undo).error == nil)
        #expect(store.items.pickScore(of: "b") == 2)
        #expect(store.mostPicked(limit: 10) == MostPicked(count: 2, top: ["b", "c"]))
    }

    @Test func aListScopedToThePickedIsTheMostPickedFirstAndFollowsAForgetItsUndoAndOthersPicks() {
        let store = store(query: ListQuery(scope: .members(.picked), order: .frequent))
        #expect(listed(store) == ["b", "c"])
        // Alpha, never picked, deleted and put back: not in this list.
        #expect(store.send(.delete("a")).error == nil && store.send(.undo).error == nil)
        #expect(listed(store) == ["b", "c"])
        #expect(store.send(.forgetPicks("b")).error == nil)
        #expect(listed(store) == ["c"])
        #expect(store.send(.undo).error == nil)
        #expect(listed(store) == ["b", "c"])
        // The favorite picked elsewhere joins the list by its score, not first: the most picked first here.
        store.sync([.picks("a", [Pick(at: 100), Pick(at: 100), Pick(at: 100)])])
        #expect(listed(store) == ["a", "b", "c"])
        store.sync([.picks("a", [Pick(at: 100)])])
        #expect(listed(store) == ["b", "a", "c"])
        // In every item's list the frequent order keeps the favorites first.
        #expect(store.send(.show(ListQuery(order: .frequent))).error == nil)
        #expect(listed(store) == ["a", "b", "c"])
    }

    @Test func thePickedAreDerivedNeverChangedByThemselves() {
        let store = store()
        #expect(SetID.picked.isDerived && SetID.picked.description == "↻ frequent")
        #expect(store.send(.toggleMember(.picked, "a")).error == "An item is picked in favs pick, and forgotten there with ctrl-d")
        #expect(store.mostPicked(limit: 10).count == 2)
    }
}
