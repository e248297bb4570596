import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Wakes the run loop from its wait for a key: another thread (a preview's, when its command ends) writes a byte
/// to a pipe whose other end the screen waits on beside the terminal. The loop then takes in what finished at once,
/// instead of on its next poll, up to a poll interval later.
public final class LoopWake: @unchecked Sendable {
    /// The end the screen waits on; -1 when the pipe could not be made (then the loop only polls, as before).
    let readEnd: Int32
    private let writeEnd: Int32

    /// Both ends non-blocking and closed on exec, so no preview command inherits them.
    public init() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            (readEnd, writeEnd) = (-1, -1)
            return
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        (readEnd, writeEnd) = (ends[0], ends[1])
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Wakes the loop (from any thread). A full pipe means a wake is pending already: nothing is lost.
    public func signal() {
        guard writeEnd >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe: the loop is awake, and takes in everything that finished so far.
    func drain() {
        guard readEnd >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
    }
}
