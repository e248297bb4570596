import FavsFormats
import FavsLibrary
import FavsModel
import Foundation

extension PostgresLibrary {
    /// Rows go to the server with `COPY … FROM STDIN` in pieces of about this many bytes, as they are read.
    static let copyPiece = 1 << 20

    /// Adds or updates items from the records in one transaction: on any error (a repeated id, a bad record, the
    /// server gone) nothing changes. Rows go to the server with `COPY` as they are read.
    ///
    /// Into an empty library the rows are copied straight into `items`, its indexes dropped first and built
    /// once at the end (a sort, faster than a million random inserts), and a repeated id is found when the
    /// primary key is built. Into a library with items they go to a temporary table first, and are added and
    /// updated from it in SQL. A record's tags become rows of `members` (no time: an import keeps none), spelled as
    /// the library spells each tag already (`ImportTagNames`); an item held before gets exactly its record's tags
    /// (or has them added to its own, `tagsAreAdded`), or keeps its own when its record has no `tags`. A record's
    /// picks (an export's) become the importing member's (`ImportPicks`), none twice, as a library file takes them.
    public func importRecords(
        reading read: (_ add: (ImportRecord, _ place: Int) throws -> Void) throws -> Void
    ) throws -> ImportSummary {
        try refuseOlderFormat()
        var readError: (any Error)?
        let summary: ImportSummary
        do {
            summary = try session.transaction(writes: true, long: true) {
                if tablesWithFirstWrite { try Self.makeTablesIfMissing(session, name: name) }
                let isEmpty = try session.query("SELECT 1 FROM items LIMIT 1").isEmpty
                do {
                    return try isEmpty ? importIntoEmpty(read) : importIntoItems(read)
                } catch let error where !(error is LibraryError) && !(error is ImportDuplicate) {
                    readError = error
                    throw error
                }
            }
        } catch {
            throw readError ?? error
        }
        if summary.added + summary.updated > 0 { vacuumItems() }
        return summary
    }

    /// Marks the pages of `items` all-visible and gives the planner its statistics, once an import has committed
    /// (VACUUM cannot run in a transaction). Until then the list (`WHERE NOT deleted ORDER BY position`) was read
    /// by a scan of the whole table, fields and all, and a sort on disk, and not from `items_list` alone: 886,323
    /// package rows just imported, 578 ms for the list's query and 1.34–1.50 s for `favs list --query djgrst`; after,
    /// 158 ms and 0.87–0.94 s, for 0.5 s of VACUUM. Autovacuum gets there too, but a minute or more later. The import
    /// stands whatever this does: a VACUUM that fails (the server gone) leaves the table to autovacuum.
    private func vacuumItems() {
        session.withoutDeadline {
            // The session's statement timeout is for ordinary statements; VACUUM takes as long as the table does.
            _ = try? session.query("SET statement_timeout = 0")
            _ = try? session.query("VACUUM (ANALYZE) items")
            _ = try? session.query("RESET statement_timeout")
        }
    }

