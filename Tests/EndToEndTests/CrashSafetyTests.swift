import Foundation
import Testing

/// A browser killed with SIGKILL loses nothing that was acknowledged: not the CLI's changes it was
/// following, not its own toggles it had shown, and the file stays sound.
@Suite struct CrashSafetyTests {
    /// One `favs fav|unfav ID...` of the burst.
    struct Command {
        var verb: String
        var ids: [String]
    }

    /// Two writers, each owning 14 ids and running its commands one after another, so the outcome of every
    /// command is known in advance; commands are planned until each writer makes 500 changes.
    static func plan(seed: UInt64) -> [[Command]] {
        var random = LiveSync.Random(seed: seed)
        let favorites: Set = ["rec-001", "rec-004", "rec-008"]
        return [1, 15].map { first in
            let ids = (first..<first + 14).map { String(format: "rec-%03d", $0) }
            var state = Dictionary(uniqueKeysWithValues: ids.map { ($0, favorites.contains($0)) })
            var commands: [Command] = [], changes = 0
            while changes < 500 {
                let chosen = Array(ids.shuffled(using: &random).prefix(8 + Int(random.next() % 7)))
                // The verb that changes more of the chosen items; the rest are reported as already so.
                let favorited = chosen.filter { state[$0] == true }.count
                let verb = favorited * 2 > chosen.count ? "unfav" : "fav"
                for id in chosen { state[id] = verb == "fav" }
                changes += verb == "fav" ? chosen.count - favorited : favorited
                commands.append(Command(verb: verb, ids: chosen))
            }
            return commands
        }
    }

    /// The rounds to run: `make test` runs one; `make crash` runs 20 (FAVS_CRASH_ROUNDS).
    static let rounds: [UInt64] = {
        let count = ProcessInfo.processInfo.environment["FAVS_CRASH_ROUNDS"].flatMap { Int($0) } ?? 1
        return (0..<UInt64(max(1, count))).map { 0xC0FF_EE42 &+ $0 }
    }()

    /// Each round: two CLI writers make 1,000 changes between them while a browser follows; at a random moment
    /// the browser is killed with SIGKILL, and at another one writer is killed with SIGKILL in the middle of
    /// its commands (its `favs` process first, if one is running). Every acknowledged change must be on disk,
    /// the command cut short must have changed all of its items or none, and the file must be sound.
    @Test(arguments: Backend.allCases, rounds)
    func aBrowserAndAWriterKilledDuringABurstLoseNoAcknowledgedChange(_ backend: Backend, seed: UInt64) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try backend.library(in: scratch)
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", library])
        try await tmux.waitFor("28 items · 3 favorites")
        let browser = try await tmux.programPID()

        // Each writer is a shell script printing one line per command: its exit status, then what it said.
        let plan = Self.plan(seed: seed)
        var random = LiveSync.Random(seed: seed ^ 0x5EED)
        let binary = try favsBinary()
        var writers: [pid_t] = []
        for (index, commands) in plan.enumerated() {
            let script = commands.map { command in
                let line = ([binary, command.verb] + command.ids + ["--library", library]).map(shellQuoted)
                    .joined(separator: " ")
                return #"out=$(\#(line) 2>&1); echo "$? $out""#
            }.joined(separator: "\n") + "\n"
            let path = try scratch.write("writer\(index).sh", script)
            writers.append(try spawn("/bin/sh", [path], environment: pinnedEnvironment(home: scratch.url),
                                     directory: scratch.url.path, stdin: "/dev/null",
                                     stdout: scratch.path("writer\(index).out"), stderr: scratch.path("writer\(index).err")))
        }
        let total = plan.map(\.count).reduce(0, +)
        func finished() -> Int {
            (0..<plan.count).map { index in
                ((try? String(contentsOfFile: scratch.path("writer\(index).out"), encoding: .utf8)) ?? "")
                    .filter { $0 == "\n" }.count
            }.reduce(0, +)
        }

        // At a random moment (30–70 % of the commands done) the browser, following every change, is killed.
        let browserMoment = total * (30 + Int(random.next() % 41)) / 100
        let reached = await eventually(within: .seconds(60)) { finished() >= browserMoment }
        #expect(reached, "the writers did not get to \(browserMoment): \(finished()) of \(total) commands")
        #expect(kill(browser, SIGKILL) == 0)
        let killedAfter = finished()
        #expect(killedAfter < total, "the kill landed after the burst: \(killedAfter) of \(total) commands were done")
        #expect(try await tmux.exitStatus() == 128 + SIGKILL, "the browser was still running when killed")

