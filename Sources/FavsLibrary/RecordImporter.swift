import FavsFormats
import FavsModel
import GRDB

/// Writes the records of an import one at a time, inside the import's transaction, and tells new, updated and
/// unchanged items apart; a repeated id is refused with the place of its first record.
///
/// No record is kept. How a repeat is found depends on the library:
/// - empty (its id index is apart from the table, see the v5 migration): the index is dropped, the rows go in
///   in file order (every other index takes them at its end), and the index is built once at the end, by a
///   sort; when that finds a repeat, a query finds the first one in file order, and compact logs of places
///   and columns say where it was read;
/// - holding items: upserts, and a temporary table of the ids seen so far (on disk when large, like any
///   SQLite table) refuses a repeat the upsert would quietly take as an update of the row it just wrote.
///
/// A record's tags become rows of `members` (`#` and the path, no time: an import keeps none), spelled as the
/// library spells each tag already (`ImportTagNames`). An item the import adds gets them at once; an item held
/// before gets exactly its record's tags once every record is in (`TaggedItems`), or those added to its own when
/// the record says so (`tagsAreAdded`: bookmarks), and keeps its own when its record has no `tags`. A record's
/// picks (an export's) are added to the item's, none twice, so an export imported again changes nothing.
struct RecordImporter {
    private enum Mode {
        case bulk
        case upsert(SeenIDs)
    }

    private let db: Database
    private let statement: ImportStatement
    private var mode: Mode
    /// An empty library's import: where each record was read, by position.
    private var places = BulkImportPlaces()
    private var nextPosition: Int
    private var summary = ImportSummary()
    /// A bulk import's id index is kept, and takes each id at its end, while the ids come in ascending byte
    /// order (SQLite's BINARY order), as a dump sorted by its key does: then it needs no building at the end
    /// (886k sorted rows: 0.2 s less). The first id out of order (or repeated) drops it.
    private var idIndexKept = true
    private var lastID: [UInt8] = []
    private var tagNames: ImportTagNames
    /// The tags of the records of an import into a library with items, made on the first one with `tags`.
    private var taggedItems: TaggedItems?

    init(_ db: Database) throws {
        self.db = db
        tagNames = ImportTagNames {
            try String.fetchAll(db, sql: "SELECT DISTINCT set_name FROM members WHERE set_name >= '#' AND set_name < '$'")
        }
        // Deleted items keep their positions (so they can come back), hence MAX over every row.
        if let last = try Int.fetchOne(db, sql: "SELECT MAX(position) FROM items") {
            statement = try ImportStatement(db, sql: """
                INSERT INTO items (id, title, fields, position) VALUES (?1, ?2, ?3, ?5)
                ON CONFLICT (id) DO UPDATE SET title = excluded.title, fields = excluded.fields, deleted = 0
                    WHERE title IS NOT excluded.title OR fields IS NOT excluded.fields OR deleted <> 0
                RETURNING position
                """)
            mode = .upsert(try SeenIDs(db))
            nextPosition = last + 1
            return
        }
        // The list index and the position index are kept up to date row by row: positions only grow, so
        // every entry goes at their end. (Building the list index at the end as well was no faster.) A table
        // with no rows at all has its id index apart (v5 remakes an empty table), so it can be dropped: it is,
        // at the first id that does not sort after the one before (`add`).
        // The field index is left to build once the import is done (`SQLiteLibrary.indexFields(rows:)`, a slice at
        // a time): its trigram index of 886k package rows tripled the import's time. Its insert trigger is left out
        // meanwhile, so no row asks whether it is indexed.
        try db.execute(sql: "DROP TRIGGER items_fields_insert")
        try db.execute(sql: "INSERT INTO items_fields (items_fields) VALUES ('delete-all')")
        try Schema.setFieldsIndexed(through: 0, db)
        mode = .bulk
        statement = try ImportStatement(db, sql: """
            INSERT INTO items (id, title, fields, position) VALUES (?1, ?2, ?3, ?5)
            """)
        nextPosition = 1
    }

    /// Whether the import inserts at random places in the id index (into a library with items), which wants a
    /// page cache as large as the memory budget allows.
    var insertsIntoIDIndex: Bool {
        if case .bulk = mode { return false }
        return true
    }

