import FavsLibrary
import FavsModel
import Foundation
import PostgresNIO

/// Follows a PostgreSQL library's change log, pushed: the server's `NOTIFY` sets a flag, and the poll reads
/// the log only when it is set, so a poll with nothing new costs a lock and a look (the run loop asks every
/// 10 ms). The new rows and the items they name are read in one snapshot, as from a SQLite file.
///
/// While the server is gone the status says so, and the session reconnects in the background. Once it is
/// back the whole list is read again: whatever happened meanwhile (a change of ours that the server took
/// before the connection broke, others' changes) is then on screen as stored.
final class PostgresFollower: LibraryFollowing {
    private let library: PostgresLibrary
    private var lastSeq: Int64
    private var offline = false

    init(_ library: PostgresLibrary, after lastChange: Int64?) throws {
        self.library = library
        try library.session.listen()
        lastSeq = try lastChange ?? library.session.query("SELECT coalesce(max(seq), 0) FROM changes").first?.decode(Int64.self) ?? 0
    }

    var trouble: String? { offline ? "offline — retrying" : nil }

    func poll() throws -> [RemoteUpdate] {
        let events = library.session.events()
        offline = events.offline
        if events.reconnected {
            let (items, lastChange) = try library.loadListToFollow()
            lastSeq = lastChange
            return [.reload(items)]
        }
        guard events.notified else { return [] }
        let session = library.session
        let origin = library.origin
        return try session.transaction(writes: false, readOnlySnapshot: true) {
            let oldest = try session.query("SELECT coalesce(min(seq), 0) FROM changes").first?.decode(Int64.self) ?? 0
            let rows = try session.query("SELECT seq, item_id, kind, origin FROM changes WHERE seq > \(lastSeq) ORDER BY seq")
                .map { try $0.decode((Int64, String, String, String).self) }
            let fellBehind = oldest > lastSeq + 1  // the log was trimmed past rows never seen
            let theirs = rows.filter { $0.3 != origin }
            if fellBehind || theirs.contains(where: { $0.2 == ChangeKind.reload.rawValue }) {
                let (items, lastChange) = try library.loadList()
                lastSeq = lastChange
                return [.reload(items)]
            }
            lastSeq = rows.last?.0 ?? lastSeq
            var seen = Set<String>()
            return try theirs.compactMap { row -> RemoteUpdate? in
                guard seen.insert(row.1).inserted else { return nil }
                return .item(ItemID(row.1), try library.item(ItemID(row.1)))
            }
        }
    }
}
