import Foundation
import Testing

/// The team library over a real network path: the server runs in a network namespace of its own, reached over a
/// veth pair (scripts/netns-pg.sh), so a partition, packet loss and a slow link are the kernel's, not a frozen
/// process. Root only, like the other tests that change the machine.
///
/// Serialized: the two tests measure times, and on two cores they would only slow each other down.
@Suite(.serialized, .enabled(if: NamespacedServer.available,
                             "needs root, ip netns, nftables and PostgreSQL (scripts/netns-pg.sh check says which is missing)"))
struct NetworkFaultTests {
    /// The link to the server goes away without a word (every packet dropped, both ways): both browsers say
    /// `offline — retrying` within 2.5 s and keep answering keys, a command cannot reach the server and says so
    /// in one line (exit 69) within its timeout; once the link is back both say `back online`, show the library as
    /// stored, and follow a command's change again.
    @Test func aPartitionIsSaidOfflineAndBothBrowsersAreBackInStepOnceItHeals() async throws {
        try await NamespacedServer.running { server, scratch in
            let otherScratch = try Scratch()
            defer { otherScratch.remove() }
            let library = server.url + "?schema=partition"
            try await LiveSync.createSample(library, in: scratch)
            let first = try await Tmux(width: 80, height: 24, scratch: scratch)
            defer { first.close() }
            let second = try await Tmux(width: 80, height: 24, scratch: otherScratch)
            defer { second.close() }
            let browsers = [first, second]
            for browser in browsers {
                try await browser.startFavs(["--library", library])
                try await browser.waitFor("28 items · 3 favorites")
            }
            try await Task.sleep(for: .milliseconds(1500))  // idle: the heartbeat is what notices

            let cut = ContinuousClock.now
            try await server.drop()
            // A command from this machine meanwhile: its packets are dropped like the browsers'.
            async let command = timed { try await favs("fav", "rec-005", "--library", library, in: scratch) }
            let toOffline = try await untilBoth(browsers, "offline — retrying", since: cut, within: .seconds(5)) {
                $0[23].hasPrefix(" offline — retrying ") && $0[23].hasSuffix("28 items · 3 favorites")
            }
            print("partition: offline said after \(toOffline.map(LiveSync.milliseconds).joined(separator: " and "))")
            for took in toOffline { #expect(took < .milliseconds(2500), "offline is said within 2.5 s of the cut") }

            let keyed = ContinuousClock.now
            try await first.sendKeys("j")
            try await LiveSync.waitUntil(first, "the move while partitioned", within: .seconds(2)) {
                $0[3].hasPrefix("┃>  录音 Recording 2")
            }
            print("partition: a move answered in \(LiveSync.milliseconds(ContinuousClock.now - keyed))")

            let (refused, took) = try await command
            print("partition: favs fav exited \(refused.status) after \(LiveSync.milliseconds(took)): \(refused.err)",
                  terminator: "")
            #expect(refused.status == 69)
            #expect(refused.err == "favs: the server did not answer in 5 s\n")
            #expect(refused.out == "")
            #expect(took < .seconds(7), "the command gives up within its timeout")

            let healed = ContinuousClock.now
            try await server.heal()
            let toOnline = try await untilBoth(browsers, "back online", since: healed, within: .seconds(10)) {
                $0[23].hasPrefix(" back online ") && $0[23].hasSuffix("28 items · 3 favorites")
            }
            print("partition: back online after \(toOnline.map(LiveSync.milliseconds).joined(separator: " and "))")
            for took in toOnline { #expect(took < .seconds(3), "back online within 3 s of the link coming back") }

            // A change made once the link is back shows on both screens.
            let latency = try await LiveSync.change(["fav", "rec-005"], says: "favorited 1 item", library: library,
                                                    tmux: first, scratch: scratch, within: .seconds(5)) {
                $0[6].hasPrefix("┃ ★ Clair de lune") && $0[23].hasSuffix("28 items · 4 favorites")
            }
            try await LiveSync.waitUntil(second, "favs fav on the second browser", within: .seconds(5)) {
                $0[6].hasPrefix("┃ ★ Clair de lune") && $0[23].hasSuffix("28 items · 4 favorites")
            }
            print("partition: after healing, favs fav on the first screen \(LiveSync.milliseconds(latency)) after it exited")

            // Both screens and the server agree on the favorites, and the refused command changed nothing.
            let listed = try await LiveSync.list(library, in: scratch)
            #expect(listed.filter(\.favorite).map(\.id) == ["rec-001", "rec-004", "rec-005", "rec-008"])
            for browser in browsers {
                let screen = try await browser.screen()
                #expect(LiveSync.counts(onStatusLine: screen) == LiveSync.counts(of: listed))
                let rows = LiveSync.listPane(screen)
                #expect(rows.count == 20)
                for (row, item) in zip(rows, listed) {
                    #expect(row.favorite == item.favorite && item.title.hasPrefix(row.title), "list row \(row) is not \(item)")
                }
                try await browser.sendKeys("q")
                #expect(try await browser.exitStatus() == 0)
            }
        }
    }

    /// scripts/sync-latency.sh (a command's exit to another browser's screen) on three links: the server
    /// directly, a proxy holding every chunk 50 ms each way, and 20 ms with 5 % of the packets lost. The figures
    /// are printed in one message for docs/performance.md; the bounds asserted are loose on purpose (a loaded
    /// 2-core machine), they catch a change that never arrives or waits for a timeout, not a slow one.
    @Test func syncLatencyIsMeasuredOnADirectASlowAndALossyLink() async throws {
        try await NamespacedServer.running { server, scratch in
            let direct = try await syncLatency("latency_direct", on: server, through: server.url, in: scratch)
            let slow = try await server.delay(milliseconds: 50)
            let delayed = try await syncLatency("latency_delay50", on: server, through: slow, in: scratch)
            let lossyProxy = try await server.delay(milliseconds: 20)
            try await server.loss(percent: 5)
            let lossy = try await syncLatency("latency_loss5", on: server, through: lossyProxy, in: scratch, wait: 15)
            try await server.heal()
            try await server.undelay()
            print("""
                sync latency, a command's exit to another browser's screen (scripts/sync-latency.sh, \(Self.changes) \
                changes each, \(favsBuild) build, server in a network namespace over a veth pair):
                  direct, 0 ms added:             \(direct.line)
                  proxy, 50 ms per chunk each way: \(delayed.line)
                  proxy, 20 ms + 5 % packet loss:  \(lossy.line)
                """)
            for figures in [direct, delayed, lossy] {
                #expect(figures.median < 2000, "\(figures.line)")
                #expect(figures.worst < 15000, "\(figures.line)")
            }
        }
    }

    /// Few enough changes that the suite stays near a minute and a half: through the 50 ms proxy one `favs fav`
    /// takes about 1.4 s (some 14 round trips of 100 ms: login, session, transaction), and `run` allows 60 s.
    static let changes = 12

    /// The script's figures: its line, and the median and worst in milliseconds.
    struct Figures {
        let line: String
        let median: Int
        let worst: Int
    }

    /// scripts/sync-latency.sh on a library in `schema`, the browser and the commands connecting through
    /// `url`. The sample is made first straight on the server: made through the 50 ms proxy, its rows alone take
    /// some 6 s, which would count against the suite and not in the figures (the script opens it as it is).
    private func syncLatency(_ schema: String, on server: NamespacedServer, through url: String, in scratch: Scratch,
                             wait: Int = 5) async throws -> Figures {
        try await LiveSync.createSample(server.url + "?schema=\(schema)", in: scratch)
        let library = url + "?schema=\(schema)"
        let script = NamespacedServer.scripts.appendingPathComponent("sync-latency.sh").path
        var environment = ProcessInfo.processInfo.environment
        environment["CHANGES"] = "\(Self.changes)"
        environment["WAIT"] = "\(wait)"
        let result = try await run(script, [try favsBinary(), library], environment: environment, in: scratch.url)
        let line = result.out.trimmingCharacters(in: .whitespacesAndNewlines)
        guard result.status == 0 else { throw HarnessError("sync-latency.sh on \(library) failed: \(result.err)") }
        // "median N ms, p90 N ms, worst N ms over C changes"
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        guard numbers.count == 4 else { throw HarnessError("sync-latency.sh printed '\(line)'") }
        return Figures(line: line, median: numbers[0], worst: numbers[2])
    }

    private var favsBuild: String { (try? favsBinary())?.contains("/release/") == true ? "release" : "debug" }
}

/// Runs `body` and returns its value with how long it took.
private func timed<T>(_ body: () async throws -> T) async rethrows -> (T, Duration) {
    let start = ContinuousClock.now
    let value = try await body()
    return (value, ContinuousClock.now - start)
}

/// Polls every browser's screen until each satisfies `condition`; returns, per browser, how long after `start`
/// its screen was first seen to.
private func untilBoth(_ browsers: [Tmux], _ what: String, since start: ContinuousClock.Instant, within limit: Duration,
                       _ condition: ([String]) -> Bool) async throws -> [Duration] {
    var seen: [Duration?] = browsers.map { _ in nil }
    var screens: [[String]] = browsers.map { _ in [] }
    while seen.contains(where: { $0 == nil }) {
        for (index, browser) in browsers.enumerated() where seen[index] == nil {
            screens[index] = try await browser.screen()
            if screens[index].count == 24, condition(screens[index]) { seen[index] = ContinuousClock.now - start }
        }
        if ContinuousClock.now - start > limit, let missing = seen.firstIndex(where: { $0 == nil }) {
            throw HarnessError("\(what): not on browser \(missing + 1)'s screen within \(limit); the screen:\n"
                               + screens[missing].joined(separator: "\n"))
        }
    }
    return seen.compactMap { $0 }
}
