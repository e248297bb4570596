import FavsCore
import FavsModel
import Foundation
import Testing

/// Live sync between processes: a browser in a tmux pane follows what `favs fav|unfav|delete|restore`,
/// `favs import` and another browser commit to the same library, without a key press.
@Suite struct LiveSyncTests {
    @Test func cliChangesShowOnTheBrowserScreenWithoutAKeyPress() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = scratch.path("lib.sqlite")
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", library])
        try await tmux.waitFor("28 items · 3 favorites")
        var latencies: [Duration] = []

        // An unknown id: refused, and the known id in the same command is left alone.
        let refused = try await favs("fav", "rec-002", "nope", "--library", library, in: scratch)
        #expect(refused.status == 1)
        #expect(refused.err == "favs: no item 'nope'\n")
        #expect(refused.out == "")
        #expect(try await LiveSync.list(library, in: scratch).first { $0.id == "rec-002" }?.favorite == false)

        latencies.append(try await LiveSync.change(["fav", "rec-002"], says: "favorited 1 item", library: library,
                                                   tmux: tmux, scratch: scratch) { screen in
            screen[3].hasPrefix("┃ ★ 录音 Recording 2") && screen[23].hasSuffix("28 items · 4 favorites")
                && screen.contains { $0.contains("┌ Favorites (4)") }
        })
        latencies.append(try await LiveSync.change(["unfav", "rec-001"], says: "unfavorited 1 item", library: library,
                                                   tmux: tmux, scratch: scratch) { screen in
            screen[2].hasPrefix("┃>  お気に入りの曲") && screen[23].hasSuffix("28 items · 3 favorites")
                && screen.contains { $0.contains("┌ Favorites (3)") }
        })
        // The selected item goes away: the selection moves to the next one, and the detail pane follows it.
        latencies.append(try await LiveSync.change(["delete", "rec-001"], says: "deleted 1 item", library: library,
                                                   tmux: tmux, scratch: scratch) { screen in
            screen[1].hasPrefix("┏ Items 1/27 ") && screen[2].hasPrefix("┃>★ 录音 Recording 2")
                && screen[4].hasSuffix("│ id: rec-002                                  │")
                && screen[23].hasSuffix("27 items · 3 favorites")
        })
        // Back at its place, above the selection, which stays where it is.
        latencies.append(try await LiveSync.change(["restore", "rec-001"], says: "restored 1 item", library: library,
                                                   tmux: tmux, scratch: scratch) { screen in
            screen[1].hasPrefix("┏ Items 2/28 ") && screen[2].hasPrefix("┃   お気に入りの曲")
                && screen[3].hasPrefix("┃>★ 录音 Recording 2") && screen[23].hasSuffix("28 items · 3 favorites")
        })

        // A few more round trips, so the median says something.
        for round in 0..<6 {
            let favorite = round % 2 == 0
            latencies.append(try await LiveSync.change([favorite ? "fav" : "unfav", "rec-005"],
                                                       says: favorite ? "favorited 1 item" : "unfavorited 1 item",
                                                       library: library, tmux: tmux, scratch: scratch) { screen in
                screen[6].hasPrefix(favorite ? "┃ ★ Clair de lune" : "┃   Clair de lune")
                    && screen[23].hasSuffix(favorite ? "28 items · 4 favorites" : "28 items · 3 favorites")
            })
        }
        // A sanity bound only (the change is pushed, no key needed); the figure itself is make bench's
        // (scripts/sync-latency.sh): a timed test fails on a loaded machine with nothing wrong (a median of 0.70 s was
        // seen while every other suite ran beside it; a change that needed a key would never show).
        let median = latencies.sorted()[latencies.count / 2]
        #expect(median < .milliseconds(1500), "CLI exit to screen: \(latencies.map(LiveSync.milliseconds))")
        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test func itemCommandsSayWhatTheyDidAndChangeNothingOnAnError() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = scratch.path("lib.sqlite")
        try await LiveSync.createSample(library, in: scratch)

        let both = try await favs("fav", "rec-002", "rec-001", "--library", library, in: scratch)
        #expect(both.status == 0)
        #expect(both.out == "favorited 1 item (1 already favorited)\n")
        let two = try await favs("unfav", "rec-002", "rec-004", "--library", library, in: scratch)
        #expect(two.out == "unfavorited 2 items\n")

