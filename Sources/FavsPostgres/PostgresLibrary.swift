import FavsFormats
import FavsLibrary
import FavsModel
import Foundation
import PostgresNIO

/// A library in a schema of a PostgreSQL server, for a team: the same tables and the same promise as the
/// SQLite file (`Library`), and every change pushed to the other processes with `NOTIFY`.
///
/// Every write is one transaction that takes the library's advisory lock, writes the change and its change-log
/// row, and notifies `favs_changes` with the schema's name (delivered at commit). Other processes `LISTEN`, and
/// at their next poll read the log's rows after the last one they saw, exactly as they follow a SQLite file.
public final class PostgresLibrary: ItemLibrary, @unchecked Sendable {
    public let location: String
    public let name: String
    public let origin = UUID().uuidString
    public var isReadOnly: Bool { false }
    public var isOnFullDisk: Bool { false }
    /// A poll with no notification costs a lock and a look: every 10 ms, so a pushed change is on screen
    /// within a few milliseconds of its commit.
    public var pollInterval: Int32 { 10 }
    let session: PostgresSession

    /// The format of the tables this favs writes: a library whose `meta.format` is larger came from a newer favs.
    static let format = 1

    private init(session: PostgresSession, name: String) {
        self.session = session
        self.location = session.target.display
        self.name = name
    }

