import FavsCore
import FavsModel
import Foundation
import Testing

/// `favs script` and `favs` with a piped stdin: the headless screens, as plain text.
@Suite struct ScriptModeTests {
    @Test func pipedKeysPrintOneFrameWithTheFavoriteStarred() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = try await favs("--library", ":memory:", stdin: "j j f\n", in: scratch)

        #expect(result.status == 0)
        #expect(result.err == "")
        let printed = frames(result.out)
        try #require(printed.count == 1)
        let frame = printed[0]
        #expect(frame.header.hasPrefix("--- frame"))
        #expect(frame.lines.count == 24)
        #expect(frame.lines[0] == " favs — sample library (in memory)")
        #expect(frame.lines[1] == "┏ Items 3/28 ━━━━━━━━━━━━━━━━━━┓┌ Detail ──────────────────────────────────────┐")
        #expect(frame.lines[2] == "┃ ★ お気に入りの曲             ┃│ ★ Café del Mar — Sunset                      │")
        #expect(frame.lines[4] == "┃>★ Café del Mar — Sunset      ┃│ id: rec-003                                  │")
        #expect(frame.lines[15] == "┃   茉莉花 Jasmine Flower      ┃┌ Favorites (4) ───────────────────────────────┐")
        #expect(frame.lines[23] == " f fav · d delete · u undo · / filter · ? help           28 items · 4 favorites")
        for (row, line) in frame.lines.enumerated() {
            #expect(TextWidth.of(line) <= 80, "row \(row + 1) is \(TextWidth.of(line)) columns wide: \(line)")
        }
    }

    /// `s` sorts by title, and the next run on the same library opens in that order; `m`, `v` and `d`
    /// delete a batch that the next run no longer shows.
    @Test func theOrderAndABatchDeleteLastIntoTheNextRun() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = scratch.path("lib.sqlite")
        let first = try await favs("script", "--library", library, "--size", "40x12", stdin: "s g m j m d\n", in: scratch)
        #expect(first.status == 0)
        #expect(frames(first.out).last?.lines[11] == " Deleted 2 items — u to undo    26 · ★3")
        let second = try await favs("script", "--library", library, "--size", "40x12", stdin: "", in: scratch)
        let lines = try #require(frames(second.out).last?.lines)
        #expect(lines[1] == "┏ Items 1/26 · A–Z ━━━━━━━━━━━━━━━━━━━━┓")
        #expect(lines[2] == "┃>  Café del Mar — Sunset              ┃", "A very long…, Águas de março: deleted")
    }

    @Test func aScriptFileAtFortyByTwelvePrintsEachFrameStepInOrder() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.write("tour.txt", """
            # the first screen, one down, its detail, then back (printed at the end)
            frame
            j frame
            enter frame
            esc
            """)
        let result = try await favs("script", file, "--library", scratch.path("lib.sqlite"), "--size", "40x12",
                                    in: scratch)

        #expect(result.status == 0)
        #expect(result.err == "")
        let printed = frames(result.out)
        #expect(printed.map(\.header) == [
            "--- frame 1 (40x12, after 1 step) ---",
            "--- frame 2 (40x12, after 3 steps) ---",
            "--- frame 3 (40x12, after 5 steps) ---",
            "--- frame 4 (40x12, after 6 steps) ---",
        ])
        #expect(printed.allSatisfy { $0.lines.count == 12 })
        try #require(printed.count == 4)
        #expect(printed[0].lines[2] == "┃>★ お気に入りの曲                     ┃")
        #expect(printed[1].lines[3] == "┃>  录音 Recording 2                   ┃")
        #expect(printed[2].lines == """
             favs — sample library
            ┏ Detail 1-8/9 ━━━━━━━━━━━━━━━━━━━━━━━━┓
            ┃   录音 Recording 2                   ┃
            ┃                                      ┃
            ┃ id: rec-002                          ┃
            ┃ artist: Li Wei                       ┃
            ┃ album: Field Notes                   ┃
            ┃ year: 2019                           ┃
            ┃ genre: Ambient                       ┃
            ┃ length: 6:12                         ┃
            ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
             ? help                         28 · ★3
            """.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        #expect(printed[3].lines == printed[1].lines, "esc goes back to the list as it was")
    }

    @Test func anUnknownStepFailsBeforeAnythingRunsAndLeavesTheLibraryAlone() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = scratch.path("lib.sqlite")
        let setup = try await favs("script", "--library", library, stdin: "j j f\n", in: scratch)
        try #require(setup.status == 0)
        let listBefore = try await favs("list", "--library", library, in: scratch)
        try #require(listBefore.status == 0)
        let filesBefore = try snapshot(scratch)

        // The `f` and `d` before the bad step would change the library if the script ran at all.
        let piped = try await favs("--library", library, stdin: "f d\nj\n  bogus j\n", in: scratch)
        #expect(piped.status == 2)
        #expect(piped.err == "favs: script:3: unknown step 'bogus'\n")
        #expect(piped.out == "")

        let file = try scratch.write("steps.txt", "# favorite, then a typo\nf\nd dleete\n")
        let fromFile = try await favs("script", "steps.txt", "--library", library, in: scratch)
        #expect(fromFile.status == 2)
        #expect(fromFile.err == "favs: steps.txt:3: unknown step 'dleete'\n", "the message names the file: \(file)")
        #expect(fromFile.out == "")

        #expect(try snapshot(scratch).filter { $0.key != "steps.txt" } == filesBefore,
                "the library files did not change")
        let listAfter = try await favs("list", "--library", library, in: scratch)
        #expect(listAfter.out == listBefore.out)
    }

    @Test func aBadSizeAMissingFileAndAnEscapeInAStepAreReportedPlainly() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let size = try await favs("script", "--size", "0x0", "--library", ":memory:", stdin: "j\n", in: scratch)
        #expect(size.status == 64)
        #expect(size.out == "")
        #expect(size.err.hasPrefix("Error: --size must be COLSxROWS, e.g. 80x24 (got '0x0')\n"))

        let missing = try await favs("script", "nowhere.txt", "--library", ":memory:", in: scratch)
        #expect(missing.status == 66)
        #expect(missing.err == "favs: nowhere.txt: cannot read\n")

        // The bad step is echoed with its control characters made visible, never raw.
        let escape = try await favs("script", "--library", ":memory:", stdin: "j \u{1B}[31m\n", in: scratch)
        #expect(escape.status == 2)
        #expect(escape.err == "favs: script:1: unknown step '␛[31m'\n")
    }

    @Test func changesPersistAcrossRunsButUndoHistoryDoesNot() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = scratch.path("lib.sqlite")

        // Star Café del Mar (row 3), then delete the next row, 🎧 Lo-fi beats (itself a favorite).
        let first = try await favs("script", "--library", library, stdin: "j j f j d\n", in: scratch)
        #expect(first.status == 0)
        let afterEdit = try #require(frames(first.out).last)
        #expect(afterEdit.lines[23] == " Deleted “🎧 Lo-fi beats to study to” — u to undo        27 items · 3 favorites")

        // A second run with no steps shows the saved state.
        let second = try await favs("script", "--library", library, stdin: "", in: scratch)
        #expect(second.status == 0)
        let reopened = try #require(frames(second.out).first)
        #expect(reopened.lines[3] == "┃   录音 Recording 2           ┃│                                              │")
        #expect(reopened.lines[4] == "┃ ★ Café del Mar — Sunset      ┃│ id: rec-001                                  │")
        #expect(reopened.lines[5] == "┃   Clair de lune              ┃│ artist: Yui Tanaka                           │")
        #expect(!reopened.lines.contains { $0.contains("Lo-fi") })
        #expect(reopened.lines[23] == " f fav · d delete · u undo · / filter · ? help           27 items · 3 favorites")

        // Undo history belongs to a session: `u` in a new run has nothing to undo, and the delete stays.
        let third = try await favs("script", "--library", library, stdin: "u\n", in: scratch)
        let afterUndo = try #require(frames(third.out).first)
        #expect(afterUndo.lines[23] == " Nothing to undo                                         27 items · 3 favorites")
        #expect(Array(afterUndo.lines[..<23]) == Array(reopened.lines[..<23]))

        // `q` ends a script early and still prints the (unchanged) final screen.
        let fourth = try await favs("script", "--library", library, stdin: "q j j j\n", in: scratch)
        #expect(fourth.status == 0)
        #expect(frames(fourth.out).map(\.lines) == [reopened.lines])
    }

    /// Every file in the scratch directory and its bytes.
    private func snapshot(_ scratch: Scratch) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
        for name in names where !name.hasPrefix(".io-") {
            files[name] = try Data(contentsOf: scratch.url.appendingPathComponent(name))
        }
        return files
    }
}
