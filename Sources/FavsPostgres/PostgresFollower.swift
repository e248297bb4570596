import FavsLibrary
import FavsModel
import Foundation

/// Follows a PostgreSQL library's change log, pushed: the server's `NOTIFY` carries a single change itself
/// (`ChangeNotice`), applied with no query; a batch or an import names only the library, and then the log's new
/// rows and the items they name are read in one snapshot, as from a SQLite file. A poll with nothing new costs a
/// lock and a look (the run loop asks every 10 ms).
///
/// While the server is gone the status says so, and the session reconnects in the background. Once it is
/// back the whole list is read again: whatever happened meanwhile (a change of ours that the server took
/// before the connection broke, others' changes) is then on screen as stored.
///
/// The input thread never waits on the network: the log and the list are read on a thread of their own over a
/// connection of their own (`FollowerReads`, `PostgresLogReader`), and a later poll takes the answer in. Until it
/// comes the screen shows the model as it is and keys are answered; what arrives meanwhile waits (`backlog`), so
/// it is applied after the answer, in commit order. A change of ours made meanwhile is pending in the store, which
/// puts it back on top of the answer (`Store.reload`, `Store.rebase`). A reconnect while a read is under way asks
/// the list anew: the older read is stopped and its answer, if one still comes, dropped.
///
/// A large library opened on a preview is followed from its whole list (`init(readingTheListOf:)`): the list is read
/// as after a reconnect, so while it loads the session is watched as it is once followed (a silent server is said
/// offline, and the read's connection cut). A list read that fails is asked again: once the server is back when it
/// went away, else a second later, its reason said. Until a list is read, what arrives waits.
final class PostgresFollower: LibraryFollowing {
    private let events: () -> PostgresSession.Events
    private let reader: any FollowerReader
    private let reads = FollowerReads()
    private let origin: String
    /// How this member's stars and others' are named (`StarNames`).
    private let names: StarNames
    private var lastSeq: Int64
    private var offline = false
    /// What arrived and is not followed yet: held while a read is under way.
    private var backlog = PostgresSession.Events()
    /// A read is asked and its answer not taken yet.
    private var reading = false
    /// The read under way is of the whole list.
    private var readingList = false
    /// The whole list is to be read (none was yet, or its read failed): asked while online, from `listDue` on.
    private var listWanted = false
    private var listDue = ContinuousClock.now
    /// When the read under way was asked.
    private var asked = ContinuousClock.now
    /// Our changes whose notices came before the list read under way was asked: committed, so in the list.
    private var committed: [Int] = []

    /// How long after a list read that failed, the server online, it is asked again.
    static let listRetry: Duration = .seconds(1)

    convenience init(_ library: PostgresLibrary, after lastChange: Int64?) throws {
        try library.session.listen()
        let lastSeq = try lastChange
            ?? library.session.query("SELECT coalesce(max(seq), 0) FROM changes").first?.decode(Int64.self) ?? 0
        let session = library.session
        self.init(events: { session.events() }, reader: PostgresLogReader(library), origin: library.origin,
                  names: library.names, after: lastSeq)
    }

    /// Follows from the whole list, read off the input thread from the first poll on. A LISTEN the server does not
    /// answer (it went away) leaves the session offline, listening once it is back: the list is read then.
    convenience init(readingTheListOf library: PostgresLibrary) throws {
        let session = library.session
        do {
            try session.listen()
        } catch {
            guard session.isOffline else { throw error }
        }
        self.init(events: { session.events() }, reader: PostgresLogReader(library), origin: library.origin,
                  names: library.names, readingTheList: true)
    }

    /// Follows from change `lastSeq` on, or from the whole list (`readingTheList`): `events` says what arrived (the
    /// library's session), `reader` reads off the input thread what the notices do not carry.
    init(events: @escaping () -> PostgresSession.Events, reader: any FollowerReader, origin: String, names: StarNames,
         after lastSeq: Int64 = 0, readingTheList: Bool = false) {
        self.events = events
        self.reader = reader
        self.origin = origin
        self.names = names
        self.lastSeq = lastSeq
        listWanted = readingTheList
    }

    var trouble: String? { offline ? "offline — retrying" : nil }

    func poll() throws -> [RemoteUpdate] {
        let arrived = events()
        offline = arrived.offline
        backlog.add(arrived)
        if backlog.reconnected || listWanted && !offline && ContinuousClock.now >= listDue {
            // Everything may have changed meanwhile: the whole list, read anew, holds what arrived so far, our own
            // changes' commits among it: those are said saved once it is in.
            committed += backlog.notices.filter { $0.origin == origin }.compactMap(\.ticket)
            backlog = PostgresSession.Events(offline: offline)
            if reading { reader.interrupt() }
            ask { [reader] in try reader.readList() }
            (readingList, listWanted) = (true, false)
        }
        var updates: [RemoteUpdate] = []
        if reading {
            guard let answer = reads.take() else { return [] }
            reading = false
            // Another read that failed is said; what arrived meanwhile is followed at the next poll.
            do {
                let read = try answer.get()
                lastSeq = read.lastSeq
                // A list read says when it was asked: a change of ours saved after may not be in it (`Store.reload`).
                updates = read.updates.map { update in
                    guard case let .reload(items, searches, nil) = update else { return update }
                    return .reload(items, searches: searches, asked: asked)
                }
                if readingList {
                    updates += committed.map { .saved(ticket: $0, then: nil) }
                    committed = []
                }
                readingList = false
            } catch where readingList {
                // Asked again; said unless the server went away (the status line says so, and its return asks it).
                (readingList, listWanted, listDue) = (false, true, ContinuousClock.now + Self.listRetry)
                if offline { return [] }
                throw error
            }
        }
        guard !listWanted else { return [] }
        return updates + followBacklog()
    }

    /// Applies what arrived since the last read; asks the log when a notice does not carry its change.
    ///
    /// A notice that carries its change is applied as it is, with no trip to the server, as long as it is the
    /// next in the log; one out of step (a notification missed, a batch, one that named only the library) means
    /// reading the log from the last one seen. Our own notices say which of our changes are saved, in commit
    /// order, before anything another process did after them is applied (see `Store.rebase`).
    private func followBacklog() -> [RemoteUpdate] {
        let events = backlog
        backlog = PostgresSession.Events(offline: offline)
        var updates: [RemoteUpdate] = []
        var readLog = events.notified
        // The log is read only up to the last change notified: a later one's notice may still be on its way, and
        // is applied when it comes, in order after ours (a notification naming only the library: to the end).
        var upTo: Int64? = events.notified ? nil : lastSeq
        for notice in events.notices {
            upTo = upTo.map { max($0, notice.seq) }
            let ours = notice.origin == origin
            if ours, let ticket = notice.ticket {
                updates.append(.saved(ticket: ticket, then: readLog || notice.seq <= lastSeq ? nil : notice.update(names)))
            }
            guard !readLog, notice.seq > lastSeq else { continue }
            guard notice.first == lastSeq + 1, ours || notice.update(names) != nil else {
                readLog = true
                continue
            }
            lastSeq = notice.seq
            if !ours, let update = notice.update(names) { updates.append(update) }
        }
        guard readLog else { return updates }
        let after = lastSeq
        ask { [reader, upTo] in try reader.readLog(after: after, upTo: upTo) }
        return updates
    }

    private func ask(_ read: @escaping @Sendable () throws -> FollowerRead) {
        asked = ContinuousClock.now
        reads.ask(read)
        reading = true
    }
}