        // Later (a random 10–90 % of its commands done), writer 1 is killed: its running favs, then its shell.
        let writerMoment = plan[1].count * (10 + Int(random.next() % 81)) / 100
        let lines1 = { ((try? String(contentsOfFile: scratch.path("writer1.out"), encoding: .utf8)) ?? "").filter { $0 == "\n" }.count }
        _ = await eventually(within: .seconds(60)) { lines1() >= writerMoment }
        let child = try await run("/usr/bin/pgrep", ["-P", "\(writers[1])", "-x", "favs"],
                                  environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        for pid in child.out.split(separator: "\n").compactMap({ pid_t($0) }) { kill(pid, SIGKILL) }
        kill(writers[1], SIGKILL)

        for writer in writers {
            var status: Int32 = 0
            let done = await eventually(within: .seconds(30)) { waitpid(writer, &status, WNOHANG) == writer }
            if !done {
                kill(writer, SIGKILL)
                _ = waitpid(writer, &status, 0)
            }
            #expect(done, "a writer did not finish within 30 s")
        }

        // Every acknowledged command said what the plan says it changed, and its changes are on disk.
        var expected = Dictionary(uniqueKeysWithValues: (1...28).map { (String(format: "rec-%03d", $0), false) })
        for id in ["rec-001", "rec-004", "rec-008"] { expected[id] = true }
        var acknowledgedCommands = 0, acknowledgedChanges = 0
        var cutShort: Command?
        for (index, commands) in plan.enumerated() {
            var lines = try String(contentsOfFile: scratch.path("writer\(index).out"), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            // Writer 1's running favs is killed before its shell, which may still print that command's status
            // (137, SIGKILL): that command is the one cut short, not a failure.
            if index == 1, lines.last?.hasPrefix("\(128 + SIGKILL) ") == true { lines.removeLast() }
            if index == 0 {
                #expect(lines.count == commands.count, "writer 0 printed \(lines.count) of \(commands.count) lines")
            } else if lines.count < commands.count {
                cutShort = commands[lines.count]  // killed while it ran, or before it started
            }
            for (line, command) in zip(lines, commands) {
                guard line.hasPrefix("0 ") else {
                    Issue.record("favs \(command.verb) failed: \(line)")
                    continue
                }
                let changed = command.ids.filter { expected[$0] != (command.verb == "fav") }.count
                let pastTense = command.verb == "fav" ? "favorited" : "unfavorited"
                let already = command.ids.count - changed
                let says = "\(pastTense) \(changed) item\(changed == 1 ? "" : "s")"
                    + (already > 0 ? " (\(already) already \(pastTense))" : "")
                #expect(line.dropFirst(2) == says, "favs \(command.verb) \(command.ids)")
                for id in command.ids { expected[id] = command.verb == "fav" }
                acknowledgedCommands += 1
                acknowledgedChanges += changed
            }
        }
        #expect(acknowledgedCommands <= total && acknowledgedCommands >= plan[0].count)
        #expect(acknowledgedChanges >= 500)

        // SQLite's own check of the file; a PostgreSQL server keeps its own consistency (the list must read).
        if backend == .sqlite { #expect(try await LiveSync.integrityCheck(library, in: scratch) == "ok") }
        let listed = try await LiveSync.list(library, in: scratch)
        #expect(listed.count == 28)
        let onDisk = Dictionary(uniqueKeysWithValues: listed.map { ($0.id, $0.favorite) })
        // The command cut short is one transaction: every item it would change changed, or none did.
        if let command = cutShort {
            let wanted = command.verb == "fav"
            let changing = command.ids.filter { expected[$0] != wanted }
            let changed = changing.filter { onDisk[$0] == wanted }
            #expect(changed.isEmpty || changed.count == changing.count,
                    "favs \(command.verb) \(command.ids) was cut short half done: \(changed) of \(changing)")
            if changed.count == changing.count { for id in command.ids { expected[id] = wanted } }
        }
        // What `make crash` reports for each round (docs/reliability.md).
        print("crash round \(String(seed, radix: 16)) (\(backend)): browser killed after \(killedAfter) of \(total) commands; "
              + "writer 1 killed after \(acknowledgedCommands - plan[0].count) of \(plan[1].count), "
              + "the command cut short \(cutShort.map { c in c.ids.allSatisfy { onDisk[$0] == (c.verb == "fav") } ? "applied" : "not applied" } ?? "none"); "
              + "\(acknowledgedChanges) acknowledged changes" + (backend == .sqlite ? ", integrity ok" : ""))
        let lost = expected.keys.sorted().filter { onDisk[$0] != expected[$0] }
        #expect(lost.isEmpty, "favorite state differs from the acknowledged commands for \(lost)")
    }

    @Test(arguments: Backend.allCases)
    func whatAKilledBrowserShowedIsOnDisk(_ backend: Backend) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try backend.library(in: scratch)
        try await LiveSync.createSample(library, in: scratch)
        let cleared = try await favs("unfav", "rec-001", "rec-004", "rec-008", "--library", library, in: scratch)
        #expect(cleared.out == "unfavorited 3 items\n")
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        // Keep the last frame as the browser left it: the pane's shell says "Killed" on its stderr, and the
        // `cat` that keeps the pane open prints the keys the browser never read; both go to /dev/null.
        let command = try Tmux.favsCommand(["--library", library])
        try await tmux.start("exec 2> /dev/null; \(command); status=$?; exec > /dev/null; (exit $status)")
        try await tmux.waitFor("28 items · 0 favorites")
        let browser = try await tmux.programPID()

        // Five toggles, shown on the screen: from here on they must survive anything.
        try await tmux.sendKeys(Array(repeating: ["f", "j"], count: 5).flatMap { $0 })
        try await LiveSync.waitUntil(tmux, "five favorites, saved") {
            $0[23].hasSuffix("28 items · 5 favorites") && !$0[23].hasPrefix(" saving…")
        }
        // Twenty more toggles on their way, and the kill right behind them: it lands while they are handled.
        try await tmux.sendKeys(Array(repeating: ["f", "j"], count: 20).flatMap { $0 })
        #expect(kill(browser, SIGKILL) == 0)
        #expect(try await tmux.exitStatus() == 128 + SIGKILL)

        // The pane still shows the last frame the browser drew (it never left the alternate screen).
        // What it showed is on disk, and the disk holds the toggles in order, none half-done.
        var shown: [String] = []
        _ = try await eventually(within: .milliseconds(500)) {
            let before = shown
            shown = try await tmux.screen()
            try await Task.sleep(for: .milliseconds(20))
            return shown == before
        }
        let count = try #require(LiveSync.counts(onStatusLine: shown), "\(shown.joined(separator: "\n"))").favorites
        // A team library's browser shows a change at once and says `saving…` (`saving… (N)`) until it is
        // saved: those are the ones a kill may lose; every other one it showed is on disk.
        let status = shown.last ?? ""
        let unsaved = !status.hasPrefix(" saving…") ? 0
            : Int(status.split(separator: "(").dropFirst().first?.prefix { $0.isNumber } ?? "1") ?? 1
        let favorites = try await LiveSync.list(library, in: scratch).filter(\.favorite).map(\.id)
        #expect(favorites.count >= count - unsaved, "the screen showed \(count) favorites (\(unsaved) saving), the disk has \(favorites)")
        #expect(favorites == (1...max(1, favorites.count)).map { String(format: "rec-%03d", $0) })
        #expect(favorites.count >= 5 && favorites.count <= 25)
        // The list shows rec-001… in order (nothing was deleted): every row starred on the screen is on disk.
        let rows = LiveSync.listPane(shown)
        #expect(rows.count == 20, "\(shown.joined(separator: "\\n"))")
        let starred = rows.enumerated().filter(\.element.favorite).map { String(format: "rec-%03d", $0.offset + 1) }
        // The kill can land while a frame is on its way to the terminal: the rows above may show a star whose
        // status line (drawn last, at the bottom) never arrived. Stars beyond the status line's count are from
        // such a frame, and whether they were saved is unknown: they count as saving.
        let torn = max(0, starred.count - count)
        #expect(Set(starred.dropLast(unsaved + torn)).isSubset(of: favorites),
                "starred on the screen \(starred) (\(count) counted, \(unsaved) saving), on disk \(favorites)")
        if backend == .sqlite { #expect(try await LiveSync.integrityCheck(library, in: scratch) == "ok") }
    }
}
