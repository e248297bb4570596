import FavsLibrary
import Foundation

/// One connection to the server, used from the caller's thread as if it were synchronous: every call waits for
/// its answer on the connection's socket (the UI is one thread, and a query on loopback takes a fraction of a
/// millisecond).
///
/// No wait is unbounded: an ordinary statement that gets no answer in `timeout` seconds fails with
/// `LibraryError.timedOut` and the connection is dropped (a server that is stopped or a network that drops every
/// packet answers nothing, and TCP alone would wait minutes). Only what may really take long (an import, a copy,
/// reading the whole list) waits without a deadline, in `withoutDeadline`. While idle, the session sends a
/// heartbeat (`SELECT 1`) after half a second idle, from its poll, so a silent server is seen within 1.75 s even when
/// nothing is asked of it. The server is told to let go of a client that vanished: each connection sets
/// `statement_timeout`, `lock_timeout`, `idle_in_transaction_session_timeout` and TCP keepalives at start-up.
///
/// When the server goes away the session is offline: calls fail at once (a change is rolled back on screen)
/// while a new connection is made in the background, with backoff from 0.25 s to 1 s, never blocking the
/// caller. Notifications (`LISTEN favs_changes`) are read with every answer and at every poll.
final class PostgresSession: @unchecked Sendable {
    let target: PostgresTarget
    /// Seconds an ordinary statement may go unanswered; 0: no deadline.
    let timeout: Int
    /// Guards the state below, on the input thread, the background queue and the reconnecting thread alike. Held
    /// only to read or set fields: never across a wait or I/O.
    private let lock = NSLock()
    /// Held while the connection is used (a statement, a look at what arrived): one at a time. Taken before
    /// `lock`, never while holding it.
    private let wire = NSLock()
    /// Guarded by `lock`.
    private var connection: PostgresConnection?
    private var connecting = false
    private var nextAttempt = Date.distantPast
    private var backoff: TimeInterval = 0.25
    private var notified = false
    /// Notifications that carried their change, in the order they came (commit order).
    private var notices: [ChangeNotice] = []
    private var reconnected = false
    private var listens = false
    /// When the server was last heard from (an answer, a notification).
    private var lastHeard = Date()
    /// When the unanswered heartbeat was sent, if one is.
    private var heartbeatSent: Date?
    /// Set while a long operation runs (`withoutDeadline`): its statements wait as long as they take.
    private var deadlineSuspended = 0
    /// Called when the heartbeat finds the server silent (another session to the same server drops its
    /// connection too, rather than wait out its own deadline).
    private var silenceHandlers: [@Sendable () -> Void] = []
    /// Statements whose answers nobody waits for (`hold`), sent with the next statement that is waited for, in one
    /// trip to the server.
    private var held: [Held] = []

    /// What a statement says while the session is offline.
    static let offline = LibraryError.database("offline: the server does not answer (retrying)")

    /// Connects now; a failure throws the reason as a one-line `LibraryError` (the password never in it).
    /// `timeout`: seconds a statement may go unanswered (0: no deadline).
    /// `connecting`: told the connection while its start-up is under way (`PostgresConnection.connect`).
    init(_ target: PostgresTarget, timeout: Int = 5, connecting: (PostgresConnection) -> Void = { _ in }) throws {
        self.target = target
        self.timeout = max(0, timeout)
        let connection = try connect(telling: connecting)
        lock.withLock { self.connection = connection }
    }

    // MARK: Queries

    /// Runs one statement and collects its rows (after the statements held, in the same trip).
    @discardableResult
    func query(_ query: PostgresQuery) throws -> [PostgresRow] {
        do {
            return try queries([query]).first ?? []
        } catch let failure as BatchFailure {
            throw failure.error
        }
    }

