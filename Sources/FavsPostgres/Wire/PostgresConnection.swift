import CLibpq
import FavsLibrary
import Foundation

/// One connection to the server through libpq, in its non-blocking mode: every wait is a `poll` on the socket
/// with the caller's deadline, so nothing here waits longer than asked, whatever the network does.
///
/// Used by one thread at a time (the session's `wire` lock), except `cut`, which any thread may call: it shuts
/// the socket down, so whatever waits on it wakes and fails at once. Closed (`PQfinish`) when the last reference
/// goes.
final class PostgresConnection: @unchecked Sendable {
    private let handle: OpaquePointer
    /// Called with each notification's channel and payload as it is read (under the caller's use).
    var onNotification: ((_ channel: String, _ payload: String) -> Void)?
    private let cutLock = NSLock()
    private var wasCut = false

    /// A wait that reached its deadline (the caller says what that means).
    struct DeadlinePassed: Error {}

    private init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { favs_PQfinish(handle) }

    /// Connects with libpq's keywords (`host`, `port`, `dbname`, `options` …), the whole start-up (TCP, TLS,
    /// login) before `deadline` (nil: as long as it takes). Throws `PostgresConnectionError` with libpq's words,
    /// `DeadlinePassed`, or nothing: the connection is ready.
    /// `started`: told the connection as soon as it exists, before its start-up is done, so that another thread can
    /// `cut` a connect still waiting on a silent server (the wait then fails at once, not at the deadline).
    static func connect(_ keywords: [(String, String)], until deadline: ContinuousClock.Instant?,
                        started: (PostgresConnection) -> Void = { _ in }) throws -> PostgresConnection {
        try loadLibpq()
        let handle: OpaquePointer? = withCStrings(keywords.map { Optional($0.0) } + [nil]) { keys in
            withCStrings(keywords.map { Optional($0.1) } + [nil]) { values in
                var keys = keys.map { $0.map { UnsafePointer($0) } }
                var values = values.map { $0.map { UnsafePointer($0) } }
                return favs_PQconnectStartParams(&keys, &values, 0)
            }
        }
        guard let handle else { throw PostgresConnectionError(message: "out of memory") }
        let connection = PostgresConnection(handle)
        started(connection)
        // The server's notices (`NOTICE: extension "pg_trgm" already exists`) are not for the user's terminal:
        // libpq would print them on stderr.
        favs_PQsetNoticeProcessor(handle, { _, _ in }, nil)
        // A login the server refuses is told by its SQLSTATE (`describe`), which libpq gives only in its verbose
        // words (`FATAL:  28P01: …`): the server's own are in its language (`lc_messages`). Back to the default
        // once connected, for the errors of a connection lost later.
        favs_PQsetErrorVerbosity(handle, PQERRORS_VERBOSE)
        var startFailure: PostgresConnectionError {
            var error = connection.lostError
            error.neededPassword = favs_PQconnectionNeedsPassword(handle) != 0
            return error
        }
        guard favs_PQstatus(handle) != CONNECTION_BAD else { throw startFailure }
        var state = PGRES_POLLING_WRITING
        while true {
            switch state {
            case PGRES_POLLING_OK:
                favs_PQsetErrorVerbosity(handle, PQERRORS_DEFAULT)
                guard favs_PQsetnonblocking(handle, 1) == 0 else { throw connection.lostError }
                return connection
            case PGRES_POLLING_READING: try connection.wait(reading: true, writing: false, until: deadline)
            case PGRES_POLLING_WRITING: try connection.wait(reading: false, writing: true, until: deadline)
            default: throw startFailure
            }
            state = favs_PQconnectPoll(handle)
        }
    }

    /// Loads libpq (`CLibpq`: on first use, not at launch); a system without libpq5 gets the loader's words.
    private static func loadLibpq() throws {
        var reason = [CChar](repeating: 0, count: 512)
        guard favs_libpq_load(&reason, reason.count) != 0 else { return }
        let words = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw PostgresConnectionError(message: "libpq5 is not installed (\(words))")
    }

    /// Whether the connection is gone (lost, or cut by `cut`).
    var isBroken: Bool {
        favs_PQstatus(handle) == CONNECTION_BAD || cutLock.withLock { wasCut }
    }

    /// libpq's message for the last failure (every line of it: `describe` tells the first), as an error.
    var lostError: PostgresConnectionError {
        let text = String(cString: favs_PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines)
        return PostgresConnectionError(message: text.isEmpty ? "the connection closed" : text)
    }

    /// Shuts the socket down from any thread: a wait on it wakes, the statement fails and the connection is
    /// broken. The socket stays open (no other file can take its number) until the connection goes.
    func cut() {
        cutLock.withLock { wasCut = true }
        let socket = favs_PQsocket(handle)
        if socket >= 0 { shutdown(socket, Int32(SHUT_RDWR)) }
    }

    // MARK: Statements

