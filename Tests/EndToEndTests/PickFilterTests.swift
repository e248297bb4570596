import Foundation
import GRDB
import Testing

/// `favs pick --filter PATTERN` (fzf's `--filter`): every match printed in the order the picker would show it, with
/// no screen and nothing remembered; what scripts (and the frecency bench) read the picker's order by.
@Suite struct PickFilterTests {
    private func pick(_ arguments: [String], lines: String? = nil, in scratch: Scratch) async throws -> RunResult {
        var environment = pinnedEnvironment(home: scratch.url)
        environment["XDG_DATA_HOME"] = scratch.path("data")
        return try await run(try favsBinary(), ["pick"] + arguments, input: Data((lines ?? "").utf8),
                             environment: environment, in: scratch.url)
    }

    private func pickCount(in path: String) throws -> Int {
        let queue = try DatabaseQueue(path: path, configuration: { var c = Configuration(); c.readonly = true; return c }())
        return try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM picks") ?? -1 }
    }

    @Test func theFilterPrintsThePickersOrderAndRemembersNothing() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let lines = "alpha\nbravo\ncharlie\ndelta\n"
        let fresh = try await pick(["--stdin", "words", "--filter", ""], lines: lines, in: scratch)
        #expect(fresh.status == 0 && fresh.out == lines, "\(fresh.err)")

        // delta picked twice (2 hours and 30 days ago), charlie once an hour ago: delta's score is the higher.
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let memory = scratch.path("data/favs/picks/words.sqlite")
        _ = try scratch.write("picks.jsonl", """
            {"id":"charlie","title":"charlie","picks":[{"at":\(now - 3_600_000)}]}
            {"id":"delta","title":"delta","picks":[{"at":\(now - 7_200_000)},{"at":\(now - 30 * 86_400_000)}]}

            """)
        var environment = pinnedEnvironment(home: scratch.url)
        environment["XDG_DATA_HOME"] = scratch.path("data")
        let imported = try await run(try favsBinary(), ["import", "picks.jsonl", "--library", memory],
                                     environment: environment, in: scratch.url)
        #expect(imported.status == 0, "\(imported.err)")

        let frequent = try await pick(["--stdin", "words", "--filter", ""], lines: lines, in: scratch)
        #expect(frequent.status == 0 && frequent.out == "delta\ncharlie\nalpha\nbravo\n", "\(frequent.err)")
        // fzf's own order (fzf --filter a: alpha bravo delta charlie), picked delta breaking its exact tie with bravo.
        let fzfOrder = try await pick(["--stdin", "words", "--filter", "a", "--scheme", "fzf"], lines: lines, in: scratch)
        #expect(fzfOrder.out == "alpha\ndelta\nbravo\ncharlie\n")
        let ranked = try await pick(["--stdin", "words", "--filter", "ta"], lines: lines, in: scratch)
        #expect(ranked.status == 0 && ranked.out == "delta\n")
        #expect(try pickCount(in: memory) == 3, "a filter remembers no pick")

        let none = try await pick(["--stdin", "words", "--filter", "zzz"], lines: lines, in: scratch)
        #expect(none.status == 1 && none.out.isEmpty && none.err.isEmpty)
        let both = try await pick(["--stdin", "words", "--filter", "a", "--query", "b"], lines: lines, in: scratch)
        #expect(both.status == 64 && both.err.hasPrefix("Error: --query and --filter: give one, not both\n"))
        let malformed = try await pick(["--stdin", "words", "--filter", "'"], lines: lines, in: scratch)
        #expect(malformed.status == 64 && malformed.err.hasPrefix("Error: --filter: the term ' has nothing to search for"))
    }

    @Test func overALibraryItPrintsWhatPrintSaysOfEveryMatch() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try scratch.library(in: "lib")
        let filtered = try await pick(["--library", library, "--filter", "e"], in: scratch)  // makes the sample
        #expect(filtered.status == 0 && filtered.out.hasPrefix("rec-012\nrec-007\nrec-011\n"), "\(filtered.err)")
        let listed = try await run(try favsBinary(), ["list", "--library", library, "--query", "e", "--format", "tsv"],
                                   environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        let ids = listed.out.split(separator: "\n").dropFirst().map { $0.prefix { $0 != "\t" } + "\n" }.joined()
        #expect(filtered.out == ids, "the picker's order is favs list --query's")
        let titles = try await pick(["--library", library, "--filter", "'elise", "--print", "title"], in: scratch)
        #expect(titles.status == 0 && titles.out == "Für Elise\n")
    }
}
