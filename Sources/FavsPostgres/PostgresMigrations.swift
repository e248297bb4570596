import FavsLibrary

/// One step of a team library's tables: from the format before it to `format`. Its statements and the new
/// format in `meta` commit together (PostgreSQL's DDL is transactional), so a library is at one format or the
/// next, never between.
struct PostgresMigration: Sendable {
    let format: Int
    let statements: [String]
}

/// The migrations of a team library's tables, as SQLite's `Schema.migrator` has them: a new library runs every
/// one, in the transaction that makes it; an older one runs those it lacks when it is opened, each in a
/// transaction of its own.
extension PostgresLibrary {
    /// Every step, in order; each format is the one before plus one. Add a step at the end, never change one
    /// that shipped: libraries out there went through it as it was.
    static let migrations: [PostgresMigration] = [
        PostgresMigration(format: 1, statements: [
            // `position` orders the list, `deleted` keeps a deleted item's place (so it can come back),
            // `changes` is the log every process follows.
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
            "CREATE INDEX items_list ON items (position) INCLUDE (id, title, favorite) WHERE NOT deleted",
            "CREATE INDEX items_favorites ON items (position) WHERE favorite AND NOT deleted",
            deletedIndex,
            "CREATE TABLE meta (key text PRIMARY KEY, value text NOT NULL)",
            "CREATE TABLE changes (seq bigserial PRIMARY KEY, item_id text NOT NULL, kind text NOT NULL, origin text NOT NULL)",
        ]),
        PostgresMigration(format: 2, statements: [
            // Which items belong to which set, favorites the first (a tag, a member's own stars next): one table for
            // every set, where format 1 kept the favorites in two columns of `items`. A deleted item keeps its rows,
            // so a restore brings its stars back; the foreign key keeps out a member no item stands for (items
            // are marked deleted, never removed). `set_name` leads the key: a set's members are one range of it.
            """
            CREATE TABLE members (
                set_name text NOT NULL,
                item_id text NOT NULL CONSTRAINT members_item_id_fkey REFERENCES items (id),
                added_at bigint,
                PRIMARY KEY (set_name, item_id)
            )
            """,
            "INSERT INTO members (set_name, item_id, added_at) SELECT 'favorites', id, favorited_at FROM items WHERE favorite",
            // The list index held `favorite` for the list's stars, which the few favorites now mark apart: built
            // again without it (a sort of every present item: about a second at a million).
            "DROP INDEX items_list, items_favorites",
            "ALTER TABLE items DROP COLUMN favorite, DROP COLUMN favorited_at",
            listIndex,
        ]),
        PostgresMigration(format: 3, statements: [
            // Every set is written, logged and followed as favorites are: a member change's log row names its set
            // (`join`/`leave` and `set_name`, favorites too; the `favorite`/`unfavorite` rows of format 2 stay and are
            // still followed), and an item's member rows are found by its id (a write checks them, a follower reads
            // them), where `members` is keyed by set first.
            "ALTER TABLE changes ADD COLUMN set_name text",
            "CREATE INDEX members_item ON members (item_id)",
        ]),
        PostgresMigration(format: 4, statements: [
            // A search kept under a name (`S`): its text and exact mode, and when it was saved (ms since 1970). Its
            // changes are logged as `search` rows naming it in `set_name`.
            "CREATE TABLE searches (name text PRIMARY KEY, filter text NOT NULL, exact boolean NOT NULL, saved_at bigint NOT NULL)",
        ]),
        PostgresMigration(format: 5, statements: [
            // Each member's own stars (`StarNames`): the set `@name`. The library's one set of favorites becomes the
            // stars of the member who upgrades it (`favs.member`, set by `run`), who is recorded in `meta`
            // (`favorites_given_to`, said once on their screen); its rows stay under `favorites`, which no one sees
            // any more, for `favs team claim-favorites` to hand them to another member. Nothing is logged: a favs
            // following the library opened it at this format (opening upgrades it), and a reader that could not
            // upgrade it reads the old rows, which stay.
            """
            INSERT INTO members (set_name, item_id, added_at)
            SELECT '@' || current_setting('favs.member'), item_id, added_at FROM members WHERE set_name = 'favorites'
            """,
            """
            INSERT INTO meta (key, value) SELECT 'favorites_given_to', current_setting('favs.member')
            WHERE EXISTS (SELECT 1 FROM members WHERE set_name = 'favorites')
            """,
        ]),
        PostgresMigration(format: 6, statements: [
            // Each member's picks (`favs pick`'s frecency), theirs alone as their stars are (`PostgresLibrary+Picks`):
            // when an item was picked (ms since 1970) and how many picks the row stands for (more than 1: an item's
            // oldest folded into one, past `picksKept`). `id` orders picks of the same time as they were added. No
            // foreign key, as in a library file: items are never removed, every write checks its item, and an import
            // into an empty library drops the items' key. A pick's log row names the member's stars (`@name`) in
            // `set_name`, so another member's follower passes it by. Nothing to carry over: no favs kept picks here.
            """
            CREATE TABLE picks (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                member text NOT NULL,
                item_id text NOT NULL,
                picked_at bigint NOT NULL,
                weight double precision NOT NULL DEFAULT 1
            )
            """,
            "CREATE INDEX picks_member_item ON picks (member, item_id, picked_at)",
        ]),
    ]

