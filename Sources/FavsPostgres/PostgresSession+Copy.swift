import FavsLibrary
import Foundation
import Logging
import PostgresNIO

/// `COPY`, which postgres-nio offers only as async: run on a thread of its own while the caller waits.
extension PostgresSession {
    /// `COPY table (columns) FROM STDIN` with one buffer of rows in COPY's text format.
    func copy(into table: String, columns: [String], _ data: ByteBuffer) throws {
        let connection = try current()
        let done = DispatchSemaphore(value: 0)
        let outcome = CopyOutcome()
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
private final class CopyOutcome: @unchecked Sendable {
    var error: (any Error)?
}