    /// Connects and opens the library in the URL's schema, creating its tables when the schema holds none (and
    /// seeding the sample when `seedIfNew`). `mustExist`: a schema without a library is `notFound`, nothing made.
    /// `timeout`: seconds a statement may go unanswered before it fails and the session goes offline (0: none).
    public static func open(url: String, seedIfNew: Bool, mustExist: Bool = false, timeout: Int = 5,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PostgresLibrary {
        let target = try PostgresTarget(url: url, environment: environment)
        let session = try PostgresSession(target, timeout: timeout)
        let name = try prepare(session, seed: seedIfNew, mustExist: mustExist)
        return PostgresLibrary(session: session, name: name)
    }

    /// Checks the schema's tables and makes them when there are none; returns the library's name.
    private static func prepare(_ session: PostgresSession, seed: Bool, mustExist: Bool) throws -> String {
        let target = session.target
        func existing() throws -> String? {
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
        if let name = try existing() { return name }
        if mustExist { throw LibraryError.notFound(path: target.display) }
        let newName = seed ? SampleLibrary.name : target.schema == "public" ? target.database : target.schema
        return try session.transaction(writes: true) {
            // Another process may have made it while this one looked.
            if let name = try existing() { return name }
            try session.query("CREATE SCHEMA IF NOT EXISTS \(unescaped: PostgresSession.quoted(target.schema))")
            for statement in Self.tables { try session.query(PostgresQuery(unsafeSQL: statement)) }
            try session.query("""
                INSERT INTO meta (key, value)
                VALUES ('format', \(String(Self.format))), ('name', \(newName)), ('rows', \(String(seed ? SampleLibrary.items.count : 0)))
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
            return newName
        }
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

    // MARK: Reading

    public func loadItems() throws -> [Item] {
        try session.transaction(writes: false, readOnlySnapshot: true, long: true) {
            try session.query("""
                SELECT id, title, fields, favorite, position, favorited_at FROM items WHERE NOT deleted ORDER BY position
                """).map(Self.item)
        }
    }

    public func loadListItems() throws -> [Item] {
        try session.transaction(writes: false, readOnlySnapshot: true, long: true) {
            try session.query("""
                SELECT id, title, favorite, position, favorited_at FROM items WHERE NOT deleted ORDER BY position
                """).map { row in
                    let (id, title, favorite, position, time) = try row.decode((String, String, Bool, Int64, Int64?).self)
                    return Item(id: ItemID(id), title: title, favorite: favorite, position: Int(position), favoritedAt: time)
                }
        }
    }

    public func loadPreview(rows: Int, minimum: Int) throws -> ItemCollection? {
        try session.transaction(writes: false, readOnlySnapshot: true) {
            // The last position, from one end of the list index: room enough, without counting first.
            let last = try session.query("SELECT max(position) FROM items").first?.decode(Int64?.self) ?? 0
            guard last >= minimum else { return nil }
            // Counting a million rows takes PostgreSQL 70–80 ms (a scan of the table); the rows ever added, kept in
            // `meta` by every write that adds some, less the few deleted ones (their own index) take a millisecond.
            guard let counts = try session.query("""
                SELECT coalesce((SELECT value::bigint FROM meta WHERE key = 'rows') - (SELECT count(*) FROM items WHERE deleted),
                                (SELECT count(*) FROM items WHERE NOT deleted)),
                       (SELECT count(*) FROM items WHERE favorite AND NOT deleted)
                """).first else { return nil }
            let (count, favoriteCount) = try counts.decode((Int64, Int64).self)
            guard count >= minimum else { return nil }
            func items(_ condition: String) throws -> [Item] {
                try session.query(PostgresQuery(unsafeSQL: """
                    SELECT id, title, favorite, position FROM items WHERE \(condition) ORDER BY position LIMIT \(rows)
                    """)).map { row in
                    let (id, title, favorite, position) = try row.decode((String, String, Bool, Int64).self)
                    return Item(id: ItemID(id), title: title, favorite: favorite, position: Int(position))
                }
            }
            return .preview(rows: try items("NOT deleted"), favorites: try items("favorite AND NOT deleted"),
                            count: Int(count), favoriteCount: Int(favoriteCount))
        }
    }

    public func loadListToFollow() throws -> (items: ItemCollection, lastChange: Int64) {
        try session.transaction(writes: false, readOnlySnapshot: true, long: true) { try loadList() }
    }

    /// The list and the last change it includes; the caller holds a snapshot.
    func loadList() throws -> (items: ItemCollection, lastChange: Int64) {
        let lastChange = try session.query("SELECT coalesce(max(seq), 0) FROM changes").first?.decode(Int64.self) ?? 0
        let capacity = try session.query("SELECT count(*) FROM items").first?.decode(Int64.self) ?? 0
        let box = BuilderBox(capacity: Int(capacity))
        // Each row's bytes go straight into the collection's arenas, as the SQLite loader does.
        try session.query("SELECT id, title, favorite, position FROM items WHERE NOT deleted ORDER BY position") { row in
            let cells = row.makeRandomAccess()
            let favorite = try cells[2].decode(Bool.self)
            let position = try cells[3].decode(Int64.self)
            let id = cells[0].bytes ?? ByteBuffer()
            let title = cells[1].bytes ?? ByteBuffer()
            id.withUnsafeReadableBytes { id in
                title.withUnsafeReadableBytes { title in
                    box.builder.append(id: id, title: title, favorite: favorite, position: Int(position))
                }
            }
        }
        var items = box.builder.build()
        var times: [ItemID: Int64] = [:]
        for row in try session.query("SELECT id, favorited_at FROM items WHERE favorited_at IS NOT NULL AND NOT deleted") {
            let (id, time) = try row.decode((String, Int64).self)
            times[ItemID(id)] = time
        }
        if !times.isEmpty { items.setFavoriteTimes(times) }
        return (items, lastChange)
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
            SELECT id, title, fields, favorite, position, favorited_at FROM items WHERE id = \(id.rawValue) AND NOT deleted
            """).first.map(Self.item)
    }

    static func item(_ row: PostgresRow) throws -> Item {
        let (id, title, fields, favorite, position, time) = try row.decode((String, String, String, Bool, Int64, Int64?).self)
        let itemID = ItemID(id)
        return Item(id: itemID, title: title, fields: try FieldCoding.decode(fields, id: itemID), favorite: favorite,
                    position: Int(position), favoritedAt: time)
    }

    public func ids(changedBy command: ItemCommand) throws -> [ItemID] {
        let condition = switch command {
        case .favorite: "NOT deleted AND NOT favorite"
        case .unfavorite: "NOT deleted AND favorite"
        case .delete: "NOT deleted"
        case .restore: "deleted"
        }
        return try session.query(PostgresQuery(unsafeSQL: "SELECT id FROM items WHERE \(condition) ORDER BY position"))
            .map { ItemID(try $0.decode(String.self)) }
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

    /// Commits a change and its change-log row in one transaction over `session`.
    /// The notification says what changed and which of this process's changes it is (`ticket`, see
    /// `ChangeNotice`); a single favorite, unfavorite or delete carries the change itself.
    func persist(_ change: ModelChange, on session: PostgresSession, ticket: Int? = nil) throws {
        try session.transaction(writes: true) { () -> ((), ChangeNotice?) in
            var seqs: [Int64] = []
            try persist(change, on: session, seqs: &seqs)
            guard let first = seqs.first, let last = seqs.last else { return ((), nil) }
            var notice = ChangeNotice(library: session.target.schema, first: first, seq: last, origin: origin,
                                      kind: "batch", ticket: ticket)
            switch change {
            case let .setFavorite(id, value, at):
                (notice.kind, notice.id, notice.time) = (value ? "favorite" : "unfavorite", id.rawValue, value ? at : nil)
            case let .delete(item): (notice.kind, notice.id) = (ChangeKind.delete.rawValue, item.id.rawValue)
            case .restore: notice.kind = ChangeKind.restore.rawValue
            case .batch: break
            }
            return ((), notice)
        }
    }

    /// Writes a change, adding the change-log seq of each of its parts to `seqs`.
    private func persist(_ change: ModelChange, on session: PostgresSession, seqs: inout [Int64]) throws {
        let kind: ChangeKind
        let rows: [PostgresRow]
        switch change {
        case let .setFavorite(id, value, at):
            rows = try session.query("""
                UPDATE items SET favorite = \(value), favorited_at = \(value ? at : nil)
                WHERE id = \(id.rawValue) AND NOT deleted RETURNING 1
                """)
            kind = value ? .favorite : .unfavorite
        case let .delete(item):
            rows = try session.query("UPDATE items SET deleted = true WHERE id = \(item.id.rawValue) AND NOT deleted RETURNING 1")
            kind = .delete
        case let .restore(item):
            rows = try session.query("""
                UPDATE items SET deleted = false, favorite = \(item.favorite), favorited_at = \(item.favoritedAt)
                WHERE id = \(item.id.rawValue) AND deleted RETURNING 1
                """)
            kind = .restore
        case let .batch(parts):
            for part in parts { try persist(part, on: session, seqs: &seqs) }
            return
        }
        guard !rows.isEmpty else { throw LibraryError.noItem(change.itemID) }
        seqs.append(try log(kind, change.itemID.rawValue, on: session))
    }

    /// Counts rows added to `items` in `meta.rows` (within the caller's write transaction).
    func added(rows: Int) throws {
        guard rows > 0 else { return }
        try session.query("""
            INSERT INTO meta (key, value) VALUES ('rows', \(String(rows)))
            ON CONFLICT (key) DO UPDATE SET value = (meta.value::bigint + \(Int64(rows)))::text
            """)
    }

    /// Appends a change-log row (within the caller's write transaction), trimming the log now and then.
    @discardableResult
    func log(_ kind: ChangeKind, _ itemID: String, on session: PostgresSession? = nil) throws -> Int64 {
        let session = session ?? self.session
        let seq = try session.query("""
            INSERT INTO changes (item_id, kind, origin) VALUES (\(itemID), \(kind.rawValue), \(origin)) RETURNING seq
            """).first?.decode(Int64.self) ?? 0
        if seq % 1000 == 0 { try session.query("DELETE FROM changes WHERE seq <= \(seq - ChangeLog.kept)") }
        return seq
    }

    @discardableResult
    public func apply(_ command: ItemCommand, to ids: [ItemID]) throws -> [ItemID] {
        try session.transaction(writes: true) { () -> ([ItemID], ChangeNotice?) in
            var states: [(ItemID, favorite: Bool, deleted: Bool)] = []
            for id in ids {
                guard let row = try session.query("SELECT favorite, deleted FROM items WHERE id = \(id.rawValue)").first
                else { throw LibraryError.noItem(id) }
                let (favorite, deleted) = try row.decode((Bool, Bool).self)
                guard command == .restore || !deleted else { throw LibraryError.noItem(id) }
                states.append((id, favorite, deleted))
            }
            var changed: [ItemID] = []
            var seqs: [Int64] = []
            var kinds: [ChangeKind] = []
            var done = Set<ItemID>()
            // Favorites made one after the other, in the order named, each after the library's latest (the
            // advisory lock this transaction holds keeps another writer from stamping in between).
            var latest = command != .favorite ? nil
                : try session.query("SELECT max(favorited_at) FROM items WHERE favorite AND NOT deleted")
                    .first?.decode(Int64?.self) ?? nil
            for (id, favorite, deleted) in states where done.insert(id).inserted {
                let kind: ChangeKind
                switch command {
                case .favorite where !favorite:
                    let stamp = FavoriteStamp.next(now: Store.now(), after: latest)
                    latest = stamp
                    try session.query("UPDATE items SET favorite = true, favorited_at = \(stamp) WHERE id = \(id.rawValue)")
                    kind = .favorite
                case .unfavorite where favorite:
                    try session.query("UPDATE items SET favorite = false, favorited_at = NULL WHERE id = \(id.rawValue)")
                    kind = .unfavorite
                case .delete:
                    try session.query("UPDATE items SET deleted = true WHERE id = \(id.rawValue)")
                    kind = .delete
                case .restore where deleted:
                    try session.query("UPDATE items SET deleted = false WHERE id = \(id.rawValue)")
                    kind = .restore
                default: continue
                }
                seqs.append(try log(kind, id.rawValue))
                kinds.append(kind)
                changed.append(id)
            }
            // Announced with the rows it added (followers read the log up to them), and the change itself when
            // it is a single favorite, unfavorite or delete.
            guard let first = seqs.first, let last = seqs.last else { return (changed, nil) }
            var notice = ChangeNotice(library: session.target.schema, first: first, seq: last, origin: origin, kind: "batch")
            if changed.count == 1, kinds[0] != .restore { (notice.kind, notice.id) = (kinds[0].rawValue, changed[0].rawValue) }
            if changed.count == 1, kinds[0] == .favorite { notice.time = latest }
            return (changed, notice)
        }
    }

    /// Persists changes and reads fields on a connection of its own, off the input thread (the terminal browser
    /// and picker use it; a script's steps wait for each write, so that its frames never depend on timing).
    public func inBackground() -> (any BackgroundLibrary)? { PostgresBackground(self) }

    public func follower(after lastChange: Int64?) throws -> (any LibraryFollowing)? {
        try PostgresFollower(self, after: lastChange)
    }
}

/// The builder a streamed query fills on the connection's thread while the caller waits.
final class BuilderBox: @unchecked Sendable {
    var builder: ItemCollection.Builder
    init(capacity: Int) { builder = ItemCollection.Builder(capacity: capacity) }
}