    /// Writes one record (read at `record.place`, see `ImportPlaces`); throws `ImportDuplicate` for a repeated
    /// id (into an empty library, `finish` does).
    mutating func add(_ record: ReadRecord) throws {
        if case let .upsert(seen) = mode, let first = try seen.add(record.id, place: record.place) {
            throw ImportDuplicate(record: record.record, firstPlace: first)
        }
        if case .bulk = mode, idIndexKept {
            if lastID.lexicographicallyPrecedes(record.id) {
                lastID.removeAll(keepingCapacity: true)
                lastID.append(contentsOf: record.id)
            } else {
                try db.execute(sql: "DROP INDEX items_id")
                idIndexKept = false
            }
        }
        let outcome = try statement.step(id: record.id, title: record.title, fields: record.fields,
                                         favorite: record.favorite, position: nextPosition)
        switch (mode, outcome) {
        case (.bulk, .done):
            places.append(place: record.place, column: record.column)
            fallthrough
        case (.upsert, .row(nextPosition)):
            // A favorite in the file stars the item it adds; an item already held keeps its own star.
            if record.favorite { try addMember(record.id, to: SetID.favorites.name) }
            nextPosition += 1
            summary.added += 1
        case (.upsert, .row): summary.updated += 1
        case (.upsert, .done): summary.unchanged += 1
        case (.bulk, _), (.upsert, .duplicateID):
            // A bulk insert has no unique id to break, and an upsert takes every conflict.
            throw LibraryError.database("an import's insert answered \(outcome)")
        }
        if let picks = record.picks, !picks.isEmpty {
            summary.picksAdded += try Schema.addPicks(picks, to: ItemID(String(decoding: record.id, as: UTF8.self)), db)
        }
        guard let tags = record.tags else { return }
        let names = try tagNames.names(of: tags)
        switch mode {
        case .bulk: for name in names { try addMember(record.id, to: name) }
        case .upsert:
            if taggedItems == nil { taggedItems = try TaggedItems(db) }
            try taggedItems?.add(String(decoding: record.id, as: UTF8.self), names, unchanged: outcome == .done,
                                 added: record.tagsAreAdded)
        }
    }

    /// Puts an item the import adds in a set (no time: an import keeps none).
    private func addMember(_ id: UnsafeBufferPointer<UInt8>, to set: String) throws {
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO members (set_name, item_id) VALUES (?, ?)")
            .execute(arguments: [set, String(decoding: id, as: UTF8.self)])
    }

    /// Finishes the import: the id index built again (a repeated id throws `ImportDuplicate`), the temporary
    /// table gone; what the import did.
    func finish() throws -> ImportSummary {
        var summary = summary
        switch mode {
        case .bulk:
            if let repeated = try buildIDIndex() { throw repeated }
            try db.execute(sql: Schema.fieldIndexInsertTrigger)
        case let .upsert(seen):
            try seen.drop()
            // An item whose title and fields were as in the file, but not its tags, was updated after all.
            let retagged = try taggedItems?.apply() ?? 0
            summary.unchanged -= retagged
            summary.updated += retagged
        }
        return summary
    }

    /// A bulk import's id index, built from the rows written so far; when two of them share an id, the index
    /// is not built and the first repeat in file order is returned. Also what to report when reading stops at
    /// an error further on: that repeat comes first in the file, as an import that checks each record as it
    /// comes would have said.
    func buildIDIndex() throws -> ImportDuplicate? {
        guard case .bulk = mode, !idIndexKept else { return nil }
        do {
            // Looking for a repeat first would sort every id even when there is none: this is that sort, and
            // it fails on a repeat (which leaves the transaction as it was).
            try db.execute(sql: Schema.idIndex)
            return nil
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {}
        let row = try Row.fetchOne(db, sql: BulkImportPlaces.firstRepeat)
        guard let row, let id: String = row[0], let position: Int = row[1], let first: Int = row[2] else {
            throw LibraryError.database("the import's ids could not be checked")
        }
        return places.duplicate(id: id, position: position, first: first)
    }
}

/// A record whose id an earlier record of the same import had.
public struct ImportDuplicate: Error, Sendable {
    /// The repeat.
    public var record: ImportRecord
    /// Where the first was read (see `ImportPlaces`).
    public var firstPlace: Int
    /// Where the repeat was read, for a library that finds repeats once every file is read (PostgreSQL); nil
    /// when it is found as it is read (the record's line is then in the file being read).
    public var place: Int?

