import FavsLibrary
import FavsModel
@testable import FavsPostgres
import Foundation
import Testing

/// Every set, not only favorites, stored, logged, followed and copied the same on both backends: a tag joined in one
/// process is in the library when it is opened again, taken back by an undo, and on another process's screen.
@Suite struct SetsBackendTests {
    /// The tag the tests join, written in one case and looked up in another (a tag's name is compared without case).
    static let work = SetID.tag("Work/x")

    @Test(arguments: Backend.allCases)
    func aTagJoinedThroughTheStoreIsStoredUndoneAndFollowedByAnotherProcess(_ backend: Backend) throws {
        let place = try Place(backend)
        let mine = try place.open(seed: true), theirs = try place.open()
        let (items, lastChange) = try mine.loadListToFollow()
        let store = Store(collection: items, sink: mine)
        let other = Store(collection: try theirs.loadListToFollow().items, sink: theirs)
        let follower = try #require(try theirs.follower(after: lastChange))

        store.send(.toggleMember(Self.work, "rec-002"))
        store.send(.toggleMember(Self.work, "rec-005"))
        let joined = try poll(follower) { $0.count >= 2 }
        #expect(joined.map(LibraryBackendTests.state) == ["rec-002 ★ #Work/x", "rec-005 ★ #Work/x"])
        other.sync(joined)
        #expect(other.items.memberCount(of: .tag("work/x")) == 2)
        #expect(other.items.memberCount(of: .favorites) == 3, "the favorites as they were")

        let reopened = try place.open().loadListToFollow().items
        #expect(reopened.memberCount(of: .tag("WORK/X")) == 2)
        #expect(reopened.isMember("rec-005", of: Self.work) && !reopened.isMember("rec-001", of: Self.work))
        #expect(reopened.memberCount(of: .favorites) == 3)

        store.send(.undo)
        let left = try poll(follower) { !$0.isEmpty }
        #expect(left.map(LibraryBackendTests.state) == ["rec-005 ☆ #Work/x"])
        other.sync(left)
        #expect(other.items.memberCount(of: Self.work) == 1)
        #expect(try place.open().loadListToFollow().items.memberCount(of: Self.work) == 1)

        // A second spelling of the tag is the same set: the item's membership is stored once, under its first name.
        try mine.persist(.setMember(.tag("WORK/X"), "rec-002", false))
        #expect(try place.open().loadListToFollow().items.memberCount(of: Self.work) == 0)
    }

    @Test(arguments: Backend.allCases)
    func aDeletedItemKeepsItsTagsAndARestoreBringsThemBack(_ backend: Backend) throws {
        let place = try Place(backend)
        let library = try place.open(seed: true)
        try library.persist(.setMember(Self.work, "rec-004", true, at: 7))
        try library.apply(.delete, to: ["rec-004"])
        #expect(try place.open().loadListToFollow().items.memberCount(of: Self.work) == 0)
        try library.apply(.restore, to: ["rec-004"])
        let restored = try place.open().loadListToFollow().items
        #expect(restored.isMember("rec-004", of: Self.work) && restored.memberSince("rec-004", in: Self.work) == 7)
        #expect(restored.isMember("rec-004", of: .favorites), "its star, too")
    }

    @Test(arguments: Backend.allCases)
    func aCopyCarriesEveryTagWithItsTimeToTheOtherBackend(_ backend: Backend) throws {
        let source = try Place(backend).open(seed: true)
        try source.persist(.setMember(Self.work, "rec-002", true, at: 11))
        try source.persist(.setMember(.tag("reading"), "rec-002", true, at: nil))
        try source.persist(.setMember(.tag("reading"), "rec-003", true, at: 12))
        try source.apply(.delete, to: ["rec-003"])

        let other = try Place(backend == .sqlite ? .postgres : .sqlite).open()
        #expect(try other.copyIn { add in try source.copyOut(add) } == 28)
        var copied: [StoredItem] = []
        _ = try other.copyOut { copied.append($0) }
        let tagged = copied.filter { !$0.sets.isEmpty }.map { stored in
            "\(stored.item.id)\(stored.deleted ? " (deleted)" : ""): "
                + stored.sets.map { "\($0.set) \($0.since.map(String.init) ?? "-")" }.joined(separator: ", ")
        }
        #expect(tagged == ["rec-002: #Work/x 11, #reading -", "rec-003 (deleted): #reading 12"])
        let items = try other.loadListToFollow().items
        #expect(items.memberCount(of: .tag("reading")) == 1 && items.memberSince("rec-002", in: Self.work) == 11)
        #expect(items.memberCount(of: .favorites) == 3)
    }

    /// A team library of format 2 (before the log named sets): migrated with every favorite and its time kept (the
    /// stars of the member who upgrades it, from format 5), and its log, written as format 2 wrote it, still followed.
    @Test func aFormatTwoLibraryIsMigratedAndItsLogStillFollowed() throws {
        let place = try Place(.postgres)
        let made = try #require(try place.open(seed: true) as? PostgresLibrary)
        try made.apply(.favorite, to: ["rec-002"])
        let time = try #require(try made.loadListToFollow().items.memberSince("rec-002", in: .favorites))
        // Back to format 2's tables, with a row of its log a follower has not read yet.
        try made.session.transaction(writes: true) {
            try made.session.query("UPDATE members SET set_name = 'favorites' WHERE starts_with(set_name, '@')")
            try made.session.query("DELETE FROM meta WHERE key = 'favorites_given_to'")
            try made.session.query("DROP TABLE searches, picks")
            try made.session.query("DROP INDEX members_item")
            try made.session.query("ALTER TABLE changes DROP COLUMN set_name")
            try made.session.query("UPDATE meta SET value = '2' WHERE key = 'format'")
        }
        let lastChange = try made.loadListToFollow().lastChange
        try made.session.transaction(writes: true) {
            try made.session.query("DELETE FROM members WHERE set_name = 'favorites' AND item_id = 'rec-001'")
            try made.session.query("INSERT INTO changes (item_id, kind, origin) VALUES ('rec-001', 'unfavorite', 'old favs')")
        }

        let library = try place.open()
        #expect(try PostgresLibrary.storedFormat(made.session) == PostgresLibrary.format)
        #expect(try library.savedSearches().isEmpty, "format 4's table of saved searches, empty")
        let items = try library.loadListToFollow().items
        #expect(items.favoriteIDs == ["rec-002", "rec-004", "rec-008"] && items.memberSince("rec-002", in: .favorites) == time)
        let follower = try #require(try library.follower(after: lastChange))
        let theirs = try place.open()
        try theirs.persist(.setMember(Self.work, "rec-003", true, at: 5))
        // The join's notice is not the next row the follower knows of: it reads the log, the old row with it.
        let updates = try poll(follower) { $0.count >= 2 }
        #expect(updates.map(LibraryBackendTests.state) == ["rec-001 ☆", "rec-003 ★ #Work/x"])
    }
}