    /// Runs the statements held, then `queries`, in one trip to the server; each of `queries`' rows, in order. The
    /// first statement that fails stops the rest: `BatchFailure` has its error and the rows of those of `queries`
    /// answered before it.
    func queries(_ queries: [PostgresQuery]) throws -> [[PostgresRow]] {
        let held = lock.withLock { () -> [Held] in
            defer { self.held = [] }
            return self.held
        }
        let all = held.map(\.query) + queries
        var failed: PostgresConnection.PipelineFailure?
        let answers = try run { connection, deadline -> [PostgresResult?] in
            guard all.count > 1 else { return [try connection.execute(all[0], until: deadline)] }
            do {
                return try connection.pipeline(all, until: deadline)
            } catch let failure as PostgresConnection.PipelineFailure {
                failed = failure
                return failure.answers
            }
        }
        let rows = answers.dropFirst(held.count).map { $0?.rows ?? [] }
        guard let failed else { return rows }
        // A held statement's own failure (an assertion that found no row) says what it means; any other is the server's.
        let error = failed.index < held.count && failed.error.sqlState == Self.assertionFailed
            ? held[failed.index].failure ?? Self.describe(failed.error, target: target) : failureOf(failed.error)
        throw BatchFailure(answered: rows, failed: failed.index >= held.count ? failed.index - held.count : nil, error: error)
    }

    /// Keeps a statement to send with the next one whose answer is waited for (`query`, `queries`, or a
    /// transaction's `COMMIT`): a write whose answer decides nothing, so a change costs one trip to the server, not one
    /// per statement. `failure`: what it means when the statement fails an assertion (`assertionFailed`: a write that
    /// found no row divides by its count, zero), which also aborts the transaction.
    /// At most `heldAtMost` wait (the rest are sent then): a batch on a hundred thousand marked items goes in trips of
    /// a thousand statements, not in one that libpq would hold whole in memory.
    func hold(_ query: PostgresQuery, failure: LibraryError? = nil) throws {
        let count = lock.withLock {
            held.append(Held(query: query, failure: failure))
            return held.count
        }
        if count >= Self.heldAtMost { try flushHeld() }
    }

    static let heldAtMost = 1000

    /// A statement kept to go with the next one (`hold`).
    private struct Held {
        var query: PostgresQuery
        var failure: LibraryError?
    }

    /// The SQLSTATE of an assertion of a held statement (`division_by_zero`: `SELECT 1 / count(*)` of no rows).
    static let assertionFailed = "22012"

    /// Statements of `queries` failed: the first one's error, and the rows of those answered before it.
    struct BatchFailure: Error {
        var answered: [[PostgresRow]]
        /// The place in `queries` of the one that failed; nil when a statement held before them did.
        var failed: Int?
        var error: LibraryError
    }

    /// Sends the statements held, if any, and waits for their answers.
    private func flushHeld() throws {
        if lock.withLock({ !held.isEmpty }) { _ = try query("SELECT 1") }
    }

    /// Runs one statement that may break a unique constraint: false when it did (SQLSTATE 23505), and the
    /// transaction is then aborted (roll back to a savepoint to go on).
    func queryUnlessDuplicate(_ query: PostgresQuery) throws -> Bool {
        try flushHeld()
        var duplicate = false
        _ = try run { connection, deadline -> PostgresResult? in
            do {
                return try connection.execute(query, until: deadline)
            } catch let error as PostgresServerError where error.sqlState == "23505" {
                duplicate = true
                return nil
            }
        }
        return !duplicate
    }

    /// Runs one statement, handing each row to `onRow` as it arrives: a large result is never held whole.
    func query(_ query: PostgresQuery, onRow: (PostgresRow) throws -> Void) throws {
        try flushHeld()
        try withoutActuallyEscaping(onRow) { onRow in
            _ = try run { connection, deadline -> PostgresResult? in try connection.execute(query, until: deadline, onRow: onRow) }
        }
    }

    /// `COPY table (columns) FROM STDIN` with one buffer of rows in COPY's text format.
    func copy(into table: String, columns: [String], _ data: [UInt8]) throws {
        let sql = "COPY \(table) (\(columns.joined(separator: ", "))) FROM STDIN"
        try flushHeld()
        try run { connection, deadline in try connection.copy(sql, data, until: deadline) }
    }

