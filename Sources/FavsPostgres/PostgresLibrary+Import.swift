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
    /// updated from it in SQL.
    public func importRecords(
        reading read: (_ add: (ImportRecord, _ place: Int) throws -> Void) throws -> Void
    ) throws -> ImportSummary {
        var readError: (any Error)?
        let summary: ImportSummary
        do {
            summary = try session.transaction(writes: true, long: true) {
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
        for statement in [
            "DROP INDEX items_list", "DROP INDEX items_favorites", "DROP INDEX items_deleted", "DROP INDEX items_fields",
            "ALTER TABLE items DROP CONSTRAINT items_pkey, DROP CONSTRAINT items_position_key",
        ] { try session.query(PostgresQuery(unsafeSQL: statement)) }
        var rows = CopyRows()
        var fields: [UInt8] = []
        var count = 0
        // Where each record was read, by position: only looked at to report a repeated id.
        var places = BulkImportPlaces()
        let copied = ["id", "title", "fields", "favorite", "position"]
        try read { record, place in
            count += 1
            places.append(place: place, column: record.column)
            fields.removeAll(keepingCapacity: true)
            FieldCoding.encode(record.fields, into: &fields)
            try rows.add(record.id.rawValue, line: record.line)
            try rows.add(record.title, line: record.line)
            try rows.add(bytes: fields, line: record.line)
            rows.add(record.favorite, last: false)
            rows.addLast(count)
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
        for statement in Self.tables[1...3] { try session.query(PostgresQuery(unsafeSQL: statement)) }
        try Self.makeFieldIndex(session)
        try added(rows: count)
        if count > 0 { try log(.reload, "") }
        return ImportSummary(added: count)
    }

    private func importIntoItems(
        _ read: (_ add: (ImportRecord, _ place: Int) throws -> Void) throws -> Void
    ) throws -> ImportSummary {
        try session.query("""
            CREATE TEMP TABLE import_rows (ord bigint NOT NULL, place bigint NOT NULL, line bigint NOT NULL,
                col bigint NOT NULL, id text NOT NULL, title text NOT NULL, fields text NOT NULL,
                favorite boolean NOT NULL) ON COMMIT DROP
            """)
        var rows = CopyRows()
        var fields: [UInt8] = []
        var count = 0
        try read { record, place in
            count += 1
            fields.removeAll(keepingCapacity: true)
            FieldCoding.encode(record.fields, into: &fields)
            try rows.add(count, place, record.line, record.column)
            try rows.add(record.id.rawValue, line: record.line)
            try rows.add(record.title, line: record.line)
            try rows.add(bytes: fields, line: record.line)
            rows.add(record.favorite, last: true)
            if rows.bytes.count >= Self.copyPiece { try flush(&rows, into: "import_rows", Self.importColumns) }
        }
        try flush(&rows, into: "import_rows", Self.importColumns)
        return try merge(count: count)
    }

    static let importColumns = ["ord", "place", "line", "col", "id", "title", "fields", "favorite"]

    private func flush(_ rows: inout CopyRows, into table: String, _ columns: [String]) throws {
        guard !rows.bytes.isEmpty else { return }
        try session.copy(into: table, columns: columns, rows.bytes)
        rows.bytes.removeAll(keepingCapacity: true)
    }

    /// Adds the new ids at the end of the list in file order, updates the known ones (a deleted one comes back)
    /// and counts what did not change. The caller holds the write transaction.
    private func merge(count: Int) throws -> ImportSummary {
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
        do {
            summary.updated = try session.query("""
                UPDATE items i SET title = s.title, fields = s.fields, deleted = false FROM import_rows s
                WHERE i.id = s.id AND (i.title <> s.title OR i.fields <> s.fields OR i.deleted) RETURNING 1
                """).count
            summary.added = try session.query("""
                INSERT INTO items (id, title, fields, favorite, position)
                SELECT s.id, s.title, s.fields, s.favorite, \(last) + row_number() OVER (ORDER BY s.ord)
                FROM import_rows s WHERE NOT EXISTS (SELECT 1 FROM items i WHERE i.id = s.id) ORDER BY s.ord
                RETURNING 1
                """).count
        }
        summary.unchanged = count - summary.added - summary.updated
        try added(rows: summary.added)
        if summary.added + summary.updated > 0 { try log(.reload, "") }
        return summary
    }

    // MARK: Copy

    public func copyOut(_ visit: (StoredItem) throws -> Void) throws -> LibraryPreferences {
        try session.transaction(writes: false, readOnlySnapshot: true, long: true) {
            var after = Int64.min
            while true {
                let rows = try session.query("""
                    SELECT id, title, fields, favorite, position, favorited_at, deleted FROM items
                    WHERE position > \(after) ORDER BY position LIMIT 10000
                    """)
                for row in rows {
                    let (id, title, fields, favorite, position, time, deleted)
                        = try row.decode((String, String, String, Bool, Int64, Int64?, Bool).self)
                    let itemID = ItemID(id)
                    try visit(StoredItem(item: Item(id: itemID, title: title, fields: try FieldCoding.decode(fields, id: itemID),
                                                    favorite: favorite, position: Int(position), favoritedAt: time),
                                         deleted: deleted))
                    after = position
                }
                if rows.count < 10000 { break }
            }
            let stored = try session.query("SELECT value FROM meta WHERE key = 'name'").first?.decode(String.self)
            return LibraryPreferences(name: stored ?? name, order: try rememberedOrder())
        }
    }

    public func copyIn(reading read: (_ add: (StoredItem) throws -> Void) throws -> LibraryPreferences) throws -> Int {
        var readError: (any Error)?
        do {
            return try session.transaction(writes: true, long: true) {
                if try !session.query("SELECT 1 FROM items LIMIT 1").isEmpty { throw LibraryError.notEmpty(path: location) }
                let columns = ["id", "title", "fields", "favorite", "position", "favorited_at", "deleted"]
                var rows = CopyRows()
                var count = 0
                let preferences: LibraryPreferences
                do {
                    preferences = try read { stored in
                        let item = stored.item
                        count += 1
                        try rows.add(item.id.rawValue, line: count)
                        try rows.add(item.title, line: count)
                        try rows.add(FieldCoding.encode(item.fields), line: count)
                        rows.add(item.favorite, last: false)
                        try rows.add(Int64(item.position), item.favoritedAt)
                        rows.add(stored.deleted, last: true)
                        if rows.bytes.count >= Self.copyPiece { try flush(&rows, into: "items", columns) }
                    }
                } catch let error where !(error is LibraryError) {
                    readError = error
                    throw error
                }
                try flush(&rows, into: "items", columns)
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

/// Rows in `COPY`'s text format: tab between columns, a newline after each row, and backslash escapes for a
/// backslash, tab, newline or carriage return inside a value. PostgreSQL's text cannot hold a NUL character.
struct CopyRows {
    var bytes: [UInt8] = []

    mutating func add(_ numbers: Int...) throws {
        for number in numbers {
            bytes.append(contentsOf: String(number).utf8)
            bytes.append(UInt8(ascii: "\t"))
        }
    }

    mutating func add(_ position: Int64, _ time: Int64?) throws {
        bytes.append(contentsOf: String(position).utf8)
        bytes.append(UInt8(ascii: "\t"))
        bytes.append(contentsOf: (time.map(String.init) ?? "\\N").utf8)
        bytes.append(UInt8(ascii: "\t"))
    }

    mutating func add(_ text: String, line: Int) throws {
        var text = text
        try text.withUTF8 { try add(bytes: UnsafeRawBufferPointer($0), line: line) }
    }

    mutating func add(bytes value: [UInt8], line: Int) throws {
        try value.withUnsafeBytes { try add(bytes: $0, line: line) }
    }

    mutating func add(bytes value: UnsafeRawBufferPointer, line: Int) throws {
        var start = 0
        for (index, byte) in value.enumerated() {
            let escape: UInt8
            switch byte {
            case UInt8(ascii: "\\"): escape = UInt8(ascii: "\\")
            case UInt8(ascii: "\t"): escape = UInt8(ascii: "t")
            case UInt8(ascii: "\n"): escape = UInt8(ascii: "n")
            case UInt8(ascii: "\r"): escape = UInt8(ascii: "r")
            case 0: throw LibraryError.database("line \(line): PostgreSQL cannot store a NUL character")
            default: continue
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: value[start..<index]))
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(escape)
            start = index + 1
        }
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: value[start...]))
        bytes.append(UInt8(ascii: "\t"))
    }

    /// A number that ends the row.
    mutating func addLast(_ last: Int) {
        bytes.append(contentsOf: String(last).utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    mutating func add(_ flag: Bool, last: Bool) {
        bytes.append(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
        bytes.append(last ? UInt8(ascii: "\n") : UInt8(ascii: "\t"))
    }
}
