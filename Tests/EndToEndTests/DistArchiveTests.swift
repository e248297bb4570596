import Foundation
import Testing

/// `make dist`: the archive holds the binary, the manual page, the completions, README and LICENSE under one
/// folder named for the version; the binary in it needs nothing of the Swift toolchain, and runs with the
/// toolchain's folder hidden: the version, a list, a script, an import and a PostgreSQL error.
@Suite(.enabled(if: Artefacts.folder != nil, Artefacts.missing))
struct DistArchiveTests {
    /// The libraries the shipped binary may ask for itself (docs/install.md lists them): the C and C++ runtimes,
    /// ncursesw and SQLite, every one in a Debian system's own packages. libpq is not among them: it is loaded
    /// when a team library is opened.
    static let systemLibraries: Set<String> = [
        "libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "libncursesw.so.6", "libtinfo.so.6",
        "libsqlite3.so.0", "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1",
        // Firefox's .jsonlz4 backups: liblz4-1, which every Debian has (apt itself needs it).
        "liblz4.so.1",
    ]

    @Test func theArchiveHoldsTheBinaryTheManualTheCompletionsTheReadmeAndTheLicence() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let version = try Artefacts.version()
        let archive = try Artefacts.file(prefix: "favs-", suffix: ".tar.gz")
        let folder = "favs-\(version)-linux-\(try await machine(in: scratch))"
        #expect(URL(fileURLWithPath: archive).lastPathComponent == folder + ".tar.gz")

