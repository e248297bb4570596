import FavsModel
import Foundation
import GRDB

/// Follows the change log of a library file: what other processes committed, as the items' current state.
///
/// Polls on its own read-only connection: `PRAGMA data_version` tells, for a few microseconds, whether
/// anyone committed since the last look; only then are the new log rows and the items they name read,
/// in one read transaction, so the result is one consistent snapshot.
public final class LibraryFollower {
    private let queue: DatabaseQueue
    private let origin: String
    private let path: String
    private var lastVersion: Int64 = -1
    private var lastSeq: Int64

    /// Starts following after change `lastChange` (see `SQLiteLibrary.loadListToFollow()`), or else after
    /// everything committed so far. Nil for a library with no file (`:memory:`).
    public init?(_ library: SQLiteLibrary, after lastChange: Int64? = nil) throws {
        guard library.path != ":memory:" else { return nil }
        origin = library.origin
        path = library.path
        do {
            queue = try DatabaseQueue(path: library.path, configuration: SQLiteLibrary.configuration(readOnly: true))
            lastSeq = try lastChange ?? queue.read { db in try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM changes") ?? 0 }
        } catch {
            throw LibraryError.cannotOpen(path: library.path, reason: LibraryError.reason(error))
        }
    }

    /// What changed since the last poll, made by other processes; empty when nothing did.
    public func poll() throws -> [RemoteUpdate] {
        try LibraryError.wrapping {
            try queue.read { db in
                let version = try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0
                guard version != lastVersion else { return [] }
                lastVersion = version
                let oldest = try Int64.fetchOne(db, sql: "SELECT MIN(seq) FROM changes") ?? 0
                let rows = try Row.fetchAll(db, sql: """
                    SELECT seq, item_id, kind, origin, \(try Schema.changeSetColumn(db)) FROM changes WHERE seq > ? ORDER BY seq
                    """, arguments: [lastSeq])
                    .map { ChangeLogRow(seq: $0[0], itemID: $0[1], kind: $0[2], origin: $0[3], set: $0[4]) }
                let reading = LogReading(rows, oldest: oldest, after: lastSeq, origin: origin)
                lastSeq = rows.last?.seq ?? lastSeq
                switch reading {
                case .reload:  // fields are read when shown
                    return [.reload(try ListLoader.load(db, path: path).items, searches: try Schema.searches(db))]
                case let .items(ids, members, searches, picks):
                    return try LogReading.updates(items: ids, members: members, searches: searches, picks: picks,
                                                  item: { try SQLiteLibrary.item($0, db) },
                                                  member: { try Schema.membership($0, db) },
                                                  search: { try Schema.search(named: $0, db) },
                                                  pick: { try Schema.picks(of: $0, db) })
                }
            }
        }
    }
}
