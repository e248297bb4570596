import FavsModel
import FavsTestFixtures
@testable import FavsLibrary
import Foundation
import GRDB
import Testing

/// v11: saved searches. A library from before them opens with none, read-only as it is, and once migrated keeps its
/// items, stars, tags and log, and saves, follows and deletes searches.
@Suite struct SavedSearchMigrationTests {
    /// A library as favs made it at v10: a starred, b tagged #work; its log holds b's tag as v10 wrote it.
    private func libraryAtV10(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("v10.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
        try Schema.migrator.migrate(queue, upTo: "v10: every set logged")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO meta (key, value) VALUES ('name', 'old');
                INSERT INTO items (id, title, fields, position) VALUES
                    ('a', 'Alpha', '[]', 1), ('b', 'Bravo', '[]', 2), ('c', 'Alphorn', '[]', 3);
                INSERT INTO members (set_name, item_id, added_at) VALUES
                    ('favorites', 'a', 1700000000001), ('#work', 'b', 5);
                INSERT INTO changes (item_id, kind, origin, set_name) VALUES ('b', 'join', 'old', '#work');
                """)
        }
        return path
    }

    @Test func aV10LibraryOpensWithNoSearchesKeepsItsItemsAndLogAndSavesOneOnceMigrated() throws {
        try withTemporaryDirectory { directory throws in
            let path = try libraryAtV10(in: directory)
            // Read-only, as it is: no searches table, no searches, its log followed all the same.
            let reader = try SQLiteLibrary.openExisting(path: path, readOnly: true)
            #expect(try reader.savedSearches().isEmpty)
            #expect(try #require(try LibraryFollower(reader, after: 0)).poll().map(\.stateText) == ["b ★ #work"])

            let library = try SQLiteLibrary.open(path: path, seedIfNew: false)
            let list = try library.loadList()
            #expect(list.favoriteIDs == ["a"] && list.memberSince("b", in: .tag("work")) == 5)
            #expect(try library.savedSearches().isEmpty)
            let follower = try #require(try LibraryFollower(library, after: 0))
            let other = try SQLiteLibrary.open(path: path, seedIfNew: false)
            try other.persist(.search("Alps", from: nil, to: SavedSearch(name: "Alps", filter: "alp")))
            #expect(try follower.poll().map(\.stateText) == ["b ★ #work", "search Alps = /alp"])
            #expect(try SQLiteLibrary.open(path: path, seedIfNew: false).savedSearches() == [SavedSearch(name: "Alps", filter: "alp")])
            try other.renameSearch("Alps", to: nil)
            #expect(try follower.poll().map(\.stateText) == ["search Alps deleted"])
            #expect(try library.savedSearches().isEmpty)
        }
    }
}
