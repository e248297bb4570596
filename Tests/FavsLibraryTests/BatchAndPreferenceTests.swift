@testable import FavsLibrary
import FavsModel
import Foundation
import Testing

/// A batch (f or d on marked items) is one transaction, logged item by item so other processes sync it;
/// the list's order is remembered per library.
@Suite struct BatchAndPreferenceTests {
    private func sample(_ id: ItemID) throws -> Item { try #require(SampleLibrary.items.first { $0.id == id }) }

    @Test func aBatchIsSavedWholeAndAnotherProcessSeesEveryItemOfIt() throws {
        try withSampleLibrary { mine, path throws in
            let theirs = try SQLiteLibrary.open(path: path, seedIfNew: true)
            let follower = try #require(try LibraryFollower(theirs))
            let before = try mine.lastChangeSeq()
            try mine.persist(.batch([.setFavorite("rec-002", true), .delete(try sample("rec-003"))]))
            #expect(try mine.changes(after: before).map(\.kind) == [.join, .delete])
            var starred = try sample("rec-002")
            starred.favorite = true
            #expect(try follower.poll() == [.item("rec-002", starred), .item("rec-003", nil)])
        }
    }

    @Test func aBatchWithOnePartThatCannotBeSavedSavesNothing() throws {
        try withSampleLibrary { library, _ throws in
            let before = try library.lastChangeSeq()
            let gone = Item(id: "nope", title: "Nope", position: 999)
            #expect(throws: LibraryError.self) {
                try library.persist(.batch([.setFavorite("rec-002", true), .delete(gone)]))
            }
            #expect(try library.lastChangeSeq() == before)
            #expect(try library.loadList()["rec-002"]?.favorite == false, "the first part was rolled back too")
        }
    }

    @Test func theListOrderIsRememberedPerLibrary() throws {
        try withSampleLibrary { library, path throws in
            #expect(try library.rememberedOrder() == nil)
            let store = Store(collection: try library.loadList(), sink: library)
            #expect(store.send(.show(ListQuery(order: .title))).error == nil)
            #expect(try SQLiteLibrary.open(path: path, seedIfNew: false).rememberedOrder() == .title)
            store.send(.show(ListQuery(filter: "a", order: .title)))  // a filter is not remembered
            store.send(.show(ListQuery(order: .library)))
            #expect(try library.rememberedOrder() == .library)
        }
    }

    @Test func theTimeAFavoriteWasMadeIsKeptOnDiskAndReachesOtherProcesses() throws {
        try withSampleLibrary { mine, path throws in
            let theirs = try SQLiteLibrary.open(path: path, seedIfNew: true)
            let follower = try #require(try LibraryFollower(theirs))
            try mine.persist(.setFavorite("rec-002", true, at: 1_700_000_000_123))
            #expect(try SQLiteLibrary.open(path: path, seedIfNew: false).loadList()["rec-002"]?.favoritedAt == 1_700_000_000_123)
            guard case let .item(_, polled?)? = try follower.poll().first else { Issue.record("no update"); return }
            #expect(polled.favoritedAt == 1_700_000_000_123)
            let starred = try #require(try mine.loadList()["rec-002"])
            try mine.persist(.delete(starred))
            try mine.persist(.restore(starred))
            #expect(try mine.loadList()["rec-002"]?.favoritedAt == 1_700_000_000_123, "a restore keeps the time")
            try mine.persist(.setFavorite("rec-002", false, at: 1_700_000_000_123))
            #expect(try mine.loadList()["rec-002"]?.favoritedAt == nil)
        }
    }
}
