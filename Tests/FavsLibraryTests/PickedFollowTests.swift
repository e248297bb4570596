@testable import FavsLibrary
import FavsModel
import Foundation
import Testing

/// The collections pane's `↻ Frequent` in a browser following its library: another process's pick and forget come
/// through the change log (`LibraryFollower`) as the item's picks, and the count and the most picked move with them.
@Suite struct PickedFollowTests {
    @Test func anotherProcesssPickAndForgetMoveTheFrequentCountAndItsMostPicked() throws {
        try withSampleLibrary { library, path throws in
            try library.recordPicks(["rec-002"], at: 10)
            var items = try library.loadList()
            items.setPicks(try library.picks(), frecency: Frecency(), at: 10)
            let store = Store(collection: items, sink: library, query: ListQuery(scope: .members(.picked), order: .frequent))
            let follower = try #require(try LibraryFollower(library))
            #expect(store.mostPicked(limit: 10) == MostPicked(count: 1, top: ["rec-002"]))

            // Another terminal's picker: rec-005 picked twice, the most picked now.
            let other = try SQLiteLibrary.open(path: path, seedIfNew: false)
            try other.recordPicks(["rec-005"], at: 10)
            try other.recordPicks(["rec-005"], at: 10)
            store.sync(try follower.poll())
            #expect(store.mostPicked(limit: 10) == MostPicked(count: 2, top: ["rec-005", "rec-002"]))
            #expect((0..<store.list.count).map { store.list.id(at: $0) } == ["rec-005", "rec-002"])

            // `favs forget rec-002` there: one left.
            try other.forgetPicks(["rec-002"])
            store.sync(try follower.poll())
            #expect(store.mostPicked(limit: 10) == MostPicked(count: 1, top: ["rec-005"]))
            #expect((0..<store.list.count).map { store.list.id(at: $0) } == ["rec-005"])
        }
    }
}
