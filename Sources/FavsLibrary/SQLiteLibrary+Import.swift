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

    public init(added: Int = 0, updated: Int = 0, unchanged: Int = 0) {
        self.added = added
        self.updated = updated
        self.unchanged = unchanged
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
                    var summary = ImportSummary()
                    try db.inTransaction(.immediate) {
                        var importer = try RecordImporter(db)
                        // Random inserts into the id index: with SQLite's default 2 MiB cache most of them read
                        // pages back from the WAL. The setting belongs to this connection, so it is put back after.
                        if importer.insertsIntoIDIndex {
                            try db.execute(sql: "PRAGMA cache_size = \(Self.importCacheSize)")
                        }
                        do {
                            try read { record, place in try importer.add(record, place: place) }
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
