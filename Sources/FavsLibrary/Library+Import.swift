import FavsCore
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
            try writer.write { db in
                var summary = ImportSummary()
                let select = try db.makeStatement(sql: "SELECT title, fields, deleted FROM items WHERE id = ?")
                let update = try db.makeStatement(sql: """
                    UPDATE items SET title = ?, fields = ?, deleted = 0 WHERE id = ?
                    """)
                let insert = try db.makeStatement(sql: """
                    INSERT INTO items (id, title, fields, favorite, position) VALUES (?, ?, ?, ?, ?)
                    """)
                // Deleted items keep their positions (so they can come back), hence MAX over every row.
                var nextPosition = (try Int.fetchOne(db, sql: "SELECT MAX(position) FROM items") ?? 0) + 1
                var seen = Set<ItemID>()
                for record in records {
                    guard seen.insert(record.id).inserted else {
                        throw LibraryError.duplicateID(record.id)
                    }
                    let fields = FieldCoding.encode(record.fields)
                    if let row = try Row.fetchOne(select, arguments: [record.id.rawValue]) {
                        if row[0] == record.title, row[1] == fields, row[2] == false {
                            summary.unchanged += 1
                        } else {
                            try update.execute(arguments: [record.title, fields, record.id.rawValue])
                            summary.updated += 1
                        }
                    } else {
                        try insert.execute(arguments: [record.id.rawValue, record.title, fields,
                                                       record.favorite, nextPosition])
                        nextPosition += 1
                        summary.added += 1
                    }
                }
                if summary.added + summary.updated > 0 { try ChangeLog.append(.reload, itemID: "", origin: origin, db) }
                return summary
            }
        }
    }
}
