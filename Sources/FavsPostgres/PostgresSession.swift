import FavsLibrary
import Foundation
import Logging
import PostgresNIO

/// One connection to the server, used from the caller's thread as if it were synchronous: every call waits for
/// its future (the UI is one thread, and a query on loopback takes a fraction of a millisecond).
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
/// caller. Notifications (`LISTEN favs_changes`) set a flag the follower reads at its poll.
final class PostgresSession: @unchecked Sendable {
    let target: PostgresTarget
    /// Seconds an ordinary statement may go unanswered; 0: no deadline.
    let timeout: Int
    /// Guards the state below, on the input thread, the background queue and NIO's loops alike. Held only to read
    /// or set fields: never across a wait, I/O or TLS setup — what is decided under it (a reconnect, a heartbeat,
    /// closing a connection) is started after it is let go, so nothing under it takes it again.
    private let lock = NSLock()
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
    private var nextID = 1
    /// Statements sent and not yet answered (a heartbeat is sent only when there are none).
    private var inFlight = 0
    /// When the server was last heard from (an answer, a notification).
    private var lastHeard = Date()
    /// When the unanswered heartbeat was sent, if one is.
    private var heartbeatSent: Date?
    /// Set while a long operation runs (`withoutDeadline`): its statements wait as long as they take.
    private var deadlineSuspended = 0
    /// Called when the heartbeat finds the server silent (another session to the same server drops its
    /// connection too, rather than wait out its own deadline).
    private var silenceHandlers: [@Sendable () -> Void] = []

    /// What a statement says while the session is offline.
    static let offline = LibraryError.database("offline: the server does not answer (retrying)")

