import FavsCore
import Foundation
import Testing

/// `make install` / `make uninstall`, run as `make install-files` with the debug build (a release build per test run
/// would take minutes): the binary, the manual page and the completions land where each reader looks, the manual
/// renders cleanly, the completions load and offer ids, and uninstall takes back exactly what install put there.
@Suite struct InstallTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)  // <root>/Tests/EndToEndTests/InstallTests.swift
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let installed = [
        "bin/favs", "share/man/man1/favs.1", "share/bash-completion/completions/favs",
        "share/zsh/site-functions/_favs", "share/fish/vendor_completions.d/favs.fish",
    ]

    @Test func installPutsEveryFileInPlaceAndUninstallLeavesThePrefixEmpty() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try await make("install-files", destination: scratch)
        for file in Self.installed {
            #expect(FileManager.default.fileExists(atPath: scratch.path("dest/usr/local/" + file)), "\(file) missing")
        }
        #expect(FileManager.default.isExecutableFile(atPath: scratch.path("dest/usr/local/bin/favs")))

        try await make("uninstall", destination: scratch)
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path("dest"))
        #expect(left == [], "uninstall left \(left)")
    }

    @Test func uninstallKeepsFoldersThatWereThereAndWhatElseIsInThem() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.path("dest/usr/local/share/man/man1"),
                                                withIntermediateDirectories: true)
        try scratch.write("dest/usr/local/share/man/man1/other.1", ".TH OTHER 1\n")
        try FileManager.default.createDirectory(atPath: scratch.path("dest/usr/local/bin"), withIntermediateDirectories: true)

        try await make("install-files", destination: scratch)
        try await make("uninstall", destination: scratch)

        let remaining = try FileManager.default.subpathsOfDirectory(atPath: scratch.path("dest")).sorted()
        #expect(remaining == ["usr", "usr/local", "usr/local/bin", "usr/local/share", "usr/local/share/man",
                              "usr/local/share/man/man1", "usr/local/share/man/man1/other.1"])
    }

    @Test(.enabled(if: hasProgram("man"), "man is not installed (make deps installs man-db)"))
    func theManualRendersWithoutWarningsWithEveryCommandKeyAndExitCode() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try await make("install-files", destination: scratch)
        var environment = pinnedEnvironment(home: scratch.url)
        environment["MANWIDTH"] = "80"
        let man = try await run("/bin/sh", ["-c", #"exec man --warnings -l "$1""#, "sh",
                                            scratch.path("dest/usr/local/share/man/man1/favs.1")],
                                environment: environment, in: scratch.url)
        #expect(man.status == 0)
        #expect(man.err == "", "man warned:\n\(man.err)")

        // Justified lines have runs of spaces; a word is never broken where these phrases fall.
        let page = man.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for heading in ["SYNOPSIS", "COMMANDS", "KEYS", "FILES", "ENVIRONMENT", "EXIT STATUS"] {
            #expect(page.contains(" \(heading) "), "no \(heading) section")
        }
        for command in ["browse", "import", "list", "export", "script", "fav", "unfav", "delete", "restore", "config",
                        "team claim-favorites"] {
            #expect(page.contains("favs \(command) "), "favs \(command) is not in the synopsis")
        }
        for binding in KeyMap.standard.bindings {
            let entry = binding.keys.map(\.name).joined(separator: ", ") + " " + binding.help
            #expect(page.contains(entry), "the keys section lacks \(entry)")
        }
        for variable in ["FAVS_LIBRARY", "FAVS_CONFIG", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "NO_COLOR", "TERM"] {
            #expect(page.contains(" \(variable) "), "ENVIRONMENT lacks \(variable)")
        }
        #expect(page.contains(" 66 No library, no folder for one, or no such database on the server; an input file cannot be read. "))
        #expect(page.contains(" 77 The PostgreSQL server refused the login; a change to a team "))
    }

    @Test func theBashCompletionLoadsAndCompletesFavWithTheLibrarysIds() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try await make("install-files", destination: scratch)
        let library = scratch.path("lib.sqlite")
        #expect(try await favs("script", "--library", library, stdin: "q\n", in: scratch).status == 0)
        let expected = try await nonFavoriteIDs(library, in: scratch)
        #expect(expected.count == 25)  // the sample: 28 items, 3 of them favorites

        // bash's own completion machinery: the installed script, the installed favs on PATH, a TAB after
        // `favs fav --library LIB `.
        let script = """
            source "$1" || exit 1
            complete -p favs || exit 1
            COMP_WORDS=(favs fav --library "$2" ""); COMP_CWORD=4
            COMP_LINE="favs fav --library $2 "; COMP_POINT=${#COMP_LINE}
            _favs favs "" "$2"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        var environment = pinnedEnvironment(home: scratch.url)
        environment["PATH"] = scratch.path("dest/usr/local/bin") + ":" + (environment["PATH"] ?? "")
        let bash = try await run("/bin/bash", ["--norc", "--noprofile", "-c", script, "bash",
                                               scratch.path("dest/usr/local/share/bash-completion/completions/favs"),
                                               library],
                                 environment: environment, in: scratch.url)
        #expect(bash.err == "")
        #expect(bash.status == 0)
        let lines = bash.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "complete -o filenames -F _favs favs")
        #expect(Array(lines.dropFirst()) == expected)
    }

    @Test func restoreCompletesTheDeletedIdsAndABadLibraryCompletesNothingSilently() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = scratch.path("lib.sqlite")
        #expect(try await favs("script", "--library", library, stdin: "q\n", in: scratch).status == 0)
        #expect(try await favs("delete", "--library", library, "rec-002", "rec-005", in: scratch).status == 0)

        // The call the completion scripts make: ---completion SUBCOMMAND -- ARGUMENT WORD-INDEX CURSOR WORDS...
        let restore = try await favs("---completion", "restore", "--", "positional@0", "4", "0",
                                     "favs", "restore", "--library", library, "", in: scratch)
        #expect(restore.out == "rec-002\nrec-005\n")
        let typed = try await favs("---completion", "delete", "--", "positional@0", "3", "6",
                                   "favs", "delete", "--library=" + library, "rec-01", in: scratch)
        #expect(typed.out.split(separator: "\n").map(String.init) == (10...19).map { "rec-0\($0)" })

        let missing = try await favs("---completion", "fav", "--", "positional@0", "4", "0",
                                     "favs", "fav", "--library", scratch.path("nope/lib.sqlite"), "", in: scratch)
        #expect(missing.status == 0)
        #expect(missing.out == "")
        #expect(missing.err == "")
    }

    @Test(.enabled(if: hasProgram("zsh"), "zsh is not installed: its completion script is not checked"))
    func theZshCompletionLoads() async throws {
        try await expectCompletionLoads(shell: "zsh", ["-f", "-c", #"autoload -U compinit && compinit -u && source "$1" && (( $+functions[_favs] ))"#, "zsh"],
                                        file: "share/zsh/site-functions/_favs")
    }

    @Test(.enabled(if: hasProgram("fish"), "fish is not installed: its completion script is not checked"))
    func theFishCompletionLoads() async throws {
        try await expectCompletionLoads(shell: "fish", ["--no-config", "-c", #"source $argv[1]; and complete -c favs | string match -q '*fav*'"#],
                                        file: "share/fish/vendor_completions.d/favs.fish")
    }

    // MARK: Helpers

    /// Runs `make TARGET` in the package with the debug build, into `scratch/dest` with the default prefix.
    private func make(_ target: String, destination scratch: Scratch,
                      sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let binary = try favsBinary()
        let generator = URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("favs-man").path
        guard FileManager.default.isExecutableFile(atPath: generator) else {
            throw HarnessError("favs-man is missing at \(generator): run `swift build` (it builds every product)")
        }
        let result = try await run("/usr/bin/env", ["make", "--no-print-directory", "-C", Self.packageRoot.path, target,
                                                    "BIN=\(binary)", "MAN_GEN=\(generator)", "DESTDIR=\(scratch.path("dest"))"],
                                   environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        #expect(result.status == 0, "make \(target) failed:\n\(result.err)", sourceLocation: sourceLocation)
    }

    /// The ids `favs fav` can change: the items not yet favorites, in list order.
    private func nonFavoriteIDs(_ library: String, in scratch: Scratch) async throws -> [String] {
        let list = try await favs("list", "--library", library, "--format", "json", in: scratch)
        let items = try JSONSerialization.jsonObject(with: list.stdout) as? [[String: Any]] ?? []
        return items.filter { $0["favorite"] as? Bool == false }.compactMap { $0["id"] as? String }
    }

    /// Installs, then has `shell` load the completion script at `file` (the last argument) and succeed.
    private func expectCompletionLoads(shell: String, _ arguments: [String], file: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try await make("install-files", destination: scratch)
        let result = try await run("/usr/bin/env", [shell] + arguments + [scratch.path("dest/usr/local/" + file)],
                                   environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        #expect(result.status == 0, "\(shell) could not load \(file):\n\(result.err)")
        #expect(result.err == "")
    }
}

/// Whether `program` is on PATH.
func hasProgram(_ program: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
    }
}
