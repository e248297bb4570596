import FavsModel
import Foundation

/// A preview to run: the command line made for one item, and the ticket its result comes back with.
public struct PreviewRequest: Equatable, Sendable {
    public let ticket: Int
    /// The item the command line was made for.
    public let id: ItemID
    /// What `/bin/sh -c` runs: the template with the item's text quoted in (`PreviewCommand.expanded`).
    public let command: [UInt8]
    /// How long it may run before it is killed and its result says so.
    public let timeout: Duration

    public init(ticket: Int, id: ItemID, command: [UInt8], timeout: Duration) {
        (self.ticket, self.id, self.command, self.timeout) = (ticket, id, command, timeout)
    }
}

/// How a preview ended, with what it wrote.
public struct PreviewResult: Equatable, Sendable {
    public enum Ending: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal it did not send itself ended it (not ours: a cancelled preview has no result).
        case signalled(Int32)
        /// It ran past its timeout and was killed.
        case timedOut
        /// It could not be started (one line: why).
        case failed(String)
    }

    public let ticket: Int
    public var stdout: [UInt8]
    public var stderr: [UInt8]
    public var ending: Ending

    public init(ticket: Int, stdout: [UInt8] = [], stderr: [UInt8] = [], ending: Ending) {
        (self.ticket, self.stdout, self.stderr, self.ending) = (ticket, stdout, stderr, ending)
    }
}

/// Runs preview commands off the input thread and hands back how they ended. The browser owns one and speaks to
/// it only from the input thread; the work happens elsewhere (processes and their threads, or a test's fake).
public protocol PreviewRunner: AnyObject {
    /// Starts a preview. Its result comes back from `takeResults`, once, unless it is cancelled first.
    func start(_ request: PreviewRequest)
    /// Stops a preview: its process group is sent SIGTERM, then SIGKILL after a short grace. No result comes back
    /// for it (one already finished may still be in the next `takeResults`: the browser drops it by its ticket).
    func cancel(ticket: Int)
    /// The results finished since the last call. Never waits.
    func takeResults() -> [PreviewResult]
}