    package init(record: ImportRecord, firstPlace: Int, place: Int? = nil) {
        self.record = record
        self.firstPlace = firstPlace
        self.place = place
    }
}

/// The ids an import into a library with items has written so far, with where each was read.
private struct SeenIDs {
    private let db: Database
    private let insert: ImportStatement

    init(_ db: Database) throws {
        self.db = db
        try db.execute(sql: """
            CREATE TEMP TABLE import_seen (id TEXT PRIMARY KEY, place INTEGER NOT NULL) WITHOUT ROWID
            """)
        insert = try ImportStatement(db, sql: "INSERT INTO import_seen (id, place) VALUES (?, ?)")
    }

    /// Notes the id; returns the place of an earlier record with it, if any.
    func add(_ id: UnsafeBufferPointer<UInt8>, place: Int) throws -> Int? {
        guard try insert.step(text: id, integer: place) == .duplicateID else { return nil }
        return try Int.fetchOne(db, sql: "SELECT place FROM import_seen WHERE id = ?",
                                arguments: [String(decoding: id, as: UTF8.self)])
    }

    func drop() throws {
        try db.execute(sql: "DROP TABLE import_seen")
    }
}

/// The tags the records of an import into a library with items give, kept apart until every record is in: then
/// each of those items' tags become exactly its record's (or gain them, for a record whose tags are added) in a
/// few statements over the library's tag rows, where
/// looking up an item's tags record by record would scan them (`members` has no index by item).
private struct TaggedItems {
    private let db: Database

    init(_ db: Database) throws {
        self.db = db
        try db.execute(sql: """
            CREATE TEMP TABLE import_tagged (item_id TEXT PRIMARY KEY, unchanged INTEGER NOT NULL, added INTEGER NOT NULL)
                WITHOUT ROWID;
            CREATE TEMP TABLE import_tags (item_id TEXT NOT NULL, set_name TEXT NOT NULL, PRIMARY KEY (item_id, set_name))
                WITHOUT ROWID
            """)
    }

    /// Notes the tags' set names of an item, whether the import found the item itself unchanged, and whether the
    /// tags are added to its own (`ImportRecord.tagsAreAdded`) rather than made its tags.
    func add(_ id: String, _ names: [String], unchanged: Bool, added: Bool) throws {
        try db.cachedStatement(sql: "INSERT INTO import_tagged (item_id, unchanged, added) VALUES (?, ?, ?)")
            .execute(arguments: [id, unchanged, added])
        for name in names {
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO import_tags (item_id, set_name) VALUES (?, ?)")
                .execute(arguments: [id, name])
        }
    }

    /// Gives each noted item exactly its noted tags (or adds them to its own); returns how many of the items found
    /// unchanged had other tags (or lacked one of them).
    func apply() throws -> Int {
        let retagged = try Int.fetchOne(db, sql: """
            SELECT count(*) FROM import_tagged WHERE unchanged AND item_id IN (
                SELECT m.item_id FROM members m JOIN import_tagged g ON g.item_id = m.item_id
                WHERE m.set_name >= '#' AND m.set_name < '$' AND NOT g.added
                    AND NOT EXISTS (SELECT 1 FROM import_tags n WHERE n.item_id = m.item_id AND n.set_name = m.set_name)
                UNION
                SELECT n.item_id FROM import_tags n
                WHERE NOT EXISTS (SELECT 1 FROM members m WHERE m.set_name = n.set_name AND m.item_id = n.item_id))
            """) ?? 0
        try db.execute(sql: """
            DELETE FROM members WHERE set_name >= '#' AND set_name < '$'
                AND item_id IN (SELECT item_id FROM import_tagged WHERE NOT added)
                AND NOT EXISTS (SELECT 1 FROM import_tags n WHERE n.item_id = members.item_id AND n.set_name = members.set_name);
            INSERT OR IGNORE INTO members (set_name, item_id) SELECT set_name, item_id FROM import_tags;
            DROP TABLE import_tagged;
            DROP TABLE import_tags
            """)
        return retagged
    }
}
