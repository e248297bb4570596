import FavsLibrary
import FavsModel

/// A PostgreSQL library's write statements, within one of its write transactions: what the rules written once
/// above both backends (`LibraryWriteTransaction`) run here. Every set's members are rows of `members` (format 2),
/// and a member change's log row names its set (format 3); each member's picks are rows of `picks` (format 6). An
/// older library is not written (`PostgresLibrary.refuseOlderFormat`).
///
/// A change costs as few trips to the server as its rules allow: the writes and their log rows decide nothing, so
/// they are held (`PostgresSession.hold`) and go with the `COMMIT`, each one asserting that it found its row; the
/// reads a rule will make can be asked together first (`prefetch`), with the transaction's `BEGIN` and lock.
struct PostgresWrites: LibraryWriteTransaction {
    let session: PostgresSession
    let origin: String
    /// Your stars and others' as the tables name them: a write is made at this favs's format only.
    var names: StarNames { StarNames(member: session.target.member, format: PostgresLibrary.format) }
    /// What `prefetch` read, and how many log rows this transaction holds.
    private let known = Known()

    init(session: PostgresSession, origin: String) {
        self.session = session
        self.origin = origin
    }

    /// Reads at once, in one trip with whatever the session holds (a transaction's `BEGIN` and lock), the state of
    /// each item in `ids`, the latest time in `latestIn` and the tag names (`tagNames`), which the rules then take
    /// from here. `first`: statements to run before them in the same trip (their rows are returned).
    @discardableResult
    func prefetch(states ids: [ItemID], latestIn set: SetID? = nil, tagNames: Bool = false,
                  after first: [PostgresQuery] = []) throws -> [[PostgresRow]] {
        var unique: [ItemID] = []
        for id in ids where !unique.contains(id) && known.states[id] == nil { unique.append(id) }
        var queries = first + unique.map(stateQuery)
        if let set { queries.append(latestQuery(set)) }
        if tagNames { queries.append(Self.tagNamesQuery) }
        let answers = try session.queries(queries)
        for (id, rows) in zip(unique, answers.dropFirst(first.count)) { known.states[id] = .some(try state(rows)) }
        var rest = answers.dropFirst(first.count + unique.count)
        if let set, let rows = rest.popFirst() { known.latest[set] = .some(try rows.first?.decode(Int64?.self) ?? nil) }
        if tagNames, let rows = rest.popFirst() { known.tagNames = try rows.map { try $0.decode(String.self) } }
        return Array(answers.prefix(first.count))
    }

    func state(of id: ItemID) throws -> StoredState? {
        if let state = known.states[id] { return state }
        return try state(session.query(stateQuery(id)))
    }

    // An item's member rows through `members_item` (format 3): a few, whichever sets they are of.
    private func stateQuery(_ id: ItemID) -> PostgresQuery {
        """
        SELECT i.deleted, m.set_name, m.added_at
        FROM items i LEFT JOIN members m ON m.item_id = i.id WHERE i.id = \(id.rawValue)
        """
    }

    private func state(_ rows: [PostgresRow]) throws -> StoredState? {
        let rows = try rows.map { try $0.decode((Bool, String?, Int64?).self) }
        guard let first = rows.first else { return nil }
        return StoredState(deleted: first.0,
                           memberships: names.shown(rows.compactMap { row in row.1.map { (name: $0, since: row.2) } }))
    }

    func tagNames() throws -> [String] {
        if let names = known.tagNames { return names }
        return try session.query(Self.tagNamesQuery).map { try $0.decode(String.self) }
    }

    private static let tagNamesQuery: PostgresQuery = "SELECT DISTINCT set_name FROM members WHERE starts_with(set_name, '#')"

    func members(named name: String) throws -> [(id: ItemID, since: Int64?)] {
        try session.query("""
            SELECT m.item_id, m.added_at FROM members m JOIN items i ON i.id = m.item_id
            WHERE m.set_name = \(name) AND NOT i.deleted ORDER BY i.position
            """).map { row in
            let (id, since) = try row.decode((String, Int64?).self)
            return (ItemID(id), since)
        }
    }

    func latestTime(in set: SetID) throws -> Int64? {
        if let latest = known.latest[set] { return latest }
        return try session.query(latestQuery(set)).first?.decode(Int64?.self) ?? nil
    }

    private func latestQuery(_ set: SetID) -> PostgresQuery {
        """
        SELECT max(m.added_at) FROM members m JOIN items i ON i.id = m.item_id
        WHERE m.set_name = \(names.stored(set)) AND NOT i.deleted
        """
    }

