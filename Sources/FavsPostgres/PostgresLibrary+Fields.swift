import FavsLibrary
import FavsModel

/// Field terms on a PostgreSQL library: `pg_trgm`'s GIN index over `items.fields` (`items_fields`) narrows the
/// rows, and PostgreSQL's JSON functions put each one's pairs to the exact test: the answers of the SQLite file.
extension PostgresLibrary {
    public func ids(withField term: FieldTerm) throws -> Set<ItemID> {
        let sql = FieldTermSQL(term)
        var bindings = PostgresBindings()
        func bind(_ text: String) -> String {
            bindings.append(text)
            return "$\(bindings.count)"
        }
        // `ILIKE` sets aside case as the server's locale does: never less than ASCII's, so it narrows to a superset.
        var conditions = sql.likePatterns.map { "fields ILIKE \(bind(FieldTermSQL.escapingWildcards($0)))" }
        let raw = "CASE json_typeof(pair -> 1) WHEN 'string' THEN pair ->> 1 WHEN 'null' THEN '' ELSE (pair -> 1)::text END"
        let value = sql.isCaseSensitive ? raw : Self.lowercasedASCII(raw)
        var test = sql.name.map { "\(Self.lowercasedASCII("pair ->> 0")) = \(bind($0)) AND " } ?? ""
        let text = bind(sql.text)
        switch sql.placement {
        case .anywhere: test += "strpos(\(value), \(text)) > 0"
        case .start: test += "left(\(value), char_length(\(text))) = \(text)"
        case .end: test += "right(\(value), char_length(\(text))) = \(text)"
        case .whole: test += "\(value) = \(text)"
        }
        conditions.append("EXISTS (SELECT 1 FROM json_array_elements(fields::json) AS pair WHERE \(test))")
        let rows = try session.query(PostgresQuery(
            unsafeSQL: "SELECT id FROM items WHERE " + conditions.joined(separator: " AND "), binds: bindings))
        var ids = Set<ItemID>(minimumCapacity: rows.count)
        for row in rows { ids.insert(ItemID(try row.decode(String.self))) }
        return ids
    }

    /// `text` (an SQL expression) with its ASCII letters lowered and no other: what SQLite's `lower()` does, so both
    /// libraries set aside the same case whatever the server's locale.
    private static func lowercasedASCII(_ expression: String) -> String {
        "translate(\(expression), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"
    }

    public func reopenedForSearch() -> (@Sendable () throws -> any ItemLibrary)? {
        let (target, timeout) = (session.target, session.timeout)
        return {
            let session = try PostgresSession(target, timeout: timeout)
            let prepared = try PostgresLibrary.prepare(session, seed: false, mustExist: true)
            return PostgresLibrary(session: session, name: prepared.name, format: prepared.format,
                                   picksGranted: prepared.picksGranted)
        }
    }

    /// Makes the field index when the library has none (one made before field terms were searched, or a new one):
    /// `pg_trgm`'s GIN index over the fields as stored, in whichever schema the extension lives (installed in
    /// `public` when the database has none yet; a trusted extension, so the database's owner or a user who may
    /// create in it can install it).
    static func makeFieldIndex(_ session: PostgresSession) throws {
        if try trigramSchema(session) == nil { try installTrigram(like: session) }
        guard let schema = try trigramSchema(session) else { throw LibraryError.database("pg_trgm is not installed") }
        try session.query(PostgresQuery(unsafeSQL: """
            CREATE INDEX IF NOT EXISTS items_fields ON items USING gin (fields \(PostgresSession.quoted(schema)).gin_trgm_ops)
            """))
    }

    /// The schema `pg_trgm` is installed in; nil when the database does not have it.
    private static func trigramSchema(_ session: PostgresSession) throws -> String? {
        try session.query("""
            SELECT n.nspname::text FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
            WHERE e.extname = 'pg_trgm'
            """).first?.decode(String.self)
    }

    /// Installs `pg_trgm` in `public` on a connection of its own, committed at once. Within the caller's transaction
    /// (a whole import's) the extension's row would stay uncommitted until it ends, and every other library being
    /// made in the database meanwhile would wait on it, past its lock timeout. Two libraries made at once may both
    /// install it: the second one's install fails, and finds the first's.
    private static func installTrigram(like session: PostgresSession) throws {
        let own = try PostgresSession(session.target, timeout: session.timeout)
        _ = try own.queryUnlessDuplicate("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public")
    }

    /// Whether the library's schema has its field index.
    static func hasFieldIndex(_ session: PostgresSession) throws -> Bool {
        try !session.query("""
            SELECT 1 FROM pg_indexes WHERE schemaname = \(session.target.schema) AND indexname = 'items_fields'
            """).isEmpty
    }
}
