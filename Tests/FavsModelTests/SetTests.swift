import Testing
@testable import FavsModel

/// A set beside the favorites is joined, left, undone, scoped and counted as the favorites are: the same change,
/// the same event, the same scope, the same rows.
@Suite struct SetTests {
    static let reading = SetID("reading")

    static func fiveItems() -> [Item] {
        ["Alpha", "Bravo", "Charlie", "Delta", "Echo"].enumerated().map { index, title in
            Item(id: ItemID(title.prefix(1).lowercased()), title: title, favorite: index == 0, position: index + 1)
        }
    }

    @Test func joiningASetIsOneChangeWithOneEventAndItsExactInverse() {
        let store = Store(items: Self.fiveItems(), clock: { 9 })
        let outcome = store.send(.toggleMember(Self.reading, "c"))
        #expect(outcome == Outcome(applied: .setMember(Self.reading, "c", true, at: 9),
                                   events: [.membershipChanged(Self.reading, "c")]))
        #expect(store.items.memberCount(of: Self.reading) == 1 && store.items.isMember("c", of: Self.reading))
        #expect(store.items.memberSince("c", in: Self.reading) == 9)
        #expect(store.items.favoriteIDs == ["a"], "the favorites are another set")
        #expect(store.send(.undo).applied == .setMember(Self.reading, "c", false, at: 9))
        #expect(store.items.memberCount(of: Self.reading) == 0 && !store.items.isMember("c", of: Self.reading))
    }

    @Test func aListScopedToASetFollowsEveryJoinLeaveDeleteAndUndo() {
        let store = Store(items: Self.fiveItems(), clock: { 1 })
        store.send(.toggleMembers(Self.reading, ["d", "b"]))
        store.send(.show(ListQuery(scope: .members(Self.reading))))
        #expect(store.list.items(from: 0, count: 9).map(\.id) == ["b", "d"])

        let joined = store.send(.toggleMember(Self.reading, "c"))
        #expect(joined.events == [.membershipChanged(Self.reading, "c"), .moved("c", from: nil, to: 1)])
        #expect(store.list.items(from: 0, count: 9).map(\.id) == ["b", "c", "d"])

        #expect(store.send(.delete("b")).events == [.removed("b", at: 0)])
        #expect(store.items.memberCount(of: Self.reading) == 2)
        #expect(store.send(.undo).events == [.inserted("b", at: 0)], "back, and back in the set")
        #expect(store.items.memberCount(of: Self.reading) == 3)
        #expect(store.send(.undo).events == [.membershipChanged(Self.reading, "c"), .moved("c", from: 1, to: nil)])
        #expect(store.list.items(from: 0, count: 9).map(\.id) == ["b", "d"])
        #expect(store.members(of: Self.reading).items(from: 0, count: 9).map(\.id) == ["b", "d"])
        #expect(store.favorites.items(from: 0, count: 9).map(\.id) == ["a"])
    }

    @Test func takingMarkedItemsOutOfASetTakesAllOutOnlyWhenAllAreIn() {
        let store = Store(items: Self.fiveItems())
        store.send(.toggleMembers(Self.reading, ["a", "e"]))
        store.send(.toggleMembers(Self.reading, ["a", "b"]))  // b is out: all join
        #expect(store.members(of: Self.reading).items(from: 0, count: 9).map(\.id) == ["a", "b", "e"])
        store.send(.toggleMembers(Self.reading, ["a", "b"]))  // all in: all leave
        #expect(store.members(of: Self.reading).items(from: 0, count: 9).map(\.id) == ["e"])
        #expect(store.send(.toggleMembers(Self.reading, ["zz"])).error == "Nothing to change")
    }

    @Test func aRemoteJoinIsAppliedAsTheSameChange() {
        let store = Store(items: Self.fiveItems())
        #expect(store.sync([.member(Self.reading, "e", true, at: 42)]) == [.membershipChanged(Self.reading, "e")])
        #expect(store.items.memberSince("e", in: Self.reading) == 42)
        #expect(store.sync([.member(Self.reading, "e", true, at: 42)]).isEmpty, "applied twice, changed once")
        #expect(!store.canUndo, "another process's change is not undone here")
    }
}
