@testable import FavsLibrary
import FavsModel
import Foundation
import GRDB
import Testing

/// An import into an empty library writes its pages once, under a rollback journal, when no other connection
/// holds the library; in WAL mode otherwise. Either way the library ends in WAL mode with every record.
@Suite struct BulkJournalTests {
    /// 3,000 records with about 1 KB of fields each: 3 MB, past SQLite's 2 MiB page cache.
    private static let records = (1...3000).map { index in
        record(ItemID("r\(index)"), "Title \(index)", [Field("notes", String(repeating: "n", count: 1000))])
    }

    private static func journalMode(_ path: String) throws -> String? {
        try DatabaseQueue(path: path).read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
    }

    private static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? 0
    }

    @Test func anImportIntoAnEmptyLibraryNoOneElseHoldsWritesItsPagesOnceAndEndsInWALMode() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("library.sqlite").path
            let library = try SQLiteLibrary.open(path: path, seedIfNew: false)
            #expect(try library.importRecords(Self.records) == ImportSummary(added: 3000))
            #expect(try Self.journalMode(path) == "wal")
            // In WAL mode the 3 MB would have gone through the WAL first (which keeps its size once written).
            #expect(Self.size(path + "-wal") < 500_000, "\(Self.size(path + "-wal")) bytes in the WAL")
            #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
            #expect(try library.loadListItems().count == 3000)
            // The next change is an ordinary WAL write.
            try library.apply(.favorite, to: ["r7"])
            #expect(Self.size(path + "-wal") > 0)
        }
    }

    @Test func anImportWhileAnotherProcessHoldsTheLibraryStaysInWALModeAndTheOtherSeesIt() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("library.sqlite").path
            let browser = try SQLiteLibrary.open(path: path, seedIfNew: false)
            let follower = try #require(try LibraryFollower(browser))
            #expect(try browser.loadListItems().isEmpty)
            let importer = try SQLiteLibrary.open(path: path, seedIfNew: false)
            #expect(try importer.importRecords(Self.records) == ImportSummary(added: 3000))
            #expect(try Self.journalMode(path) == "wal")
            let updates = try follower.poll()
            guard case let .reload(items, _, _)? = updates.first, updates.count == 1 else {
                Issue.record("the other process was told \(updates.count) updates, not one reload")
                return
            }
            #expect(items.count == 3000)
        }
    }

    @Test func aLibraryLeftUnderARollbackJournalIsInWALModeAgainOnceOpenedAlone() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("library.sqlite").path
            _ = try SQLiteLibrary.open(path: path, seedIfNew: true)
            try DatabaseQueue(path: path).writeWithoutTransaction { db in
                _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
            }
            #expect(try Self.journalMode(path) == "delete")
            let library = try SQLiteLibrary.open(path: path, seedIfNew: true)
            #expect(try Self.journalMode(path) == "wal")
            #expect(try library.loadListItems().count == SampleLibrary.items.count)
        }
    }
}
