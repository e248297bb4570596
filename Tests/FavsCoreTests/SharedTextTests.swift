import Testing
@testable import FavsModel

/// Titles that equal their ids are stored once (the title arena is the id arena), and lower-case ASCII titles
/// are their own folded form: the items, the filter and every change read exactly as if each were a copy.
@Suite struct SharedTextTests {
    private func items(_ titles: [(String, String)]) -> [Item] {
        titles.enumerated().map { Item(id: ItemID($1.0), title: $1.1, position: $0 + 1) }
    }

    @Test func titlesEqualToIdsShareTheirStorageAndReadBackExactly() {
        let collection = ItemCollection(items([("alpha", "alpha"), ("bravo", "bravo"), ("charlie", "charlie")]))
        #expect(collection.titleArena == collection.idArena)
        #expect(collection.items(fromRow: 0, count: 3).map(\.title) == ["alpha", "bravo", "charlie"])
    }

    @Test func aTitleThatDiffersPartWayKeepsEveryTitleBeforeAndAfterIt() {
        let collection = ItemCollection(items([("a", "a"), ("b", "b"), ("c", "Charlie"), ("d", "d")]))
        #expect(collection.items(fromRow: 0, count: 4).map(\.title) == ["a", "b", "Charlie", "d"])
        #expect(collection.ids == ["a", "b", "c", "d"])
    }

    @Test func anItemArrivingWithAnotherTitleAfterwardsLeavesTheSharedTitlesAsTheyWere() {
        let store = Store(items: items([("alpha", "alpha"), ("charlie", "charlie")]))
        store.sync([.item("bravo", Item(id: "bravo", title: "Bravo!", position: 5))])
        #expect(store.items.items(fromRow: 0, count: 3).map(\.title) == ["alpha", "charlie", "Bravo!"])
        #expect(store.items.ids == ["alpha", "charlie", "bravo"])
        #expect(store.send(.show(ListQuery(filter: "brav"))).error == nil)
        #expect(store.list.count == 1 && store.list.id(at: 0) == "bravo")
    }

    @Test func halvesReadOnTwoThreadsJoinWithTheirTitles() {
        var first = ItemCollection.Builder(), second = ItemCollection.Builder()
        for (i, id) in ["a", "b"].enumerated() { first.append(Item(id: ItemID(id), title: id, position: i + 1)) }
        for (i, id) in ["c", "d"].enumerated() { second.append(Item(id: ItemID(id), title: id.uppercased(), position: i + 3)) }
        first.append(contentsOf: second)
        #expect(first.build().items(fromRow: 0, count: 4).map(\.title) == ["a", "b", "C", "D"])
    }

    @Test func lowerCaseTitlesAreTheirOwnFoldAndOthersAreFolded() {
        let plain = ItemCollection(items([("1", "abc-1"), ("2", "xyz_2")]))
        #expect(plain.foldedTitles == plain.titleArena)
        let mixed = ItemCollection(items([("1", "abc-1"), ("2", "Éclair XYZ")]))
        #expect(mixed.foldedTitles.string(1) == "éclair xyz")
        #expect(mixed.foldedTitles.string(0) == "abc-1")
    }
}
