import FavsLibrary
import FavsModel
import Foundation
import Testing

/// Saved searches stored, logged and followed on both backends: one saved through a store is in the library when it
/// is opened again, on another process's screen, and gone again after an undo or `favs searches --delete`.
@Suite struct SavedSearchBackendTests {
    @Test(arguments: Backend.allCases)
    func aSearchSavedThroughTheStoreIsStoredFollowedAndUndone(_ backend: Backend) throws {
        let place = try Place(backend)
        let mine = try place.open(seed: true), theirs = try place.open()
        let (items, lastChange) = try mine.loadListToFollow()
        let store = Store(collection: items, sink: mine)
        let other = Store(collection: try theirs.loadListToFollow().items, sink: theirs)
        let follower = try #require(try theirs.follower(after: lastChange))

        store.send(.saveSearch(SavedSearch(name: "Blue songs", filter: "blue", exact: true)))
        let saved = try poll(follower) { !$0.isEmpty }
        #expect(saved.map(\.stateText) == ["search Blue songs = exact /blue"])
        other.sync(saved)
        #expect(other.savedSearches == [SavedSearch(name: "Blue songs", filter: "blue", exact: true)])
        #expect(try place.open().savedSearches() == other.savedSearches)

        store.send(.saveSearch(SavedSearch(name: "Blue songs", filter: "blu")))
        other.sync(try poll(follower) { !$0.isEmpty })
        #expect(other.savedSearches == [SavedSearch(name: "Blue songs", filter: "blu")], "replaced")

        store.send(.undo)
        store.send(.undo)
        other.sync(try poll(follower) { $0.count >= 1 && $0.last?.stateText == "search Blue songs deleted" })
        #expect(other.savedSearches.isEmpty)
        #expect(try place.open().savedSearches().isEmpty)
    }

    @Test(arguments: Backend.allCases)
    func aSearchDeletedFromTheCommandLineLeavesTheOtherScreenAndAnUnknownNameIsRefused(_ backend: Backend) throws {
        let place = try Place(backend)
        let library = try place.open(seed: true)
        try library.persist(.search("mine", from: nil, to: SavedSearch(name: "mine", filter: "a")))
        let (items, lastChange) = try library.loadListToFollow()
        let store = Store(collection: items, searches: try library.savedSearches())
        let follower = try #require(try library.follower(after: lastChange))
        #expect(throws: LibraryError.noSearch("theirs")) { try place.open().renameSearch("theirs", to: nil) }
        try place.open().renameSearch("mine", to: nil)
        store.sync(try poll(follower) { !$0.isEmpty })
        #expect(store.savedSearches.isEmpty)
        #expect(try library.savedSearches().isEmpty)
    }

    /// A follower that reloads everything (another process imported) takes the library's saved searches with the
    /// list: one saved and one deleted before the import are on its screen as they are stored.
    @Test(arguments: Backend.allCases)
    func aReloadAfterAnImportBringsTheSavedSearchesAsStored(_ backend: Backend) throws {
        let place = try Place(backend)
        let mine = try place.open(seed: true), theirs = try place.open()
        try mine.persist(.search("old", from: nil, to: SavedSearch(name: "old", filter: "a")))
        let (items, lastChange) = try mine.loadListToFollow()
        let store = Store(collection: items, searches: try mine.savedSearches())
        let follower = try #require(try mine.follower(after: lastChange))
        try theirs.persist(.search("new", from: nil, to: SavedSearch(name: "new", filter: "blue", exact: true)))
        try theirs.renameSearch("old", to: nil)
        _ = try importing([record("fresh", "Fresh", line: 1)], into: theirs)

        let updates = try poll(follower) { $0.contains { if case .reload = $0 { true } else { false } } }
        store.sync(updates)
        #expect(store.savedSearches == [SavedSearch(name: "new", filter: "blue", exact: true)])
        #expect(store.savedSearches == (try theirs.savedSearches()))
        #expect(store.items[ItemID("fresh")]?.title == "Fresh")
    }
}