        let deleted = try await favs("delete", "rec-003", "--library", library, in: scratch)
        #expect(deleted.out == "deleted 1 item\n")
        for verb in ["fav", "unfav", "delete"] {
            let refused = try await favs(verb, "rec-005", "rec-003", "--library", library, in: scratch)
            #expect(refused.status == 1, "\(verb) of a deleted item")
            #expect(refused.err == "favs: no item 'rec-003'\n", "\(verb) of a deleted item")
        }
        let unknown = try await favs("restore", "rec-003", "rec-999", "--library", library, in: scratch)
        #expect(unknown.status == 1)
        #expect(unknown.err == "favs: no item 'rec-999'\n")
        #expect(try await LiveSync.list(library, in: scratch).count == 27, "nothing was restored")
        let restored = try await favs("restore", "rec-003", "rec-001", "--library", library, in: scratch)
        #expect(restored.out == "restored 1 item (1 already restored)\n")

        let listed = try await LiveSync.list(library, in: scratch)
        #expect(listed.count == 28)
        #expect(listed.filter(\.favorite).map(\.id) == ["rec-001", "rec-008"])
        #expect(listed.prefix(3).map(\.id) == ["rec-001", "rec-002", "rec-003"])

        let missing = scratch.path("missing.sqlite")
        let none = try await favs("fav", "rec-001", "--library", missing, in: scratch)
        #expect(none.status == 66)
        #expect(none.err == "favs: no library at \(missing) (run favs to create the sample, or favs import FILE)\n")
        #expect(!FileManager.default.fileExists(atPath: missing), "no library was created")
    }

    @Test func twoBrowsersMakingRandomChangesEndShowingWhatIsOnDisk() async throws {
        let scratch = try Scratch(), otherScratch = try Scratch()
        defer { scratch.remove(); otherScratch.remove() }
        let library = scratch.path("lib.sqlite")
        try await LiveSync.createSample(library, in: scratch)
        let (first, second) = try await LiveSync.twoBrowsers(on: library, scratch, otherScratch)
        defer { first.close(); second.close() }
        let browsers = [first, second]

        // 200 keys, each to one browser or the other; at most 20 deletes, so at least 8 items stay.
        var random = LiveSync.Random(seed: 0x5EED_F00D)
        let keys: [(key: String, weight: UInt64)] = [("j", 22), ("k", 12), ("f", 28), ("d", 10), ("u", 14),
                                                     ("G", 7), ("g", 7)]
        var deletes = 0
        for _ in 0..<200 {
            let browser = browsers[Int(random.next() % 2)]
            var pick = random.next() % 100, key = "j"
            for (candidate, weight) in keys {
                if pick < weight { key = candidate; break }
                pick -= weight
            }
            if key == "d" {
                deletes += 1
                if deletes > 20 { key = "f" }
            }
            try await browser.sendKeys(key)
        }

        // Settled: both status lines show the counts on disk, and neither screen changes any more.
        var screens: [[String]] = [[], []], listed: [LiveSync.Listed] = []
        let settled = try await eventually {
            let before = screens
            screens = [try await first.screen(), try await second.screen()]
            listed = try await LiveSync.list(library, in: scratch)
            let disk = LiveSync.counts(of: listed)
            return screens == before && screens.allSatisfy { LiveSync.counts(onStatusLine: $0) == disk }
        }
        #expect(settled, """
            the browsers did not settle on the disk's counts \(LiveSync.counts(of: listed)):
            \(screens[0].joined(separator: "\n"))
            \(screens[1].joined(separator: "\n"))
            """)
        #expect(listed.count >= 8)

        // Both show the same list as `favs list`: the top rows, stars included, and the favorites pane.
        for browser in browsers {
            try await browser.sendKeys("g")
            try await browser.waitFor("Items 1/\(listed.count) ")
            let screen = try await browser.screen()
            let rows = LiveSync.listPane(screen)
            let expected = listed.prefix(rows.count)
            #expect(rows.count == min(20, listed.count))
            for (row, item) in zip(rows, expected) {
                #expect(row.favorite == item.favorite && item.title.hasPrefix(row.title),
                        "list row \(row) is not \(item)")
            }
            let favorites = LiveSync.favoritesPane(screen)
            #expect(favorites.count == listed.filter(\.favorite).count)
            let titles = listed.filter(\.favorite).map(\.title)
            let shown = favorites.titles
            #expect(shown.count == min(titles.count, favorites.visibleRows))
            let window = titles.indices.contains { start in
                start + shown.count <= titles.count
                    && zip(shown, titles[start...]).allSatisfy { $1.hasPrefix($0) }
            }
            #expect(window, "the favorites pane \(shown) is not a run of the favorites on disk \(titles)")
        }
        #expect(try await first.screen()[23] == (try await second.screen()[23]))
    }

    @Test func undoingADeleteInOneBrowserBringsTheItemBackInTheOther() async throws {
        let scratch = try Scratch(), otherScratch = try Scratch()
        defer { scratch.remove(); otherScratch.remove() }
        let library = scratch.path("lib.sqlite")
        try await LiveSync.createSample(library, in: scratch)
        let (first, second) = try await LiveSync.twoBrowsers(on: library, scratch, otherScratch)
        defer { first.close(); second.close() }

        try await first.sendKeys("j", "j", "j", "d")
        try await first.waitFor("Deleted “🎧 Lo-fi beats to study to” — u to undo")
        try await LiveSync.waitUntil(second, "the other browser shows the delete") { screen in
            screen[5].hasPrefix("┃   Clair de lune") && screen[23].hasSuffix("27 items · 2 favorites")
        }
        try await first.sendKeys("u")
        try await first.waitFor("Undo: restored “🎧 Lo-fi beats to study to”")
        try await LiveSync.waitUntil(second, "the other browser shows the undo") { screen in
            screen[5].hasPrefix("┃ ★ 🎧 Lo-fi beats to study to") && screen[23].hasSuffix("28 items · 3 favorites")
                && screen.contains { $0.hasSuffix("│ ★ 🎧 Lo-fi beats to study to                 │") }
        }
        #expect(try await LiveSync.list(library, in: scratch).count == 28)
    }

    @Test func anImportByAnotherProcessGrowsTheBrowsersList() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = scratch.path("lib.sqlite")
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", library])
        try await tmux.waitFor("28 items · 3 favorites")

        try scratch.write("new.jsonl", #"{"id": "new-1", "title": "Brand new song", "favorite": true}"# + "\n")
        let imported = try await favs("import", "new.jsonl", "--library", library, in: scratch)
        #expect(imported.status == 0, "import failed: \(imported.err)")
        try await LiveSync.waitUntil(tmux, "the browser reloads") { screen in
            screen[1].hasPrefix("┏ Items 1/29 ") && screen[23].hasSuffix("29 items · 4 favorites")
        }
        try await tmux.sendKeys("G")
        try await LiveSync.waitUntil(tmux, "the new item is last") { screen in
            screen[1].hasPrefix("┏ Items 29/29 ") && screen[21].hasPrefix("┃>★ Brand new song")
        }
    }

    /// Another process's import makes the browser read the whole list again: its history stays, so `u` still
    /// takes back the delete made before it (it used to say "Nothing to undo").
    @Test func aDeleteIsUndoneAfterAnotherProcessImports() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = scratch.path("lib.sqlite")
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", library])
        try await tmux.waitFor("28 items · 3 favorites")
        try await tmux.sendKeys("j", "j", "j", "d")
        try await tmux.waitFor("Deleted “🎧 Lo-fi beats to study to” — u to undo")

        try scratch.write("new.jsonl", #"{"id": "new-1", "title": "Brand new song"}"# + "\n")
        let imported = try await favs("import", "new.jsonl", "--library", library, in: scratch)
        #expect(imported.status == 0, "import failed: \(imported.err)")
        try await LiveSync.waitUntil(tmux, "the browser reloads") { screen in
            screen[23].hasSuffix("28 items · 2 favorites")
        }
        try await tmux.sendKeys("u")
        try await tmux.waitFor("Undo: restored “🎧 Lo-fi beats to study to”")
        try await LiveSync.waitUntil(tmux, "the item is back, starred, in its place") { screen in
            screen[5].hasPrefix("┃>★ 🎧 Lo-fi beats to study to") && screen[23].hasSuffix("29 items · 3 favorites")
        }
        #expect(try await LiveSync.list(library, in: scratch).count == 29)
    }

    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                   "needs root to run favs as another user (root ignores file permissions)"))
    func aLibraryTheUserCannotWriteOpensReadOnlyAndRollsChangesBack() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // The folder is writable by all (SQLite makes its -wal and -shm files there); the file is root's, 0644.
        let folder = scratch.path("shared")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder)
        let library = folder + "/lib.sqlite"
        try await LiveSync.createSample(library, in: scratch)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: library)
        let before = try Data(contentsOf: URL(fileURLWithPath: library))

        let result = try await run("/usr/bin/setpriv", [
            "--reuid=65534", "--regid=65534", "--clear-groups", "env", "HOME=/tmp", "LANG=C.UTF-8",
            try favsBinary(), "script", "--library", library,
        ], stdin: "j j f\n", environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        #expect(result.status == 0, "favs script as nobody failed: \(result.err)")
        let screen = try #require(frames(result.out).last).lines
        #expect(screen[0] == " favs — sample library (read-only)")
        #expect(screen[4].hasPrefix("┃>  Café del Mar — Sunset"), "the star was rolled back: \(screen[4])")
        #expect(trimmed(screen[23]) == " Not saved: attempt to write a readonly database         28 items · 3 favorites")
        #expect(try Data(contentsOf: URL(fileURLWithPath: library)) == before, "the file is unchanged")
        #expect(try await LiveSync.list(library, in: scratch).filter(\.favorite).map(\.id)
                == ["rec-001", "rec-004", "rec-008"])
    }

    @Test func aChangeThatWaitsLongerThanTheBusyTimeoutForALockIsRolledBack() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = scratch.path("lib.sqlite")
        try await LiveSync.createSample(library, in: scratch)
        // The holder commits something first, as any writer that has been using the library would have:
        // opening a library whose write-ahead log is empty needs the lock itself (see the next test).
        let holder = try await LiveSync.holdWriteLock(on: library, writeFirst: true, in: scratch)
        defer { holder.release() }

        // The same script on a copy nobody locks: how long the process takes anyway on this (maybe busy) machine.
        let copy = scratch.path("copy.sqlite")
        try await LiveSync.createSample(copy, in: scratch)
        let environment = pinnedEnvironment(home: scratch.url).merging(["FAVS_BUSY_TIMEOUT_MS": "200"]) { $1 }
        // Each timed twice, the quicker kept: a machine busy with the other tests stalls one run now and then.
        let clock = ContinuousClock()
        var (unlocked, elapsed) = (Duration.seconds(3600), Duration.seconds(3600))
        var result = RunResult(stdout: Data(), stderr: Data(), status: -1)
        for _ in 0..<2 {
            var start = clock.now
            _ = try await run(try favsBinary(), ["script", "--library", copy], stdin: "j j f\n", environment: environment,
                              in: scratch.url)
            unlocked = min(unlocked, clock.now - start)
            start = clock.now
            result = try await run(try favsBinary(), ["script", "--library", library], stdin: "j j f\n",
                                   environment: environment, in: scratch.url)
            elapsed = min(elapsed, clock.now - start)
        }
        #expect(result.status == 0, "favs script failed: \(result.err)")
        let screen = try #require(frames(result.out).last).lines
        #expect(screen[4].hasPrefix("┃>  Café del Mar — Sunset"), "the star was rolled back: \(screen[4])")
        #expect(trimmed(screen[23]) == " Not saved: database is locked                           28 items · 3 favorites")
        // It waited the 200 ms asked for, not the default 2 s (beyond what the process takes unlocked).
        #expect(elapsed >= .milliseconds(200) && elapsed - unlocked < .milliseconds(1800),
                "took \(elapsed) for the lock, \(unlocked) without it")
        holder.release()
        #expect(try await LiveSync.list(library, in: scratch).filter(\.favorite).count == 3)
    }

    /// When the write-ahead log is empty (the last process to close the library removed it), opening must
    /// not need the write lock: the browser opens, and only the change waits and is rolled back.
    @Test func aBrowserOpensWhileAnotherProcessHoldsTheLockOnAQuietLibrary() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = scratch.path("lib.sqlite")
        try await LiveSync.createSample(library, in: scratch)
        let holder = try await LiveSync.holdWriteLock(on: library, writeFirst: false, in: scratch)
        defer { holder.release() }

        let result = try await run(try favsBinary(), ["script", "--library", library], stdin: "j j f\n",
                                   environment: pinnedEnvironment(home: scratch.url)
                                       .merging(["FAVS_BUSY_TIMEOUT_MS": "200"]) { $1 },
                                   in: scratch.url)
        #expect(result.status == 0, "favs script failed: \(result.err)")
        let screen = try #require(frames(result.out).last).lines
        #expect(trimmed(screen[23]) == " Not saved: database is locked                           28 items · 3 favorites")
    }
}

/// Helpers for the live-sync and crash-safety tests.
enum LiveSync {
    /// An item as `favs list --format jsonl` prints it.
    struct Listed: Decodable, Equatable, CustomStringConvertible {
        var id: String
        var title: String
        var favorite: Bool
        var description: String { "\(id) \(favorite ? "★" : " ") \(title)" }
    }

    /// Items and favorites, as the status line shows them.
    struct Counts: Equatable, CustomStringConvertible {
        var items: Int
        var favorites: Int
        var description: String { "\(items) items · \(favorites) favorites" }
    }

    /// `favs list --format jsonl`, which must succeed.
    /// Two browsers in tmux on `library` (the sample), one in `scratch` and one in `otherScratch`, both showing it
    /// whole; the caller closes them (they are closed here when opening them fails).
    static func twoBrowsers(on library: String, _ scratch: Scratch, _ otherScratch: Scratch) async throws -> (Tmux, Tmux) {
        let first = try await Tmux(width: 80, height: 24, scratch: scratch)
        var second: Tmux?
        do {
            let other = try await Tmux(width: 80, height: 24, scratch: otherScratch)
            second = other
            for browser in [first, other] {
                try await browser.startFavs(["--library", library])
                try await browser.waitFor("28 items · 3 favorites")
            }
            return (first, other)
        } catch {
            first.close()
            second?.close()
            throw error
        }
    }

    static func list(_ library: String, in scratch: Scratch) async throws -> [Listed] {
        let result = try await favs("list", "--format", "jsonl", "--library", library, in: scratch)
        guard result.status == 0 else { throw HarnessError("favs list failed (\(result.status)): \(result.err)") }
        let decoder = JSONDecoder()
        return try result.out.split(separator: "\n").map { try decoder.decode(Listed.self, from: Data($0.utf8)) }
    }

    static func counts(of items: [Listed]) -> Counts {
        Counts(items: items.count, favorites: items.filter(\.favorite).count)
    }

    /// The counts at the right of the status line (`28 items · 3 favorites`), nil when they are not there.
    static func counts(onStatusLine screen: [String]) -> Counts? {
        guard let line = screen.last else { return nil }
        let words = line.split(separator: " ").suffix(5).map(String.init)
        guard words.count == 5, ["item", "items"].contains(words[1]), words[2] == "·",
              ["favorite", "favorites"].contains(words[4]),
              let items = Int(words[0]), let favorites = Int(words[3]) else { return nil }
        return Counts(items: items, favorites: favorites)
    }

    /// The rows of the list pane (side-by-side layout): the star and the title as shown (maybe cut short with …).
    static func listPane(_ screen: [String]) -> [(favorite: Bool, title: String)] {
        screen.dropFirst(2).prefix { $0.hasPrefix("┃") }.compactMap { line in
            let inner = line.dropFirst().prefix { $0 != "┃" }
            guard inner.count > 3 else { return nil }
            let title = trimmed(inner.dropFirst(3))
            guard !title.isEmpty else { return nil }
            return (inner.dropFirst().first == "★", title.hasSuffix("…") ? String(title.dropLast()) : title)
        }
    }

    /// The favorites pane: the count in its title, the titles it shows (maybe cut short), and its height.
    static func favoritesPane(_ screen: [String]) -> (count: Int, titles: [String], visibleRows: Int) {
        guard let top = screen.firstIndex(where: { $0.contains("┌ Favorites (") }) else { return (-1, [], 0) }
        let count = Int(screen[top].split(separator: "(").last?.prefix { $0.isNumber } ?? "") ?? -1
        let rows = screen[(top + 1)...].prefix { !$0.contains("└") }
        let titles = rows.compactMap { line -> String? in
            guard let open = line.firstIndex(of: "│") else { return nil }
            let inner = trimmed(line[line.index(after: open)...].prefix { $0 != "│" })
            guard inner.hasPrefix(" ★ ") else { return nil }
            let title = String(inner.dropFirst(3))
            return title.hasSuffix("…") ? String(title.dropLast()) : title
        }
        return (count, titles, rows.count)
    }

    /// Creates the sample library at `path` (28 items, 3 favorites).
    static func createSample(_ path: String, in scratch: Scratch) async throws {
        let result = try await favs("script", "--library", path, stdin: "", in: scratch)
        guard result.status == 0 else { throw HarnessError("cannot create the sample library: \(result.err)") }
    }

    /// Polls an 80x24 screen as fast as tmux answers until `condition` holds; returns how long it took. The
    /// default limit only tells "never" from "late": a passing wait costs what it takes, and make test's suites
    /// run side by side on two cores (a key has taken 1.5 s to show there).
    @discardableResult
    static func waitUntil(_ tmux: Tmux, _ what: String, within limit: Duration = .seconds(6),
                          _ condition: ([String]) -> Bool) async throws -> Duration {
        let clock = ContinuousClock(), start = clock.now
        var screen: [String] = []
        while true {
            screen = try await tmux.screen()
            if screen.count == 24, condition(screen) { return clock.now - start }
            if clock.now - start > limit {
                throw HarnessError("\(what): not on the screen within \(limit); the screen:\n"
                                   + screen.joined(separator: "\n") + tmux.crashes())
            }
        }
    }

    /// Runs `favs ARGS --library LIBRARY`, checks it says `says`, and returns the time from its exit until
    /// the browser's screen satisfies `condition`.
    static func change(_ arguments: [String], says: String, library: String, tmux: Tmux, scratch: Scratch,
                       within limit: Duration = .seconds(6), sourceLocation: SourceLocation = #_sourceLocation,
                       _ condition: ([String]) -> Bool) async throws -> Duration {
        let result = try await run(try favsBinary(), arguments + ["--library", library],
                                   environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        #expect(result.status == 0, "favs \(arguments.joined(separator: " ")): \(result.err)",
                sourceLocation: sourceLocation)
        #expect(result.out == says + "\n", sourceLocation: sourceLocation)
        return try await waitUntil(tmux, "after favs \(arguments.joined(separator: " "))", within: limit, condition)
    }

    static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.1f ms", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000)
    }

    /// A process holding the library's write lock (BEGIN IMMEDIATE) until released.
    final class LockHolder {
        private let pid: pid_t
        private var running = true
        init(pid: pid_t) { self.pid = pid }
        /// Kills the holder (which releases the lock) and reaps it; later calls do nothing.
        func release() {
            guard running else { return }
            running = false
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
    }

    /// Starts python3 holding the write lock on `library`; returns once the lock is held.
    /// `writeFirst` commits a no-op schema change first, which leaves the write-ahead log non-empty.
    static func holdWriteLock(on library: String, writeFirst: Bool, in scratch: Scratch) async throws -> LockHolder {
        let code = """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            if sys.argv[2] == "1":
                c.execute("CREATE TABLE lock_probe (x)")
                c.execute("DROP TABLE lock_probe")
            c.execute("BEGIN IMMEDIATE")
            print("locked", flush=True)
            time.sleep(60)
            """
        let output = scratch.path("lock-holder.out")
        let pid = try spawn("python3", ["-c", code, library, writeFirst ? "1" : "0"],
                            environment: pinnedEnvironment(home: scratch.url), directory: scratch.url.path,
                            stdin: "/dev/null", stdout: output, stderr: scratch.path("lock-holder.err"))
        let holder = LockHolder(pid: pid)
        let locked = await eventually {
            (try? String(contentsOfFile: output, encoding: .utf8)) == "locked\n"
        }
        guard locked else {
            holder.release()
            let error = (try? String(contentsOfFile: scratch.path("lock-holder.err"), encoding: .utf8)) ?? ""
            throw HarnessError("python3 did not take the lock on \(library): \(error)")
        }
        return holder
    }

    /// `PRAGMA integrity_check` by SQLite itself (the sqlite3 shell, else python3): `ok` for a sound file.
    static func integrityCheck(_ library: String, in scratch: Scratch) async throws -> String {
        let result = FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")
            ? try await run("/usr/bin/sqlite3", [library, "PRAGMA integrity_check"],
                            environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
            : try await run("python3", ["-c", """
                import sqlite3, sys
                print("\\n".join(r[0] for r in sqlite3.connect(sys.argv[1]).execute("PRAGMA integrity_check")))
                """, library], environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        guard result.status == 0 else { throw HarnessError("integrity_check failed: \(result.err)") }
        return result.out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A seeded generator, so every run makes the same choices.
    typealias Random = SeededRandom
}
