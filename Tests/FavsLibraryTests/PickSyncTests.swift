@testable import FavsLibrary
import FavsModel
import Foundation
import Testing

/// Picks are data, like stars (issue #37): a forget goes through the store as one change (persisted and logged, taken
/// back by its inverse), and another picker on the same library or `--stdin NAME` follows picks and forgets through
/// the change log, so its scores and order move as they are made.
@Suite struct PickSyncTests {
    private func lines(_ text: String, picks: [ItemID: [Pick]] = [:], at now: Int64 = 0) -> ItemCollection {
        let frecency = Frecency()
        var lines = Data(text.utf8).withUnsafeBytes {
            ItemCollection.lines(of: $0, favorites: [:], picks: picks.mapValues { frecency.score(of: $0, at: now) })
        }
        lines.setPicks(picks, frecency: frecency, at: now)
        return lines
    }

    @Test func aForgetPersistsAsOneLoggedChangeAndItsUndoPutsThePicksBack() throws {
        try withSampleLibrary { library, _ throws in
            try library.recordPicks(["rec-002"], at: 1)
            try library.recordPicks(["rec-002"], at: 2)
            var items = try library.loadList()
            items.setPicks(try library.picks(), frecency: Frecency(), at: 2)
            let store = Store(collection: items, sink: library)
            let before = try library.lastChangeSeq()
            #expect(store.send(.forgetPicks("rec-002")).error == nil)
            #expect(try library.picks().isEmpty)
            #expect(store.items.pickScore(of: "rec-002") == 0)
            #expect(store.send(.undo).error == nil)
            #expect(try library.picks() == ["rec-002": [Pick(at: 1), Pick(at: 2)]])
            #expect(store.items.picks(of: "rec-002") == [Pick(at: 1), Pick(at: 2)] && store.items.pickScore(of: "rec-002") > 1.99)
            #expect(try library.changes(after: before).map(\.kind) == [.pick, .pick])
            #expect(store.send(.forgetPicks("rec-003")).error == "“\(store.items["rec-003"]?.title ?? "")” has no picks to forget")
            #expect(try library.changes(after: before).count == 2, "nothing written for an item with no picks")
        }
    }

    @Test func aLibraryOpenedReadOnlyTakesAForgetBackSayingWhyAndKeepsThePicks() throws {
        try withSampleLibrary { library, path throws in
            try library.recordPicks(["rec-002"], at: 1)
            let readOnly = try SQLiteLibrary.openExisting(path: path, readOnly: true)
            var items = try readOnly.loadList()
            items.setPicks(try readOnly.picks(), frecency: Frecency(), at: 1)
            let store = Store(collection: items, sink: readOnly)
            let outcome = store.send(.forgetPicks("rec-002"))
            #expect(outcome.error?.hasPrefix("Not saved: ") == true, "\(outcome.error ?? "no error")")
            #expect(store.items.picks(of: "rec-002") == [Pick(at: 1)] && !store.canUndo)
            #expect(try library.picks() == ["rec-002": [Pick(at: 1)]])
        }
    }

    @Test func anotherProcesssPickAndForgetReachAFollowingStoreAsTheItemsPicks() throws {
        try withSampleLibrary { library, path throws in
            var items = try library.loadList()
            items.setPicks([:], frecency: Frecency(), at: 10)
            let store = Store(collection: items, sink: library, query: ListQuery(order: .frequent))
            let follower = try #require(try LibraryFollower(library))
            let other = try SQLiteLibrary.open(path: path, seedIfNew: false)
            try other.recordPicks(["rec-005"], at: 10)
            let updates = try follower.poll()
            #expect(updates == [.picks("rec-005", [Pick(at: 10)])])
            store.sync(updates)
            #expect(store.items.pickScore(of: "rec-005") == 1)
            // The frequent order: the favorites first, then the picked item, then the rest.
            let favorites = store.items.favoriteCount
            #expect(store.list.id(at: favorites) == "rec-005")
            try other.forgetPicks(["rec-005"])
            store.sync(try follower.poll())
            #expect(store.items.pickScore(of: "rec-005") == 0)
            #expect(store.list.id(at: favorites) != "rec-005")
        }
    }

    @Test func twoPickersOnOneNameFollowEachOthersPicksAndForgets() throws {
        try withTemporaryDirectory { directory throws in
            let location = try LibraryLocation.pickMemory(named: "branches", environment: ["XDG_DATA_HOME": directory.path])
            let mine = try PickMemory(location)
            let theirs = try PickMemory(location)
            try theirs.recordPicks(["dev"], at: 5)
            let follower = try #require(try LibraryFollower(mine.library))
            let store = Store(collection: lines("main\ndev\nrelease\n", picks: try mine.picks(), at: 5),
                              sink: mine, query: ListQuery(filter: "e"))
            #expect((0..<store.list.count).compactMap { store.list.id(at: $0) } == ["dev", "release"])
            // Another picker picks release twice, and one not shown here: release now ranks first.
            try theirs.recordPicks(["release", "gone"], at: 5)
            try theirs.recordPicks(["release"], at: 5)
            store.sync(try mine.translate(follower.poll(), for: store))
            #expect(store.items.picks(of: "release") == [Pick(at: 5), Pick(at: 5)])
            #expect((0..<store.list.count).compactMap { store.list.id(at: $0) } == ["release", "dev"])
            // This one forgets release (ctrl-d): the other picker's memory loses it, and the list moves back.
            #expect(store.send(.forgetPicks("release")).error == nil)
            #expect((0..<store.list.count).compactMap { store.list.id(at: $0) } == ["dev", "release"])
            #expect(try theirs.picks().keys.sorted() == ["dev", "gone"])
            #expect(try mine.translate(follower.poll(), for: store).isEmpty, "our own forget is not followed back")
        }
    }
}
