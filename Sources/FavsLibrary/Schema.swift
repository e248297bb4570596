import FavsModel
import FavsFormats
import Foundation
import GRDB
import GRDBSQLite

/// The tables of a library file, their migrations, and how fields are stored.
enum Schema {
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            // `position` is UNIQUE, so SQLite keeps an index on it: the list order is read in index order
            // (a separate index on the same column would only slow writes down).
            try db.execute(sql: """
                CREATE TABLE items (
                    id TEXT PRIMARY KEY,
                    title TEXT NOT NULL,
                    fields TEXT NOT NULL,
                    favorite INTEGER NOT NULL DEFAULT 0,
                    position INTEGER NOT NULL UNIQUE,
                    deleted INTEGER NOT NULL DEFAULT 0
                );
                CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
                CREATE TABLE changes (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    item_id TEXT NOT NULL,
                    kind TEXT NOT NULL
                );
                """)
        }
        migrator.registerMigration("v2: change origins") { db in
            // Which process wrote a change, so a follower can skip its own.
            try db.execute(sql: "ALTER TABLE changes ADD COLUMN origin TEXT NOT NULL DEFAULT ''")
        }
        migrator.registerMigration("v3: list indexes") { db in
            // What the list shows, in list order, as one covering index: opening a browser reads this index
            // front to back (about a quarter of the table's pages) instead of every row with its fields.
            // `deleted` is in it so SQLite sees that the index covers the query.
            try db.execute(sql: listIndex)
            // The favorites in list order: their count and the first of them without reading the list.
            try db.execute(sql: favoritesIndex)
        }
        migrator.registerMigration("v4: favorite times") { db in
            // When each favorite was favorited, for the "recently favorited" order: NULL for items that are not
            // favorites and for favorites made before this (an import, the sample, an older favs). The index
            // holds the few that have a time, so a browser reads them without touching the table.
            try db.execute(sql: "ALTER TABLE items ADD COLUMN favorited_at INTEGER")
            try db.execute(sql: favoriteTimesIndex)
        }
        migrator.registerMigration("v5: ids indexed apart") { db in
            // An import into an empty library leaves the id index out while the rows go in and builds it
            // once at the end, by a sort: random inserts into an index ten times the page cache made a
            // 10M-row import twice as slow as sqlite3's own. `id TEXT PRIMARY KEY` cannot be dropped, so
            // the table is made again with the index apart (`items_id`), the same to every query. Only an
            // empty table is remade (nothing to copy); a library that already holds items keeps its
            // primary key, and an import into it is an upsert, which needs the index throughout anyway.
            try remakeEmptyItems(position: "INTEGER NOT NULL UNIQUE", db)
        }
        migrator.registerMigration("v6: field index") { db in
            // Field terms (`artist:padilla`) are answered by FTS5's trigram index over the fields' values, kept by
            // triggers on every write; the rows a library holds already are left to build (see v7).
            try db.execute(sql: fieldIndex)
            for trigger in fieldIndexTriggers { try db.execute(sql: trigger) }
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM items)") == true {
                try setFieldsIndexed(through: Int64.min, db)
            }
        }
        migrator.registerMigration("v7: field index built after an import") { db in
            // An import into an empty library leaves the field index to build afterwards, a slice at a time
            // (`SQLiteLibrary.indexFields(rows:)`): the triggers keep the rows the index holds, up to
            // `fields_indexed_through`, and leave the others to the build. An index made by an earlier v6 holds
            // every row (no `fields_indexed_through` says so).
            for name in ["items_fields_insert", "items_fields_update", "items_fields_delete"] {
                try db.execute(sql: "DROP TRIGGER IF EXISTS \(name)")
            }
            for trigger in fieldIndexTriggers { try db.execute(sql: trigger) }
        }
        migrator.registerMigration("v8: positions as row ids") { db in
            // A position is given once (the next after the largest) and never changes, so it can be the table's
            // row id: `position INTEGER PRIMARY KEY` is the table's own key, where `UNIQUE` kept a B-tree of its
            // own beside it that every insert wrote (134 MB of a 10M-row import's 2.5 GB). Only an empty table is
            // remade, as in v5: a library that holds items keeps its table, which every query reads the same.
            guard try remakeEmptyItems(position: "INTEGER PRIMARY KEY NOT NULL", db) else { return }
            for trigger in fieldIndexTriggers { try db.execute(sql: trigger) }  // dropped with the table
        }
        migrator.registerMigration("v9: sets") { db in
            // Favorites are the first of many sets (tags come next): an item's membership of a set is a row of
            // `members`, not a column of `items`, on SQLite as on PostgreSQL. A deleted item keeps its rows, so a
            // restore brings its star back. The items' two favorite columns go (a rewrite of the table: seconds
            // for a million items, once), and with them the two favorite indexes and the star in the list index.
            try db.execute(sql: membersTable)
            try db.execute(sql: """
                INSERT INTO members (set_name, item_id, added_at)
                SELECT 'favorites', id, \(try favoriteTimeColumn(db)) FROM items WHERE favorite = 1
                """)
            for index in ["items_favorites", "items_favorite_times", "items_list"] {
                try db.execute(sql: "DROP INDEX IF EXISTS \(index)")
            }
            for column in try db.columns(in: "items").map(\.name) where column == "favorite" || column == "favorited_at" {
                try db.execute(sql: "ALTER TABLE items DROP COLUMN \(column)")
            }
            try db.execute(sql: listIndex)
        }
        migrator.registerMigration("v10: every set logged") { db in
            // Every set is written, logged and followed as favorites are: a member change's log row names its set
            // (`join`/`leave` and `set_name`, favorites too; the `favorite`/`unfavorite` rows an older favs wrote stay
            // and are still followed), and an item's member rows are found by its id (a write checks them, a
            // follower reads them), where `members` is keyed by set first.
            try db.execute(sql: "ALTER TABLE changes ADD COLUMN set_name TEXT")
            try db.execute(sql: memberItemsIndex)
        }
        migrator.registerMigration("v11: saved searches") { db in
            // A search kept under a name (`S`): its text and exact mode, and when it was saved (ms since 1970). Its
            // changes are logged as `search` rows naming it in `set_name`.
            try db.execute(sql: """
                CREATE TABLE searches (name TEXT PRIMARY KEY, filter TEXT NOT NULL, exact BOOLEAN NOT NULL,
                                       saved_at INTEGER NOT NULL)
                """)
        }
        migrator.registerMigration("v12: picks") { db in
            // Each pick (enter in `favs pick`) with its time, for the picker's frecency: a row per pick, or one
            // weighted row standing for an item's oldest picks. A deleted item keeps its rows, as it keeps its sets.
            // Logged as `pick` rows naming the item.
            try db.execute(sql: picksTable)
            try db.execute(sql: "CREATE INDEX picks_item ON picks (item_id, picked_at)")
        }
        migrator.registerMigration("v13: pick scores") { db in
            // Each picked item's picks summed at its latest pick (`PickSum`), kept beside them at every write, so a
            // picker ranks 10k picked lines by reading 10k rows, not every pick with a list for each item. Summed
            // here from the picks a library holds already, with the default half-life (`pick_half_life`).
            try db.execute(sql: pickScoresTable)
            try rescoreAllPicks(halfLife: Frecency.defaultHalfLife, db)
        }
        return migrator
    }()

    /// The picks (v12): when an item was picked (ms since 1970) and how many picks the row stands for.
    static let picksTable = """
        CREATE TABLE picks (item_id TEXT NOT NULL, picked_at INTEGER NOT NULL, weight REAL NOT NULL DEFAULT 1)
        """

    /// The saved searches, A–Z by name without case (v11); none in a library opened read-only that predates them.
    static func searches(_ db: Database) throws -> [SavedSearch] {
        guard try db.tableExists("searches") else { return [] }
        return try Row.fetchAll(db, sql: "SELECT name, filter, exact FROM searches")
            .map { SavedSearch(name: $0[0], filter: $0[1], exact: $0[2]) }
            .sorted(by: SavedSearch.areInOrder)
    }

    /// The saved search of this name as stored now; nil when there is none.
    static func search(named name: String, _ db: Database) throws -> SavedSearch? {
        guard try db.tableExists("searches") else { return nil }
        return try Row.fetchOne(db, sql: "SELECT name, filter, exact FROM searches WHERE name = ?", arguments: [name])
            .map { SavedSearch(name: $0[0], filter: $0[1], exact: $0[2]) }
    }

    /// An item's member rows, whichever sets (v10).
    static let memberItemsIndex = "CREATE INDEX members_item ON members (item_id)"

    /// The change log's set column to select: `set_name`, or NULL in a library opened read-only that predates it
    /// (v10).
    static func changeSetColumn(_ db: Database) throws -> String {
        try db.columns(in: "changes").contains { $0.name == "set_name" } ? "set_name" : "NULL"
    }

    /// Whether an item belongs to a set now (under any spelling of a tag's name), and since when: what a follower
    /// reads for a member change of a set other than favorites.
    static func membership(_ member: SetMember, _ db: Database) throws -> (Bool, Int64?) {
        let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT set_name, added_at FROM members WHERE item_id = ?"),
                                    arguments: [member.id.rawValue])
        return StoredState(deleted: false, memberships: rows.map { (name: $0[0], since: $0[1]) }).membership(of: member.set)
    }

    /// Each set's members (v9): favorites are `set_name = 'favorites'`; `added_at` is when the item joined (ms since
    /// 1970; NULL where no time was kept: an import, the sample, an older favs).
    static let membersTable = """
        CREATE TABLE members (
            set_name TEXT NOT NULL,
            item_id TEXT NOT NULL,
            added_at INTEGER,
            PRIMARY KEY (set_name, item_id)
        ) WITHOUT ROWID
        """

    /// Makes an item a member of a set (with the time it joined) or not: its row of `members` there or gone.
    static func setMember(_ id: ItemID, of set: SetID, _ value: Bool, at time: Int64?, _ db: Database) throws {
        if value {
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO members (set_name, item_id, added_at) VALUES (?, ?, ?)")
                .execute(arguments: [set.name, id.rawValue, time])
        } else {
            try db.cachedStatement(sql: "DELETE FROM members WHERE set_name = ? AND item_id = ?")
                .execute(arguments: [set.name, id.rawValue])
        }
    }

    /// The favorites as rows of `(item_id, added_at)`, for a query's FROM: the members table's (v9), or, in a
    /// library opened read-only that predates it, the items' own columns.
    static func favorites(_ db: Database) throws -> String {
        if try db.tableExists("members") {
            return "(SELECT item_id, added_at FROM members WHERE set_name = 'favorites')"
        }
        return "(SELECT id AS item_id, \(try favoriteTimeColumn(db)) AS added_at FROM items WHERE favorite = 1)"
    }

    /// Makes the items table again, with `position` declared as given, and its indexes (v5, v8), when it holds no
    /// row at all (nothing to copy); returns whether it did.
    @discardableResult
    private static func remakeEmptyItems(position: String, _ db: Database) throws -> Bool {
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM items)") == false else { return false }
        try db.execute(sql: "DROP TABLE items")
        try db.execute(sql: """
            CREATE TABLE items (
                id TEXT NOT NULL,
                title TEXT NOT NULL,
                fields TEXT NOT NULL,
                favorite INTEGER NOT NULL DEFAULT 0,
                position \(position),
                deleted INTEGER NOT NULL DEFAULT 0,
                favorited_at INTEGER
            )
            """)
        for index in [idIndex, listIndex, favoritesIndex, favoriteTimesIndex] { try db.execute(sql: index) }
        return true
    }

    /// The favorite-time column to select: `favorited_at`, or NULL in a library opened read-only that
    /// predates it (v4).
    static func favoriteTimeColumn(_ db: Database) throws -> String {
        try db.columns(in: "items").contains { $0.name == "favorited_at" } ? "favorited_at" : "NULL"
    }

    /// The list's covering index (v3; without the star since v9).
    static let listIndex = """
        CREATE INDEX items_list ON items (position, id, title, deleted) WHERE deleted = 0
        """

    /// The ids, unique, apart from the table (v5; a library that held items before v5 has `id TEXT PRIMARY KEY`
    /// instead). An import into an empty library drops it and builds it again once the rows are in.
    static let idIndex = "CREATE UNIQUE INDEX items_id ON items (id)"

    /// The favorites in list order (v3).
    static let favoritesIndex = "CREATE INDEX items_favorites ON items (position) WHERE favorite = 1 AND deleted = 0"

    /// The favorites that have a time (v4).
    static let favoriteTimesIndex = """
        CREATE INDEX items_favorite_times ON items (favorited_at, id) WHERE favorited_at IS NOT NULL AND deleted = 0
        """

    /// The trigram index of the fields (v6): their values, one a line (`fieldText`), in an FTS5 table that keeps
    /// no copy of the text (`content=''`: the rows are in `items`) and only which rows hold a trigram, not where
    /// (`detail=none`): a query asks for the rows that hold every trigram of its text, and the exact test over
    /// `items.fields` decides (`SQLiteLibrary.ids(withField:)`). Its rowid is the item's position.
    static let fieldIndex = """
        CREATE VIRTUAL TABLE items_fields USING fts5(
            field_values, content = '', tokenize = 'trigram', detail = 'none', columnsize = 0
        )
        """

    /// The text the field index holds for a row: an SQL expression over the JSON `fields` (`new.fields`, say):
    /// each value as written (a string's text, a number or boolean as its JSON, a null empty), one a line. The
    /// triggers make it; the build makes the same text in Swift (`FieldCoding.indexText(json:)`, held to this by a
    /// test): a contentless index is told the text again to take a row out.
    static func fieldText(_ fields: String) -> String {
        "coalesce((SELECT group_concat(\(pairValue("value", type: "type")), char(10)) FROM \(pairs(fields))), '')"
    }

    /// `json_each` over fields that are not damaged (not JSON, or not an array: no pairs), so a damaged row never
    /// makes a write or a search fail (loading it says what is wrong).
    static func pairs(_ fields: String) -> String {
        "json_each(CASE WHEN json_valid(\(fields)) AND json_type(\(fields)) = 'array' THEN \(fields) ELSE '[]' END)"
    }

    /// The value of a pair (`pair`, an element of `pairs`, `type` its JSON type) as written: a string's text, a
    /// number or boolean as its JSON, a null (or a pair that is not one) empty.
    static func pairValue(_ pair: String, type: String) -> String {
        """
        CASE WHEN \(type) <> 'array' THEN '' WHEN json_type(\(pair), '$[1]') = 'text' THEN \(pair) ->> 1 \
        WHEN coalesce(json_type(\(pair), '$[1]'), 'null') = 'null' THEN '' ELSE \(pair) -> 1 END
        """
    }

    /// The positions the field index holds run up to this one (an import into an empty library sets it to 0 and
    /// leaves its rows to `SQLiteLibrary.indexFields(rows:)`); `wholeFieldIndex` once every row is in, as in a
    /// library whose index was never left behind (no row in `meta`).
    static let fieldsIndexedThrough = """
        coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'fields_indexed_through'), \(wholeFieldIndex))
        """
    static let wholeFieldIndex = Int64.max

    /// FTS5's memory for a slice of the field index's build before it writes a segment, and its default.
    static let sliceHashSize = 32 << 20
    static let defaultHashSize = 1 << 20

    /// The position the field index holds rows up to (`fieldsIndexedThrough`'s value).
    static func fieldsIndexedThrough(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT \(fieldsIndexedThrough)") ?? wholeFieldIndex
    }

    static func setFieldsIndexed(through position: Int64, _ db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('fields_indexed_through', ?)",
                       arguments: [String(position)])
    }

    /// What keeps the field index: a row added, its fields or position changed, a row removed; each only where the
    /// index holds its position (see `fieldsIndexedThrough`): the build takes in the others as they are then.
    static let fieldIndexTriggers = [
        fieldIndexInsertTrigger,
        """
        CREATE TRIGGER items_fields_update AFTER UPDATE OF fields, position ON items BEGIN
            INSERT INTO items_fields (items_fields, rowid, field_values)
                SELECT 'delete', old.position, \(fieldText("old.fields")) WHERE old.position <= \(fieldsIndexedThrough);
            INSERT INTO items_fields (rowid, field_values)
                SELECT new.position, \(fieldText("new.fields")) WHERE new.position <= \(fieldsIndexedThrough);
        END
        """,
        """
        CREATE TRIGGER items_fields_delete AFTER DELETE ON items WHEN old.position <= \(fieldsIndexedThrough) BEGIN
            INSERT INTO items_fields (items_fields, rowid, field_values) VALUES ('delete', old.position, \(fieldText("old.fields")));
        END
        """,
    ]

    /// The trigger an import into an empty library leaves out while its rows go in (none of them is indexed then).
    static let fieldIndexInsertTrigger = """
        CREATE TRIGGER items_fields_insert AFTER INSERT ON items WHEN new.position <= \(fieldsIndexedThrough) BEGIN
            INSERT INTO items_fields (rowid, field_values) VALUES (new.position, \(fieldText("new.fields")));
        END
        """


    /// The migrations that shape the tables: what a read-only open needs (later ones add indexes).
    static let readerMigrations: Set<String> = ["v1", "v2: change origins"]

    /// Migrates the file and names (and maybe seeds) a new library; returns the library's name.
    ///
    /// A library is new until it has a name. Naming and seeding happen in one write transaction,
    /// so two processes creating the same library at once seed it only once.
    static func prepare(_ writer: any DatabaseWriter, path: String, seed: Bool, newName: String) throws -> String {
        do {
            return try prepareOnce(writer, path: path, seed: seed, newName: newName)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
            // Two processes creating the same library: the migrator checks, then migrates, and another process
            // can migrate in between ("table items already exists"). The second look finds the schema in place.
            return try prepareOnce(writer, path: path, seed: seed, newName: newName)
        }
    }

    /// Puts a library that an import left under a rollback journal (`BulkJournal`: another process held it when
    /// the import ended) back in WAL mode, when no other connection holds it now; a library in WAL mode is left
    /// as it is, without a write.
    static func backToWAL(_ writer: any DatabaseWriter) throws {
        try writer.writeWithoutTransaction { db in
            guard try String.fetchOne(db, sql: "PRAGMA journal_mode") == "delete" else { return }
            _ = setJournalModeAtOnce(db, "wal")
        }
    }

    /// Sets the journal mode without waiting for other connections (leaving WAL mode, or going back to it, needs
    /// the file to itself); returns the mode now in force, nil when SQLite refused (SQLITE_BUSY).
    static func setJournalModeAtOnce(_ db: Database, _ mode: String) -> String? {
        let connection = db.sqliteConnection
        sqlite3_busy_timeout(connection, 0)
        defer { sqlite3_busy_timeout(connection, Int32(SQLiteLibrary.busyTimeout * 1000)) }
        return try? String.fetchOne(db, sql: "PRAGMA journal_mode = \(mode)")
    }

    private static func prepareOnce(_ writer: any DatabaseWriter, path: String, seed: Bool,
                                    newName: String) throws -> String {
        // A library that is up to date and named is opened without a single write, so reading one
        // (`favs list`) never changes the file and works where the file is not writable.
        let ready = try writer.read { db -> String? in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            if !tables.isEmpty, !tables.contains("grdb_migrations") {
                throw LibraryError.notFavs(location: path)
            }
            if try migrator.hasBeenSuperseded(db) {
                throw LibraryError.newerVersion(location: path)
            }
            let complete = try migrator.hasCompletedMigrations(db)
            // A reader can use a library that lacks only indexes (v3): it reads the same tables, more slowly.
            let readable = try !complete && writer.configuration.readonly
                && migrator.appliedIdentifiers(db).isSuperset(of: readerMigrations)
            guard complete || readable else { return nil }
            return try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'name'")
        }
        if let ready {
            if path != ":memory:", !writer.configuration.readonly { try backToWAL(writer) }
            return ready
        }
        if path != ":memory:" {
            // A new file: WAL, so other processes can read while this one writes (the mode stays in the file).
            try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
        }
        try migrator.migrate(writer)
        return try writer.write { db in
            if let name = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'name'") { return name }
            if seed {
                let insert = try db.makeStatement(sql: """
                    INSERT INTO items (id, title, fields, position) VALUES (?, ?, ?, ?)
                    """)
                for item in SampleLibrary.items {
                    try insert.execute(arguments: [item.id.rawValue, item.title, FieldCoding.encode(item.fields),
                                                   item.position])
                    if item.favorite {
                        try db.execute(sql: "INSERT INTO members (set_name, item_id) VALUES ('favorites', ?)",
                                       arguments: [item.id.rawValue])
                    }
                }
            }
            try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('name', ?)", arguments: [newName])
            return newName
        }
    }
}