    private func importIntoEmpty(
        _ read: (_ add: (ImportRecord, _ place: Int) throws -> Void) throws -> Void
    ) throws -> ImportSummary {
        // The members' foreign key stands on the items' primary key: it goes first, and comes back last.
        for statement in Self.itemIndexes.map({ "DROP INDEX \($0.name)" }) + [
            "DROP INDEX items_fields", "ALTER TABLE members DROP CONSTRAINT members_item_id_fkey",
            "ALTER TABLE items DROP CONSTRAINT items_pkey, DROP CONSTRAINT items_position_key",
        ] { try session.query(PostgresQuery(unsafeSQL: statement)) }
        var rows = CopyRows()
        // The favorites' and the tags' member rows, copied once the items' keys are built.
        var members = CopyRows()
        var tagNames = importTagNames()
        var picks = ImportPicks(self)
        var fields: [UInt8] = []
        var count = 0
        // Where each record was read, by position: only looked at to report a repeated id.
        var places = BulkImportPlaces()
        let copied = ["id", "title", "fields", "position"]
        try read { record, place in
            count += 1
            places.append(place: place, column: record.column)
            fields.removeAll(keepingCapacity: true)
            FieldCoding.encode(record.fields, into: &fields)
            try rows.add(record.id.rawValue, line: record.line)
            try rows.add(record.title, line: record.line)
            try rows.add(bytes: fields, line: record.line)
            rows.addLast(count)
            if record.favorite { try members.addMember(record.id, of: SetID(names.favorites), at: nil, line: record.line) }
            for tag in record.tags ?? [] {
                try members.addMember(record.id, of: SetID(try tagNames.name(of: tag)), at: nil, line: record.line)
            }
            try picks.add(record, ord: count)
            if rows.bytes.count >= Self.copyPiece { try flush(&rows, into: "items", copied) }
        }
        try flush(&rows, into: "items", copied)
        try session.query("SAVEPOINT keys")
        guard try session.queryUnlessDuplicate("ALTER TABLE items ADD PRIMARY KEY (id)") else {
            try session.query("ROLLBACK TO SAVEPOINT keys")
            let row = try session.query(PostgresQuery(unsafeSQL: BulkImportPlaces.firstRepeat)).first
            guard let (id, position, first) = try row?.decode((String, Int64, Int64).self) else {
                throw LibraryError.database("the import's ids could not be checked")
            }
            throw places.duplicate(id: id, position: Int(position), first: Int(first))
        }
        try session.query("ALTER TABLE items ADD CONSTRAINT items_position_key UNIQUE (position)")
        try flush(&members, into: "members", CopyRows.memberColumns)
        try session.query("""
            ALTER TABLE members ADD CONSTRAINT members_item_id_fkey FOREIGN KEY (item_id) REFERENCES items (id)
            """)
        for index in Self.itemIndexes { try session.query(PostgresQuery(unsafeSQL: index.sql)) }
        let picksAdded = try picks.finish()
        try Self.makeFieldIndex(session)
        try added(rows: count)
        if count > 0 { try log(.reload, "") }
        return ImportSummary(added: count, picksAdded: picksAdded)
    }

    private func importIntoItems(
        _ read: (_ add: (ImportRecord, _ place: Int) throws -> Void) throws -> Void
    ) throws -> ImportSummary {
        try session.query("""
            CREATE TEMP TABLE import_rows (ord bigint NOT NULL, place bigint NOT NULL, line bigint NOT NULL,
                col bigint NOT NULL, id text NOT NULL, title text NOT NULL, fields text NOT NULL,
                tags text, favorite boolean NOT NULL, tags_added boolean NOT NULL) ON COMMIT DROP
            """)
        var rows = CopyRows()
        var fields: [UInt8] = []
        var count = 0
        // The records' tags as set names joined by `;` (NULL: the record has none), when any record has `tags`.
        var tagNames = importTagNames()
        var tagged = false
        var picks = ImportPicks(self)
        try read { record, place in
            count += 1
            fields.removeAll(keepingCapacity: true)
            FieldCoding.encode(record.fields, into: &fields)
            try rows.add(count, place, record.line, record.column)
            try rows.add(record.id.rawValue, line: record.line)
            try rows.add(record.title, line: record.line)
            try rows.add(bytes: fields, line: record.line)
            tagged = tagged || record.tags != nil
            try rows.add(optional: try record.tags.map { tags in
                try tags.map { try tagNames.name(of: $0) }.joined(separator: ";")
            }, line: record.line)
            rows.add(record.favorite, last: false)
            rows.add(record.tagsAreAdded, last: true)
            try picks.add(record, ord: count)
            if rows.bytes.count >= Self.copyPiece { try flush(&rows, into: "import_rows", Self.importColumns) }
        }
        try flush(&rows, into: "import_rows", Self.importColumns)
        var summary = try merge(count: count, tagged: tagged)
        summary.picksAdded = try picks.finish()
        return summary
    }

    static let importColumns = ["ord", "place", "line", "col", "id", "title", "fields", "tags", "favorite", "tags_added"]

    /// The set names this import writes tags under, the library's tag names read when the first tag comes.
    private func importTagNames() -> ImportTagNames {
        ImportTagNames { [session] in
            try session.query("SELECT DISTINCT set_name FROM members WHERE starts_with(set_name, '#')")
                .map { try $0.decode(String.self) }
        }
    }

