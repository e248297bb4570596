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
    /// The connection being made, while its start-up waits on the server: cut too.
    private var connecting: PostgresConnection?
    /// How many times it was cut: a connection made across a cut is not used.
    private var cuts = 0

    init(beside main: PostgresSession) {
        self.main = main
        main.onSilence { [weak self] in self?.cut() }
    }

    /// The session, made here when there is none or it went offline (this thread may wait for a connection, within
    /// the connect timeout).
    func connection() throws -> PostgresSession {
        if main.isOffline { throw PostgresSession.offline }
        let (current, cutsBefore) = lock.withLock { (session, cuts) }
        if let current, !current.isOffline { return current }
        defer { lock.withLock { connecting = nil } }
        let made: PostgresSession
        do {
            made = try PostgresSession(main.target, timeout: main.timeout) { started in
                let cutMeanwhile = lock.withLock {
                    connecting = started
                    return cuts != cutsBefore
                }
                if cutMeanwhile { started.cut() }
            }
        } catch where lock.withLock({ cuts != cutsBefore }) {
            throw PostgresSession.offline  // cut: the server went silent, whatever the connect's own failure says
        }
        let cutMeanwhile = lock.withLock {
            guard cuts == cutsBefore else { return true }
            session = made
            return false
        }
        if cutMeanwhile {
            made.goOffline()
            throw PostgresSession.offline
        }
        return made
    }

    /// Cuts the session in use, or the connection being made, from any thread: what waits on it fails at once.
    /// (A connect under way was not cut: a list read asked as the server went silent waited out the connect
    /// timeout, and the read asked once it was back queued behind it.)
    func cut() {
        let (current, started) = lock.withLock {
            cuts += 1
            return (session, connecting)
        }
        current?.goOffline()
        started?.cut()
    }
}