        let listing = try await run("/usr/bin/env", ["tar", "-tzf", archive], environment: pinnedEnvironment(home: scratch.url),
                                    in: scratch.url)
        #expect(listing.status == 0)
        let files = listing.out.split(separator: "\n").filter { !$0.hasSuffix("/") }.map(String.init).sorted()
        #expect(files == [
            "LICENSE", "README.md", "bin/favs", "share/bash-completion/completions/favs",
            "share/fish/vendor_completions.d/favs.fish", "share/man/man1/favs.1", "share/zsh/site-functions/_favs",
        ].map { folder + "/" + $0 })

        let root = try await unpack(archive, in: scratch)
        let binary = root + "/bin/favs"
        let printed = try await run(binary, ["--version"], environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        #expect(printed.out == "favs \(version)\n")
        let manual = try String(contentsOfFile: root + "/share/man/man1/favs.1", encoding: .utf8)
        #expect(manual.contains(".TH FAVS 1 \"\" \"favs \(version)\""))
        #expect(try String(contentsOfFile: root + "/LICENSE", encoding: .utf8).hasPrefix("MIT License"))
    }

    @Test func theShippedBinaryLoadsOnlyTheSystemsLibraries() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let binary = try await unpack(try Artefacts.file(prefix: "favs-", suffix: ".tar.gz"), in: scratch) + "/bin/favs"
        let needed = try await Artefacts.neededLibraries(of: binary, in: scratch)
        #expect(Set(needed.map(\.name)).isSuperset(of: ["libc.so.6", "libncursesw.so.6", "libsqlite3.so.0"]))
        for library in needed {
            #expect(Self.systemLibraries.contains(library.name), "favs asks for \(library.name) (\(library.path ?? "not found"))")
        }
        // Everything loaded at launch, what those libraries ask for included, is found, and none of it in the toolchain.
        let libraries = try await Artefacts.sharedLibraries(of: binary, in: scratch)
        for library in libraries {
            #expect(library.path != nil || library.name == "linux-vdso.so.1", "\(library.name) is not found")
            if let toolchain = Artefacts.toolchain, let path = library.path {
                #expect(!path.hasPrefix(toolchain + "/"), "\(library.name) comes from the toolchain: \(path)")
            }
        }
    }

    @Test(.enabled(if: getuid() == 0, "hiding the toolchain's folder mounts a tmpfs: that needs root"),
          .enabled(if: hasProgram("unshare"), "unshare (util-linux) is not installed"),
          .enabled(if: Artefacts.toolchain != nil, "no Swift toolchain in a folder of its own to hide (swift is not on PATH, or is in /usr)"))
    func theShippedBinaryRunsWithTheSwiftToolchainHidden() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let toolchain = try #require(Artefacts.toolchain)
        let binary = try await unpack(try Artefacts.file(prefix: "favs-", suffix: ".tar.gz"), in: scratch) + "/bin/favs"

        // The hiding works: the tests' own build, linked to the toolchain's runtime, cannot start.
        let dynamic = try await runHiding(toolchain, try favsBinary(), ["--version"], in: scratch)
        #expect(dynamic.status == 127, "the debug build started with \(toolchain) hidden: \(dynamic.err)")
        #expect(dynamic.err.contains("libswift") && dynamic.err.contains("cannot open shared object file"))

        let version = try await runHiding(toolchain, binary, ["--version"], in: scratch)
        #expect(version.status == 0, "\(version.err)")
        #expect(version.out == "favs \(try Artefacts.version())\n")

        let list = try await runHiding(toolchain, binary, ["list", "--library", ":memory:"], in: scratch)
        #expect(list.status == 0, "\(list.err)")
        #expect(list.out.split(separator: "\n").count == 28)
        #expect(list.out.hasPrefix("rec-001 ★ お気に入りの曲\n"))

        // A–Z folds case and accents (Foundation's Unicode data, linked in): the same frames as the tests' build.
        let steps = "j\nf\ns\n/\ntype e\nenter\nq\n"
        let script = try await runHiding(toolchain, binary, ["script", "--library", ":memory:", "--size", "60x12"],
                                         stdin: steps, in: scratch)
        #expect(script.status == 0, "\(script.err)")
        let expected = try await favs("script", "--library", ":memory:", "--size", "60x12", stdin: steps, in: scratch)
        #expect(script.out == expected.out)
        #expect(script.out.contains("· A–Z"))

        let items = try scratch.write("items.json", #"[{"id": "b", "title": "Éclair"}, {"id": "a", "title": "abc"}]"#)
        let library = scratch.path("lib.sqlite")
        let imported = try await runHiding(toolchain, binary, ["import", "--library", library, items], in: scratch)
        #expect(imported.status == 0, "\(imported.err)")
        let listed = try await runHiding(toolchain, binary, ["list", "--library", library], in: scratch)
        #expect(listed.out == "b   Éclair\na   abc\n")

        let server = "postgres://127.0.0.1:1/x"  // nothing listens on port 1
        let refused = try await runHiding(toolchain, binary, ["list", "--library", server], in: scratch)
        #expect(refused.status == 69)
        #expect(refused.err == "favs: cannot reach the server of library \(server): Connection refused\n")
    }

    /// Without libpq5 (its file emptied, in a mount namespace of the test's own) favs still does everything on
    /// a SQLite library, and a team library says what is missing: libpq is loaded when one is opened.
    @Test(.enabled(if: getuid() == 0, "emptying libpq's file for one process mounts over it: that needs root"),
          .enabled(if: hasProgram("unshare"), "unshare (util-linux) is not installed"))
    func theShippedBinaryNeedsLibpqOnlyForATeamLibrary() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let binary = try await unpack(try Artefacts.file(prefix: "favs-", suffix: ".tar.gz"), in: scratch) + "/bin/favs"
        let libpq = try #require(try await Artefacts.systemLibrary("libpq.so.5", in: scratch), "libpq.so.5 is not installed")

        let list = try await runEmptying(libpq, binary, ["list", "--library", ":memory:"], in: scratch)
        #expect(list.status == 0, "\(list.err)")
        #expect(list.out.hasPrefix("rec-001 ★ お気に入りの曲\n"))
        let server = "postgres://127.0.0.1:1/x"
        let refused = try await runEmptying(libpq, binary, ["list", "--library", server], in: scratch)
        #expect(refused.status == 69)
        #expect(refused.err.hasPrefix("favs: cannot reach the server of library \(server): libpq5 is not installed ("),
                "\(refused.err)")
        #expect(refused.err.hasSuffix(")\n") && refused.err.split(separator: "\n").count == 1)
        // The same binary with libpq there reaches the socket.
        let reached = try await run(binary, ["list", "--library", server], environment: pinnedEnvironment(home: scratch.url),
                                    in: scratch.url)
        #expect(reached.err == "favs: cannot reach the server of library \(server): Connection refused\n")
    }

    // MARK: Helpers

    /// `uname -m`, as the Makefile names the archive.
    private func machine(in scratch: Scratch) async throws -> String {
        let uname = try await run("/usr/bin/env", ["uname", "-m"], environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        return uname.out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Unpacks the archive into the scratch folder; returns the folder it holds.
    private func unpack(_ archive: String, in scratch: Scratch) async throws -> String {
        let tar = try await run("/usr/bin/env", ["tar", "-xzf", archive], environment: pinnedEnvironment(home: scratch.url),
                                in: scratch.url)
        try #require(tar.status == 0, "tar -xzf \(archive): \(tar.err)")
        let name = URL(fileURLWithPath: archive).lastPathComponent
        return scratch.path(String(name.dropLast(".tar.gz".count)))
    }
}
