import Testing
@testable import FavsModel

/// A team library's stars in the model: yours are the favorites, another member's arrive as their set (`@ana`), and
/// the team's set counts each item once per member who starred it. Others' stars are theirs: never changed here.
@Suite struct TeamStarsModelTests {
    static let ana = SetID.stars(of: "ana"), bo = SetID.stars(of: "bo")

    @Test func anotherMembersStarCountsInTheTeamWithoutStarringItForYou() {
        let store = Store(items: SetTests.fiveItems(), clock: { 7 })  // a is your favorite
        #expect(!store.items.hasTeamStars && store.items.teamStars(of: "a") == 1, "alone: your star is the count")
        #expect(store.sync([.member(Self.ana, "a", true, at: 3), .member(Self.ana, "c", true, at: 4)])
                == [.membershipChanged(Self.ana, "a"), .membershipChanged(Self.ana, "c")])
        #expect(store.items.hasTeamStars && store.items.starringMembers == ["ana"])
        #expect(store.items.favoriteIDs == ["a"], "ana's star is not yours")
        #expect(store.items.teamStars(of: "a") == 2 && store.items.teamStars(of: "c") == 1 && store.items.teamStars(of: "b") == 0)
        #expect(store.items.memberCount(of: .team) == 2)
        #expect(store.items.starredBy("a") == ["ana"])

        // Your star on c, bo's too: three for c's count, each undone or taken back as its own.
        store.send(.toggleMember(.favorites, "c"))
        store.sync([.member(Self.bo, "c", true, at: 5)])
        #expect(store.items.teamStars(of: "c") == 3 && store.items.starredBy("c") == ["ana", "bo"])
        store.send(.undo)
        #expect(store.items.teamStars(of: "c") == 2)
        store.sync([.member(Self.ana, "a", false, at: nil)])
        #expect(store.items.teamStars(of: "a") == 1 && store.items.memberCount(of: .team) == 2)
    }

    @Test func aDeletedItemLeavesTheTeamsListAndComesBackWithItsCount() {
        let store = Store(items: SetTests.fiveItems())
        store.sync([.member(Self.ana, "a", true, at: 1), .member(Self.bo, "d", true, at: 2)])
        store.send(.show(ListQuery(scope: .members(.team))))
        #expect(store.list.items(from: 0, count: 9).map(\.id) == ["a", "d"])
        store.send(.delete("a"))
        #expect(store.list.items(from: 0, count: 9).map(\.id) == ["d"] && store.items.memberCount(of: .team) == 1)
        store.send(.undo)
        #expect(store.list.items(from: 0, count: 9).map(\.id) == ["a", "d"] && store.items.teamStars(of: "a") == 2)
    }

    @Test func aListOfTheTeamsStarsShownBeforeAnyoneElseStarredFillsWhenTheyDo() {
        let store = Store(items: SetTests.fiveItems())
        store.send(.show(ListQuery(scope: .members(.team))))
        #expect(store.list.count == 0, "no team yet")
        #expect(store.sync([.member(Self.ana, "e", true, at: 1)]) == [.membershipChanged(Self.ana, "e"), .reloaded])
        #expect(store.list.items(from: 0, count: 9).map(\.id) == ["a", "e"], "your favorite, and ana's star")
    }

    @Test func othersStarsAndTheTeamsAreNotYoursToChange() {
        let store = Store(items: SetTests.fiveItems())
        store.sync([.member(Self.ana, "b", true, at: 1)])
        #expect(store.send(.toggleMember(Self.ana, "b")).error == "Those are ana's stars: only ana changes them")
        #expect(store.send(.toggleMembers(.team, ["c"])).error == "The team's stars are each member's: star it as yours")
        #expect(store.send(.changeMembers(["c"], join: [Self.bo], leave: [])).error == "Those are bo's stars: only bo changes them")
        #expect(store.items.isMember("b", of: Self.ana) && !store.canUndo)
    }
}

