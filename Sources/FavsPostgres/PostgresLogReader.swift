import FavsLibrary
import FavsModel
import Foundation

/// A follower's reads over a connection of their own, on the follower's reading queue (`FollowerReads`): the
/// library's own session stays the input thread's, which only looks at what arrived and never waits.
///
/// Threads: the reading queue calls `readLog` and `readList`; `interrupt` comes from the input thread or the
/// library's heartbeat (a silent server); the session is a `SideSession`. Of the library it reads only constants
/// and calls only what takes the session to use (`loadList(on:)`, `item(_:on:)`).
final class PostgresLogReader: FollowerReader, @unchecked Sendable {
    private let library: PostgresLibrary
    private let side: SideSession

    init(_ library: PostgresLibrary) {
        self.library = library
        side = SideSession(beside: library.session)
    }

    func interrupt() {
        side.cut()
    }

    func readLog(after: Int64, upTo: Int64?) throws -> FollowerRead {
        let session = try connection()
        return try session.transaction(writes: false, readOnlySnapshot: true) {
            let oldest = try session.query("SELECT coalesce(min(seq), 0) FROM changes").first?.decode(Int64.self) ?? 0
            // A library read as it is, from before format 3, logs no set.
            let set = library.tableFormat >= 3 ? "set_name" : "NULL::text"
            let rows = try session.query("""
                SELECT seq, item_id, kind, origin, \(unescaped: set) FROM changes
                WHERE seq > \(after) AND seq <= \(upTo ?? Int64.max) ORDER BY seq
                """)
                .map { row in
                    let (seq, id, kind, origin, set) = try row.decode((Int64, String, String, String, String?).self)
                    return ChangeLogRow(seq: seq, itemID: id, kind: kind, origin: origin, set: library.names.shown(optional: set))
                }
            switch LogReading(rows, oldest: oldest, after: after, origin: library.origin) {
            case .reload:
                let (items, lastChange) = try library.loadList(on: session)
                items.prepareIndex()
                let searches = try PostgresLibrary.searches(on: session, format: library.tableFormat)
                return FollowerRead(updates: [.reload(items, searches: searches)], lastSeq: lastChange)
            case let .items(ids, members, searches, picks):
                // Every row up to `upTo` is committed (it was notified): none can come later below it. The picks
                // read are this member's (another's pick rows were passed by).
                let updates = try LogReading.updates(items: ids, members: members, searches: searches, picks: picks,
                                                     item: { try library.item($0, on: session) },
                                                     member: { try library.membership($0, on: session) },
                                                     search: { name in
                                                         try PostgresLibrary.searches(on: session, format: library.tableFormat)
                                                             .first { $0.name == name }
                                                     },
                                                     pick: { try library.picks(of: $0, on: session) })
                return FollowerRead(updates: updates, lastSeq: max(rows.last?.seq ?? after, upTo ?? after))
            }
        }
    }

    func readList() throws -> FollowerRead {
        let session = try connection()
        let (items, lastChange, searches) = try session.transaction(writes: false, readOnlySnapshot: true, long: true) {
            let (items, lastChange) = try library.loadList(on: session)
            return (items, lastChange, try PostgresLibrary.searches(on: session, format: library.tableFormat))
        }
        items.prepareIndex()  // here, not on the input thread at its first lookup
        return FollowerRead(updates: [.reload(items, searches: searches)], lastSeq: lastChange)
    }

    private func connection() throws -> PostgresSession { try side.connection() }
}
