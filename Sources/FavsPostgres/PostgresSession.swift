import FavsLibrary
import Foundation
import Logging
import PostgresNIO

/// One connection to the server, used from the caller's thread as if it were synchronous: every call waits for
/// its future (the UI is one thread, and a query on loopback takes a fraction of a millisecond).
///
/// When the server goes away the session is offline: calls fail at once (a change is rolled back on screen)
/// while a new connection is made in the background, with backoff from 0.25 s to 5 s, never blocking the
/// caller. Notifications (`LISTEN favs_changes`) set a flag the follower reads at its poll.
final class PostgresSession: @unchecked Sendable {
    let target: PostgresTarget
    /// Recursive: a future that has failed already runs its callback at once, on the thread that holds it.
    private let lock = NSRecursiveLock()
    /// Guarded by `lock`.
    private var connection: PostgresConnection?
    private var connecting = false
    private var nextAttempt = Date.distantPast
    private var backoff: TimeInterval = 0.25
    private var notified = false
    private var reconnected = false
    private var listens = false
    private var nextID = 1

    static let logger = Logger(label: "favs.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Connects now; a failure throws the reason as a one-line `LibraryError` (the password never in it).
    init(_ target: PostgresTarget) throws {
        self.target = target
        let connection: PostgresConnection
        do {
            connection = try connect().wait()
        } catch {
            throw Self.describe(error, target: target)
        }
        install(connection)
    }

    /// Closes the connection and waits for it (postgres-nio requires a connection closed before it goes).
    deinit {
        if let connection, !connection.isClosed { try? connection.close().wait() }
    }

    // MARK: Queries

    /// Runs one statement and collects its rows.
    @discardableResult
    func query(_ query: PostgresQuery) throws -> [PostgresRow] {
        let connection = try current()
        do {
            return Array(try connection.query(query, logger: Self.logger).wait().rows)
        } catch {
            throw failure(error)
        }
    }

    /// Runs one statement that may break a unique constraint: false when it did (SQLSTATE 23505), and the
    /// transaction is then aborted (roll back to a savepoint to go on).
    func queryUnlessDuplicate(_ query: PostgresQuery) throws -> Bool {
        let connection = try current()
        do {
            _ = try connection.query(query, logger: Self.logger).wait()
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
            _ = try connection.query(query, logger: Self.logger, onRow).wait()
        } catch {
            throw failure(error)
        }
    }

    /// `COPY table (columns) FROM STDIN` with one buffer of rows in COPY's text format.
    func copy(into table: String, columns: [String], _ data: ByteBuffer) throws {
        let connection = try current()
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        let work: @Sendable () async -> Void = {
            do {
                try await connection.copyFrom(table: table, columns: columns, logger: Self.logger) { writer in
                    try await writer.write(data)
                }
            } catch {
                outcome.error = error
            }
            done.signal()
        }
        // The task runs on a thread of its own, never on Swift's shared pool: a caller blocking a pool thread
        // (a test, an async command) must not wait for a task that needs that pool.
        if #available(macOS 15, *) {
            Task(executorPreference: CopyExecutor.shared, operation: work)
        } else {
            Task.detached(operation: work)
        }
        done.wait()
        if let error = outcome.error { throw failure(error) }
    }