/// `s`'s most starred order: the items more members starred first, then library order, following every star.
@Suite struct MostStarredOrderTests {
    @Test func theMostStarredComeFirstAndMoveAsMembersStar() {
        let store = Store(items: SetTests.fiveItems())  // a is your favorite
        store.sync([.member(TeamStarsModelTests.ana, "d", true, at: 1), .member(TeamStarsModelTests.bo, "d", true, at: 2),
                    .member(TeamStarsModelTests.ana, "c", true, at: 3)])
        store.send(.show(ListQuery(order: .mostStarred)))
        #expect(store.list.items(from: 0, count: 9).map(\.id) == ["d", "a", "c", "b", "e"])
        store.sync([.member(TeamStarsModelTests.bo, "e", true, at: 4), .member(TeamStarsModelTests.ana, "e", true, at: 5)])
        #expect(store.list.items(from: 0, count: 9).map(\.id) == ["d", "e", "a", "c", "b"])
        store.send(.toggleMember(.favorites, "e"))
        #expect(store.list.items(from: 0, count: 9).map(\.id) == ["e", "d", "a", "c", "b"], "your star counts too")
        store.sync([.member(TeamStarsModelTests.ana, "d", false, at: nil)])
        #expect(store.list.items(from: 0, count: 9).map(\.id) == ["e", "a", "c", "d", "b"])
    }
}

/// A favorite deleted before anyone else starred comes back counted in the team's stars.
@Suite struct TeamStarsAwayTests {
    @Test func aFavoriteAwayWhenTheTeamsSetIsMadeComesBackCounted() {
        let store = Store(items: SetTests.fiveItems())  // a is your favorite
        store.send(.delete("a"))
        store.sync([.member(TeamStarsModelTests.ana, "c", true, at: 1)])
        #expect(store.items.memberCount(of: .team) == 1)
        store.send(.undo)
        #expect(store.items.teamStars(of: "a") == 1 && store.items.memberCount(of: .team) == 2)
    }
}

/// The favorites of a member who may only read a team library, kept in a file of their own (FavsLibrary's
/// `PersonalStarsLibrary`): the model takes them as a list read marked from that file.
@Suite struct PersonalStarsModelTests {
    /// A member who may only read the library keeps their stars in a file of their own: a list read from the library
    /// is marked from it, every other favorite taken away, and the team's count follows as it follows any star.
    @Test func favoritesReplacedFromAFileOfTheirOwnKeepTheTeamsCount() {
        var items = ItemCollection(SetTests.fiveItems())  // a is the library's record of your star
        items.addMembers(slots: [0, 2], times: [0: 3, 2: 4], to: TeamStarsModelTests.ana)
        #expect(items.teamStars(of: "a") == 2 && items.teamStars(of: "c") == 1)

        items.replaceFavorites(with: ["c": 8, "e": nil, "gone": 9])
        #expect(items.favoriteIDs == ["c", "e"] && items.favoriteCount == 2)
        #expect(items["c"]?.favoritedAt == 8 && items["e"]?.favoritedAt == nil)
        #expect(items.teamStars(of: "a") == 1 && items.teamStars(of: "c") == 2 && items.teamStars(of: "e") == 1)
        #expect(items.memberCount(of: .team) == 3)
        // Again with a star's time changed: the time is the file's, the counts unchanged.
        items.replaceFavorites(with: ["c": 10, "e": nil])
        #expect(items["c"]?.favoritedAt == 10 && items.teamStars(of: "c") == 2 && items.memberCount(of: .team) == 3)
    }

    /// A preview (the first and last rows of a large library, its favorites among them) is marked so: the file's stars
    /// among its rows are the favorites it knows, the library's own are gone, and every star of the file is counted.
    @Test func aPreviewMarkedFromTheFileKnowsTheStarsAmongItsRowsAndCountsThemAll() {
        let all = (1...9).map { Item(id: ItemID("i\($0)"), title: "Item \($0)", favorite: $0 == 5, position: $0) }
        var preview = ItemCollection.preview(rows: Array(all.prefix(2)), last: [all[8]], favorites: [all[4]], count: 9,
                                             favoriteCount: 1)
        preview.replaceFavorites(with: ["i2": 7, "i9": 8, "i6": 9])
        #expect(preview.isPreview && preview.count == 9 && preview.favoriteCount == 3)
        #expect(preview.favoriteIDs == ["i2", "i9"] && preview["i2"]?.favoritedAt == 7)
        #expect(preview["i5"] == nil, "the library's own favorite, in the middle, is not held")
        #expect(preview.id(atRow: 0) == "i1" && preview.id(atRow: 1) == "i2" && preview.id(atRow: 8) == "i9")
        #expect(preview.id(atRow: 4) == nil, "the middle is still to come")
    }
}
