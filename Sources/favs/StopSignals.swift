import Foundation

/// Ctrl-C and SIGTERM asked for: set from a signal source on a queue of its own, read by a loop that stops at its
/// next turn (a watch ends between two reads, never in the middle of a write).
final class StopSignals: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var asked = false
    private var sources: [any DispatchSourceSignal] = []

    /// Takes SIGINT and SIGTERM from now on: they no longer end the process, they set `isAsked`.
    static func install() -> StopSignals {
        let stop = StopSignals()
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.lock.withLock { stop.asked = true } }
            source.resume()
            stop.sources.append(source)
        }
        return stop
    }

    var isAsked: Bool { lock.withLock { asked } }
}
