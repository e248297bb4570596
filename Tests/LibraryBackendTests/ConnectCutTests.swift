import FavsLibrary
@testable import FavsPostgres
import FavsTestFixtures
import Foundation
import Testing

/// A connection whose start-up waits on a silent server is cut from another thread (the library's heartbeat found
/// the server silent, or a newer read was asked): the connect fails then, not at its timeout. Before, a list read
/// asked as the server went silent sat in its login until the connect timeout, and the read asked once the server
/// was back waited behind it on the reading queue.
@Suite struct ConnectCutTests {
    @Test func aConnectWaitingOnASilentServerFailsOnceItIsCut() async throws {
        let silent = try SilentServer()
        defer { silent.close() }
        let target = try PostgresTarget(url: "postgres://favs:secret@127.0.0.1:\(silent.port)/postgres?connect_timeout=60",
                                        environment: [:])
        // On a thread of its own: the connect blocks while it waits, and the tests' own threads are few.
        let outcome: (failed: Bool, after: Duration) = await withCheckedContinuation { done in
            Thread.detachNewThread {
                let started = ContinuousClock.now
                do {
                    _ = try PostgresSession(target, timeout: 60) { connecting in
                        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { connecting.cut() }
                    }
                    done.resume(returning: (false, ContinuousClock.now - started))
                } catch {
                    done.resume(returning: (true, ContinuousClock.now - started))
                }
            }
        }
        #expect(outcome.failed, "a silent server never lets the login through")
        // 0.3 s on a quiet machine; the bound only tells "when cut" from "at the 60 s timeout".
        #expect(outcome.after < .seconds(30), "failed \(outcome.after) after the start")
    }
}