    /// Runs one statement with its parameters and returns the last result (its rows). With `onRow`, rows come
    /// one at a time as they arrive (libpq's single-row mode), so a large answer is never held whole; a row that
    /// throws stops `onRow` being called, and the statement's answer is still read to its end.
    @discardableResult
    func execute(_ query: PostgresQuery, until deadline: ContinuousClock.Instant?,
                 onRow: ((PostgresRow) throws -> Void)? = nil) throws -> PostgresResult? {
        guard send(query) != 0 else { throw lostError }
        if onRow != nil { favs_PQsetSingleRowMode(handle) }
        try flush(until: deadline)
        return try results(until: deadline, onRow: onRow)
    }

    /// Runs statements one after the other in one trip to the server (libpq's pipeline mode: all sent, then all
    /// answers read), each one's last result in order. The first that fails stops the rest, which the server skips:
    /// `PipelineFailure` says which failed, and holds the answers of those before it. Meant for statements within a
    /// transaction (`BEGIN` … `COMMIT`), whose failure then leaves it aborted. With a libpq older than 14 (no
    /// pipeline mode) they go one by one, with the same answers and the same failure.
    func pipeline(_ queries: [PostgresQuery], until deadline: ContinuousClock.Instant?) throws -> [PostgresResult?] {
        guard favs_libpq_has_pipeline() != 0 else {
            var answers: [PostgresResult?] = []
            for query in queries {
                do { answers.append(try execute(query, until: deadline)) } catch let error as PostgresServerError {
                    throw PipelineFailure(index: answers.count, answers: answers, error: error)
                }
            }
            return answers
        }
        guard favs_PQenterPipelineMode(handle) == 1 else { throw lostError }
        for query in queries {
            guard send(query) != 0 else { throw lostError }
        }
        guard favs_PQpipelineSync(handle) == 1 else { throw lostError }
        try flush(until: deadline)
        var answers: [PostgresResult?] = []
        var failure: PipelineFailure?
        for index in queries.indices {
            var last: PostgresResult?
            while true {
                try awaitInput(until: deadline)
                guard let next = favs_PQgetResult(handle) else { break }
                let result = PostgresResult(next)
                switch favs_PQresultStatus(next) {
                case PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_EMPTY_QUERY: last = result
                case PGRES_PIPELINE_ABORTED: break  // skipped after an earlier failure
                default:
                    if failure == nil { failure = PipelineFailure(index: index, answers: answers, error: result.serverError) }
                }
            }
            answers.append(last)
        }
        // The sync point's own result, then out of pipeline mode (possible once every answer is read).
        try awaitInput(until: deadline)
        guard let sync = favs_PQgetResult(handle), favs_PQresultStatus(sync) == PGRES_PIPELINE_SYNC else { throw lostError }
        favs_PQclear(sync)
        guard favs_PQexitPipelineMode(handle) == 1 else { throw lostError }
        if isBroken { throw lostError }
        if let failure { throw failure }
        return answers
    }

    /// A statement of a pipeline that the server refused: its place, the answers of the statements before it, and
    /// the server's error. The statements after it were not run.
    struct PipelineFailure: Error {
        var index: Int
        var answers: [PostgresResult?]
        var error: PostgresServerError
    }

    /// Queues a statement with its parameters (sent at the next flush): libpq's 0 when it could not.
    private func send(_ query: PostgresQuery) -> Int32 {
        withCStrings(query.binds.texts) { texts in
            var values: [UnsafePointer<CChar>?] = texts.map { $0.map { UnsafePointer($0) } }
            return query.binds.types.withUnsafeBufferPointer { types in
                favs_PQsendQueryParams(handle, query.sql, Int32(query.binds.count), types.baseAddress, &values, nil, nil, 0)
            }
        }
    }

    /// `COPY … FROM STDIN` with `data`, rows in COPY's text format.
    func copy(_ sql: String, _ data: [UInt8], until deadline: ContinuousClock.Instant?) throws {
        guard favs_PQsendQuery(handle, sql) != 0 else { throw lostError }
        try flush(until: deadline)
        try awaitInput(until: deadline)
        guard let started = favs_PQgetResult(handle) else { throw lostError }
        let result = PostgresResult(started)
        guard favs_PQresultStatus(started) == PGRES_COPY_IN else {
            let error = favs_PQresultStatus(started) == PGRES_FATAL_ERROR ? result.serverError as any Error : lostError
            _ = try results(until: deadline)
            throw error
        }
        try data.withUnsafeBytes { bytes in
            var start = 0
            while start < bytes.count {
                let piece = min(bytes.count - start, 1 << 16)
                let pointer = bytes.baseAddress.map { ($0 + start).assumingMemoryBound(to: CChar.self) }
                switch favs_PQputCopyData(handle, pointer, Int32(piece)) {
                case 1: start += piece
                case 0: try waitForRoom(until: deadline)
                default: throw lostError
                }
                if favs_PQflush(handle) < 0 { throw lostError }
            }
        }
        while true {
            switch favs_PQputCopyEnd(handle, nil) {
            case 1: try flush(until: deadline)
                    _ = try results(until: deadline)
                    return
            case 0: try waitForRoom(until: deadline)
            default: throw lostError
            }
        }
    }