    func flush(_ rows: inout CopyRows, into table: String, _ columns: [String]) throws {
        guard !rows.bytes.isEmpty else { return }
        try session.copy(into: table, columns: columns, rows.bytes)
        rows.bytes.removeAll(keepingCapacity: true)
    }

    /// Adds the new ids at the end of the list in file order, updates the known ones (a deleted one comes back)
    /// and counts what did not change; when some record has `tags` (`tagged`), each such item's tags become
    /// exactly its record's (or gain them, `tags_added`), and an item whose tags change is updated. The caller holds the write transaction.
    private func merge(count: Int, tagged: Bool) throws -> ImportSummary {
        if let repeated = try session.query("SELECT id FROM import_rows GROUP BY id HAVING count(*) > 1 LIMIT 1").first {
            _ = repeated
            // The first repeat in file order, and where its id was first read.
            let row = try session.query("""
                SELECT id, place, line, col, first FROM (
                    SELECT id, place, line, col, ord, first_value(place) OVER w AS first, row_number() OVER w AS n
                    FROM import_rows WINDOW w AS (PARTITION BY id ORDER BY ord)) t
                WHERE n = 2 ORDER BY ord LIMIT 1
                """).first
            if let (id, place, line, column, first) = try row?.decode((String, Int64, Int64, Int64, Int64).self) {
                throw ImportDuplicate(record: ImportRecord(id: ItemID(id), title: "", line: Int(line), column: Int(column)),
                                      firstPlace: Int(first), place: Int(place))
            }
        }
        let last = try session.query("SELECT coalesce(max(position), 0) FROM items").first?.decode(Int64.self) ?? 0
        var summary = ImportSummary()
        if tagged { try noteTagChanges() }
        do {
            let retagged = tagged ? " OR i.id IN (SELECT item_id FROM import_retagged)" : ""
            summary.updated = try session.query("""
                UPDATE items i SET title = s.title, fields = s.fields, deleted = false FROM import_rows s
                WHERE i.id = s.id AND (i.title <> s.title OR i.fields <> s.fields OR i.deleted\(unescaped: retagged))
                RETURNING 1
                """).count
            summary.added = try session.query("""
                INSERT INTO items (id, title, fields, position)
                SELECT s.id, s.title, s.fields, \(last) + row_number() OVER (ORDER BY s.ord)
                FROM import_rows s WHERE NOT EXISTS (SELECT 1 FROM items i WHERE i.id = s.id) ORDER BY s.ord
                RETURNING 1
                """).count
            // A star in the file stars an item it adds; an item the library held keeps its own.
            try session.query("""
                INSERT INTO members (set_name, item_id)
                SELECT \(names.favorites), s.id FROM import_rows s JOIN items i ON i.id = s.id WHERE s.favorite AND i.position > \(last)
                ON CONFLICT DO NOTHING
                """)
            if tagged {
                try session.query("""
                    DELETE FROM members m USING import_rows s
                    WHERE s.tags IS NOT NULL AND NOT s.tags_added AND m.item_id = s.id AND starts_with(m.set_name, '#')
                        AND NOT EXISTS (SELECT 1 FROM import_members n WHERE n.item_id = m.item_id AND n.set_name = m.set_name)
                    """)
                try session.query("INSERT INTO members (set_name, item_id) SELECT set_name, item_id FROM import_members ON CONFLICT DO NOTHING")
            }
        }
        summary.unchanged = count - summary.added - summary.updated
        try added(rows: summary.added)
        if summary.added + summary.updated > 0 { try log(.reload, "") }
        return summary
    }

    /// The tag rows the records give (`import_members`), and the items whose tags they change (`import_retagged`),
    /// as they stand before the merge.
    private func noteTagChanges() throws {
        try session.query("""
            CREATE TEMP TABLE import_members ON COMMIT DROP AS
            SELECT s.id AS item_id, t.set_name
            FROM import_rows s CROSS JOIN LATERAL unnest(string_to_array(s.tags, ';')) AS t(set_name) WHERE s.tags <> ''
            """)
        try session.query("""
            CREATE TEMP TABLE import_retagged ON COMMIT DROP AS
            SELECT m.item_id FROM members m JOIN import_rows s ON s.id = m.item_id
            WHERE s.tags IS NOT NULL AND NOT s.tags_added AND starts_with(m.set_name, '#')
                AND NOT EXISTS (SELECT 1 FROM import_members n WHERE n.item_id = m.item_id AND n.set_name = m.set_name)
            UNION
            SELECT n.item_id FROM import_members n
            WHERE NOT EXISTS (SELECT 1 FROM members m WHERE m.set_name = n.set_name AND m.item_id = n.item_id)
            """)
    }