    static let logger = Logger(label: "favs.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Connects now; a failure throws the reason as a one-line `LibraryError` (the password never in it).
    /// `timeout`: seconds a statement may go unanswered (0: no deadline).
    init(_ target: PostgresTarget, timeout: Int = 5) throws {
        self.target = target
        self.timeout = max(0, timeout)
        let connection: PostgresConnection
        do {
            connection = try connect().wait()
        } catch {
            throw Self.describe(error, target: target)
        }
        install(connection)
    }

    /// Closes the connection and waits for it (postgres-nio requires a connection closed before it goes); on one of
    /// the connection's loop threads, where a wait traps, the close is left to finish there, holding the connection.
    deinit {
        guard let connection, !connection.isClosed else { return }
        if connection.eventLoop.inEventLoop {
            Self.close(connection)
        } else {
            try? connection.close().wait()
        }
    }

    // MARK: Queries

    /// Runs one statement and collects its rows.
    @discardableResult
    func query(_ query: PostgresQuery) throws -> [PostgresRow] {
        let connection = try current()
        do {
            return Array(try answer(connection.query(query, logger: Self.logger)).rows)
        } catch {
            throw failure(error)
        }
    }

    /// Runs one statement that may break a unique constraint: false when it did (SQLSTATE 23505), and the
    /// transaction is then aborted (roll back to a savepoint to go on).
    func queryUnlessDuplicate(_ query: PostgresQuery) throws -> Bool {
        let connection = try current()
        do {
            _ = try answer(connection.query(query, logger: Self.logger))
            return true
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            return false
        } catch {
            throw failure(error)
        }
    }

    /// Runs one statement, handing each row to `onRow` as it arrives (on the connection's thread, while the
    /// caller waits): a large result is never held whole.
    func query(_ query: PostgresQuery, onRow: @escaping @Sendable (PostgresRow) throws -> Void) throws {
        let connection = try current()
        do {
            _ = try answer(connection.query(query, logger: Self.logger, onRow))
        } catch {
            throw failure(error)
        }
    }

    /// Runs `body` with no deadline on its statements, here or on the server: an import, a copy, the whole list
    /// read (they take as long as the data does). A server that vanishes meanwhile is still noticed by TCP.
    func withoutDeadline<T>(_ body: () throws -> T) rethrows -> T {
        lock.withLock { deadlineSuspended += 1 }
        defer { lock.withLock { deadlineSuspended -= 1 } }
        return try body()
    }

    /// Waits for a statement's answer, at most `timeout` seconds unless in `withoutDeadline`. Past it the
    /// connection is dropped (its server may still hold the statement's transaction: the server's own
    /// timeouts end that) and the session goes offline; `LibraryError.timedOut` is thrown.
    private func answer<T: Sendable>(_ future: EventLoopFuture<T>) throws -> T {
        let (seconds, connection) = lock.withLock {
            inFlight += 1
            return (deadlineSuspended > 0 ? 0 : timeout, self.connection)
        }
        defer { lock.withLock { inFlight -= 1 } }
        let done = DispatchSemaphore(value: 0)
        future.whenComplete { [weak self] result in
            if case .success = result { self?.heard() }
            done.signal()
        }
        if seconds > 0, done.wait(timeout: .now() + .seconds(seconds)) == .timedOut {
            drop(connection)
            throw LibraryError.timedOut(seconds: seconds)
        }
        if seconds == 0 { done.wait() }
        return try future.wait()
    }

    /// The server answered: it is alive now.
    private func heard() {
        lock.withLock {
            lastHeard = Date()
            heartbeatSent = nil
        }
    }

    /// Gives a connection up (it did not answer): closed without waiting, the session offline until a new one is
    /// made in the background.
    private func drop(_ dropped: PostgresConnection?) {
        let reconnect = lock.withLock { () -> Bool in
            guard let dropped, connection === dropped else { return false }
            connection = nil
            heartbeatSent = nil
            nextAttempt = .distantPast
            return claimReconnect()
        }
        if let dropped { Self.close(dropped) }
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
        try query(readOnlySnapshot ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN")
        do {
            if long {
                // A long statement may run as long as it takes; between two (an import reading its next rows) the
                // session may idle a minute, not for ever: an import stopped or cut off mid-way lets go of the
                // library's write lock then.
                let idle = timeout == 0 ? "0" : "\(max(60, 12 * timeout))s"
                try query("""
                    SELECT set_config('statement_timeout', '0', true), set_config('idle_in_transaction_session_timeout', \(idle), true)
                    """)
            }
            if writes { try query("SELECT pg_advisory_xact_lock(hashtext(\("favs:" + target.schema)))") }
            let (value, notice) = try body()
            if writes {
                try query("SELECT pg_notify(\(PostgresTarget.channel), \(ChangeNotice.payload(notice, library: target.schema)))")
            }
            try query("COMMIT")
            return value
        } catch {
            _ = try? query("ROLLBACK")
            throw error
        }
    }

    // MARK: Connection state

    /// Starts delivering notifications for this library (and again after every reconnect).
    func listen() throws {
        let connection = try current()
        lock.withLock { listens = true }
        do {
            try answer(Self.listen(on: connection, session: self))
        } catch {
            throw failure(error)
        }
    }

    /// What happened since the last look: a notification for this library, a new connection (everything may
    /// have changed meanwhile), and whether the server is gone. While offline, a reconnect is started when due;
    /// while online and idle, a heartbeat is sent after half a second, and one unanswered for 1.25 s drops the
    /// connection (the server or the network went silent).
    func events() -> Events {
        var silent: PostgresConnection?
        var heartbeat: PostgresConnection?
        var reconnect = false
        let state: Events = lock.withLock {
            if let connection, connection.isClosed { self.connection = nil }
            if let connection {
                let now = Date()
                if let sent = heartbeatSent, now.timeIntervalSince(sent) > Self.heartbeatWait {
                    silent = connection
                } else if heartbeatSent == nil, inFlight == 0, now.timeIntervalSince(lastHeard) >= Self.heartbeatIdle {
                    heartbeatSent = now
                    heartbeat = connection
                }
            } else {
                reconnect = claimReconnect()
            }
            defer { (notified, reconnected, notices) = (false, false, []) }
            return Events(notified: notified, notices: notices, reconnected: reconnected, offline: connection == nil)
        }
        heartbeat?.query("SELECT 1", logger: Self.logger).whenSuccess { [weak self] _ in self?.heard() }
        if reconnect { startReconnecting() }
        guard let silent else { return state }
        drop(silent)
        for handler in lock.withLock({ silenceHandlers }) { handler() }
        return Events(notified: state.notified, notices: state.notices, reconnected: state.reconnected, offline: true)
    }

    /// What `events` reports.
    struct Events {
        /// A notification named only the library: read the log.
        var notified: Bool
        /// Notifications that carried their change.
        var notices: [ChangeNotice]
        /// A new connection: anything may have changed meanwhile.
        var reconnected: Bool
        var offline: Bool
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
    var isOffline: Bool { lock.withLock { connection == nil || connection?.isClosed == true } }

    func current() throws -> PostgresConnection {
        let (ready, reconnect) = lock.withLock { () -> (PostgresConnection?, Bool) in
            if let connection, !connection.isClosed { return (connection, false) }
            connection = nil
            return (nil, claimReconnect())
        }
        if let ready { return ready }
        if reconnect { startReconnecting() }
        throw Self.offline
    }

    /// A query error: a connection that closed meanwhile makes the session offline.
    func failure(_ error: any Error) -> LibraryError {
        if let error = error as? LibraryError { return error }
        // The server's own deadlines (set at start-up): a statement it cancelled, a lock it stopped waiting for.
        switch (error as? PSQLError)?.serverInfo?[.sqlState] {
        case "57014"?: return .timedOut(seconds: timeout)
        case "55P03"?: return .locked
        default: break
        }
        lock.withLock {
            if let connection, connection.isClosed { self.connection = nil }
        }
        if isOffline {
            return Self.offline
        }
        return Self.describe(error, target: target)
    }

    private func install(_ connection: PostgresConnection) {
        lock.withLock { self.connection = connection }
    }

    /// Whether a reconnect is due and not under way; if so it is now under way, and the caller starts it
    /// (`startReconnecting`) once it has let the lock go. Caller holds the lock.
    private func claimReconnect() -> Bool {
        guard !connecting, Date() >= nextAttempt else { return false }
        connecting = true
        return true
    }

    /// Makes a new connection in the background (listening again if the session did); it replaces the lost one
    /// when it comes, or the next attempt waits out the backoff. After `claimReconnect`, without the lock.
    private func startReconnecting() {
        let listens = lock.withLock { self.listens }
        // Every closure of the chain holds the session weakly: the last reference must never go on a loop thread,
        // where deinit's wait would trap (a browser that let go of its session while it reconnected crashed so).
        connect().flatMap { [weak self] connection in
            guard listens, let self else { return connection.eventLoop.makeSucceededFuture(connection) }
            return Self.listen(on: connection, session: self).map { connection }
        }.whenComplete { [weak self] result in
            guard let self else {
                if case let .success(connection) = result { Self.close(connection) }
                return
            }
            lock.withLock {
                connecting = false
                switch result {
                case let .success(connection):
                    self.connection = connection
                    backoff = 0.25
                    lastHeard = Date()
                    heartbeatSent = nil
                    reconnected = true
                    notified = true
                case .failure:
                    nextAttempt = Date().addingTimeInterval(backoff)
                    // Capped low: a network that comes back is used again within a second.
                    backoff = min(backoff * 2, 1)
                }
            }
        }
    }

    private func connect() -> EventLoopFuture<PostgresConnection> {
        let id = lock.withLock {
            defer { nextID += 1 }
            return nextID
        }
        let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        do {
            _ = try makeConfiguration()  // a TLS setting that cannot be made fails before anything is sent
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
        // The whole start-up (TCP, TLS, login) within the connect timeout: a stopped server accepts the TCP
        // connection and then says nothing.
        let outcome = eventLoop.makePromise(of: PostgresConnection.self)
        let settled = FirstOnly()
        let seconds = target.connectTimeout
        let deadline = seconds.map { seconds in
            eventLoop.scheduleTask(in: .seconds(Int64(seconds))) {
                if settled.claim() { outcome.fail(LibraryError.timedOut(seconds: seconds)) }
            }
        }
        let connecting: EventLoopFuture<PostgresConnection>
        if case let .tcp(host, port) = target.endpoint {
            // Weak: the last reference to a session must never go on an event loop (see `deinit`).
            connecting = Self.keptAlive(host: host, port: port, on: eventLoop, timeout: seconds).flatMap { [weak self] channel in
                do {
                    guard let self else { throw Self.offline }
                    return PostgresConnection.connect(on: eventLoop, configuration: try makeConfiguration(channel: channel),
                                                      id: id, logger: Self.logger)
                } catch {
                    channel.close(promise: nil)
                    return eventLoop.makeFailedFuture(error)
                }
            }
        } else {
            do {
                connecting = PostgresConnection.connect(on: eventLoop, configuration: try makeConfiguration(), id: id,
                                                        logger: Self.logger)
            } catch {
                return eventLoop.makeFailedFuture(error)
            }
        }
        connecting
            .whenComplete { result in
                deadline?.cancel()
                if settled.claim() {
                    outcome.completeWith(result)
                } else if case let .success(connection) = result {
                    Self.close(connection)  // too late: the caller was told it timed out
                }
            }
        return outcome.futureResult
    }

    private static func listen(on connection: PostgresConnection, session: PostgresSession) -> EventLoopFuture<Void> {
        let schema = session.target.schema
        connection.addListener(channel: PostgresTarget.channel) { [weak session] _, notification in
            guard let session else { return }
            session.heard()
            switch ChangeNotice.read(notification.payload, library: schema) {
            case nil: break  // another library on the same server
            case .some(nil): session.lock.withLock { session.notified = true }
            case let .some(notice?): session.lock.withLock { session.notices.append(notice) }
            }
        }
        return connection.query("LISTEN \(unescaped: PostgresTarget.channel)", logger: logger).map { _ in }
    }

    /// Closes a connection without waiting, keeping it alive until it has closed (postgres-nio insists that a
    /// connection is closed before it goes).
    private static func close(_ connection: PostgresConnection) {
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
    }
}

/// Says yes to the first caller only: which of a connection and its deadline settles the attempt.
private final class FirstOnly: @unchecked Sendable {
    private let lock = NSLock()
    private var taken = false

    func claim() -> Bool {
        lock.withLock {
            defer { taken = true }
            return !taken
        }
    }
}