/// Fields are stored as a JSON array of `[name, value]` pairs, which keeps their order.
///
/// A string field's value is a JSON string, as every library has always stored it; a number, boolean or null
/// is stored as that JSON value (`["rank",1891]`, `["ok",true]`, `["x",null]`), so a library written before
/// fields had kinds reads exactly as it did, and a newer one keeps each field's kind.
///
/// Written and read with the core's ordered JSON code rather than JSONEncoder/JSONDecoder: the format is the
/// same, but Foundation's coders took about 18 µs per item (over 70 % of loading 200,000 items).
package enum FieldCoding {
    package static func encode(_ fields: [Field]) -> String {
        var bytes: [UInt8] = []
        encode(fields, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the fields' JSON as UTF-8, without building a String per item (the import writes a million
    /// of these); strings are escaped by `JSONString`, as every JSON favs writes.
    package static func encode(_ fields: [Field], into out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "["))
            JSONString.write(field.name, to: &out)
            out.append(UInt8(ascii: ","))
            FieldJSON.write(field, to: &out)
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "]"))
    }

    /// The text SQLite's field index holds for fields stored as `json`, as `Schema.fieldText` makes it (each value
    /// as written, a null empty, one a line), made in Swift: in SQL its JSON functions took 9 s of 886k rows. Nil
    /// unless `json` is exactly what `encode` writes (and holds no NUL), the only JSON it is held to (by a test):
    /// the index is told a row's text again to take it out, so a text that differed would damage it.
    static func indexText(json: String) -> String? {
        guard let fields = try? decode(json, id: ItemID("")), encode(fields) == json,
              !json.utf8.contains(0) else { return nil }
        return fields.map { $0.kind == .null ? "" : $0.value }.joined(separator: "\n")
    }

    package static func decode(_ text: String, id: ItemID) throws -> [Field] {
        let unreadable = LibraryError.unreadable(id, reason: "its fields are not a JSON array of [name, value] pairs")
        guard case let .array(pairs)? = try? JSONValue.parse(text) else { throw unreadable }
        return try pairs.map { pair in
            guard case let .array(parts) = pair, parts.count == 2, case let .string(name) = parts[0] else {
                throw unreadable
            }
            switch parts[1] {
            case let .string(value): return Field(name, value)
            case let .number(text): return Field(name, text, kind: .number)
            case let .bool(flag): return Field(name, flag ? "true" : "false", kind: .bool)
            case .null: return Field(name, "", kind: .null)
            case .array, .object: throw unreadable
            }
        }
    }
}