    /// The format of the tables this favs writes: a library whose `meta.format` is larger came from a newer favs.
    static var format: Int { migrations.last?.format ?? 0 }

    /// The few deleted items: with `meta.rows` (every row ever added), the count of the list without a scan.
    static let deletedIndex = "CREATE INDEX items_deleted ON items (position) WHERE deleted"

    /// The indexes of `items` at this favs's format, besides its keys and the field index: an import into an empty
    /// library drops them and builds them once its rows are in.
    static let itemIndexes: [(name: String, sql: String)] = [("items_list", listIndex), ("items_deleted", deletedIndex)]

    /// What the list shows, in list order: read from the index alone (format 2).
    static let listIndex = "CREATE INDEX items_list ON items (position) INCLUDE (id, title) WHERE NOT deleted"

    /// Runs one migration's statements and records its format, within the caller's write transaction.
    static func run(_ migration: PostgresMigration, _ session: PostgresSession) throws {
        // Who is upgrading, for a step that gives them something (format 5): for this transaction only.
        try session.query("SELECT set_config('favs.member', \(session.target.member), true)")
        for statement in migration.statements { try session.query(PostgresQuery(unsafeSQL: statement)) }
        try session.query("""
            INSERT INTO meta (key, value) VALUES ('format', \(String(migration.format)))
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """)
    }

    /// Brings a library at `format` up to this favs's, one migration per transaction. Each transaction takes the
    /// library's write lock (the one every write takes, so no change is written between a migration's statements)
    /// and reads the format again under it: two favs opening an older library at once migrate it once, the
    /// second finding each step done. No deadline: a step may rebuild an index of every item. Returns the formats
    /// this session's steps brought the library to (none when another process did them all).
    @discardableResult
    static func migrate(_ session: PostgresSession, from format: Int) throws -> [Int] {
        var ran: [Int] = []
        for migration in migrations where migration.format > format {
            try session.transaction(writes: true, long: true) {
                let stored = try storedFormat(session)
                if stored > Self.format { throw LibraryError.newerVersion(location: session.target.display) }
                if stored < migration.format {
                    try run(migration, session)
                    ran.append(migration.format)
                }
            }
        }
        return ran
    }

    /// The migrations a library at `format` lacks, run within the caller's write transaction (which holds the
    /// library's lock): for an import that finds a library another process made while it looked.
    static func migrateWithinTransaction(_ session: PostgresSession, from format: Int) throws {
        for migration in migrations where migration.format > format { try run(migration, session) }
    }

    /// `meta.format`; 0 when it is missing or not a number.
    static func storedFormat(_ session: PostgresSession) throws -> Int {
        try session.query("SELECT value FROM meta WHERE key = 'format'").first.flatMap { Int(try $0.decode(String.self)) } ?? 0
    }

    /// Whether this session may migrate the library: it owns the tables (ALTER TABLE asks for that), may create
    /// tables in the schema, and is not in a read-only transaction (a standby, `default_transaction_read_only`).
    /// Asked first rather than learnt from a failed statement, so a reader's open writes nothing at all.
    static func mayChangeTables(_ session: PostgresSession) throws -> Bool {
        let schema = session.target.schema
        return try session.query("""
            SELECT current_setting('transaction_read_only') = 'off'
                AND has_schema_privilege(\(schema), 'CREATE')
                AND coalesce((SELECT pg_has_role(c.relowner, 'USAGE') FROM pg_class c
                              JOIN pg_namespace n ON n.oid = c.relnamespace
                              WHERE n.nspname = \(schema) AND c.relname = 'items'), false)
            """).first?.decode(Bool.self) ?? false
    }
}
