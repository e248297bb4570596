import Foundation
import GRDB
import Testing

/// `favs import places.sqlite`: Firefox's bookmarks, read while Firefox runs, without touching its profile.
@Suite struct FirefoxImportTests {
    @Test func aProfileGivesEveryBookmarkWithItsFoldersTagsKeywordAndDate() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FirefoxProfile.write(to: scratch.path("places.sqlite"))

        let imported = try await favs("import", "places.sqlite", "--library", "lib.sqlite", in: scratch)
        #expect(imported.err == "")
        #expect(imported.status == 0)
        #expect(imported.out == "imported 6 items from places.sqlite (6 added, 0 updated, 0 unchanged; 1 merged (a URL in several folders); 1 separator, 1 place: query skipped)\n")
        let listed = try await favs("list", "--format", "jsonl", "--library", "lib.sqlite", in: scratch)
        #expect(listed.out == FirefoxProfile.listed)

        // Named by --format, whatever the file is called.
        try FileManager.default.moveItem(atPath: scratch.path("places.sqlite"), toPath: scratch.path("places.json"))
        let again = try await favs("import", "--format", "firefox", "places.json", "--library", "lib.sqlite", in: scratch)
        #expect(again.out == "imported 6 items from places.json (0 added, 0 updated, 6 unchanged; 1 merged (a URL in several folders); 1 separator, 1 place: query skipped)\n")
    }

    @Test func bookmarksOnlyInTheWALAreRead() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FirefoxProfile.writeWALOnly(to: scratch.path("places.sqlite"))

        let imported = try await favs("import", "places.sqlite", "--library", "lib.sqlite", in: scratch)
        #expect(imported.out == "imported 6 items from places.sqlite (6 added, 0 updated, 0 unchanged; 1 merged (a URL in several folders); 1 separator, 1 place: query skipped)\n")
        let listed = try await favs("list", "--format", "jsonl", "--library", "lib.sqlite", in: scratch)
        #expect(listed.out == FirefoxProfile.listed)

        // Without its WAL the same main file has the roots and nothing else.
        try FileManager.default.createDirectory(atPath: scratch.path("main"), withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: scratch.path("places.sqlite"), toPath: scratch.path("main/places.sqlite"))
        let mainOnly = try await favs("import", "main/places.sqlite", "--library", "main.sqlite", in: scratch)
        #expect(mainOnly.out == "imported 0 items from main/places.sqlite (0 added, 0 updated, 0 unchanged)\n")
    }

    /// Firefox holds its database in a write transaction: the import neither waits for it nor changes a byte.
    @Test(arguments: ["NORMAL", "EXCLUSIVE"])
    func aProfileInAnotherProcesssWriteTransactionIsReadUnchanged(lockingMode: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.path("places.sqlite")
        try FirefoxProfile.write(to: path)
        var configuration = Configuration()
        // The transaction stays open past the write, as Firefox's does.
        configuration.allowsUnsafeTransactions = true
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA locking_mode = \(lockingMode)") }
        let firefox = try DatabaseQueue(path: path, configuration: configuration)
        try await firefox.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            // Committed but not checkpointed: in the WAL only.
            try db.execute(sql: """
                INSERT INTO moz_places (id, url, title) VALUES (8, 'https://committed.example/', 'Committed');
                INSERT INTO moz_bookmarks (id, type, fk, parent, position, title, dateAdded)
                    VALUES (24, 1, 8, 5, 2, 'Committed', 1700000010000000);
                BEGIN IMMEDIATE;
                INSERT INTO moz_places (id, url, title) VALUES (9, 'https://pending.example/', 'Pending');
                INSERT INTO moz_bookmarks (id, type, fk, parent, position, title, dateAdded)
                    VALUES (25, 1, 9, 5, 3, 'Pending', 1700000011000000);
                """)
        }
        func files() -> [Data?] {
            ["", "-wal", "-shm"].map { FileManager.default.contents(atPath: path + $0) }
        }
        let before = files()
        #expect(before[1] != nil)

        let imported = try await run(try favsBinary(), ["import", "places.sqlite", "--library", "lib.sqlite"],
                                     environment: pinnedEnvironment(home: scratch.url), in: scratch.url,
                                     limit: .seconds(10))
        #expect(imported.err == "")
        #expect(imported.out == "imported 7 items from places.sqlite (7 added, 0 updated, 0 unchanged; 1 merged (a URL in several folders); 1 separator, 1 place: query skipped)\n")
        let ids = try await favs("list", "--format", "jsonl", "--library", "lib.sqlite", in: scratch).out
            .split(separator: "\n").map { String($0.prefix { $0 != "," }) }
        // What Firefox committed is read; what it has not committed yet is not.
        #expect(ids.contains(#"{"id":"https://committed.example/""#))
        #expect(!ids.contains(#"{"id":"https://pending.example/""#))
        #expect(files() == before)

        try await firefox.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        try firefox.close()
    }

    @Test func aSQLiteFileThatIsNotFirefoxsIsRefusedWithTheLibraryUnchanged() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("items.jsonl", #"{"id": "a1", "title": "Alpha"}"# + "\n")
        #expect(try await favs("import", "items.jsonl", "--library", "lib.sqlite", in: scratch).status == 0)
        let other = try DatabaseQueue(path: scratch.path("other.db"))
        try await other.write { db in try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)") }
        try other.close()
        let library = FileManager.default.contents(atPath: scratch.path("lib.sqlite"))

        let refused = try await favs("import", "other.db", "--library", "lib.sqlite", in: scratch)
        #expect(refused.status == 65)
        #expect(refused.err == "favs: other.db: a SQLite database, but not Firefox's places.sqlite "
                + "(it has no moz_bookmarks and moz_places)\n")
        #expect(refused.out == "")
        #expect(FileManager.default.contents(atPath: scratch.path("lib.sqlite")) == library)

        let notSQLite = try await favs("import", "--format", "firefox", "items.jsonl", "--library", "lib.sqlite",
                                       in: scratch)
        #expect(notSQLite.status == 65)
        #expect(notSQLite.err == "favs: items.jsonl: not a SQLite database, so not Firefox's places.sqlite\n")
        #expect(FileManager.default.contents(atPath: scratch.path("lib.sqlite")) == library)
        #expect(try await favs("list", "--library", "lib.sqlite", in: scratch).out == "a1   Alpha\n")
    }

    /// A copy taken while Firefox wrote can hold pages half old, half new: SQLite finds it damaged.
    @Test func aDamagedProfileIsOneLineAndExit65() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FirefoxProfile.write(to: scratch.path("places.sqlite"))
        let handle = try #require(FileHandle(forWritingAtPath: scratch.path("places.sqlite")))
        try handle.seek(toOffset: 100)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 8000))
        try handle.close()

        let refused = try await favs("import", "places.sqlite", "--library", "lib.sqlite", in: scratch)
        #expect(refused.status == 65)
        #expect(refused.err == "favs: places.sqlite: changed while it was read (or is damaged): try again\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("lib.sqlite")))
    }
}