    // MARK: Copy

    public func copyOut(_ visit: (StoredItem) throws -> Void) throws -> LibraryPreferences {
        try session.transaction(writes: false, readOnlySnapshot: true, long: true) {
            // Every item's sets besides your stars (which the item carries), other members' included: none before
            // format 2.
            var sets: [ItemID: [StoredMember]] = [:]
            if tableFormat >= 2 {
                for row in try session.query("""
                    SELECT set_name, item_id, added_at FROM members
                    WHERE set_name NOT IN ('favorites', \(unescaped: Self.literal(names.favorites))) ORDER BY set_name, item_id
                    """) {
                    let (name, id, since) = try row.decode((String, String, Int64?).self)
                    sets[ItemID(id), default: []].append(StoredMember(SetID(name), since: since))
                }
            }
            var after = Int64.min
            while true {
                // Deleted items with their stars: a copy restores them as the library would.
                let rows = try session.query("""
                    SELECT i.id, i.title, i.fields, f.item_id IS NOT NULL, i.position, f.added_at, i.deleted
                    FROM items i LEFT JOIN \(unescaped: favorites) f ON f.item_id = i.id
                    WHERE i.position > \(after) ORDER BY i.position LIMIT 10000
                    """)
                for row in rows {
                    let (id, title, fields, favorite, position, time, deleted)
                        = try row.decode((String, String, String, Bool, Int64, Int64?, Bool).self)
                    let itemID = ItemID(id)
                    try visit(StoredItem(item: Item(id: itemID, title: title, fields: try FieldCoding.decode(fields, id: itemID),
                                                    favorite: favorite, position: Int(position), favoritedAt: time),
                                         deleted: deleted, sets: sets[itemID] ?? []))
                    after = position
                }
                if rows.count < 10000 { break }
            }
            let stored = try session.query("SELECT value FROM meta WHERE key = 'name'").first?.decode(String.self)
            return LibraryPreferences(name: stored ?? name, order: try rememberedOrder())
        }
    }

    public func copyIn(reading read: (_ add: (StoredItem) throws -> Void) throws -> LibraryPreferences) throws -> Int {
        try refuseOlderFormat()
        var readError: (any Error)?
        do {
            return try session.transaction(writes: true, long: true) {
                if tablesWithFirstWrite { try Self.makeTablesIfMissing(session, name: name) }
                if try !session.query("SELECT 1 FROM items LIMIT 1").isEmpty { throw LibraryError.notEmpty(path: location) }
                let columns = ["id", "title", "fields", "position", "deleted"]
                var rows = CopyRows()
                // Every set's member rows, copied once every item is in (their foreign key).
                var memberRows = CopyRows()
                var count = 0
                let preferences: LibraryPreferences
                do {
                    preferences = try read { stored in
                        let item = stored.item
                        count += 1
                        try rows.add(item.id.rawValue, line: count)
                        try rows.add(item.title, line: count)
                        try rows.add(FieldCoding.encode(item.fields), line: count)
                        try rows.add(item.position)
                        rows.add(stored.deleted, last: true)
                        for member in stored.memberRows {
                            try memberRows.addMember(item.id, of: SetID(names.stored(member.set)), at: member.since, line: count)
                        }
                        if rows.bytes.count >= Self.copyPiece { try flush(&rows, into: "items", columns) }
                    }
                } catch let error where !(error is LibraryError) {
                    readError = error
                    throw error
                }
                try flush(&rows, into: "items", columns)
                try flush(&memberRows, into: "members", CopyRows.memberColumns)
                try session.query("""
                    INSERT INTO meta (key, value) VALUES ('name', \(preferences.name))
                    ON CONFLICT (key) DO UPDATE SET value = excluded.value
                    """)
                if let order = preferences.order { try remember(order: order) }
                try added(rows: count)
                try log(.reload, "")
                return count
            }
        } catch {
            throw readError ?? error
        }
    }
}
