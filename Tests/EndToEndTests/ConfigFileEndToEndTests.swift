import Foundation
import Testing

/// The config file (`~/.config/favs/config.toml`, or `$FAVS_CONFIG`) as the built binary reads it.
@Suite struct ConfigFileTests {
    /// Writes the config file where favs looks for it in `scratch` (its HOME) and returns its path.
    @discardableResult
    func writeConfig(_ text: String, in scratch: Scratch) throws -> String {
        try FileManager.default.createDirectory(atPath: scratch.path(".config/favs"), withIntermediateDirectories: true)
        return try scratch.write(".config/favs/config.toml", text)
    }

    @Test func aMovedKeyShowsInHelpAndDoesTheWork() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try writeConfig("[keys]\nfavorite = \"*\"\nquit = [\"Q\"]\n", in: scratch)
        let result = try await favs("script", "--library", ":memory:", stdin: "? G frame esc j * frame f frame Q j\n",
                                    in: scratch)
        #expect(result.status == 0)
        #expect(result.err == "")
        let printed = frames(result.out)
        try #require(printed.count == 4, "help, after *, after f, and the last frame after Q")
        #expect(printed[0].lines.contains { $0.contains("┃ *             favorite / unfavorite") })
        #expect(printed[0].lines.contains { $0.contains("┃ Q             quit") }, "help shows the keys in force")
        #expect(printed[1].lines[3].hasPrefix("┃>★ 录音 Recording"), "* favorited the second item")
        #expect(printed[1].lines[23] == " * fav · d delete · u undo · / filter · ? help           28 items · 4 favorites")
        #expect(printed[2].lines[23].hasPrefix(" f: not a key here (? for help)"))
        #expect(printed[2].lines[23].hasSuffix("4 favorites"))
        #expect(printed[3].lines[1].hasPrefix("┏ Items 2/28"), "Q quit before the last j")
    }

    /// Each kind of bad file, its message on stderr, and favs on its defaults: the script runs (exit 0), the first
    /// frame says the defaults are used, and `f` favorites as it does by default.
    static let badFiles: [(text: String, message: String)] = [
        ("mouse = true\n[keys]\nquit = \n", ":3: Error while parsing key-value pair: expected value, saw '\\n'"),
        ("mouse = true\n\n[colours]\nstar = \"red\"\n", ":3: colours: unknown table 'colours'"),
        ("mouse = true\nmice = false\n", ":2: mice: unknown key 'mice'"),
        ("mouse = \"yes\"\n", ":1: mouse: expected true or false (got a string)"),
        ("[keys]\n\nfavorite = \"ctrl-F\"\n", ":3: keys.favorite: unknown key name 'ctrl-F'"),
        ("mouse = true\n\n[keys]\nfavourite = \"f\"\n", ":4: keys.favourite: unknown command 'favourite'"),
        ("[colors]\nstars = \"red\"\n", ":2: colors.stars: unknown role 'stars'"),
        ("[colors]\nstar = \"gold\"\n", ":2: colors.star: unknown colour 'gold'"),
        ("[keys]\nundo = \"x\"\nredo = \"x\"\n", ":3: keys.redo: 'x' is bound to both undo and redo"),
    ]

    @Test(arguments: badFiles)
    func aBadFileIsReportedAndTheDefaultsAreUsed(text: String, message: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = try writeConfig(text, in: scratch)
        let result = try await favs("script", "--library", ":memory:", "--size", "100x24", stdin: "frame j f\n",
                                    in: scratch)
        #expect(result.status == 0)
        #expect(result.err == "favs: \(path)\(message)\n")
        let printed = frames(result.out)
        try #require(printed.count == 2)
        let status = printed[0].lines[23]
        #expect(status.hasPrefix(" config.toml:"), "\(status)")
        #expect(status.contains(" — using defaults"), "\(status)")
        #expect(printed[1].lines[23].hasSuffix("28 items · 4 favorites"), "f favorites, as by default")
    }

    /// On a terminal stderr is hidden by the screen: the first screen's status line says it, until a key.
    @Test func theBrowsersFirstScreenSaysTheDefaultsAreUsed() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try writeConfig("[keys]\nfavourite = \"f\"\n", in: scratch)
        let tmux = try await Tmux(width: 100, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", scratch.library(in: "tmux")])
        try await tmux.waitFor(" config.toml:2: keys.favourite: unknown command — using defaults")
        try await tmux.sendKeys("j", "f")
        try await tmux.waitFor("28 items · 4 favorites")
        #expect(try await tmux.screen().last?.hasPrefix(" f favorite · d delete · u undo · / filter · ? help · q quit")
                == true, "the message lasts until the next key, and f favorites, as by default")
        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test func mouseFalseLeavesTheMouseToTheTerminalAsNoMouseDoes() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try writeConfig("mouse = false\n", in: scratch)
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", scratch.library(in: "tmux")])
        try await tmux.waitFor("28 items · 3 favorites")
        #expect(try await tmux.display("#{alternate_on} #{mouse_any_flag} #{mouse_sgr_flag}") == "1 0 0",
                "running, with mouse reporting off")
        try await tmux.sendKeys("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test func anUnreadableOrUndecodableFileIsABadFileToo() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.path(".config/favs/config.toml"),
                                                withIntermediateDirectories: true)
        let folder = try await favs("--library", ":memory:", stdin: "j f\n", in: scratch)
        #expect(folder.status == 0)
        #expect(folder.err == "favs: \(scratch.path(".config/favs/config.toml")): cannot read: Is a directory\n")
        #expect(frames(folder.out).last?.lines[23].hasSuffix("28 items · 4 favorites") == true)

        let latin1 = try scratch.write("latin1.toml", "")
        try Data("# caf".utf8 + [0xE9] + Data("\n".utf8)).write(to: URL(fileURLWithPath: latin1))
        var environment = pinnedEnvironment(home: scratch.url)
        environment["FAVS_CONFIG"] = latin1
        let undecodable = try await run(try favsBinary(), ["script", "--library", ":memory:"], stdin: "frame\n",
                                        environment: environment, in: scratch.url)
        #expect(undecodable.status == 0)
        #expect(undecodable.err == "favs: \(latin1):1: not UTF-8 text\n")
        #expect(frames(undecodable.out).first?.lines[23].hasPrefix(" latin1.toml:1: not UTF-8 text — using defaults")
                == true)
    }

    @Test func theDefaultFileChangesNothing() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let printed = try await favs("config", "--print-default", in: scratch)
        #expect(printed.status == 0)
        #expect(printed.err == "")
        #expect(printed.out.contains("\nfavorite = [\"f\", \"space\"]"))
        let script = "j f frame s frame ? frame\n"
        let without = try await favs("script", "--library", ":memory:", stdin: script, in: scratch)
        try writeConfig(printed.out, in: scratch)
        let with = try await favs("script", "--library", ":memory:", stdin: script, in: scratch)
        #expect(with.err == "", "the default file is valid")
        #expect(with.status == 0)
        #expect(with.out == without.out)
    }

    @Test func thePathIsFAVS_CONFIGThenXDG_CONFIG_HOMEThenHome() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let home = try await favs("config", "--path", in: scratch)
        #expect(home.out == scratch.path(".config/favs/config.toml") + "\n")
        var environment = pinnedEnvironment(home: scratch.url)
        environment["XDG_CONFIG_HOME"] = "/etc/xdg"
        let xdg = try await run(try favsBinary(), ["config", "--path"], environment: environment, in: scratch.url)
        #expect(xdg.out == "/etc/xdg/favs/config.toml\n")
        environment["FAVS_CONFIG"] = "/tmp/favs-test.toml"
        let named = try await run(try favsBinary(), ["config", "--path"], environment: environment, in: scratch.url)
        #expect(named.out == "/tmp/favs-test.toml\n")

        let neither = try await favs("config", in: scratch)
        #expect(neither.status == 64)
        #expect(neither.err.hasPrefix("Error: Give either --path or --print-default."))
    }

    /// `library` in the config comes after `--library` and `$FAVS_LIBRARY`, before the XDG default, for every
    /// command that opens a library.
    @Test func theConfigsLibraryIsTheDefaultLibrary() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let configured = try scratch.library(in: "configured")
        try writeConfig("library = \"~/configured/lib.sqlite\"\n", in: scratch)
        let opened = try await favs("script", stdin: "j f\n", in: scratch)
        #expect(opened.status == 0)
        #expect(opened.err == "")
        #expect(FileManager.default.fileExists(atPath: configured))
        #expect(!FileManager.default.fileExists(atPath: scratch.path(".local/share/favs/library.sqlite")))
        let listed = try await favs("list", "--favorites", in: scratch)
        #expect(listed.out.split(separator: "\n").count == 4, "favs list reads the configured library: \(listed.out)")

        let option = try await favs("script", "--library", scratch.path("option.sqlite"), stdin: "", in: scratch)
        #expect(option.status == 0)
        #expect(FileManager.default.fileExists(atPath: scratch.path("option.sqlite")))
        var environment = pinnedEnvironment(home: scratch.url)
        environment["FAVS_LIBRARY"] = scratch.path("variable.sqlite")
        let variable = try await run(try favsBinary(), ["list"], environment: environment, in: scratch.url)
        #expect(variable.status == 66, "FAVS_LIBRARY wins: list finds no library there")
        #expect(variable.err.contains("variable.sqlite"))
    }

    /// `sort` orders a library that remembers no order; once one is chosen with `s`, the library's wins.
    @Test func theConfigsOrderIsWhereANewLibraryStarts() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try writeConfig("sort = \"title\"\n", in: scratch)
        let library = scratch.path("lib.sqlite")
        let first = try await favs("script", "--library", library, "--size", "40x12", stdin: "frame s\n", in: scratch)
        let printed = frames(first.out)
        #expect(printed.first?.lines[1] == "┏ Items 1/28 · A–Z ━━━━━━━━━━━━━━━━━━━━┓")
        #expect(printed.last?.lines[1].hasPrefix("┏ Items 17/28 · recent") == true)
        let second = try await favs("script", "--library", library, "--size", "40x12", stdin: "", in: scratch)
        #expect(frames(second.out).first?.lines[1].hasPrefix("┏ Items 1/28 · recent") == true,
                "the order the library remembers wins over the config's")
    }
}