    /// Runs `body` with no deadline on its statements, here or on the server: an import, a copy, the whole list
    /// read (they take as long as the data does). A server that vanishes meanwhile is still noticed by TCP.
    func withoutDeadline<T>(_ body: () throws -> T) rethrows -> T {
        lock.withLock { deadlineSuspended += 1 }
        defer { lock.withLock { deadlineSuspended -= 1 } }
        return try body()
    }

    /// Uses the connection for one statement, waiting at most `timeout` seconds for each answer unless in
    /// `withoutDeadline`. Past it the connection is dropped (its server may still hold the statement's
    /// transaction: the server's own timeouts end that) and the session goes offline; `LibraryError.timedOut` is
    /// thrown. A heartbeat still unanswered is read first.
    private func run<T>(_ body: (PostgresConnection, ContinuousClock.Instant?) throws -> T) throws -> T {
        let connection = try current()
        wire.lock()
        defer { wire.unlock() }
        let (seconds, pending) = lock.withLock { (deadlineSuspended > 0 ? 0 : timeout, heartbeatSent != nil) }
        let deadline = seconds > 0 ? ContinuousClock.now + .seconds(seconds) : nil
        do {
            if pending { try connection.finishPending(until: deadline) }
            let result = try body(connection, deadline)
            heard()
            return result
        } catch is PostgresConnection.DeadlinePassed {
            drop(connection)
            throw LibraryError.timedOut(seconds: seconds)
        } catch {
            throw failure(error, on: connection)
        }
    }

    /// The server answered: it is alive now.
    private func heard() {
        lock.withLock {
            lastHeard = Date()
            heartbeatSent = nil
        }
    }

    /// Gives a connection up (it did not answer, or broke): cut at once (whatever waits on it fails), the session
    /// offline until a new one is made in the background.
    private func drop(_ dropped: PostgresConnection?) {
        let reconnect = lock.withLock { () -> Bool in
            guard let dropped, connection === dropped else { return false }
            connection = nil
            heartbeatSent = nil
            nextAttempt = .distantPast
            return claimReconnect()
        }
        dropped?.cut()
        if reconnect { startReconnecting() }
    }

    /// Runs `body` in a transaction; any error rolls it back. `writes`: the transaction first takes the
    /// library's write lock, so change-log numbers are handed out in commit order and a follower that read up
    /// to one never misses a lower one committed later.
    ///
    /// `long`: an import, a copy or the whole list read, which take as long as the data does: no deadline here
    /// (`withoutDeadline`) nor on the server (its statement and idle timeouts off for this transaction).
    func transaction<T>(writes: Bool, readOnlySnapshot: Bool = false, long: Bool = false,
                        _ body: () throws -> T) throws -> T {
        try transaction(writes: writes, readOnlySnapshot: readOnlySnapshot, long: long) { (try body(), nil) }
    }