    /// Holds the write, to go with the transaction's next statement that is waited for (its `COMMIT` at the latest):
    /// true here, and a write that finds its row not in the state it expects fails there instead (`noItem`,
    /// `noSearch`), which aborts the transaction.
    func perform(_ write: RowWrite) throws -> Bool {
        let statement: PostgresQuery
        switch write {
        case let .member(set, id, value, at):
            statement = member(id, of: set, restoring: false, value, at: at)
        case let .delete(id):
            // Its member rows stay: a restore brings it back into its sets.
            statement = Self.asserted("UPDATE items SET deleted = true WHERE id = \(id.rawValue) AND NOT deleted RETURNING 1")
        case let .restore(id, favorite, at):
            statement = member(id, of: .favorites, restoring: true, favorite, at: at)
        case let .search(name, search?):
            statement = Self.asserted("""
                INSERT INTO searches (name, filter, exact, saved_at)
                VALUES (\(name), \(search.filter), \(search.exact), (extract(epoch FROM now()) * 1000)::bigint)
                ON CONFLICT (name) DO UPDATE SET filter = excluded.filter, exact = excluded.exact, saved_at = excluded.saved_at
                RETURNING 1
                """)
        case let .search(name, nil):
            statement = Self.asserted("DELETE FROM searches WHERE name = \(name) RETURNING 1")
        case let .picks(id, picks):
            // This member's picks of a present item, replaced whole (none: forgotten; an undo: the very picks back),
            // in the order given, so picks of the same time keep theirs; asserted as `member` asserts its item.
            let member = session.target.member
            statement = """
                WITH target AS (SELECT id FROM items WHERE id = \(id.rawValue) AND NOT deleted),
                gone AS (DELETE FROM picks WHERE member = \(member) AND item_id IN (SELECT id FROM target)),
                added AS (
                    INSERT INTO picks (member, item_id, picked_at, weight)
                    SELECT \(member), t.id, p.at, p.weight
                    FROM target t, unnest(\(PostgresLibrary.arrayText(picks.map(\.at)))::bigint[],
                                          \(PostgresLibrary.arrayText(picks.map(\.weight)))::float8[]) WITH ORDINALITY AS p(at, weight, n)
                    ORDER BY p.n
                )
                SELECT 1 / count(*) FROM target
                """
        }
        if case let .search(name, _) = write {
            try session.hold(statement, failure: .noSearch(name))
        } else {
            try session.hold(statement, failure: .noItem(write.itemID))
        }
        return true
    }

    /// A write that returns a row for each row it changed, asserting it changed one: none divides by zero
    /// (`PostgresSession.assertionFailed`), which fails the statement and the transaction with it.
    private static func asserted(_ write: PostgresQuery) -> PostgresQuery {
        var statement = write
        statement.sql = "WITH done AS (\(write.sql)) SELECT 1 / count(*) FROM done"
        return statement
    }

    /// Makes a present item a member of a set (at a time) or not, or restores a deleted one starred or not, in one
    /// statement, which asserts that the item was in the state the write expects (`asserted`).
    private func member(_ id: ItemID, of set: SetID, restoring: Bool, _ value: Bool, at: Int64?) -> PostgresQuery {
        let stored = names.stored(set)
        let target = restoring ? "UPDATE items SET deleted = false WHERE deleted AND id = " : "SELECT id FROM items WHERE NOT deleted AND id = "
        return """
            WITH target AS (\(unescaped: target)\(id.rawValue)\(unescaped: restoring ? " RETURNING id" : "")),
            joined AS (
                INSERT INTO members (set_name, item_id, added_at) SELECT \(stored), id, \(at) FROM target WHERE \(value)
                ON CONFLICT (set_name, item_id) DO UPDATE SET added_at = excluded.added_at
            ),
            left_set AS (DELETE FROM members WHERE set_name = \(stored) AND item_id IN (SELECT id FROM target) AND NOT \(value))
            SELECT 1 / count(*) FROM target
            """
    }

    /// Holds the log row, to go with the write. The number returned counts this transaction's rows (1, 2, …): the
    /// server draws the real ones when the statement runs, and the notification counts back from the last
    /// (`ChangeNotice.statement`). The statement trims the log itself, as `log` would, by the number it drew.
    func appendLog(_ kind: ChangeKind, itemID: String, set: String?) throws -> Int64 {
        // A member change's set as the tables name it; a saved search's name as it is; for a pick, whose picks
        // changed: this member's stars' name (`LogReading` passes another member's by).
        let set = kind == .join || kind == .leave ? set.map { names.stored(SetID($0)) } : kind == .pick ? names.favorites : set
        try session.hold("""
            WITH logged AS (
                INSERT INTO changes (item_id, kind, origin, set_name) VALUES (\(itemID), \(kind.rawValue), \(origin), \(set))
                RETURNING seq
            ),
            trimmed AS (DELETE FROM changes WHERE seq <= (SELECT seq - \(ChangeLog.kept) FROM logged WHERE seq % 1000 = 0))
            SELECT seq FROM logged
            """)
        known.logged += 1
        return known.logged
    }

    /// Nothing: `appendLog`'s statement trims the log by the number the server drew (the one `log` is given
    /// counts this transaction's rows).
    func deleteLog(through seq: Int64) throws {}

    func searches() throws -> [SavedSearch] { try PostgresLibrary.searches(on: session, format: PostgresLibrary.format) }
}

/// What a `PostgresWrites` read ahead (`prefetch`), and the log rows it holds. Used by one transaction, on one
/// thread.
private final class Known {
    /// Each item's state as read; `.some(nil)`: no such item.
    var states: [ItemID: StoredState?] = [:]
    var latest: [SetID: Int64?] = [:]
    var tagNames: [String]?
    var logged: Int64 = 0
}
