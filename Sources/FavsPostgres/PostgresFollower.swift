import FavsLibrary
import FavsModel
import Foundation

/// Follows a PostgreSQL library's change log, pushed: the server's `NOTIFY` carries a single change itself
/// (`ChangeNotice`), applied with no query; a batch or an import names only the library, and then the poll reads
/// the log's new rows and the items they name in one snapshot, as from a SQLite file. A poll with nothing new
/// costs a lock and a look (the run loop asks every 10 ms).
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
        // A notice that carries its change is applied as it is, with no trip to the server, as long as it is the
        // next in the log; one out of step (a notification missed, a batch, one that named only the library) means
        // reading the log from the last one seen. Our own notices say which of our changes are saved, in commit
        // order, before anything another process did after them is applied (see `Store.rebase`).
        var updates: [RemoteUpdate] = []
        var readLog = events.notified
        // The log is read only up to the last change notified: a later one's notice may still be on its way, and
        // is applied when it comes, in order after ours (a notification naming only the library: to the end).
        var upTo: Int64? = events.notified ? nil : lastSeq
        for notice in events.notices {
            upTo = upTo.map { max($0, notice.seq) }
            let ours = notice.origin == library.origin
            if ours, let ticket = notice.ticket {
                updates.append(.saved(ticket: ticket, then: readLog || notice.seq <= lastSeq ? nil : notice.update))
            }
            guard !readLog, notice.seq > lastSeq else { continue }
            guard notice.first == lastSeq + 1, ours || notice.update != nil else {
                readLog = true
                continue
            }
            lastSeq = notice.seq
            if !ours, let update = notice.update { updates.append(update) }
        }
        guard readLog else { return updates }
        return try updates + readTheLog(upTo: upTo)
    }

    /// The log's rows after the last one seen (up to `upTo`), and the items they name as stored now, in one
    /// snapshot.
    private func readTheLog(upTo: Int64?) throws -> [RemoteUpdate] {
        let session = library.session
        return try session.transaction(writes: false, readOnlySnapshot: true) {
            let oldest = try session.query("SELECT coalesce(min(seq), 0) FROM changes").first?.decode(Int64.self) ?? 0
            let rows = try session.query("""
                SELECT seq, item_id, kind, origin FROM changes WHERE seq > \(lastSeq) AND seq <= \(upTo ?? Int64.max) ORDER BY seq
                """)
                .map { row in
                    let (seq, id, kind, origin) = try row.decode((Int64, String, String, String).self)
                    return ChangeLogRow(seq: seq, itemID: id, kind: kind, origin: origin)
                }
            switch LogReading(rows, oldest: oldest, after: lastSeq, origin: library.origin) {
            case .reload:
                let (items, lastChange) = try library.loadList()
                lastSeq = lastChange
                return [.reload(items)]
            case let .items(ids):
                // Every row up to `upTo` is committed (it was notified): none can come later below it.
                lastSeq = max(rows.last?.seq ?? lastSeq, upTo ?? lastSeq)
                return try ids.map { .item($0, try library.item($0)) }
            }
        }
    }
}
