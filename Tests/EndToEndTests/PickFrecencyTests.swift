import Foundation
import GRDB
import Testing

/// `favs pick` remembers every pick with its time (issue #37): in the library for its items, in `picks/NAME.sqlite`
/// for the lines of `--stdin NAME`.
@Suite struct PickFrecencyTests {
    /// The pane runs `favs pick ARGS > out.txt`; returns what it printed once it exited, and the exit status.
    private func pick(_ arguments: [String], keys: [[String]], before: String = "",
                      in scratch: Scratch) async throws -> (out: String, status: Int32) {
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["pick"] + arguments, before: before, after: "> out.txt")
        try await tmux.waitFor("enter pick")
        for step in keys { try await tmux.sendKeys(step) }
        let status = try await tmux.exitStatus()
        return (try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8), status)
    }

    /// The picks a library file holds, as `id@time` in the order they were made.
    private func picks(in path: String) throws -> [(id: String, at: Int64)] {
        let queue = try DatabaseQueue(path: path, configuration: { var c = Configuration(); c.readonly = true; return c }())
        return try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT item_id, picked_at FROM picks ORDER BY rowid").map { ($0[0], $0[1]) }
        }
    }

    private var now: Int64 { Int64(Date().timeIntervalSince1970 * 1000) }

    @Test func enterRemembersWhatItPickedWithItsTimeAndEscRemembersNothing() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try scratch.library(in: "lib")
        let start = now
        let chosen = try await pick(["--library", library], keys: [["Down", "Tab", "Down", "Tab", "Enter"]], in: scratch)
        #expect(chosen.status == 0 && chosen.out == "rec-002\nrec-003\n")
        let cancelled = try await pick(["--library", library], keys: [["Down", "Escape"]], in: scratch)
        #expect(cancelled.status == 1)
        let kept = try picks(in: library)
        #expect(kept.map(\.id) == ["rec-002", "rec-003"])
        #expect(kept.allSatisfy { (start...now).contains($0.at) })
        // Now the picker opens in the frequent order: the three favorites, then the two picked, then the rest.
        let frequent = try await pick(["--library", library], keys: [["Down", "Down", "Down", "Down", "Enter"]], in: scratch)
        #expect(frequent.status == 0 && frequent.out == "rec-003\n")

        let data = "env XDG_DATA_HOME=\(shellQuoted(scratch.path("data")))"
        _ = try scratch.write("lines.txt", "alpha\nbravo\ncharlie\n")
        let line = try await pick(["--stdin", "words"], keys: [["Down", "Down", "Enter"]],
                                  before: "cat lines.txt | \(data)", in: scratch)
        #expect(line.status == 0 && line.out == "charlie\n")
        let memory = try picks(in: scratch.path("data/favs/picks/words.sqlite"))
        #expect(memory.map(\.id) == ["charlie"])
        #expect(try picks(in: library).map(\.id) == ["rec-002", "rec-003", "rec-003"])
        #expect(memory.allSatisfy { (start...now).contains($0.at) })
        // Picked before, charlie now comes first: enter at once picks it again.
        let again = try await pick(["--stdin", "words"], keys: [["Enter"]], before: "cat lines.txt | \(data)", in: scratch)
        #expect(again.status == 0 && again.out == "charlie\n")

        // favs forget: an unknown id changes nothing; a known one loses its picks, its star kept.
        var environment = pinnedEnvironment(home: scratch.url)
        environment["XDG_DATA_HOME"] = scratch.path("data")
        let unknown = try await run(try favsBinary(), ["forget", "--library", library, "rec-003", "nope"],
                                    environment: environment, in: scratch.url)
        #expect(unknown.status == 1 && unknown.err == "favs: no item 'nope'\n" && unknown.out.isEmpty)
        #expect(try picks(in: library).map(\.id) == ["rec-002", "rec-003", "rec-003"])
        let forgot = try await run(try favsBinary(), ["forget", "--library", library, "rec-003", "rec-001"],
                                   environment: environment, in: scratch.url)
        #expect(forgot.status == 0 && forgot.out == "forgot the picks of 1 item (1 had none)\n", "\(forgot.err)")
        #expect(try picks(in: library).map(\.id) == ["rec-002"])
        let forgotLine = try await run(try favsBinary(), ["forget", "--stdin", "words", "charlie"],
                                       environment: environment, in: scratch.url)
        #expect(forgotLine.status == 0 && forgotLine.out == "forgot the picks of 1 item\n", "\(forgotLine.err)")
        #expect(try picks(in: scratch.path("data/favs/picks/words.sqlite")).isEmpty)
    }
}
