import Foundation

/// A connection of its own beside a library's session, for a thread other than the input thread (the background
/// queue's writes and field reads, the follower's log and list reads): made on first use, on that thread; made anew
/// once it went offline; none while the library's own session is offline (its heartbeat found the server silent),
/// so work fails at once instead of waiting out a deadline. When that heartbeat finds the server silent, it is cut
/// (`goOffline`), so a statement waiting on it ends too.
final class SideSession: @unchecked Sendable {
    // `@unchecked Sendable`: `session` is touched only under `lock`; `main` is a session whose shared state is its own
    // lock's.
    private let main: PostgresSession
    private let lock = NSLock()
    private var session: PostgresSession?

    init(beside main: PostgresSession) {
        self.main = main
        main.onSilence { [weak self] in self?.cut() }
    }

    /// The session, made here when there is none or it went offline (this thread may wait for a connection, within
    /// the connect timeout).
    func connection() throws -> PostgresSession {
        if main.isOffline { throw PostgresSession.offline }
        if let session = lock.withLock({ session }), !session.isOffline { return session }
        let made = try PostgresSession(main.target, timeout: main.timeout)
        lock.withLock { session = made }
        return made
    }

    /// Cuts the session in use, from any thread: what waits on it fails at once.
    func cut() {
        lock.withLock { session }?.goOffline()
    }
}
