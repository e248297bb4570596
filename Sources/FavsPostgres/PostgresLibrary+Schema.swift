import FavsFormats
import FavsLibrary
import FavsModel

/// A library's tables in its schema: checked on opening (and migrated when older, `PostgresMigrations`), made (and
/// seeded) when the schema holds none.
extension PostgresLibrary {
    /// A library as opening finds it: its name, and the format its tables are at (this favs's, unless a user who
    /// may not change them opened an older one).
    struct Prepared {
        var name: String
        var format: Int
        /// What opening did that the user should hear of once: the stars an upgrade gave them.
        var notice: String? = nil
        /// Whether this session's role may change the library (`mayWrite`); one that may only read opens it read-only.
        var writable = true
        /// Whether the role may read and write the picks table (format 6, `mayPick`): a member's role granted the
        /// tables before an upgrade added it is not granted it until the owner says so, and keeps no picks meanwhile.
        var picksGranted = true
    }

    /// Checks the schema's tables, migrating older ones, and makes them when there are none (unless `later`: then
    /// the caller's first write transaction makes them, `makeTablesIfMissing`).
    ///
    /// An older library that this session may not change (a read-only role, a standby) is opened as it is, for
    /// reading: its tables are read as their format lays them out, and a write is refused (`refuseOlderFormat`)
    /// until a user who owns them opens it.
    static func prepare(_ session: PostgresSession, seed: Bool, mustExist: Bool, later: Bool = false) throws -> Prepared {
        let target = session.target
        if let found = try existing(session) {
            var format = found.format
            var notice: String?
            var picksGranted = found.picksGranted
            if format < Self.format, try mayChangeTables(session) {
                let ran = try migrate(session, from: format)
                format = Self.format
                picksGranted = true  // the tables' owner: the picks table is theirs
                if ran.contains(StarNames.membersFormat) { notice = try starsGiven(session) }
            }
            // A library made before field terms were searched gets its field index now, once (the build holds writers
            // back meanwhile). A user who may not make it (a read-only role) opens it without: field terms then
            // read the rows one by one, the same answers, slower.
            if try !hasFieldIndex(session) {
                try? session.transaction(writes: true, long: true) { try makeFieldIndex(session) }
            }
            return Prepared(name: found.name, format: format, notice: notice, writable: found.writable,
                            picksGranted: picksGranted)
        }
        if mustExist { throw LibraryError.notFound(path: target.display) }
        let name = newName(target, seed: seed)
        if later { return Prepared(name: name, format: Self.format) }
        let made = try session.transaction(writes: true) { try makeTablesIfMissing(session, name: name, seed: seed) }
        return Prepared(name: made, format: Self.format)
    }

    /// What the upgrade to members' own stars says to the member it gave the library's stars to; nil when there
    /// were none.
    private static func starsGiven(_ session: PostgresSession) throws -> String? {
        let count = try starsFromBefore(session)
        guard count > 0 else { return nil }
        let stars = count == 1 ? "star is" : "stars are"
        return "Each member now keeps their own stars: the library's \(count) \(stars) yours, \(session.target.member) " +
            "(favs team claim-favorites gives them to another member)"
    }

    /// How many present items the library's one set of favorites held before each member kept their own stars (its
    /// rows, kept under `favorites` by the upgrade to format 5): what the upgrade gave, and what a claim moves.
    static func starsFromBefore(_ session: PostgresSession) throws -> Int64 {
        try session.query("""
            SELECT count(*) FROM members m JOIN items i ON i.id = m.item_id WHERE m.set_name = 'favorites' AND NOT i.deleted
            """).first?.decode(Int64.self) ?? 0
    }

    /// Whether this session's role may change the library (PostgreSQL's GRANTs: `UPDATE` on `items`, `INSERT` on
    /// `changes`, which every change writes), as SQL: asked with the opening's and a command's first statement.
    static let mayWrite = "has_table_privilege('items', 'UPDATE') AND has_table_privilege('changes', 'INSERT')"

    /// Whether this session's role may keep picks (format 6): read, add and take away rows of `picks`; false where
    /// there is no such table (an older library read as it is).
    static let mayPick = "coalesce(has_table_privilege(to_regclass('picks'), 'SELECT, INSERT, DELETE'), false)"

