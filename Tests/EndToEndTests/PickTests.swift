import Foundation
import Testing

/// `favs pick`: the browser on the terminal, the choice on stdout, fzf's exit codes.
@Suite struct PickTests {
    /// The pane runs `favs pick ARGS > out.txt`; returns what it printed once it exited, and the exit status.
    private func pick(_ arguments: [String], keys: [[String]], waitFor text: String = "enter pick",
                      before: String = "", in scratch: Scratch) async throws -> (out: String, status: Int32) {
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["pick"] + arguments, before: before, after: "> out.txt")
        try await tmux.waitFor(text)
        for step in keys { try await tmux.sendKeys(step) }
        let status = try await tmux.exitStatus()
        #expect(try tmux.sttyAfterExit().isSuperset(of: ["echo", "icanon", "icrnl"]), "the terminal is restored")
        return (try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8), status)
    }

    @Test func enterPrintsTheSelectedIdOnStdoutWhileTheScreenIsOnTheTerminal() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try scratch.library(in: "lib")
        let chosen = try await pick(["--library", library], keys: [["Down", "C-n", "Enter"]], in: scratch)
        #expect(chosen.status == 0)
        #expect(chosen.out == "rec-003\n")
    }

    @Test func escAndCtrlGExit1AndCtrlCExits130PrintingNothingEvenWithAQueryTyped() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try scratch.library(in: "lib")
        for (key, status) in [("Escape", Int32(1)), ("C-g", 1), ("C-c", 130)] {
            for typed in [["Down"], ["caf"]] {
                let ended = try await pick(["--library", library], keys: [typed, [key]], in: scratch)
                #expect(ended.status == status, "after \(typed) \(key)")
                #expect(ended.out == "", "after \(typed) \(key)")
            }
        }
    }

    @Test func tabMarksAndEnterPrintsOneLinePerMarkedItemInListOrderAsAskedByPrint() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try scratch.library(in: "lib")
        let chosen = try await pick(["--library", library, "--print", "title"],
                                    keys: [["Down", "Down", "Tab", "Home", "Tab", "Enter"]], in: scratch)
        #expect(chosen.status == 0)
        #expect(chosen.out == "お気に入りの曲\nCafé del Mar — Sunset\n")
    }

    @Test func queryAndFavoritesStartTheScreenFilteredAndInTheFavoritesView() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try scratch.library(in: "lib")
        let chosen = try await pick(["--library", library, "--favorites", "--query", "lo-fi"],
                                    keys: [["Enter"]], waitFor: "Items 1/1 · ★", in: scratch)
        #expect(chosen.out == "rec-004\n")
    }

    @Test func selectOneAnswersWithoutAScreenInEachPrintForm() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try scratch.library(in: "lib")
        _ = try await favs("list", "--library", library, in: scratch)  // creates the sample library
        for (form, expected) in [("id", "rec-007\n"), ("title", "Für Elise\n"), ("field:artist", "Ludwig van Beethoven\n"),
                                 ("json", #"{"id":"rec-007","title":"Für Elise","favorite":false,"artist":"Ludwig van Beethoven","#)] {
            let result = try await favs("pick", "--library", library, "--query", "für", "--select-1", "--print", form,
                                        in: scratch)
            #expect(result.status == 0, "\(form): \(result.err)")
            #expect(result.out.hasPrefix(expected), "\(form): \(result.out)")
        }
    }

    /// As `fzf --filter -x`: the value after --query is the pattern, whatever it begins with; on a library, on lines
    /// of stdin, and on the screen.
    @Test func queryTakesAPatternThatBeginsWithADash() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try scratch.library(in: "lib")
        try scratch.write("items.jsonl", SearchCommandTests.dashed)
        #expect(try await favs("import", "items.jsonl", "--library", library, in: scratch).status == 0)
        let one = try await favs("pick", "--library", library, "--query", "-dn-e", "--select-1", "--print", "title",
                                 in: scratch)
        #expect(one.status == 0 && one.out == "hyphen-dawn-edge\n", "\(one.err)")
        var environment = pinnedEnvironment(home: scratch.url)
        environment["XDG_DATA_HOME"] = scratch.path("data")
        let line = try await run(try favsBinary(), ["pick", "--stdin", "dashes", "--query", "-x", "--select-1"],
                                 stdin: "x-ray\npre-xmas\n", environment: environment, in: scratch.url)
        #expect(line.status == 0 && line.out == "pre-xmas\n", "\(line.err)")
        let chosen = try await pick(["--library", library, "--query", "-x"], keys: [["Enter"]],
                                    waitFor: "Items 1/1 · /-x", in: scratch)
        #expect(chosen.status == 0 && chosen.out == "xmas\n")
    }

    @Test func selectOneAndExitZeroWaitForTheFieldTermsAnswer() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try scratch.library(in: "lib")
        _ = try await favs("list", "--library", library, in: scratch)
        let one = try await favs("pick", "--library", library, "--query", "artist:padilla", "--select-1", "--print", "title",
                                 in: scratch)
        #expect(one.status == 0 && one.out == "Café del Mar — Sunset\n", "\(one.err)")
        let none = try await favs("pick", "--library", library, "--query", "artist:nobody", "--exit-0", in: scratch)
        #expect(none.status == 1 && none.out == "" && none.err == "")
    }

    @Test func exitZeroEndsAtOnceWhenNothingMatchesAndAMissingFieldIsSaid() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try scratch.library(in: "lib")
        _ = try await favs("list", "--library", library, in: scratch)
        let none = try await favs("pick", "--library", library, "--query", "no such title", "--exit-0", in: scratch)
        #expect(none.status == 1 && none.out == "" && none.err == "")
        let noField = try await favs("pick", "--library", library, "--query", "für", "--select-1",
                                     "--print", "field:nope", in: scratch)
        #expect(noField.status == 1 && noField.out == "")
        #expect(noField.err == "favs: “Für Elise” has no field nope\n")
        let badPrint = try await favs("pick", "--library", library, "--print", "path", in: scratch)
        #expect(badPrint.status == 64)
        #expect(badPrint.err.contains("--print"))
    }

    @Test func withoutATerminalToDrawOnPickSaysSoAndExits2() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try scratch.library(in: "lib")
        var environment = pinnedEnvironment(home: scratch.url)
        environment["TERM"] = "xterm-256color"
        // setsid: no controlling terminal, so there is no /dev/tty to open.
        let result = try await run("/usr/bin/setsid", [try favsBinary(), "pick", "--library", library],
                                   environment: environment, in: scratch.url)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("favs: cannot open the terminal (/dev/tty): "))
        #expect(result.out == "")
    }

    @Test func stdinLinesArePassedThroughExactlyAndShownMadeVisible() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var environment = pinnedEnvironment(home: scratch.url)
        environment["XDG_DATA_HOME"] = scratch.path("data")
        let result = try await run(try favsBinary(), ["pick", "--stdin", "colours", "--query", "red", "--select-1"],
                                   stdin: "plain\n\u{1B}[31mred\u{7}\n", environment: environment, in: scratch.url)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "\u{1B}[31mred\u{7}\n")
        let badName = try await run(try favsBinary(), ["pick", "--stdin", "../x"], stdin: "a\n",
                                    environment: environment, in: scratch.url)
        #expect(badName.status == 64)
        #expect(badName.err.contains("--stdin NAME: use letters, digits"))
    }

    @Test func starredLinesComeFirstNextTimeWhateverTheirOrderAndLinesNotGivenKeepTheirStars() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let data = "env XDG_DATA_HOME=\(shellQuoted(scratch.path("data")))"
        _ = try scratch.write("first.txt", "main\ndev\nfeature/x\nrelease\n")
        _ = try scratch.write("second.txt", "release\nmain\nfeature/x\n")
        _ = try scratch.write("third.txt", "dev\nmain\n")
        // Star dev and release, then give up: the stars are kept all the same.
        let first = try await pick(["--stdin", "branches"], keys: [["Down", "C-s", "End", "C-s"], ["Escape"]],
                                   before: "cat first.txt | \(data)", in: scratch)
        #expect(first.status == 1 && first.out == "")

        let tmux = try await Tmux(width: 60, height: 10, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["pick", "--stdin", "branches"], before: "cat second.txt | \(data)", after: "> out.txt")
        try await tmux.waitFor("enter pick")
        let screen = try await tmux.screen()
        #expect(screen == [
            " favs — branches",
            "┏ Items 1/3 ━━━━━━━━━━━┓┌ Detail 1-2/3 ────────────────────┐",
            "┃>★ release            ┃│ ★ release                        │",
            "┃   main               ┃│                                  │",
            "┃   feature/x          ┃└──────────────────────────────────┘",
            "┃                      ┃┌ Favorites (1) ───────────────────┐",
            "┃                      ┃│ ★ release                        │",
            "┃                      ┃│                                  │",
            "┗━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────┘",
            " /▏  enter pick · esc cancel           3 items · 1 favorite",
        ], "\(screen.joined(separator: "\n"))")
        try await tmux.sendKeys("Enter")
        #expect(try await tmux.exitStatus() == 0)
        #expect(try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8) == "release\n")

        // dev was not in the second list: its star was kept.
        let third = try await pick(["--stdin", "branches"], keys: [["Enter"]], before: "cat third.txt | \(data)",
                                   in: scratch)
        #expect(third.out == "dev\n")
    }

    @Test func aStarInOnePickerShowsInAnotherOpenOnTheSameName() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let data = "env XDG_DATA_HOME=\(shellQuoted(scratch.path("data")))"
        _ = try scratch.write("lines.txt", "alpha\nbravo\ncharlie\n")
        // Each pane in a folder of its own (each writes its exit status there), both on one memory.
        let other = try Scratch()
        defer { other.remove() }
        let lines = shellQuoted(scratch.path("lines.txt"))
        let one = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { one.close() }
        let two = try await Tmux(width: 80, height: 24, scratch: other)
        defer { two.close() }
        try await one.startFavs(["pick", "--stdin", "shared"], before: "cat \(lines) | \(data)", after: "> out.txt")
        try await two.startFavs(["pick", "--stdin", "shared"], before: "cat \(lines) | \(data)", after: "> out.txt")
        try await one.waitFor("enter pick")
        try await two.waitFor("3 items · 0 favorites")
        try await one.sendKeys("Down", "C-s")
        try await two.waitFor("3 items · 1 favorite")
        // The star shows where bravo is (starred lines come first from the next run on: rows do not jump).
        let rows = try await two.screen()
        #expect(rows[2].hasPrefix("┃>  alpha") && rows[3].hasPrefix("┃ ★ bravo"), "\(rows.joined(separator: "\n"))")
        try await one.sendKeys("Escape")
        try await two.sendKeys("Enter")
        #expect(try await two.exitStatus() == 0)
        #expect(try String(contentsOfFile: other.path("out.txt"), encoding: .utf8) == "alpha\n")
    }

    @Test func aLongInputOpensOnAPreviewAndEveryLineIsThereForTheFirstKey() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.write("lines.txt", (1...3000).map { String(format: "line-%04d\n", $0) }.joined())
        // From 1,000 lines on, a preview first: end typed at once must still reach the 3,000th line.
        let env = "env XDG_DATA_HOME=\(shellQuoted(scratch.path("data"))) FAVS_PREVIEW_MINIMUM=1000"
        let first = try await pick(["--stdin", "big"], keys: [["End"], ["C-s"], ["Escape"]], waitFor: "3000 items",
                                   before: "cat lines.txt | \(env)", in: scratch)
        #expect(first.status == 1)

        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["pick", "--stdin", "big"], before: "cat lines.txt | \(env)", after: "> out.txt")
        try await tmux.sendKeys("End")
        try await tmux.waitFor("Items 3000/3000")
        let rows = try await tmux.screen()
        #expect(rows[21].hasPrefix("┃>  line-2999"), "the last row: \(rows[21])")
        #expect(rows[23].hasSuffix("3000 items · 1 favorite"))
        try await tmux.sendKeys("Home")
        try await tmux.waitFor("Items 1/3000")
        #expect(try await tmux.screen()[2].hasPrefix("┃>★ line-3000"), "the starred line first")
        try await tmux.sendKeys("End", "Enter")
        #expect(try await tmux.exitStatus() == 0)
        #expect(try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8) == "line-2999\n")
    }

    @Test func typingFiltersAtOnceAndTabMarksLinesThatEnterPrints() async throws {
        // The issue's repro (`ls /usr/bin | favs pick --stdin bins`, then pyth), on a list of its own.
        let scratch = try Scratch()
        defer { scratch.remove() }
        let data = "env XDG_DATA_HOME=\(shellQuoted(scratch.path("data")))"
        _ = try scratch.write("bins.txt", "ls\npydoc3\npython3\nperl\npython3.11\nfind\npyhtml\nxargs\n")
        let tmux = try await Tmux(width: 60, height: 12, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["pick", "--stdin", "bins"], before: "cat bins.txt | \(data)", after: "> out.txt")
        try await tmux.waitFor("enter pick")
        try await tmux.sendKeys("pyth")
        try await tmux.waitFor("Items 1/2")
        let screen = try await tmux.screen()
        #expect(screen[2].hasPrefix("┃>  python3 ") && screen[3].hasPrefix("┃   python3.11 "), "\(screen.joined(separator: "\n"))")
        #expect(screen[11] == " /pyth▏  enter pick · esc cancel      8 items · 0 favorites", "\(screen[11])")
        #expect(!screen.joined().contains("not a key"))
        try await tmux.sendKeys("Tab", "Down", "Tab")
        try await tmux.waitFor("2 marked")
        try await tmux.sendKeys("Enter")
        #expect(try await tmux.exitStatus() == 0)
        #expect(try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8) == "python3\npython3.11\n")
    }

    @Test func ctrlSStarsInAPickerAndTheStarIsKept() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let data = "env XDG_DATA_HOME=\(shellQuoted(scratch.path("data")))"
        _ = try scratch.write("lines.txt", "alpha\nbravo\ncharlie\n")
        let first = try await pick(["--stdin", "stars"], keys: [["bra", "C-s"], ["Escape"]],
                                   before: "cat lines.txt | \(data)", in: scratch)
        #expect(first.status == 1 && first.out == "")
        // Starred lines come first: enter at once picks bravo.
        let second = try await pick(["--stdin", "stars"], keys: [["Enter"]], before: "cat lines.txt | \(data)",
                                    in: scratch)
        #expect(second.status == 0 && second.out == "bravo\n")
    }

    /// `favs pick --tag`: the picker opens scoped to a tag, those nested under it included unless --only, as
    /// `favs list --tag` lists them; ctrl-t goes on to the next top-level tag. Over lines of stdin there are no tags.
    @Test func tagStartsThePickerScopedToATagAndCtrlTGoesOnToTheNext() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("items.jsonl", TagCommandTests.items)
        let library = scratch.path("tags.sqlite")
        let imported = try await favs("import", "items.jsonl", "--library", library, in: scratch)
        try #require(imported.status == 0, "\(imported.err)")

        let tmux = try await Tmux(width: 60, height: 8, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["pick", "--library", library, "--tag", "dev"], after: "> out.txt")
        try await tmux.waitFor("enter pick")
        let screen = try await tmux.screen()
        #expect(screen == [
            " favs — tags",
            "┏ Items 1/2 · #dev ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓",
            "┃>  Alpha  #dev/swift #Reading                             ┃",
            "┃   Bravo  #dev                                            ┃",
            "┃                                                          ┃",
            "┃                                                          ┃",
            "┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛",
            " /▏  enter pick · esc cancel          3 items · 0 favorites",
        ], "\(screen.joined(separator: "\n"))")
        try await tmux.sendKeys("C-t")
        try await tmux.waitFor("Items 1/1 · #Reading")
        try await tmux.sendKeys("Enter")
        #expect(try await tmux.exitStatus() == 0)
        #expect(try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8) == "1\n")

        let only = try await favs("pick", "--library", library, "--tag", "DEV", "--only", "--select-1", in: scratch)
        #expect(only.status == 0 && only.out == "2\n", "\(only.err)")
        let stdin = try await favs("pick", "--stdin", "lines", "--tag", "dev", in: scratch)
        #expect(stdin.status == 64 && stdin.out == "")
        #expect(stdin.err.hasPrefix("Error: --tag: the lines of stdin have no tags (--stdin NAME)\n"), "\(stdin.err)")
    }
}
