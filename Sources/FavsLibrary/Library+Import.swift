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

extension Library {
    /// Adds or updates items from records, all in one transaction: on any error nothing changes.
    ///
    /// A new id is added at the end of the list in record order, a favorite only if its record says so.
    /// A known id gets the record's title and fields and keeps its favorite flag and position;
    /// a deleted one comes back. Importing the same records again changes nothing.
    public func importRecords(_ records: [ImportRecord]) throws -> ImportSummary {
        try LibraryError.wrapping {
            try writer.writeWithoutTransaction { db in
                // The id index takes random inserts: with SQLite's default 2 MiB cache most of them read
                // pages back from the WAL. The setting belongs to this connection, so it is put back after.
                let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
                try db.execute(sql: "PRAGMA cache_size = \(Self.importCacheSize)")
                defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
                var summary = ImportSummary()
                try db.inTransaction(.immediate) {
                    summary = try Self.importRecords(records, db)
                    if summary.added + summary.updated > 0 {
                        try ChangeLog.append(.reload, itemID: "", origin: origin, db)
                    }
                    return .commit
                }
                return summary
            }
        }
    }

    /// SQLite's page cache during an import, in KiB as `PRAGMA cache_size` takes it (negative).
    static let importCacheSize = -393_216

    /// Imports inside the caller's transaction.
    static func importRecords(_ records: [ImportRecord], _ db: Database) throws -> ImportSummary {
        // Deleted items keep their positions (so they can come back), hence MAX over every row.
        guard let last = try Int.fetchOne(db, sql: "SELECT MAX(position) FROM items") else {
            return try addAll(records, db)
        }
        // An upsert would quietly take a repeated id as an update of the row it just added: refuse repeats first.
        if let repeated = DuplicateIDCheck.firstRepeat(in: records) { throw LibraryError.duplicateID(repeated.id) }
        return try merge(records, db, firstPosition: last + 1)
    }

    /// Into a library without a single row (not even a deleted one), every record is new: no id to look up.
    private static func addAll(_ records: [ImportRecord], _ db: Database) throws -> ImportSummary {
        // Building the list index once from the finished table (a sort) costs about a third of keeping it up
        // to date row by row. It is dropped and made again inside the transaction: nobody sees it missing.
        let hasListIndex = try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'items_list')
            """) ?? false
        let rebuildsListIndex = hasListIndex && records.count >= 1000
        if rebuildsListIndex { try db.execute(sql: "DROP INDEX items_list") }
        let insert = try ImportStatement(db, sql: """
            INSERT INTO items (id, title, fields, favorite, position) VALUES (?, ?, ?, ?, ?)
            """)
        var fields: [UInt8] = []
        for (index, record) in records.enumerated() {
            // Every row is an insert, so the id's PRIMARY KEY refuses a repeat, at no cost: checking the ids
            // first as `merge` does took 0.3 s more of a 1M-row import. The transaction is rolled back.
            if try step(insert, record, position: index + 1, fields: &fields) == .duplicateID {
                throw LibraryError.duplicateID(record.id)
            }
        }
        if rebuildsListIndex { try db.execute(sql: Schema.listIndex) }
        return ImportSummary(added: records.count)
    }

    /// Adds new ids and updates known ones in one statement per record, telling the three apart by what
    /// it returns: a new row returns the position it was given, an updated one its own (an earlier one),
    /// and a row already exactly as in the record is not touched and returns nothing.
    private static func merge(_ records: [ImportRecord], _ db: Database,
                              firstPosition: Int) throws -> ImportSummary {
        let upsert = try ImportStatement(db, sql: """
            INSERT INTO items (id, title, fields, favorite, position) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET title = excluded.title, fields = excluded.fields, deleted = 0
                WHERE title IS NOT excluded.title OR fields IS NOT excluded.fields OR deleted <> 0
            RETURNING position
            """)
        var summary = ImportSummary()
        var nextPosition = firstPosition
        var fields: [UInt8] = []
        for record in records {
            switch try step(upsert, record, position: nextPosition, fields: &fields) {
            case .row(nextPosition):
                nextPosition += 1
                summary.added += 1
            case .row: summary.updated += 1
            case .done: summary.unchanged += 1
            case .duplicateID: throw LibraryError.duplicateID(record.id)  // ON CONFLICT (id) takes every repeat
            }
        }
        return summary
    }

    private static func step(_ statement: ImportStatement, _ record: ImportRecord, position: Int,
                             fields: inout [UInt8]) throws -> ImportStatement.Outcome {
        fields.removeAll(keepingCapacity: true)
        FieldCoding.encode(record.fields, into: &fields)
        return try statement.step(id: record.id.rawValue, title: record.title, fields: fields,
                                  favorite: record.favorite, position: position)
    }
}
