import FavsLibrary
import FavsModel

/// A PostgreSQL library's write statements, within one of its write transactions: what the rules written once
/// above both backends (`LibraryWriteTransaction`) run here. Stars are rows of `members` (format 2; an older
/// library is not written, `PostgresLibrary.refuseOlderFormat`).
struct PostgresWrites: LibraryWriteTransaction {
    let session: PostgresSession
    let origin: String

    func state(of id: ItemID) throws -> StoredState? {
        try session.query("""
            SELECT m.item_id IS NOT NULL, i.deleted, m.added_at
            FROM items i LEFT JOIN members m ON m.set_name = 'favorites' AND m.item_id = i.id WHERE i.id = \(id.rawValue)
            """).first.map { row in
            let (favorite, deleted, time) = try row.decode((Bool, Bool, Int64?).self)
            return StoredState(favorite: favorite, deleted: deleted, favoritedAt: time)
        }
    }

    func latestFavoriteTime() throws -> Int64? {
        try session.query("""
            SELECT max(m.added_at) FROM members m JOIN items i ON i.id = m.item_id
            WHERE m.set_name = 'favorites' AND NOT i.deleted
            """).first?.decode(Int64?.self) ?? nil
    }

    func perform(_ write: RowWrite) throws -> Bool {
        switch write {
        case let .favorite(id, value, at):
            try starring(id, restoring: false, value, at: at)
        case let .delete(id):
            // Its member rows stay: a restore brings its stars back.
            try !session.query("UPDATE items SET deleted = true WHERE id = \(id.rawValue) AND NOT deleted RETURNING 1").isEmpty
        case let .restore(id, favorite, at):
            try starring(id, restoring: true, favorite, at: at)
        }
    }

    /// Stars (at a time) or unstars a present item, or restores a deleted one starred or not, in one statement: one
    /// trip to the server, as the write of the item's own row was in format 1. False when the item is not in the
    /// state the write expects, and then nothing changed.
    private func starring(_ id: ItemID, restoring: Bool, _ value: Bool, at: Int64?) throws -> Bool {
        let target = restoring ? "UPDATE items SET deleted = false WHERE deleted AND id = " : "SELECT id FROM items WHERE NOT deleted AND id = "
        return try !session.query("""
            WITH target AS (\(unescaped: target)\(id.rawValue)\(unescaped: restoring ? " RETURNING id" : "")),
            starred AS (
                INSERT INTO members (set_name, item_id, added_at) SELECT 'favorites', id, \(at) FROM target WHERE \(value)
                ON CONFLICT (set_name, item_id) DO UPDATE SET added_at = excluded.added_at
            ),
            unstarred AS (DELETE FROM members WHERE set_name = 'favorites' AND item_id IN (SELECT id FROM target) AND NOT \(value))
            SELECT 1 FROM target
            """).isEmpty
    }

    func appendLog(_ kind: ChangeKind, itemID: String) throws -> Int64 {
        try session.query("""
            INSERT INTO changes (item_id, kind, origin) VALUES (\(itemID), \(kind.rawValue), \(origin)) RETURNING seq
            """).first?.decode(Int64.self) ?? 0
    }

    func deleteLog(through seq: Int64) throws {
        try session.query("DELETE FROM changes WHERE seq <= \(seq)")
    }
}
