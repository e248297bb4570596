import Foundation
import Testing

/// `favs pick --stdin` keeps a line byte for byte, even one that is not UTF-8: shown and filtered as the text it
/// decodes to (� for each byte that is not UTF-8), starred and remembered as itself, printed exactly.
extension PickTests {
    /// Runs `favs pick --stdin ARGS` with `input` on stdin and the memory under `scratch`.
    private func pickLines(_ arguments: [String], input: [UInt8], in scratch: Scratch) async throws -> RunResult {
        var environment = pinnedEnvironment(home: scratch.url)
        environment["XDG_DATA_HOME"] = scratch.path("data")
        return try await run(try favsBinary(), ["pick", "--stdin"] + arguments, input: Data(input),
                             environment: environment, in: scratch.url)
    }

    @Test func linesThatAreNotUTF8AreFoundByTheirTextAndPrintedByteForByte() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let aFFb: [UInt8] = [0x61, 0xFF, 0x62]
        let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".txt".utf8)
        let cut: [UInt8] = Array("end".utf8) + [0xE2, 0x82]
        let cases: [(input: [UInt8], arguments: [String], printed: [UInt8])] = [
            (aFFb + [0x0A] + Array("zzz\n".utf8), ["--query", "a"], aFFb + [0x0A]),
            (aFFb + [0x0A] + Array("zzz\n".utf8), ["--query", "b"], aFFb + [0x0A]),
            (aFFb + [0x0A] + Array("zzz\n".utf8), ["--query", "a�b", "--print", "title"], aFFb + [0x0A]),
            (latin1 + Array("\nnotes.txt\n".utf8), ["--query", "caf�"], latin1 + [0x0A]),
            ([0xFF, 0x0A] + Array("zzz\n".utf8), ["--query", "�"], [0xFF, 0x0A]),
            (Array("zzz\n".utf8) + cut, ["--query", "end"], cut + [0x0A]),
            // json holds text: the line decoded, as it is shown.
            (aFFb + [0x0A] + Array("zzz\n".utf8), ["--query", "a", "--print", "json"],
             Array(#"{"id":"a�b","title":"a�b","favorite":false}"#.utf8) + [0x0A]),
        ]
        for (input, arguments, printed) in cases {
            let result = try await pickLines(["lines"] + arguments + ["--select-1"], input: input, in: scratch)
            #expect(result.status == 0, "\(arguments): \(result.err)")
            #expect(Array(result.stdout) == printed, "\(arguments): \(result.out.debugDescription)")
        }
    }

    @Test func aLineThatIsNotUTF8IsStarredRememberedAndPickedByteForByte() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let aFFb: [UInt8] = [0x61, 0xFF, 0x62], aFFFDb = Array("a\u{FFFD}b".utf8)
        try Data(aFFb + Array("\nzzz\n".utf8)).write(to: scratch.url.appendingPathComponent("first.bin"))
        // Then beside a line that really holds U+FFFD and one that decodes to the same text as it.
        try Data(aFFFDb + [0x0A] + aFFb + [0x0A, 0x61, 0xFE, 0x62, 0x0A] + Array("zzz\n".utf8))
            .write(to: scratch.url.appendingPathComponent("second.bin"))
        let data = "env XDG_DATA_HOME=\(shellQuoted(scratch.path("data")))"
        let printed = { Array(try Data(contentsOf: scratch.url.appendingPathComponent("out.txt"))) }
        let tmux = try await Tmux(width: 60, height: 12, scratch: scratch)
        defer { tmux.close() }

        try await tmux.startFavs(["pick", "--stdin", "bytes"], before: "cat first.bin | \(data)", after: "> out.txt")
        try await tmux.waitFor("enter pick")
        try await tmux.sendKeys("C-s")
        try await tmux.waitFor("2 items · 1 favorite")
        let starred = try await tmux.screen()
        #expect(starred == [
            " favs — bytes",
            "┏ Items 1/2 ━━━━━━━━━━━┓┌ Detail ──────────────────────────┐",
            "┃>★ a�b                ┃│ ★ a�b                            │",
            "┃   zzz                ┃│                                  │",
            "┃                      ┃│ id: a�b                          │",
            "┃                      ┃│                                  │",
            "┃                      ┃└──────────────────────────────────┘",
            "┃                      ┃┌ Favorites (1) ───────────────────┐",
            "┃                      ┃│ ★ a�b                            │",
            "┃                      ┃│                                  │",
            "┗━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────┘",
            " /▏  enter pick · esc cancel           2 items · 1 favorite",
        ], "\(starred.joined(separator: "\n"))")
        try await tmux.sendKeys("Enter")
        #expect(try await tmux.exitStatus() == 0)
        #expect(try printed() == aFFb + [0x0A])

        // That line alone comes back starred, first; the line that holds U+FFFD is starred and picked apart.
        try await tmux.startFavs(["pick", "--stdin", "bytes"], before: "cat second.bin | \(data)", after: "> out.txt")
        try await tmux.waitFor("enter pick")
        let again = try await tmux.screen()
        #expect(Array(again[2...5].map { $0.prefix(24) }) == ["┃>★ a�b                ┃", "┃   a�b                ┃",
                                                             "┃   a�b                ┃", "┃   zzz                ┃"],
                "\(again.joined(separator: "\n"))")
        try await tmux.sendKeys("Down", "C-s")
        try await tmux.waitFor("4 items · 2 favorites")
        try await tmux.sendKeys("Enter")
        #expect(try await tmux.exitStatus() == 0)
        #expect(try printed() == aFFFDb + [0x0A])

        // The memory is a library: it lists both lines as they are read, never the id that keeps the bytes.
        let listed = try await favs("list", "--library", scratch.path("data/favs/picks/bytes.sqlite"), in: scratch)
        #expect(listed.out == "a�b ★ a�b\na�b ★ a�b\n", "\(listed.out.debugDescription) \(listed.err)")
    }
}
