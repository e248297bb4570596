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
            let (first, second) = try await LiveSync.twoBrowsers(on: library, scratch, otherScratch)
            defer { first.close(); second.close() }
            let browsers = [first, second]
            try await Task.sleep(for: .milliseconds(1500))  // idle: the heartbeat is what notices

            let cut = ContinuousClock.now
            try await server.drop()
            // A command from this machine meanwhile: its packets are dropped like the browsers'.
            async let command = timed { try await favs("fav", "rec-005", "--library", library, in: scratch) }
            let toOffline = try await untilBoth(browsers, "offline — retrying", since: cut, within: .seconds(5)) {
                $0[23].hasPrefix(" offline — retrying ") && $0[23].hasSuffix("28 items · 3 favorites")
            }
            print("partition: offline said after \(toOffline.map(LiveSync.milliseconds).joined(separator: " and "))")
            // A sanity bound (a browser that froze would never say it); the figure is docs/reliability.md's (1.43 s and
            // 1.52 s on a quiet machine); 3.1–3.4 s were seen while every other suite ran beside it.
            for took in toOffline { #expect(took < .seconds(4.5), "offline is said within 1.75 s of the cut (4.5 s on a machine busy with other tests)") }

            let keyed = ContinuousClock.now
            try await first.sendKeys("j")
            try await LiveSync.waitUntil(first, "the move while partitioned", within: .seconds(4)) {
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
            for took in toOnline { #expect(took < .seconds(4.5), "back online within 3 s of the link coming back (4.5 s on a busy machine)") }

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
                #expect(rows.count == 20, "the screen:\n\(screen.joined(separator: "\n"))")
                for (row, item) in zip(rows, listed) {
                    #expect(row.favorite == item.favorite && item.title.hasPrefix(row.title), "list row \(row) is not \(item)")
                }
                try await browser.sendKeys("q")
                #expect(try await browser.exitStatus() == 0)
            }
        }
    }

    /// A partition with a browser on each side of it: one on this machine, one inside the server's namespace
    /// (its tmux server started there), which reaches the server as before. This machine's browser says offline
    /// and takes back a change made meanwhile; the inside one keeps working and saving, and never sees the change
    /// taken back. A write caught by the partition mid-flight (`f` and the cut in one shell command) ends, once the
    /// link is back, the same on both screens and on the server, whichever way it went; and meanwhile a command
    /// on the server's side is never blocked by the partitioned writer for longer than its lock timeout.
    @Test func aWriteCaughtByAPartitionIsEitherSavedEverywhereOrTakenBackOnItsAuthorsScreen() async throws {
        try await NamespacedServer.running { server, scratch in
            let insideScratch = try Scratch()
            defer { insideScratch.remove() }
            let library = server.url + "?schema=sides"
            try await LiveSync.createSample(library, in: scratch)
            let host = try await Tmux(width: 80, height: 24, scratch: scratch)
            defer { host.close() }
            let inside = try await Tmux(width: 80, height: 24, scratch: insideScratch, launcher: server.launcher)
            defer { inside.close() }
            let browsers = [host, inside]
            for browser in browsers {
                try await browser.startFavs(["--library", library])
                try await browser.waitFor("28 items · 3 favorites")
            }
            let launcher = server.launcher, favsPath = try favsBinary()
            /// `favs ARGUMENTS --library LIBRARY` inside the namespace: it reaches the server during a partition.
            @Sendable func favsInside(_ arguments: [String]) async throws -> RunResult {
                try await run(launcher[0], Array(launcher.dropFirst()) + [favsPath] + arguments + ["--library", library],
                              environment: pinnedEnvironment(home: insideScratch.url), in: insideScratch.url)
            }
            func listInside() async throws -> [LiveSync.Listed] {
                let result = try await favsInside(["list", "--format", "jsonl"])
                guard result.status == 0 else { throw HarnessError("favs list inside failed (\(result.status)): \(result.err)") }
                return try result.out.split(separator: "\n").map { try JSONDecoder().decode(LiveSync.Listed.self, from: Data($0.utf8)) }
            }
            func favorites(_ listed: [LiveSync.Listed]) -> [String] { listed.filter(\.favorite).map(\.id) }
            /// The inside browser works as if nothing happened: nothing on its status line says otherwise.
            func expectInsideWorking(_ when: String) async throws {
                let line = try await inside.screen().last ?? ""
                for word in ["offline", "Not saved", "back online", "saving"] {
                    #expect(!line.contains(word), "the browser inside the namespace, \(when): \(line)")
                }
            }
            /// Polls both screens and `favs list` (inside) until both screens show the listed counts, and neither
            /// is offline or saving; returns the list and how long after `start` that was.
            func inStep(_ what: String, since start: ContinuousClock.Instant,
                        within limit: Duration) async throws -> ([LiveSync.Listed], Duration) {
                while true {
                    let listed = try await listInside()
                    let screens = [try await host.screen(), try await inside.screen()]
                    let agree = screens.allSatisfy { screen in
                        screen.count == 24 && LiveSync.counts(onStatusLine: screen) == LiveSync.counts(of: listed)
                            && !screen[23].contains("saving") && !screen[23].contains("offline")
                    }
                    if agree { return (listed, ContinuousClock.now - start) }
                    if ContinuousClock.now - start > limit {
                        // A browser that crashed writes its backtrace once it has symbolicated it: give it time.
                        if screens.contains(where: { $0.contains { $0.contains("Backtracing") } }) {
                            try await Task.sleep(for: .seconds(10))
                        }
                        throw HarnessError("""
                            \(what): the screens did not come to favs list's \(LiveSync.counts(of: listed)) \
                            (\(favorites(listed).joined(separator: " "))) within \(limit); this machine's browser:
                            \(screens[0].joined(separator: "\n"))\(host.crashes())
                            the browser inside the namespace:
                            \(screens[1].joined(separator: "\n"))\(inside.crashes())
                            """)
                    }
                    try await Task.sleep(for: .milliseconds(50))
                }
            }
            try await Task.sleep(for: .milliseconds(1500))  // idle: the heartbeat is what notices

            // 1. The cut: this machine's browser says offline; the inside one stars an item and saves it.
            let cut = ContinuousClock.now
            try await server.drop()
            let toOffline = try await untilBoth([host], "offline on this machine", since: cut, within: .seconds(5)) {
                $0[23].hasPrefix(" offline — retrying ") && $0[23].hasSuffix("28 items · 3 favorites")
            }[0]
            #expect(toOffline < .seconds(4.5), "offline is said within 1.75 s of the cut (4.5 s on a machine busy with other tests)")
            try await expectInsideWorking("once this machine's browser said offline")
            let keyed = ContinuousClock.now
            try await inside.sendKeys("j", "f")
            try await LiveSync.waitUntil(inside, "the star made inside, saved", within: .seconds(6)) {
                $0[3].hasPrefix("┃>★ 录音 Recording 2") && $0[23].hasSuffix("28 items · 4 favorites")
                    && !$0[23].contains("saving")
            }
            let savedInside = ContinuousClock.now - keyed
            #expect(favorites(try await listInside()) == ["rec-001", "rec-002", "rec-004", "rec-008"])
            try await expectInsideWorking("after its star")
            print("two sides: this machine's browser offline after \(LiveSync.milliseconds(toOffline)); "
                  + "a star inside saved in \(LiveSync.milliseconds(savedInside))")

            // 2. A star on this machine meanwhile is taken back, and never reaches the inside browser.
            let starred = ContinuousClock.now
            try await host.sendKeys("j", "j", "f")
            try await LiveSync.waitUntil(host, "the star made on this machine, taken back", within: .seconds(9)) {
                $0[4].hasPrefix("┃>  Café del Mar") && $0[23].hasPrefix(" Not saved: ")
                    && $0[23].hasSuffix("28 items · 3 favorites")
            }
            print("two sides: a star on this machine taken back after \(LiveSync.milliseconds(ContinuousClock.now - starred)): "
                  + trimmed(try await host.screen()[23]))
            let watching = ContinuousClock.now
            while ContinuousClock.now - watching < .seconds(1) {
                let screen = try await inside.screen()
                guard screen.count == 24, screen[4].hasPrefix("┃   Café del Mar"), screen[23].hasSuffix("28 items · 4 favorites") else {
                    Issue.record("the star taken back on this machine reached the inside browser:\n\(screen.joined(separator: "\n"))")
                    break
                }
            }
            try await expectInsideWorking("after the star taken back on this machine")

            // Healed: both in step, this machine's browser showing the inside star.
            let healed = ContinuousClock.now
            try await server.heal()
            var (listed, agreed) = try await inStep("after healing", since: healed, within: .seconds(8))
            #expect(favorites(listed) == ["rec-001", "rec-002", "rec-004", "rec-008"])
            #expect(try await host.screen()[3].hasPrefix("┃ ★ 录音 Recording 2"))
            print("two sides: healed, both screens in step after \(LiveSync.milliseconds(agreed))")

            // 3. and 4. A write caught mid-flight, three times; meanwhile a command inside.
            let lockRefusal = "favs: another favs is holding the library's write lock: try again\n"
            for round in 0..<3 {
                let item = 5 + round  // rec-005, rec-006, rec-007: none a favorite
                let id = "rec-00\(item)", commandID = "rec-01\(round)"
                try await host.sendKeys(round == 0 ? ["j", "j"] : ["j"])
                try await LiveSync.waitUntil(host, "the selection on \(id)") { $0[item + 1].hasPrefix("┃>  ") }
                let before = favorites(listed)

                let pressAndCut = host.shellCommand(["send-keys", "-t", "main", "f"]) + "; " + server.shellCommand("drop")
                let pressed = ContinuousClock.now
                let sent = try await run("/bin/sh", ["-c", pressAndCut], environment: pinnedEnvironment(home: scratch.url),
                                         in: scratch.url)
                guard sent.status == 0 else { throw HarnessError("f and drop failed (\(sent.status)): \(sent.err)") }
                let cut = ContinuousClock.now
                async let command = timed { try await favsInside(["fav", commandID]) }
                let settled = try await LiveSync.waitUntil(host, "this machine's browser after the cut", within: .seconds(8)) {
                    $0[23].hasPrefix(" offline — retrying ") || $0[23].hasPrefix(" Not saved: ")
                }
                let hostLine = trimmed(try await host.screen()[23])
                try await expectInsideWorking("while this machine is cut off mid-write")

                // The command inside waits no longer than the lock timeout; then one succeeds once the server
                // has ended the partitioned session's transaction by itself.
                let (first, took) = try await command
                print("mid-flight \(round + 1): favs fav \(commandID) inside exited \(first.status) after "
                      + "\(LiveSync.milliseconds(took))\(first.status == 0 ? "" : ": " + first.err)", terminator: first.status == 0 ? "\n" : "")
                #expect(first.status == 0 || (first.status == 69 && first.err == lockRefusal), "\(first.status): \(first.err)")
                // The lock timeout is 3.75 s; what tells it from a wait on the partitioned writer is the message
                // asserted above (a statement or client timeout says otherwise). The bound leaves room for a
                // process started on a machine busy with the other suites.
                #expect(took < .milliseconds(6500), "a command is not blocked longer than the lock timeout")
                var done = first, written = took  // the command started at the cut
                while done.status != 0, ContinuousClock.now - cut < .seconds(20) {
                    try await Task.sleep(for: .milliseconds(250))
                    done = try await favsInside(["fav", commandID])
                    written = ContinuousClock.now - cut
                    #expect(done.status == 0 || (done.status == 69 && done.err == lockRefusal), "\(done.status): \(done.err)")
                }
                #expect(done.status == 0 && done.out == "favorited 1 item\n", "no write inside within 20 s of the cut: \(done.err)")

                let healed = ContinuousClock.now
                try await server.heal()
                (listed, agreed) = try await inStep("mid-flight \(round + 1), healed", since: healed, within: .seconds(8))
                let saved = listed.first { $0.id == id }?.favorite == true
                #expect(favorites(listed) == (before + [commandID] + (saved ? [id] : [])).sorted())
                for browser in browsers {
                    let screen = try await browser.screen()
                    #expect(LiveSync.listPane(screen)[item - 1].favorite == saved,
                            "\(id) \(saved ? "saved" : "not saved"), the screen:\n\(screen.joined(separator: "\n"))")
                }
                print("mid-flight \(round + 1): \(saved ? "saved" : "taken back"); f and the cut took "
                      + "\(LiveSync.milliseconds(cut - pressed)); this machine's browser said '\(hostLine)' "
                      + "\(LiveSync.milliseconds(settled)) after the cut; a write inside succeeded "
                      + "\(LiveSync.milliseconds(written)) after the cut; in step \(LiveSync.milliseconds(agreed)) after healing")
            }

            // Both screens and the server agree on the favorites, and the star taken back never got anywhere.
            #expect(listed.first { $0.id == "rec-003" }?.favorite == false)
            for browser in browsers {
                let screen = try await browser.screen()
                let rows = LiveSync.listPane(screen)
                #expect(rows.count == 20, "the screen:\n\(screen.joined(separator: "\n"))")
                for (row, item) in zip(rows, listed) {
                    #expect(row.favorite == item.favorite && item.title.hasPrefix(row.title), "list row \(row) is not \(item)")
                }
                #expect(LiveSync.favoritesPane(screen).count == listed.filter(\.favorite).count)
            }
            for browser in browsers {
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
            let lossy = try await syncLatency("latency_loss5", on: server, through: lossyProxy, in: scratch, wait: 15,
                                              patient: true)
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
    /// `patient`: the commands wait 30 s, not 5, to connect and for each answer: on a lossy link beside the rest of the
    /// suite, a command's dozen round trips now and then meet a lost packet's back-off past 5 s ("the server did not
    /// answer in 5 s"), which says nothing of how fast a change that was made reaches the other screen.
    private func syncLatency(_ schema: String, on server: NamespacedServer, through url: String, in scratch: Scratch,
                             wait: Int = 5, patient: Bool = false) async throws -> Figures {
        try await LiveSync.createSample(server.url + "?schema=\(schema)", in: scratch)
        let library = url + "?schema=\(schema)" + (patient ? "&connect_timeout=30" : "")
        let script = NamespacedServer.scripts.appendingPathComponent("sync-latency.sh").path
        var environment = ProcessInfo.processInfo.environment
        environment["CHANGES"] = "\(Self.changes)"
        environment["WAIT"] = "\(wait)"
        if patient { environment["FAVS_CONFIG"] = try scratch.write("patient.toml", "timeout = 30\n") }
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
                               + screens[missing].joined(separator: "\n") + browsers[missing].crashes())
        }
    }
    return seen.compactMap { $0 }
}
