import FavsFormats
import FavsLibrary
import FavsModel

/// The picks a team library remembers for `favs pick`'s frecency (format 6): each member's own, as their stars are
/// (frecency is one person's habits), rows of `picks` under the member's name (`PostgresTarget.member`). Written as a
/// library file writes them (`SQLiteLibrary+Picks`): each pick, or an item's picks forgotten, is logged as a `pick`
/// row naming the item and, in `set_name`, the member's stars (`@name`), and notified; a follower of the same member
/// reads the item's picks again, another member's passes it by (`LogReading`). An item keeps at most `picksKept` rows,
/// its oldest folded into one weighted row, as in a library file.
extension PostgresLibrary {
    /// The format from which a team library keeps picks.
    static let picksFormat = 6

    /// How many rows of picks an item keeps for a member, as a library file keeps (`Pick.keptPerItem`).
    static let picksKept = Pick.keptPerItem

    /// A library at format 6, a role that may write it and is granted the picks table.
    public var remembersPicks: Bool { tableFormat >= Self.picksFormat && writable && picksGranted }

    /// Whether this member's picks can be read: none in an older library read as it is, nor for a role not granted
    /// the table.
    var readsPicks: Bool { tableFormat >= Self.picksFormat && picksGranted }

    /// Remembers that these items were picked at `time` (ms since 1970), in one transaction with one notification:
    /// two trips to the server (the items' states with `BEGIN` and the lock, then the picks, their folds, their log
    /// rows and the notification with `COMMIT`). An id the library does not hold, or holds deleted, is left out.
    /// Returns the ids remembered.
    @discardableResult
    public func recordPicks(_ ids: [ItemID], at time: Int64) throws -> [ItemID] {
        try refuseWithoutPicks()
        return try session.transaction(writes: true) { () -> ([ItemID], ChangeNotice?) in
            let writes = PostgresWrites(session: session, origin: origin)
            try writes.prefetch(states: ids)
            var recorded: [ItemID] = []
            for id in ids {
                guard let state = try writes.state(of: id), !state.deleted else { continue }
                try session.hold("""
                    INSERT INTO picks (member, item_id, picked_at, weight) VALUES (\(session.target.member), \(id.rawValue), \(time), 1)
                    """)
                try session.hold(Self.foldPicks(of: session.target.member, id))
                try writes.log(.pick, itemID: id.rawValue)
                recorded.append(id)
            }
            return (recorded, notice(rows: recorded.count))
        }
    }

    /// Forgets every pick of these items (`favs forget`), in one transaction with one notification, each item's
    /// logged as a `pick` row. Every id is checked first: one the library never held throws `noItem` and nothing
    /// changes. Returns the ids that had picks. Two trips, as `recordPicks`.
    @discardableResult
    public func forgetPicks(_ ids: [ItemID]) throws -> [ItemID] {
        try refuseWithoutPicks()
        var unique: [ItemID] = []
        for id in ids where !unique.contains(id) { unique.append(id) }
        return try session.transaction(writes: true) { () -> ([ItemID], ChangeNotice?) in
            let writes = PostgresWrites(session: session, origin: origin)
            let member = session.target.member
            let picked = try writes.prefetch(states: unique, after: unique.map { id -> PostgresQuery in
                "SELECT EXISTS (SELECT 1 FROM picks WHERE member = \(member) AND item_id = \(id.rawValue))"
            })
            for id in unique where try writes.state(of: id) == nil { throw LibraryError.noItem(id) }
            var forgotten: [ItemID] = []
            for (id, rows) in zip(unique, picked) where try rows.first?.decode(Bool.self) == true {
                try session.hold("DELETE FROM picks WHERE member = \(member) AND item_id = \(id.rawValue)")
                try writes.log(.pick, itemID: id.rawValue)
                forgotten.append(id)
            }
            return (forgotten, notice(rows: forgotten.count))
        }
    }

    /// This member's picks of every item, oldest first (the same time: in the order they were added), deleted
    /// items' too (a restore brings them back); none where they are not kept (`readsPicks`).
    public func picks() throws -> [ItemID: [Pick]] {
        guard readsPicks else { return [:] }
        var picks: [ItemID: [Pick]] = [:]
        try session.query("""
            SELECT item_id, picked_at, weight FROM picks WHERE member = \(session.target.member) ORDER BY picked_at, id
            """) { row in
            let (id, at, weight) = try row.decode((String, Int64, Double).self)
            picks[ItemID(id), default: []].append(Pick(at: at, weight: weight))
        }
        return picks
    }

    /// Each item's score summed in Swift from its picks, oldest first, as every other reader of picks sums them
    /// (`Frecency.score`): the same picks give the same order wherever they are scored.
    public func pickScores(_ frecency: Frecency, at now: Int64) throws -> [ItemID: Double] {
        try picks().mapValues { frecency.score(of: $0, at: now) }
    }

    /// One item's picks as stored now, oldest first, read over `session` (a follower's reader's).
    func picks(of id: ItemID, on session: PostgresSession) throws -> [Pick] {
        guard readsPicks else { return [] }
        return try session.query("""
            SELECT picked_at, weight FROM picks WHERE member = \(session.target.member) AND item_id = \(id.rawValue)
            ORDER BY picked_at, id
            """).map { row in
            let (at, weight) = try row.decode((Int64, Double).self)
            return Pick(at: at, weight: weight)
        }
    }

