import FavsModel
import FavsFormats
import Foundation
import GRDB

/// What an import did to the library.
public struct ImportSummary: Equatable, Sendable {
    /// Items that were not in the library, now at the end of the list.
    public var added: Int
    /// Items whose title or fields changed, or that came back from deletion.
    public var updated: Int
    /// Items already exactly as in the file.
    public var unchanged: Int
    /// Picks the file held that the library did not (an export's `picks`), kept now: they change no item, so an
    /// item whose picks alone grew is counted unchanged above, and said here.
    public var picksAdded: Int

    public init(added: Int = 0, updated: Int = 0, unchanged: Int = 0, picksAdded: Int = 0) {
        self.added = added
        self.updated = updated
        self.unchanged = unchanged
        self.picksAdded = picksAdded
    }

    /// What `favs import` says after the counts: `; 3 picks added`, or nothing.
    public var picksPhrase: String {
        picksAdded == 0 ? "" : "; \(picksAdded) \(picksAdded == 1 ? "pick" : "picks") added"
    }

    /// How many records were imported.
    public var total: Int { added + updated + unchanged }
}

extension SQLiteLibrary {
    /// Adds or updates items from records, all in one transaction: on any error nothing changes.
    ///
    /// A new id is added at the end of the list in record order, a favorite only if its record says so.
    /// A known id gets the record's title and fields and keeps its favorite flag and position;
    /// a deleted one comes back. Importing the same records again changes nothing.
    public func importRecords(_ records: [ImportRecord]) throws -> ImportSummary {
        do {
            return try importRecords { add in
                for record in records { try add(record, record.line) }
            }
        } catch let duplicate as ImportDuplicate {
            throw LibraryError.duplicateID(duplicate.record.id)
        }
    }

    /// Adds or updates the records that `read` hands to `add` one at a time (each with its place, see
    /// `ImportPlaces`), as `importRecords(_:)` does, without ever holding them: one transaction, and on any
    /// error, `read`'s own included, nothing changes.
    ///
    /// A repeated id throws `ImportDuplicate`; an error thrown by `read` is rethrown as it is.
    public func importRecords(
        reading read: (_ add: (ImportRecord, _ place: Int) throws -> Void) throws -> Void
    ) throws -> ImportSummary {
        try refuseWritesOnFullDisk()
        // What `read` threw (or the importer refused) goes back to the caller as it is, not as a database error.
        var readError: (any Error)?
        do {
            return try LibraryError.wrapping {
                try writer.writeWithoutTransaction { db in
                    let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
                    defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
                    let journal = try BulkJournal(db)
                    defer { journal.restore(db) }
                    var summary = ImportSummary()
                    try db.inTransaction(.immediate) {
                        var importer = try RecordImporter(db)
                        // Random inserts into the id index: with SQLite's default 2 MiB cache most of them read
                        // pages back from the WAL. The setting belongs to this connection, so it is put back after.
                        if importer.insertsIntoIDIndex {
                            try db.execute(sql: "PRAGMA cache_size = \(Self.importCacheSize)")
                        }
                        do {
                            try ImportReadAhead.run(reading: read) { record in try importer.add(record) }
                            summary = try importer.finish()
                        } catch let error where !(error is DatabaseError) {
                            // A repeated id read before the error comes first in the file, so it is what to say.
                            let earlierRepeat = error is ImportDuplicate ? nil : (try? importer.buildIDIndex()) ?? nil
                            readError = earlierRepeat ?? error
                            throw error
                        }
                        if summary.added + summary.updated > 0 {
                            try ChangeLog.append(.reload, itemID: "", origin: origin, db)
                        }
                        return .commit
                    }
                    return summary
                }
            }
        } catch {
            throw readError ?? error
        }
    }

    /// SQLite's page cache during an import that inserts into the id index (see `RecordImporter`), in KiB as
    /// `PRAGMA cache_size` takes it (negative): as much of the id index as the import's memory budget allows
    /// (100 MB peak at any file size; the process itself takes about 27 MB, and the cache costs about 1.2
    /// times its size). A larger cache is faster (384 MiB imported
    /// the 886k-row file of issue #12 in about 8 s against 11 s here) but its memory grows with the file.
    static let importCacheSize = -40_960
}

/// An import into an empty library that no other connection has open writes its pages once, straight into the
/// file, under a rollback journal, instead of into the WAL and then again into the file at the commit's
/// checkpoint, which took 0.9 s of a 3.0 s import of 886k rows (270 MB, written twice).
///
/// Leaving WAL mode needs the file to itself, so the attempt does not wait: when another process has the library
/// open (a browser that will show the import as it lands), the import stays in WAL mode. It is as crash-safe
/// either way: a kill during the import leaves a hot journal, which the next opening rolls back, and the
/// journal is synced before the file is written (`synchronous = FULL` for this connection meanwhile). Another
/// process that opens the library while such an import writes waits for it, as long as its busy timeout
/// (`FAVS_BUSY_TIMEOUT_MS`) allows. The library goes back to WAL mode at the end; if another process opened it
/// in between and holds it, the next favs to open it alone does (`Schema.prepare`).
struct BulkJournal {
    /// Whether the journal was switched (and must be switched back).
    private let switched: Bool

    init(_ db: Database) throws {
        guard try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM items)") == true else {
            switched = false
            return
        }
        // Still `wal` (or nil) when another connection holds the file.
        switched = Schema.setJournalModeAtOnce(db, "delete") == "delete"
        if switched { try db.execute(sql: "PRAGMA synchronous = FULL") }
    }

    /// Back to WAL mode (and its usual sync setting), waiting for other connections as any write does.
    func restore(_ db: Database) {
        guard switched else { return }
        _ = try? String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        try? db.execute(sql: "PRAGMA synchronous = NORMAL")
    }
}
