import FavsFormats
import FavsLibrary
import FavsModel

/// A library's tables in its schema: checked on opening, made (and seeded) when the schema holds none.
extension PostgresLibrary {
    /// The format of the tables this favs writes: a library whose `meta.format` is larger came from a newer favs.
    static let format = 1

    /// Checks the schema's tables and makes them when there are none (unless `later`: then the caller's first
    /// write transaction makes them, `makeTablesIfMissing`); returns the library's name.
    static func prepare(_ session: PostgresSession, seed: Bool, mustExist: Bool, later: Bool = false) throws -> String {
        let target = session.target
        if let name = try existingName(session) {
            // A library made before field terms were searched gets its field index now, once (the build holds writers
            // back meanwhile). A user who may not make it (a read-only role) opens it without: field terms then
            // read the rows one by one, the same answers, slower.
            if try !hasFieldIndex(session) {
                try? session.transaction(writes: true, long: true) { try makeFieldIndex(session) }
            }
            return name
        }
        if mustExist { throw LibraryError.notFound(path: target.display) }
        let name = newName(target, seed: seed)
        if later { return name }
        return try session.transaction(writes: true) { try makeTablesIfMissing(session, name: name, seed: seed) }
    }

    /// The name of the library in the schema; nil when the schema holds no tables (or does not exist).
    private static func existingName(_ session: PostgresSession) throws -> String? {
        let target = session.target
        let tables = try session.query("""
            SELECT table_name::text FROM information_schema.tables WHERE table_schema = \(target.schema)
            """).map { try $0.decode(String.self) }
        if tables.isEmpty { return nil }
        guard Set(tables).isSuperset(of: ["items", "meta", "changes"]) else { throw LibraryError.notFavs(location: target.display) }
        var format: Int?
        var name: String?
        for row in try session.query("SELECT key, value FROM meta WHERE key IN ('format', 'name')") {
            let (key, value) = try row.decode((String, String).self)
            if key == "format" { format = Int(value) } else { name = value }
        }
        guard let format else { throw LibraryError.notFavs(location: target.display) }
        if format > Self.format { throw LibraryError.newerVersion(location: target.display) }
        return name ?? ""
    }

    private static func newName(_ target: PostgresTarget, seed: Bool) -> String {
        seed ? SampleLibrary.name : target.schema == "public" ? target.database : target.schema
    }

    /// Makes the schema (when missing) and the library's tables in it, within the caller's write transaction
    /// (which holds the library's lock), unless another process made them while this one looked. DDL is
    /// transactional in PostgreSQL: a transaction rolled back, or cut off with its client, leaves nothing.
    /// Returns the library's name: `name`, or the one of the library another process made.
    @discardableResult
    static func makeTablesIfMissing(_ session: PostgresSession, name: String, seed: Bool = false) throws -> String {
        let target = session.target
        if let existing = try existingName(session) { return existing }
        try session.query("CREATE SCHEMA IF NOT EXISTS \(unescaped: PostgresSession.quoted(target.schema))")
        for statement in Self.tables { try session.query(PostgresQuery(unsafeSQL: statement)) }
        try makeFieldIndex(session)
        try session.query("""
            INSERT INTO meta (key, value)
            VALUES ('format', \(String(Self.format))), ('name', \(name)), ('rows', \(String(seed ? SampleLibrary.items.count : 0)))
            """)
        if seed {
            for item in SampleLibrary.items {
                try session.query("""
                    INSERT INTO items (id, title, fields, favorite, position)
                    VALUES (\(item.id.rawValue), \(item.title), \(FieldCoding.encode(item.fields)), \(item.favorite),
                            \(Int64(item.position)))
                    """)
            }
        }
        return name
    }

    /// The tables, as in a SQLite library: `position` orders the list, `deleted` keeps a deleted item's place
    /// (so it can come back), `changes` is the log every process follows.
    static let tables = [
        """
        CREATE TABLE items (
            id text PRIMARY KEY,
            title text NOT NULL,
            fields text NOT NULL,
            favorite boolean NOT NULL DEFAULT false,
            position bigint NOT NULL UNIQUE,
            deleted boolean NOT NULL DEFAULT false,
            favorited_at bigint
        )
        """,
        // What the list shows, in list order: read from the index alone.
        "CREATE INDEX items_list ON items (position) INCLUDE (id, title, favorite) WHERE NOT deleted",
        "CREATE INDEX items_favorites ON items (position) WHERE favorite AND NOT deleted",
        // The few deleted items: with `meta.rows` (every row ever added), the count of the list without a scan.
        "CREATE INDEX items_deleted ON items (position) WHERE deleted",
        "CREATE TABLE meta (key text PRIMARY KEY, value text NOT NULL)",
        "CREATE TABLE changes (seq bigserial PRIMARY KEY, item_id text NOT NULL, kind text NOT NULL, origin text NOT NULL)",
    ]
}
