import FavsLibrary
import FavsModel

/// A PostgreSQL library's write statements, within one of its write transactions: what the rules written once
/// above both backends (`LibraryWriteTransaction`) run here. Every set's members are rows of `members` (format 2),
/// and a member change's log row names its set (format 3); an older library is not written
/// (`PostgresLibrary.refuseOlderFormat`).
struct PostgresWrites: LibraryWriteTransaction {
    let session: PostgresSession
    let origin: String
    /// Your stars and others' as the tables name them: a write is made at this favs's format only.
    var names: StarNames { StarNames(member: session.target.member, format: PostgresLibrary.format) }

    func state(of id: ItemID) throws -> StoredState? {
        // An item's member rows through `members_item` (format 3): a few, whichever sets they are of.
        let rows = try session.query("""
            SELECT i.deleted, m.set_name, m.added_at
            FROM items i LEFT JOIN members m ON m.item_id = i.id WHERE i.id = \(id.rawValue)
            """).map { try $0.decode((Bool, String?, Int64?).self) }
        guard let first = rows.first else { return nil }
        return StoredState(deleted: first.0,
                           memberships: names.shown(rows.compactMap { row in row.1.map { (name: $0, since: row.2) } }))
    }

    func tagNames() throws -> [String] {
        try session.query("SELECT DISTINCT set_name FROM members WHERE starts_with(set_name, '#')")
            .map { try $0.decode(String.self) }
    }

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
        try session.query("""
            SELECT max(m.added_at) FROM members m JOIN items i ON i.id = m.item_id
            WHERE m.set_name = \(names.stored(set)) AND NOT i.deleted
            """).first?.decode(Int64?.self) ?? nil
    }

    func perform(_ write: RowWrite) throws -> Bool {
        switch write {
        case let .member(set, id, value, at):
            try member(id, of: set, restoring: false, value, at: at)
        case let .delete(id):
            // Its member rows stay: a restore brings it back into its sets.
            try !session.query("UPDATE items SET deleted = true WHERE id = \(id.rawValue) AND NOT deleted RETURNING 1").isEmpty
        case let .restore(id, favorite, at):
            try member(id, of: .favorites, restoring: true, favorite, at: at)
        case let .search(name, search?):
            try !session.query("""
                INSERT INTO searches (name, filter, exact, saved_at)
                VALUES (\(name), \(search.filter), \(search.exact), (extract(epoch FROM now()) * 1000)::bigint)
                ON CONFLICT (name) DO UPDATE SET filter = excluded.filter, exact = excluded.exact, saved_at = excluded.saved_at
                RETURNING 1
                """).isEmpty
        case let .search(name, nil):
            try !session.query("DELETE FROM searches WHERE name = \(name) RETURNING 1").isEmpty
        }
    }

    /// Makes a present item a member of a set (at a time) or not, or restores a deleted one starred or not, in one
    /// statement: one trip to the server, as the write of the item's own row was in format 1. False when the item is
    /// not in the state the write expects, and then nothing changed.
    private func member(_ id: ItemID, of set: SetID, restoring: Bool, _ value: Bool, at: Int64?) throws -> Bool {
        let stored = names.stored(set)
        let target = restoring ? "UPDATE items SET deleted = false WHERE deleted AND id = " : "SELECT id FROM items WHERE NOT deleted AND id = "
        return try !session.query("""
            WITH target AS (\(unescaped: target)\(id.rawValue)\(unescaped: restoring ? " RETURNING id" : "")),
            joined AS (
                INSERT INTO members (set_name, item_id, added_at) SELECT \(stored), id, \(at) FROM target WHERE \(value)
                ON CONFLICT (set_name, item_id) DO UPDATE SET added_at = excluded.added_at
            ),
            left_set AS (DELETE FROM members WHERE set_name = \(stored) AND item_id IN (SELECT id FROM target) AND NOT \(value))
            SELECT 1 FROM target
            """).isEmpty
    }

    func appendLog(_ kind: ChangeKind, itemID: String, set: String?) throws -> Int64 {
        // A member change's set as the tables name it; a saved search's name as it is.
        let set = kind == .join || kind == .leave ? set.map { names.stored(SetID($0)) } : set
        return try session.query("""
            INSERT INTO changes (item_id, kind, origin, set_name) VALUES (\(itemID), \(kind.rawValue), \(origin), \(set))
            RETURNING seq
            """).first?.decode(Int64.self) ?? 0
    }

    func deleteLog(through seq: Int64) throws {
        try session.query("DELETE FROM changes WHERE seq <= \(seq)")
    }

    func searches() throws -> [SavedSearch] { try PostgresLibrary.searches(on: session, format: PostgresLibrary.format) }
}
