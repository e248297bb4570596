import FavsModel
@testable import FavsLibrary
import Foundation
import GRDB
import Testing

/// v9: favorites move from the items' own columns into the members table, the first of many sets.
@Suite struct SetsMigrationTests {
    /// A library as favs made it before sets (v8): a, c and d starred (c without a time, d deleted), b not.
    private func libraryBeforeSets(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("v8.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
        try Schema.migrator.migrate(queue, upTo: "v8: positions as row ids")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO meta (key, value) VALUES ('name', 'old');
                INSERT INTO items (id, title, fields, favorite, position, deleted, favorited_at) VALUES
                    ('a', 'Alpha', '[]', 1, 1, 0, 1700000000001),
                    ('b', 'Bravo', '[]', 0, 2, 0, NULL),
                    ('c', 'Charlie', '[]', 1, 3, 0, NULL),
                    ('d', 'Delta', '[]', 1, 4, 1, 1700000000004);
                """)
        }
        return path
    }

    private func stars(_ library: SQLiteLibrary) throws -> [String] {
        try library.loadItems().map { "\($0.id) \($0.favorite ? "★" : "☆") \($0.favoritedAt.map(String.init) ?? "-")" }
    }

    @Test func aLibraryMadeBeforeSetsKeepsEveryStarAndItsTime() throws {
        try withTemporaryDirectory { directory throws in
            let path = try libraryBeforeSets(in: directory)
            // Read-only, as it is: the stars from the items' columns.
            let reader = try SQLiteLibrary.openExisting(path: path, readOnly: true)
            #expect(try stars(reader) == ["a ★ 1700000000001", "b ☆ -", "c ★ -"])
            #expect(try reader.loadList().favoriteIDs == ["a", "c"])
            #expect(try reader.writer.read { try $0.tableExists("members") } == false, "a reader never writes")

            // Opened for writing: migrated, the same stars and times, the deleted item's star kept for its restore.
            let library = try SQLiteLibrary.open(path: path, seedIfNew: false)
            #expect(try stars(library) == ["a ★ 1700000000001", "b ☆ -", "c ★ -"])
            let list = try library.loadList()
            #expect(list.favoriteIDs == ["a", "c"] && list["a"]?.favoritedAt == 1_700_000_000_001)
            let columns = try library.writer.read { db in try db.columns(in: "items").map(\.name) }
            #expect(columns == ["id", "title", "fields", "position", "deleted"])
            let members = try library.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT set_name, item_id, added_at FROM members ORDER BY item_id")
                    .map { "\($0[0] as String) \($0[1] as String) \(($0[2] as Int64?).map(String.init) ?? "-")" }
            }
            #expect(members == ["favorites a 1700000000001", "favorites c -", "favorites d 1700000000004"])
            #expect(try library.apply(.restore, to: ["d"]) == ["d"])
            #expect(try stars(library).last == "d ★ 1700000000004")
        }
    }

    @Test func starsAreMembersRowsWrittenAndTakenBackByEveryChange() throws {
        try withSampleLibrary { library, _ throws in
            func members() throws -> [String] {
                try library.writer.read { db in
                    try String.fetchAll(db, sql: "SELECT item_id FROM members WHERE set_name = 'favorites' ORDER BY item_id")
                }
            }
            #expect(try members() == ["rec-001", "rec-004", "rec-008"])
            try library.persist(.setFavorite("rec-002", true, at: 5))
            try library.persist(.setFavorite("rec-001", false))
            #expect(try members() == ["rec-002", "rec-004", "rec-008"])
            let four = try #require(try library.loadItems().first { $0.id == "rec-004" })
            try library.persist(.delete(four))
            #expect(try members() == ["rec-002", "rec-004", "rec-008"], "a deleted item keeps its star")
            #expect(try library.loadList().favoriteIDs == ["rec-002", "rec-008"])
            var unstarred = four
            unstarred.favorite = false
            try library.persist(.restore(unstarred))
            #expect(try members() == ["rec-002", "rec-008"], "restored as the change says: unstarred")
            #expect(throws: LibraryError.noItem("nope")) { try library.persist(.setFavorite("nope", true)) }
            #expect(try members() == ["rec-002", "rec-008"])
        }
    }
}