    /// Runs `body` in a transaction; any error rolls it back. `writes`: the transaction first takes the
    /// library's write lock, so change-log numbers are handed out in commit order and a follower that read up
    /// to one never misses a lower one committed later.
    func transaction<T>(writes: Bool, readOnlySnapshot: Bool = false, _ body: () throws -> T) throws -> T {
        try query(readOnlySnapshot ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN")
        do {
            if writes { try query("SELECT pg_advisory_xact_lock(hashtext(\("favs:" + target.schema)))") }
            let value = try body()
            if writes { try query("SELECT pg_notify(\(PostgresTarget.channel), \(target.schema))") }
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
            try Self.listen(on: connection, session: self).wait()
        } catch {
            throw failure(error)
        }
    }

    /// What happened since the last look: a notification for this library, a new connection (everything may
    /// have changed meanwhile), and whether the server is gone. While offline, a reconnect is started when due.
    func events() -> (notified: Bool, reconnected: Bool, offline: Bool) {
        lock.withLock {
            if let connection, connection.isClosed { self.connection = nil }
            if connection == nil { startConnectingIfDue() }
            defer { (notified, reconnected) = (false, false) }
            return (notified, reconnected, connection == nil)
        }
    }

    /// True while the server is gone.
    var isOffline: Bool { lock.withLock { connection == nil || connection?.isClosed == true } }

    private func current() throws -> PostgresConnection {
        try lock.withLock {
            if let connection, !connection.isClosed { return connection }
            connection = nil
            startConnectingIfDue()
            throw LibraryError.database("offline: the server does not answer (retrying)")
        }
    }

    /// A query error: a connection that closed meanwhile makes the session offline.
    private func failure(_ error: any Error) -> LibraryError {
        if let error = error as? LibraryError { return error }
        lock.withLock {
            if let connection, connection.isClosed { self.connection = nil }
        }
        if isOffline {
            return .database("offline: the server does not answer (retrying)")
        }
        return Self.describe(error, target: target)
    }

    private func install(_ connection: PostgresConnection) {
        lock.withLock { self.connection = connection }
    }

    /// Caller holds the lock.
    private func startConnectingIfDue() {
        guard !connecting, Date() >= nextAttempt else { return }
        connecting = true
        let listens = self.listens
        connect().flatMap { connection in
            listens ? Self.listen(on: connection, session: self).map { connection } : connection.eventLoop.makeSucceededFuture(connection)
        }.whenComplete { [self] result in
            lock.withLock {
                connecting = false
                switch result {
                case let .success(connection):
                    self.connection = connection
                    backoff = 0.25
                    reconnected = true
                    notified = true
                case .failure:
                    nextAttempt = Date().addingTimeInterval(backoff)
                    backoff = min(backoff * 2, 5)
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
        let configuration: PostgresConnection.Configuration
        do {
            configuration = try makeConfiguration()
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
        let schema = target.schema
        return PostgresConnection.connect(on: eventLoop, configuration: configuration, id: id, logger: Self.logger)
            .flatMap { connection in
                // Unqualified table names are the library's; the schema may not exist yet (a new library).
                connection.query("SELECT set_config('search_path', \(Self.quoted(schema)), false)", logger: Self.logger)
                    .map { _ in connection }
            }
    }

    private static func listen(on connection: PostgresConnection, session: PostgresSession) -> EventLoopFuture<Void> {
        let schema = session.target.schema
        connection.addListener(channel: PostgresTarget.channel) { [weak session] _, notification in
            guard notification.payload == schema, let session else { return }
            session.lock.withLock { session.notified = true }
        }
        return connection.query("LISTEN \(unescaped: PostgresTarget.channel)", logger: logger).map { _ in }
    }

    private func makeConfiguration() throws -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        switch target.endpoint {
        case let .tcp(host, port):
            configuration = .init(host: host, port: port, username: target.user, password: target.password,
                                  database: target.database, tls: try tls())
        case let .socket(path):
            configuration = .init(unixSocketPath: path, username: target.user, password: target.password,
                                  database: target.database)
        }
        configuration.options.connectTimeout = .seconds(5)
        return configuration
    }

    private func tls() throws -> PostgresConnection.Configuration.TLS {
        var tls = TLSConfiguration.makeClientConfiguration()
        switch target.sslMode {
        case .disable: return .disable
        case .allow, .prefer:
            tls.certificateVerification = .none
            return .prefer(try NIOSSLContext(configuration: tls))
        case .require:
            tls.certificateVerification = .none
            return .require(try NIOSSLContext(configuration: tls))
        case .verifyCA:
            tls.certificateVerification = .noHostnameVerification
            return .require(try NIOSSLContext(configuration: tls))
        case .verifyFull:
            return .require(try NIOSSLContext(configuration: tls))
        }
    }

    /// A schema name as a quoted SQL identifier.
    static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: Errors

    /// One line saying why, never with the password: the server's own message for what it refused.
    static func describe(_ error: any Error, target: PostgresTarget) -> LibraryError {
        let location = target.display
        if let error = error as? LibraryError { return error }
        if let error = error as? PSQLError {
            if let info = error.serverInfo {
                let message = info[.message] ?? "error"
                switch info[.sqlState] ?? "" {
                case "28P01", "28000": return .authentication(location: location, reason: message)
                case "3D000": return .noDatabase(location: location, database: target.database)
                case "57P01", "57P02", "57P03": return .unreachable(location: location, reason: message)
                default: return .database(message)
                }
            }
            switch error.code {
            case .authMechanismRequiresPassword:
                return .authentication(location: location,
                                       reason: "the server asks for a password (give it in the URL, PGPASSWORD or ~/.pgpass)")
            case .sslUnsupported:
                return .unreachable(location: location, reason: "the server does not offer SSL (sslmode=\(target.sslMode.rawValue))")
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
                return .unreachable(location: location, reason: reason(error.underlying) ?? "the connection closed")
            default:
                return .database(error.code.description)
            }
        }
        return .unreachable(location: location, reason: reason(error) ?? "\(error)")
    }

    /// The system's words for a failed connection ("Connection refused", "unknown host", "timed out").
    private static func reason(_ error: (any Error)?) -> String? {
        switch error {
        case nil: return nil
        case let error as IOError: return String(cString: strerror(error.errnoCode))
        case let error as NIOConnectionError:
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
                return "unknown host \(error.host)"
            }
            return reason(error.connectionErrors.first?.error) ?? "cannot connect to \(error.host):\(error.port)"
        case let error as ChannelError where error == .connectTimeout(.seconds(5)): return "timed out"
        case let error as SocketAddressError:
            if case .unknown = error { return "unknown host" }
            return "\(error)"
        case let error?: return "\(error)"
        }
    }
}

/// Runs `COPY`'s tasks on a serial dispatch queue (threads outside Swift's cooperative pool).
@available(macOS 15, *)
private final class CopyExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = CopyExecutor()
    private let queue = DispatchQueue(label: "favs.postgres.copy")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// What a detached task hands back to the thread waiting for it.
private final class Outcome: @unchecked Sendable {
    var error: (any Error)?
}
