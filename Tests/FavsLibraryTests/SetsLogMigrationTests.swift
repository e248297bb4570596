import FavsModel
import FavsTestFixtures
@testable import FavsLibrary
import Foundation
import GRDB
import Testing

/// v10: every set logged as favorites are, the log row naming its set; a library from before it keeps its stars and
/// its log, which is still followed.
@Suite struct SetsLogMigrationTests {
    /// A library as favs made it at v9: a starred at a time, c starred without one, b not; its log holds a star
    /// and an unstar as v9 wrote them (kinds `favorite` and `unfavorite`, no set).
    private func libraryAtV9(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("v9.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
        try Schema.migrator.migrate(queue, upTo: "v9: sets")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO meta (key, value) VALUES ('name', 'old');
                INSERT INTO items (id, title, fields, position) VALUES
                    ('a', 'Alpha', '[]', 1), ('b', 'Bravo', '[]', 2), ('c', 'Charlie', '[]', 3);
                INSERT INTO members (set_name, item_id, added_at) VALUES
                    ('favorites', 'a', 1700000000001), ('favorites', 'c', NULL);
                INSERT INTO changes (item_id, kind, origin) VALUES ('c', 'favorite', 'old'), ('b', 'unfavorite', 'old');
                """)
        }
        return path
    }

    @Test func aV9LibraryKeepsEveryStarAndItsTimeAndItsLogIsStillFollowed() throws {
        try withTemporaryDirectory { directory throws in
            let path = try libraryAtV9(in: directory)
            // Read-only, as it is: its log has no set column, and is followed all the same.
            let reader = try SQLiteLibrary.openExisting(path: path, readOnly: true)
            #expect(try reader.loadList().favoriteIDs == ["a", "c"])
            let readerFollower = try #require(try LibraryFollower(reader, after: 0))
            #expect(try readerFollower.poll().map(\.stateText) == ["c ★", "b ☆"])

            let library = try SQLiteLibrary.open(path: path, seedIfNew: false)
            let list = try library.loadList()
            #expect(list.favoriteIDs == ["a", "c"] && list["a"]?.favoritedAt == 1_700_000_000_001 && list["c"]?.favoritedAt == nil)
            let follower = try #require(try LibraryFollower(library, after: 0))
            let other = try SQLiteLibrary.open(path: path, seedIfNew: false)
            try other.persist(.setMember(.tag("Work/x"), "b", true, at: 9))
            try other.persist(.setFavorite("a", false, at: 1_700_000_000_001))
            #expect(try follower.poll().map(\.stateText) == ["c ★", "b ☆", "a ☆", "b ★ #Work/x"])
            #expect(try library.changes().map { "\($0.kind) \($0.set?.name ?? "-")" } == ["join #Work/x", "leave favorites"])
            #expect(try library.loadList().memberSince("b", in: .tag("work/x")) == 9)
        }
    }
}