    /// Waits until the socket takes more, reading what the server says meanwhile (an error ends the COPY).
    private func waitForRoom(until deadline: ContinuousClock.Instant?) throws {
        try wait(reading: true, writing: true, until: deadline)
        guard favs_PQconsumeInput(handle) != 0, favs_PQflush(handle) >= 0 else { throw lostError }
    }

    /// Sends a statement whose answer is read later (`takeAnswer`, or the next statement first): the heartbeat.
    func send(_ sql: String) throws {
        guard favs_PQsendQuery(handle, sql) != 0, favs_PQflush(handle) >= 0 else { throw lostError }
    }

    /// Reads what has arrived without waiting (notifications, an answer): true when no answer is outstanding.
    func readAvailable() throws -> Bool {
        guard favs_PQflush(handle) >= 0, favs_PQconsumeInput(handle) != 0 else { throw lostError }
        deliverNotifications()
        while favs_PQisBusy(handle) == 0 {
            guard let result = favs_PQgetResult(handle) else { return true }
            favs_PQclear(result)
        }
        return false
    }

    /// Reads the answer to what was sent before, up to its end, and drops it.
    func finishPending(until deadline: ContinuousClock.Instant?) throws {
        try flush(until: deadline)
        _ = try results(until: deadline)
    }

    // MARK: Waiting

    /// Sends what libpq holds; waits (for room, reading meanwhile) while it cannot.
    private func flush(until deadline: ContinuousClock.Instant?) throws {
        while true {
            switch favs_PQflush(handle) {
            case 0: return
            case 1:
                try wait(reading: true, writing: true, until: deadline)
                guard favs_PQconsumeInput(handle) != 0 else { throw lostError }
            default: throw lostError
            }
        }
    }

    /// Waits until libpq has a whole result to give.
    private func awaitInput(until deadline: ContinuousClock.Instant?) throws {
        while favs_PQisBusy(handle) != 0 {
            try wait(reading: true, writing: false, until: deadline)
            guard favs_PQconsumeInput(handle) != 0 else { throw lostError }
            deliverNotifications()
        }
    }

    /// Every result of the statement sent, to the end; the first error the server sent is thrown at the end.
    private func results(until deadline: ContinuousClock.Instant?,
                         onRow: ((PostgresRow) throws -> Void)? = nil) throws -> PostgresResult? {
        var last: PostgresResult?
        var failure: (any Error)?
        while true {
            try awaitInput(until: deadline)
            guard let next = favs_PQgetResult(handle) else { break }
            let result = PostgresResult(next)
            switch favs_PQresultStatus(next) {
            case PGRES_SINGLE_TUPLE:
                guard failure == nil, let onRow else { continue }
                do { try onRow(PostgresRow(result: result, index: 0)) } catch { failure = error }
            case PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
                last = result
            case PGRES_COPY_IN:
                // A COPY sent where a statement was expected: ended at once, the server's error then follows.
                favs_PQputCopyEnd(handle, "unexpected COPY")
            default:
                if failure == nil { failure = result.serverError }
            }
        }
        if isBroken { throw lostError }
        if let failure { throw failure }
        return last
    }

    /// Waits until the socket can be read or written, as asked, or the deadline passes (`DeadlinePassed`).
    private func wait(reading: Bool, writing: Bool, until deadline: ContinuousClock.Instant?) throws {
        let socket = favs_PQsocket(handle)
        guard socket >= 0, !cutLock.withLock({ wasCut }) else { throw lostError }
        var events: Int16 = 0
        if reading { events |= Int16(POLLIN) }
        if writing { events |= Int16(POLLOUT) }
        var descriptor = pollfd(fd: socket, events: events, revents: 0)
        while true {
            var milliseconds: Int32 = -1
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { throw DeadlinePassed() }
                let (seconds, attoseconds) = left.components
                milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            }
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw PostgresConnectionError(message: String(cString: strerror(errno))) }
        }
    }

    private func deliverNotifications() {
        while let notification = favs_PQnotifies(handle) {
            let channel = String(cString: notification.pointee.relname)
            let payload = String(cString: notification.pointee.extra)
            favs_PQfreemem(notification)
            onNotification?(channel, payload)
        }
    }
}

/// Calls `body` with C copies of `strings` (nil stays NULL), freed after it returns.
private func withCStrings<Result>(_ strings: [String?], _ body: ([UnsafeMutablePointer<CChar>?]) throws -> Result) rethrows -> Result {
    let copies = strings.map { $0.flatMap { strdup($0) } }
    defer { copies.forEach { free($0) } }
    return try body(copies)
}