    /// The same for a write whose notification says what changed: `body` returns its value and the notice
    /// (nil: the notification names only the library).
    func transaction<T>(writes: Bool, readOnlySnapshot: Bool = false, long: Bool = false,
                        announcing body: () throws -> (T, ChangeNotice?)) throws -> T {
        if long, lock.withLock({ deadlineSuspended == 0 }) {
            return try withoutDeadline {
                try transaction(writes: writes, readOnlySnapshot: readOnlySnapshot, long: true, announcing: body)
            }
        }
        // Everything up to the first statement whose answer is waited for goes with it, and what follows the last
        // one goes with `COMMIT`: a write whose statements decide nothing costs one trip to the server.
        try hold(readOnlySnapshot ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN")
        do {
            if long {
                // A long statement may run as long as it takes; between two (an import reading its next rows) the
                // session may idle a minute, not for ever: an import stopped or cut off mid-way lets go of the
                // library's write lock then.
                let idle = timeout == 0 ? "0" : "\(max(60, 12 * timeout))s"
                try hold("""
                    SELECT set_config('statement_timeout', '0', true), set_config('idle_in_transaction_session_timeout', \(idle), true)
                    """)
            }
            if writes { try hold("SELECT pg_advisory_xact_lock(hashtext(\("favs:" + target.schema)))") }
            let (value, notice) = try body()
            if writes { try hold(ChangeNotice.statement(notice, library: target.schema)) }
            try query("COMMIT")
            return value
        } catch {
            // Nothing to take back when nothing was sent (`BEGIN` still held); otherwise the transaction is open, or
            // aborted by the statement that failed.
            let sent = lock.withLock { () -> Bool in
                defer { held = [] }
                return !(held.first?.query.sql.hasPrefix("BEGIN") ?? false)
            }
            if sent { _ = try? query("ROLLBACK") }
            throw error
        }
    }

    // MARK: Connection state

    /// Starts delivering notifications for this library (and again after every reconnect).
    func listen() throws {
        lock.withLock { listens = true }
        try query("LISTEN \(unescaped: PostgresTarget.channel)")
    }

    /// What happened since the last look: a notification for this library, a new connection (everything may
    /// have changed meanwhile), and whether the server is gone. What has arrived is read without waiting (unless
    /// a statement is under way on another thread: it reads it then). While offline, a reconnect is started when
    /// due; while online and idle, a heartbeat is sent after half a second, and one unanswered for 1.25 s drops
    /// the connection (the server or the network went silent).
    func events() -> Events {
        var silent: PostgresConnection?
        var broken: PostgresConnection?
        if let connection = lock.withLock({ self.connection }), wire.try() {
            defer { wire.unlock() }
            do {
                let pending = lock.withLock { heartbeatSent != nil }
                if try connection.readAvailable(), pending { heard() }
                let now = Date()
                let (sent, last) = lock.withLock { (heartbeatSent, lastHeard) }
                if let sent, now.timeIntervalSince(sent) > Self.heartbeatWait {
                    silent = connection
                } else if sent == nil, now.timeIntervalSince(last) >= Self.heartbeatIdle {
                    try connection.send("SELECT 1")
                    lock.withLock { heartbeatSent = now }
                }
            } catch {
                broken = connection
            }
        }
        if let broken { drop(broken) }
        if let silent { drop(silent) }
        let reconnect = lock.withLock { connection == nil && claimReconnect() }
        if reconnect { startReconnecting() }
        if silent != nil {
            for handler in lock.withLock({ silenceHandlers }) { handler() }
        }
        return lock.withLock {
            defer { (notified, reconnected, notices) = (false, false, []) }
            return Events(notified: notified, notices: notices, reconnected: reconnected, offline: connection == nil)
        }
    }

    /// What `events` reports.
    struct Events {
        /// A notification named only the library: read the log.
        var notified = false
        /// Notifications that carried their change.
        var notices: [ChangeNotice] = []
        /// A new connection: anything may have changed meanwhile.
        var reconnected = false
        var offline = false

        /// What came first, then `later`.
        mutating func add(_ later: Events) {
            notified = notified || later.notified
            notices += later.notices
            reconnected = reconnected || later.reconnected
            offline = later.offline
        }
    }

    /// Calls `handler` (on the caller's thread of `events`) whenever the heartbeat finds the server silent.
    func onSilence(_ handler: @escaping @Sendable () -> Void) {
        lock.withLock { silenceHandlers.append(handler) }
    }

    /// Gives up the connection now (another session found the server silent): what waits on it fails at once,
    /// and a new one is made in the background. Any thread.
    func goOffline() {
        drop(lock.withLock { connection })
    }

    /// How long an idle session waits before it asks, and how long it waits for the answer: a server that went
    /// silent just after answering is found out within 1.75 s (and a busy one has 1.25 s to say `1`).
    static let heartbeatIdle: TimeInterval = 0.5
    static let heartbeatWait: TimeInterval = 1.25

    /// True while the server is gone.
    var isOffline: Bool { lock.withLock { connection == nil } }

    func current() throws -> PostgresConnection {
        let (ready, reconnect) = lock.withLock { () -> (PostgresConnection?, Bool) in
            if let connection, !connection.isBroken { return (connection, false) }
            connection = nil
            return (nil, claimReconnect())
        }
        if let ready { return ready }
        if reconnect { startReconnecting() }
        throw Self.offline
    }

    /// A statement's error as the caller sees it: a connection that broke meanwhile makes the session offline.
    private func failure(_ error: any Error, on connection: PostgresConnection) -> LibraryError {
        if let error = error as? LibraryError { return error }
        if let error = error as? PostgresServerError, let known = serverDeadline(error) { return known }
        if connection.isBroken {
            drop(connection)
            return Self.offline
        }
        return Self.describe(error, target: target)
    }

    /// What the server refused, as the caller sees it.
    private func failureOf(_ error: PostgresServerError) -> LibraryError {
        serverDeadline(error) ?? Self.describe(error, target: target)
    }

    /// The server's own deadlines (set at start-up): a statement it cancelled, a lock it stopped waiting for.
    private func serverDeadline(_ error: PostgresServerError) -> LibraryError? {
        switch error.sqlState {
        case "57014": .timedOut(seconds: timeout)
        case "55P03": .locked
        default: nil
        }
    }

    /// Whether a reconnect is due and not under way; if so it is now under way, and the caller starts it
    /// (`startReconnecting`) once it has let the lock go. Caller holds the lock.
    private func claimReconnect() -> Bool {
        guard !connecting, Date() >= nextAttempt else { return false }
        connecting = true
        return true
    }

    /// Makes a new connection on a thread of its own (listening again if the session did); it replaces the lost
    /// one when it comes, or the next attempt waits out the backoff. After `claimReconnect`, without the lock.
    private func startReconnecting() {
        let listens = lock.withLock { self.listens }
        Thread.detachNewThread { [weak self] in
            guard let self else { return }
            let made: PostgresConnection?
            do {
                let connection = try connect()
                if listens {
                    let deadline = timeout > 0 ? ContinuousClock.now + .seconds(timeout) : nil
                    try connection.execute("LISTEN \(unescaped: PostgresTarget.channel)", until: deadline)
                }
                made = connection
            } catch {
                made = nil
            }
            lock.withLock {
                connecting = false
                if let made {
                    self.connection = made
                    backoff = 0.25
                    lastHeard = Date()
                    heartbeatSent = nil
                    reconnected = true
                    notified = true
                } else {
                    nextAttempt = Date().addingTimeInterval(backoff)
                    // Capped low: a network that comes back is used again within a second.
                    backoff = min(backoff * 2, 1)
                }
            }
        }
    }

    /// A new connection, its whole start-up (the name's lookup, TCP, TLS, login) within the connect timeout (a stopped server
    /// accepts the TCP connection and then says nothing); notifications for this library go to the session.
    private func connect(telling connecting: (PostgresConnection) -> Void = { _ in }) throws -> PostgresConnection {
        let seconds = target.connectTimeout
        let deadline = seconds.map { ContinuousClock.now + .seconds($0) }
        let connection: PostgresConnection
        do {
            connection = try PostgresConnection.connect(try keywords(until: deadline), until: deadline, started: connecting)
        } catch is PostgresConnection.DeadlinePassed {
            throw LibraryError.timedOut(seconds: seconds ?? 0)
        } catch {
            throw Self.describe(error, target: target)
        }
        let schema = target.schema
        connection.onNotification = { [weak self] _, payload in
            guard let self else { return }
            switch ChangeNotice.read(payload, library: schema) {
            case nil: break  // another library on the same server
            case .some(nil): lock.withLock { notified = true; lastHeard = Date() }
            case let .some(notice?): lock.withLock { notices.append(notice); lastHeard = Date() }
            }
        }
        return connection
    }
}
