import FavsFormats
import FavsLibrary
import FavsModel
import Foundation

/// A library in a schema of a PostgreSQL server, for a team: the same tables and the same promise as the
/// SQLite file (`SQLiteLibrary`), and every change pushed to the other processes with `NOTIFY`.
///
/// Every write is one transaction that takes the library's advisory lock, writes the change and its change-log
/// row, and notifies `favs_changes` with the schema's name (delivered at commit). Other processes `LISTEN`, and
/// at their next poll read the log's rows after the last one they saw, exactly as they follow a SQLite file.
public final class PostgresLibrary: ItemLibrary {
    public let location: String
    public let name: String
    public let origin = UUID().uuidString
    /// An older library opened by a user who may not migrate it is read as it is, and not written.
    public var isReadOnly: Bool { tableFormat < Self.format || !writable }
    /// Whether the role logged in may change the library: one that may only read opens it read-only.
    let writable: Bool
    /// Whether the role may read and write this member's picks (`Prepared.picksGranted`).
    let picksGranted: Bool
    public var readOnlyReason: String? { writable ? nil : "your role may only read this library" }
    public var isOnFullDisk: Bool { false }
    /// A poll with no notification costs a lock and a look: every 10 ms, so a pushed change is on screen
    /// within a few milliseconds of its commit.
    public var pollInterval: Int32 { 10 }
    let session: PostgresSession
    /// Whether the schema held no library when it was opened for an import or a copy (`tablesWithFirstWrite`):
    /// that one's transaction makes the tables.
    let tablesWithFirstWrite: Bool
    /// The format of the library's tables: this favs's (`PostgresLibrary.format`), or an older one's that this
    /// session may not migrate (`prepare`).
    let tableFormat: Int
    public var member: String? { tableFormat >= StarNames.membersFormat ? session.target.member : nil }
    /// What opening did that the user should hear of once (`ItemLibrary.openingNotice`).
    public private(set) var openingNotice: String?
    /// How the tables name this member's stars and others' (`StarNames`).
    var names: StarNames { StarNames(member: session.target.member, format: tableFormat) }

    init(session: PostgresSession, name: String, format: Int = PostgresLibrary.format, tablesWithFirstWrite: Bool = false,
         writable: Bool = true, picksGranted: Bool = true) {
        self.session = session
        self.writable = writable
        self.picksGranted = picksGranted
        self.location = session.target.display
        self.name = name
        self.tableFormat = format
        self.tablesWithFirstWrite = tablesWithFirstWrite
    }