    /// Refuses a write of picks this library cannot keep: an older one, a role that may only read (both said by
    /// `refuseOlderFormat`), or a role not granted the picks table.
    func refuseWithoutPicks() throws {
        try refuseOlderFormat()
        guard picksGranted else {
            throw LibraryError.database("""
                your role \(session.target.user) may not keep picks in library \(location): its owner grants them with \
                GRANT SELECT, INSERT, DELETE ON picks
                """)
        }
    }

    /// The notice of a write of picks that logged `rows` rows: read from the log (the picks are not carried); nil,
    /// naming only the library, when it logged none.
    private func notice(rows: Int) -> ChangeNotice? {
        guard rows > 0 else { return nil }
        return ChangeNotice(library: session.target.schema, first: 1, seq: Int64(rows), origin: origin, kind: "batch")
    }

    /// Folds a member's oldest picks of an item into one row when it holds more than `picksKept` (`item` nil: of every
    /// item, as an import adds picks), as a library file folds them (`Schema.foldPicks`): the row takes the newest
    /// folded pick's time and the weight that gives the same score at any later time (each folded weight decayed to
    /// that time, with the default half-life). One statement, held with the write's others.
    static func foldPicks(of member: String, _ item: ItemID?) -> PostgresQuery {
        let halfLife = Double(Frecency.defaultHalfLife)
        return """
            WITH ranked AS (
                SELECT id, row_number() OVER (PARTITION BY item_id ORDER BY picked_at DESC, id DESC) AS n,
                       count(*) OVER (PARTITION BY item_id) AS total
                FROM picks WHERE member = \(member) AND (\(item?.rawValue)::text IS NULL OR item_id = \(item?.rawValue))
            ),
            folded AS (
                DELETE FROM picks p USING ranked r WHERE p.id = r.id AND r.total > \(picksKept) AND r.n >= \(picksKept)
                RETURNING p.item_id, p.picked_at, p.weight
            )
            INSERT INTO picks (member, item_id, picked_at, weight)
            SELECT \(member), item_id, newest, sum(weight * power(2::float8, -(newest - picked_at)::float8 / \(halfLife)))
            FROM (SELECT item_id, picked_at, weight, max(picked_at) OVER (PARTITION BY item_id) AS newest FROM folded) f
            GROUP BY item_id, newest
            """
    }

    /// A list of numbers as an array's text, for a parameter cast to an array (`$1::bigint[]`).
    static func arrayText<Number: CustomStringConvertible>(_ numbers: [Number]) -> String {
        "{" + numbers.map(\.description).joined(separator: ",") + "}"
    }
}

/// The picks of an import's records (`favs import` of an export), made the importing member's once the items are in:
/// copied to a temporary table as they are read (made with the first record that has some), then added to the
/// member's, none the member has already (the same time and weight) nor twice, in the records' order, and each item's
/// oldest folded past `picksKept`, as a library file adds them (`Schema.addPicks`). A library that keeps no picks for
/// this role leaves them out. Nothing is logged for them: the import logs a reload, as a library file's does.
struct ImportPicks {
    private let library: PostgresLibrary
    private var rows = CopyRows()
    private var made = false

    init(_ library: PostgresLibrary) {
        self.library = library
    }

    /// Holds the record's picks (`ord`: its number in the import), sent with `COPY` in pieces as the items are.
    mutating func add(_ record: ImportRecord, ord: Int) throws {
        guard let picks = record.picks, !picks.isEmpty, library.remembersPicks else { return }
        if !made {
            try library.session.query("""
                CREATE TEMP TABLE import_picks (ord bigint NOT NULL, item_id text NOT NULL, picked_at bigint NOT NULL,
                    weight double precision NOT NULL) ON COMMIT DROP
                """)
            made = true
        }
        for pick in picks { try rows.addPick(pick, of: record.id, ord: ord, line: record.line) }
        if rows.bytes.count >= PostgresLibrary.copyPiece { try library.flush(&rows, into: "import_picks", CopyRows.pickColumns) }
    }

    /// Adds the picks held to the member's, within the import's transaction, once its items are in; returns how
    /// many were not there already.
    mutating func finish() throws -> Int {
        guard made else { return 0 }
        try library.flush(&rows, into: "import_picks", CopyRows.pickColumns)
        let member = library.session.target.member
        let added = try library.session.query("""
            INSERT INTO picks (member, item_id, picked_at, weight)
            SELECT \(member), s.item_id, s.picked_at, s.weight
            FROM (SELECT item_id, picked_at, weight, min(ord) AS ord FROM import_picks GROUP BY item_id, picked_at, weight) s
            WHERE NOT EXISTS (SELECT 1 FROM picks p WHERE p.member = \(member) AND p.item_id = s.item_id
                              AND p.picked_at = s.picked_at AND p.weight = s.weight)
            ORDER BY s.ord, s.picked_at
            RETURNING 1
            """).count
        try library.session.query(PostgresLibrary.foldPicks(of: member, nil))
        return added
    }
}
