import FavsModel
import Foundation

/// What a follower reads from the server (the log's new rows and the items they name, or the whole list), asked
/// by the input thread and done off it (`FollowerReads`). Nothing here is called on the input thread.
protocol FollowerReader: Sendable {
    /// The log's rows after `after` (up to `upTo`, nil: to the end) and the items they name as stored now, in one
    /// snapshot; or the whole list when the log no longer holds them.
    func readLog(after: Int64, upTo: Int64?) throws -> FollowerRead
    /// The whole list (after a reconnect: anything may have changed meanwhile), with no deadline.
    func readList() throws -> FollowerRead
    /// Stops the read under way, from another thread: a newer one made it worthless.
    func interrupt()
}

/// A follower's read: the updates, as ordinary remote updates, and the last change they include.
struct FollowerRead: Sendable {
    var updates: [RemoteUpdate]
    var lastSeq: Int64
}

/// Runs a follower's reads one after the other on a queue of their own, and keeps the answer to the newest one
/// asked for the input thread to take at its next poll (`take`), as `BackgroundListLoad` does the first list.
/// An answer to a read asked before a newer one is dropped: it would put an older state on screen.
final class FollowerReads: @unchecked Sendable {
    private let queue = DispatchQueue(label: "favs.postgres.follower")
    private let lock = NSLock()
    /// Under `lock`: how many reads were asked, and the newest one's answer once it came.
    private var asked = 0
    private var answer: Result<FollowerRead, any Error>?

    /// Asks `read`; whatever an earlier read answers from now on is dropped.
    func ask(_ read: @escaping @Sendable () throws -> FollowerRead) {
        let number = lock.withLock {
            asked += 1
            answer = nil
            return asked
        }
        queue.async { [self] in
            let result = Result { try read() }
            lock.withLock { if number == asked { answer = result } }
        }
    }

    /// The newest read's answer, once; nil while it is under way.
    func take() -> Result<FollowerRead, any Error>? {
        lock.withLock {
            defer { answer = nil }
            return answer
        }
    }
}
