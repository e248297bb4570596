import FavsCore
@testable import FavsTerminal
import Foundation
import Testing

/// A preview that ends wakes the run loop (its output is drawn then, not at the loop's next poll).
@Suite struct PreviewWakeTests {
    @Test func aPreviewThatEndsWakesTheLoopWithItsOutputIn() throws {
        let wake = LoopWake()
        let runner = PreviewProcesses(wake: wake)
        runner.start(PreviewRequest(ticket: 1, id: "a", command: Array("printf 'contents of a'".utf8), timeout: .seconds(5)))
        var fds = [pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
        // A wait for the wake, not a timing: ten seconds only so that a missing wake fails instead of hanging.
        #expect(poll(&fds, 1, 10_000) == 1, "the wake's pipe is readable once the preview ended")
        wake.drain()
        let results = runner.takeResults()
        #expect(results.map(\.ticket) == [1])
        #expect(results.first.map { String(decoding: $0.stdout, as: UTF8.self) } == "contents of a")
        #expect(poll(&fds, 1, 0) == 0, "drained: the loop waits again")
    }
}