    /// Whether the schema holds a library exactly as this favs writes it: its tables, at this format, with the field
    /// index, and a role that may write it; what `prepare` finds with nothing to do. One statement, sent with a command's first (`apply(_:to:url:)`),
    /// so that a command pays no trip to the server for opening. It fails where `meta` is missing.
    static func isCurrent(_ target: PostgresTarget) -> PostgresQuery {
        """
        SELECT (SELECT value FROM meta WHERE key = 'format') = \(String(Self.format))
            AND (SELECT count(*) FROM pg_tables WHERE schemaname = \(target.schema) AND tablename IN ('items', 'changes', 'members')) = 3
            AND EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = \(target.schema) AND indexname = 'items_fields')
            AND \(unescaped: Self.mayWrite)
        """
    }

    /// The library in the schema; nil when the schema holds no tables (or does not exist).
    private static func existing(_ session: PostgresSession) throws -> Prepared? {
        let target = session.target
        let tables = try session.query("""
            SELECT table_name::text FROM information_schema.tables WHERE table_schema = \(target.schema)
            """).map { try $0.decode(String.self) }
        if tables.isEmpty { return nil }
        guard Set(tables).isSuperset(of: ["items", "meta", "changes"]) else { throw LibraryError.notFavs(location: target.display) }
        var format: Int?
        var name: String?
        var writable = true
        var picksGranted = false
        // The role's rights in the same trip: what a read-only member may do is known before anything is tried.
        for row in try session.query("""
            SELECT key, value FROM meta WHERE key IN ('format', 'name')
            UNION ALL SELECT 'writable', (\(unescaped: Self.mayWrite))::text
            UNION ALL SELECT 'picks', (\(unescaped: Self.mayPick))::text
            """) {
            let (key, value) = try row.decode((String, String).self)
            switch key {
            case "format": format = Int(value)
            case "writable": writable = value == "true"
            case "picks": picksGranted = value == "true"
            default: name = value
            }
        }
        guard let format, format >= 1 else { throw LibraryError.notFavs(location: target.display) }
        if format > Self.format { throw LibraryError.newerVersion(location: target.display) }
        return Prepared(name: name ?? "", format: format, writable: writable, picksGranted: picksGranted)
    }

    private static func newName(_ target: PostgresTarget, seed: Bool) -> String {
        seed ? SampleLibrary.name : target.schema == "public" ? target.database : target.schema
    }

    /// Makes the schema (when missing) and the library's tables in it, at this favs's format (every migration, in
    /// order), within the caller's write transaction (which holds the library's lock), unless another process made
    /// them while this one looked (then they are migrated, should that process be an older favs). DDL is
    /// transactional in PostgreSQL: a transaction rolled back, or cut off with its client, leaves nothing.
    /// Returns the library's name: `name`, or the one of the library another process made.
    @discardableResult
    static func makeTablesIfMissing(_ session: PostgresSession, name: String, seed: Bool = false) throws -> String {
        let target = session.target
        if let found = try existing(session) {
            try migrateWithinTransaction(session, from: found.format)
            return found.name
        }
        try session.query("CREATE SCHEMA IF NOT EXISTS \(unescaped: PostgresSession.quoted(target.schema))")
        for migration in migrations { try run(migration, session) }
        try makeFieldIndex(session)
        try session.query("""
            INSERT INTO meta (key, value)
            VALUES ('name', \(name)), ('rows', \(String(seed ? SampleLibrary.items.count : 0)))
            """)
        if seed {
            for item in SampleLibrary.items {
                try session.query("""
                    INSERT INTO items (id, title, fields, position)
                    VALUES (\(item.id.rawValue), \(item.title), \(FieldCoding.encode(item.fields)), \(Int64(item.position)))
                    """)
                if item.favorite {
                    try session.query("""
                        INSERT INTO members (set_name, item_id)
                        VALUES (\(StarNames(member: target.member, format: Self.format).favorites), \(item.id.rawValue))
                        """)
                }
            }
        }
        return name
    }
}