    /// Connects and opens the library in the URL's schema, creating its tables when the schema holds none (and
    /// seeding the sample when `seedIfNew`). `mustExist`: a schema without a library is `notFound`, nothing made.
    /// `timeout`: seconds a statement may go unanswered before it fails and the session goes offline (0: none).
    /// `tablesWithFirstWrite` (for an import or a copy, never seeded): a schema without a library is left as it
    /// is, and the transaction of `importRecords` or `copyIn` makes the tables, so that one that fails or is
    /// killed leaves no empty library behind.
    public static func open(url: String, seedIfNew: Bool, mustExist: Bool = false, tablesWithFirstWrite: Bool = false,
                            timeout: Int = 5,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PostgresLibrary {
        let target = try PostgresTarget(url: url, environment: environment)
        let session = try PostgresSession(target, timeout: timeout)
        let later = tablesWithFirstWrite && !seedIfNew
        let prepared = try prepare(session, seed: seedIfNew, mustExist: mustExist, later: later)
        let library = PostgresLibrary(session: session, name: prepared.name, format: prepared.format, tablesWithFirstWrite: later,
                                      writable: prepared.writable, picksGranted: prepared.picksGranted)
        library.openingNotice = prepared.notice
        return library
    }

    // MARK: Reading

    public func loadItems() throws -> [Item] {
        try session.transaction(writes: false, readOnlySnapshot: true, long: true) {
            var items = try session.query("""
                SELECT i.id, i.title, i.fields, f.item_id IS NOT NULL, i.position, f.added_at
                FROM items i LEFT JOIN \(unescaped: favorites) f ON f.item_id = i.id WHERE NOT i.deleted ORDER BY i.position
                """).map(Self.item)
            ItemTags.fill(&items, from: try tags())
            return items
        }
    }

    public func itemTags() throws -> [ItemID: [String]] {
        try session.transaction(writes: false, readOnlySnapshot: true) { try tags() }
    }

    /// Every item's tags, in the caller's transaction; none in a library older than the members table (format 2).
    /// `starts_with`, not a range of the key: under a database's own collation `#` need not sort apart.
    private func tags() throws -> [ItemID: [String]] {
        guard tableFormat >= 2 else { return [:] }
        return ItemTags.grouped(try session.query(
            "SELECT item_id, substr(set_name, 2) FROM members WHERE starts_with(set_name, '#')"
        ).map { try $0.decode((String, String).self) })
    }

    public func loadListItems() throws -> [Item] {
        try session.transaction(writes: false, readOnlySnapshot: true, long: true) {
            try session.query("""
                SELECT i.id, i.title, f.item_id IS NOT NULL, i.position, f.added_at
                FROM items i LEFT JOIN \(unescaped: favorites) f ON f.item_id = i.id WHERE NOT i.deleted ORDER BY i.position
                """).map { row in
                    let (id, title, favorite, position, time) = try row.decode((String, String, Bool, Int64, Int64?).self)
                    return Item(id: ItemID(id), title: title, favorite: favorite, position: Int(position), favoritedAt: time)
                }
        }
    }

    public func loadPreview(rows: Int, last: Int, minimum: Int) throws -> ItemCollection? {
        try session.transaction(writes: false, readOnlySnapshot: true) {
            // The last position, from one end of the list index: room enough, without counting first.
            let highest = try session.query("SELECT max(position) FROM items").first?.decode(Int64?.self) ?? 0
            guard highest >= minimum else { return nil }
            // Counting a million rows takes PostgreSQL 70–80 ms (a scan of the table); the rows ever added, kept in
            // `meta` by every write that adds some, less the few deleted ones (their own index) take a millisecond.
            guard let counts = try session.query("""
                SELECT coalesce((SELECT value::bigint FROM meta WHERE key = 'rows') - (SELECT count(*) FROM items WHERE deleted),
                                (SELECT count(*) FROM items WHERE NOT deleted)),
                       (SELECT count(*) FROM \(unescaped: favorites) f JOIN items i ON i.id = f.item_id WHERE NOT i.deleted)
                """).first else { return nil }
            let (count, favoriteCount) = try counts.decode((Int64, Int64).self)
            guard count >= minimum else { return nil }
            // The first or last rows of the list index, each marked from the few favorites; or the favorites alone.
            func items(favoritesOnly: Bool = false, descending: Bool = false, limit: Int) throws -> [Item] {
                try session.query(PostgresQuery(unsafeSQL: """
                    SELECT i.id, i.title, f.item_id IS NOT NULL, i.position
                    FROM items i \(favoritesOnly ? "" : "LEFT ")JOIN \(favorites) f ON f.item_id = i.id WHERE NOT i.deleted
                    ORDER BY i.position\(descending ? " DESC" : "") LIMIT \(limit)
                    """)).map { row in
                    let (id, title, favorite, position) = try row.decode((String, String, Bool, Int64).self)
                    return Item(id: ItemID(id), title: title, favorite: favorite, position: Int(position))
                }
            }
            // The last rows from the other end of the list index, as a move to the end (G) shows them.
            let lastRows: [Item] = try last > 0 ? Array(items(descending: true, limit: last).reversed()) : []
            return .preview(rows: try items(limit: rows), last: lastRows, favorites: try items(favoritesOnly: true, limit: rows),
                            count: Int(count), favoriteCount: Int(favoriteCount))
        }
    }

    public func loadListToFollow() throws -> (items: ItemCollection, lastChange: Int64) {
        try session.transaction(writes: false, readOnlySnapshot: true, long: true) { try loadList(on: session) }
    }

    /// The list and the last change it includes, read over `session` (the library's own, or a follower's reader's);
    /// the caller holds a snapshot.
    func loadList(on session: PostgresSession) throws -> (items: ItemCollection, lastChange: Int64) {
        let lastChange = try session.query("SELECT coalesce(max(seq), 0) FROM changes").first?.decode(Int64.self) ?? 0
        let capacity = try session.query("SELECT count(*) FROM items").first?.decode(Int64.self) ?? 0
        var builder = ItemCollection.Builder(capacity: Int(capacity))
        // Each row's bytes go straight into the collection's arenas, as the SQLite loader does; the list index alone
        // answers (a join with the favorites for every row would cost more than marking the few afterwards).
        try session.query("SELECT id, title, position FROM items WHERE NOT deleted ORDER BY position") { row in
            let position = try row.decode(Int64.self, from: 2)
            builder.append(id: row.bytes(0) ?? UnsafeRawBufferPointer(start: nil, count: 0),
                           title: row.bytes(1) ?? UnsafeRawBufferPointer(start: nil, count: 0),
                           favorite: false, position: Int(position))
        }
        var items = builder.build()
        // The favorites of the items shown, then every other set's (in one query, ordered by set), each set's
        // members placed by position, as the SQLite loader places them.
        try addMembers(to: &items, on: session, from: """
            SELECT 'favorites', i.position, f.added_at FROM \(favorites) f JOIN items i ON i.id = f.item_id WHERE NOT i.deleted
            """)
        if tableFormat >= 2 {
            try addMembers(to: &items, on: session, from: """
                SELECT m.set_name, i.position, m.added_at FROM members m JOIN items i ON i.id = m.item_id
                WHERE m.set_name NOT IN ('favorites', \(Self.literal(names.favorites))) AND NOT i.deleted ORDER BY m.set_name
                """)
        }
        return (items, lastChange)
    }

    /// Adds the members a query of (set name, position, time) reads, ordered by set, to `items`.
    private func addMembers(to items: inout ItemCollection, on session: PostgresSession, from sql: String) throws {
        items.addMembers(bySet: try session.query(PostgresQuery(unsafeSQL: sql)).map { row in
            let (name, position, time) = try row.decode((String, Int64, Int64?).self)
            return (set: name, position: Int(position), time: time)
        })
    }

    /// Whether an item belongs to a set now (under any spelling of a tag's name), and since when, read over
    /// `session`: what a follower reads for a member change of a set other than favorites.
    func membership(_ member: SetMember, on session: PostgresSession) throws -> (Bool, Int64?) {
        let rows = try session.query("SELECT set_name, added_at FROM members WHERE item_id = \(member.id.rawValue)")
            .map { row in
                let (name, since) = try row.decode((String, Int64?).self)
                return (name: name, since: since)
            }
        return StoredState(deleted: false, memberships: names.shown(rows)).membership(of: member.set)
    }

    public func fields(of id: ItemID) throws -> [Field] { try fields(of: id, on: session) }

    /// An item's fields read over `session` (the library's own, or the background one's).
    func fields(of id: ItemID, on session: PostgresSession) throws -> [Field] {
        guard let text = try session.query("SELECT fields FROM items WHERE id = \(id.rawValue)").first?.decode(String.self)
        else { return [] }
        return try FieldCoding.decode(text, id: id)
    }

    public func item(_ id: ItemID) throws -> Item? { try item(id, on: session) }

    func item(_ id: ItemID, on session: PostgresSession) throws -> Item? {
        try session.query("""
            SELECT i.id, i.title, i.fields, f.item_id IS NOT NULL, i.position, f.added_at
            FROM items i LEFT JOIN \(unescaped: favorites) f ON f.item_id = i.id WHERE i.id = \(id.rawValue) AND NOT i.deleted
            """).first.map(Self.item)
    }

    /// The favorites as the library's tables keep them: a relation of `item_id` and `added_at` to join the items
    /// with (their rows in `members` since format 2; two columns of `items` before, in an older library read as it
    /// is, `prepare`). Every read of a star goes through it.
    var favorites: String {
        tableFormat >= 2 ? "(SELECT item_id, added_at FROM members WHERE set_name = \(Self.literal(names.favorites)))"
            : "(SELECT id AS item_id, favorited_at AS added_at FROM items WHERE favorite)"
    }

    /// A text as an SQL string constant, whatever `standard_conforming_strings` says: for the few names spliced
    /// into SQL that is itself spliced (`favorites`); every value a statement takes is a parameter.
    static func literal(_ text: String) -> String {
        "E'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// A row of `id, title, fields, favorite, position, time`, as an item.
    static func item(_ row: PostgresRow) throws -> Item {
        let (id, title, fields, favorite, position, time) = try row.decode((String, String, String, Bool, Int64, Int64?).self)
        let itemID = ItemID(id)
        return Item(id: itemID, title: title, fields: try FieldCoding.decode(fields, id: itemID), favorite: favorite,
                    position: Int(position), favoritedAt: time)
    }

    public func rememberedOrder() throws -> ListQuery.Order? {
        try session.query("SELECT value FROM meta WHERE key = 'order'").first
            .flatMap { ListQuery.Order(rawValue: try $0.decode(String.self)) }
    }

    public func remember(order: ListQuery.Order) throws { try remember(order: order, on: session) }

    func remember(order: ListQuery.Order, on session: PostgresSession) throws {
        try session.query("""
            INSERT INTO meta (key, value) VALUES ('order', \(order.rawValue)) ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """)
    }

    // MARK: Writing

    public func persist(_ change: ModelChange) throws { try persist(change, on: session) }

    /// Commits a change and its change-log row in one transaction over `session`, with the notification that says
    /// what changed and which of this process's changes it is (`ticket`, see `ChangeNotice`). One trip to the server
    /// (`BEGIN`, lock, writes, notification and `COMMIT` together); two for a tag's, whose items' memberships are read
    /// first (a tag is written under the spelling an item has it under already).
    func persist(_ change: ModelChange, on session: PostgresSession, ticket: Int? = nil) throws {
        try refuseOlderFormat()
        try session.transaction(writes: true) { () -> ((), ChangeNotice?) in
            let writes = PostgresWrites(session: session, origin: origin)
            let tagged = RowWrite.writes(for: change).compactMap { write in write.set?.isTag == true ? write.itemID : nil }
            if !tagged.isEmpty { try writes.prefetch(states: tagged) }
            let written = try writes.persist(change)
            return ((), ChangeNotice(written, library: session.target.schema, origin: origin, names: names, ticket: ticket))
        }
    }

    /// Refuses a write a role that may only read would make (PostgreSQL would refuse it statement by statement), and
    /// one to an older library opened as it is (this session may not migrate it): this favs writes only its own
    /// format.
    func refuseOlderFormat() throws {
        guard tableFormat < Self.format else {
            if !writable { throw LibraryError.readOnlyRole(location: location, role: session.target.user) }
            return
        }
        throw LibraryError.database("""
            cannot change library \(location): its tables are from an older favs, and only their owner may upgrade them \
            (by opening it with this favs)
            """)
    }

    /// Counts rows added to `items` in `meta.rows` (within the caller's write transaction).
    func added(rows: Int) throws {
        guard rows > 0 else { return }
        try session.query("""
            INSERT INTO meta (key, value) VALUES ('rows', \(String(rows)))
            ON CONFLICT (key) DO UPDATE SET value = (meta.value::bigint + \(Int64(rows)))::text
            """)
    }

    /// Appends a change-log row within the caller's write transaction (trimmed as every log is).
    func log(_ kind: ChangeKind, _ itemID: String) throws {
        try PostgresWrites(session: session, origin: origin).log(kind, itemID: itemID)
    }

    /// Persists changes and reads fields on a connection of its own, off the input thread (the terminal browser
    /// and picker use it; a script's steps wait for each write, so that its frames never depend on timing).
    public func inBackground() -> (any BackgroundLibrary)? { PostgresBackground(self) }

    public func follower(after lastChange: Int64?) throws -> (any LibraryFollowing)? {
        try PostgresFollower(self, after: lastChange)
    }

    public func listFollower() throws -> (any LibraryFollowing)? {
        try PostgresFollower(readingTheListOf: self)
    }
}
