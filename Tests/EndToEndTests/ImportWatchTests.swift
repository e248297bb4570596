import Foundation
import Testing

/// `favs import --watch FILE` as a user runs it: a real favs process follows a Chrome `Bookmarks` file that the test
/// rewrites as Chrome does (written beside it, renamed over it), and `favs list` shows what landed.
@Suite struct ImportWatchTests {
    /// A Chrome `Bookmarks` file: the bookmark bar's links, then a `dev` folder's.
    static func chrome(bar: [(String, String)], dev: [(String, String)] = []) -> String {
        func link(_ pair: (String, String)) -> String {
            #"{"date_added": "13302153838000000", "id": "1", "name": "\#(pair.1)", "type": "url", "url": "\#(pair.0)"}"#
        }
        let folder = dev.isEmpty ? [] : [#"{"children": [\#(dev.map(link).joined(separator: ", "))], "id": "2", "name": "dev", "type": "folder"}"#]
        return #"""
            {"checksum": "0", "roots": {
              "bookmark_bar": {"children": [\#((bar.map(link) + folder).joined(separator: ", "))], "id": "1", "name": "Bookmarks bar", "type": "folder"},
              "other": {"children": [], "id": "3", "name": "Other bookmarks", "type": "folder"},
              "synced": {"children": [], "id": "4", "name": "Mobile bookmarks", "type": "folder"}},
             "version": 1}
            """#
    }

    /// Rewrites the file as Chrome saves it: a new file renamed over the old one.
    static func save(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + ".tmp"))
        guard rename(path + ".tmp", path) == 0 else { throw HarnessError("cannot rename over \(path)") }
    }

    /// The running watch: its process and the files its stdout and stderr go to.
    struct Watch {
        let pid: pid_t
        let out: String
        let err: String
        var stdout: String { (try? String(contentsOfFile: out, encoding: .utf8)) ?? "" }
        var stderr: String { (try? String(contentsOfFile: err, encoding: .utf8)) ?? "" }

        /// Waits until stdout ends with `text`; fails with what it holds.
        func waitFor(_ text: String) async throws {
            guard await eventually(within: .seconds(10), { stdout.hasSuffix(text) }) else {
                throw HarnessError("the watch did not say \(text.debugDescription); stdout:\n\(stdout)\nstderr:\n\(stderr)")
            }
        }

        /// Sends `signal` and returns the exit status (the shell's convention), within 5 s.
        func stop(with signal: Int32) async throws -> Int32 {
            kill(pid, signal)
            var status: Int32 = 0
            let ended = await eventually { waitpid(pid, &status, WNOHANG) == pid }
            guard ended else {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw HarnessError("favs import --watch did not end within 5 s of signal \(signal)")
            }
            return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
        }
    }

    static func start(_ file: String, library: String, in scratch: Scratch) throws -> Watch {
        let watch = Watch(pid: 0, out: scratch.path("watch.out"), err: scratch.path("watch.err"))
        try Data().write(to: URL(fileURLWithPath: scratch.path("watch.in")))
        let pid = try spawn(try favsBinary(), ["import", "--watch", file, "--library", library],
                            environment: pinnedEnvironment(home: scratch.url), directory: scratch.url.path,
                            stdin: scratch.path("watch.in"), stdout: watch.out, stderr: watch.err)
        return Watch(pid: pid, out: watch.out, err: watch.err)
    }

    static func listed(_ library: String, in scratch: Scratch) async throws -> String {
        try await favs("list", "--library", library, in: scratch).out
    }

    @Test func aFollowedFileBringsAdditionsAndRemovalsAndKeepsWhatFavsStarredOrTagged() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = scratch.path("Bookmarks"), library = scratch.path("lib.sqlite")
        let a = ("https://a.example/", "Alpha"), b = ("https://b.example/", "Beta"), c = ("https://c.example/", "Gamma"),
            d = ("https://d.example/", "Delta"), e = ("https://e.example/", "Epsilon")
        try Self.save(Self.chrome(bar: [a, b], dev: [c, d]), to: file)
        let watch = try Self.start(file, library: library, in: scratch)
        try await watch.waitFor("imported 4 items from \(file) (4 added, 0 updated, 0 unchanged)\n")
        #expect(watch.stderr == "favs: following \(file); Ctrl-C stops\n")

        // Added in the browser: in favs within seconds.
        try Self.save(Self.chrome(bar: [a, b, e], dev: [c, d]), to: file)
        try await watch.waitFor("\(file): 1 added, 0 updated, 0 removed\n")
        #expect(try await Self.listed(library, in: scratch) == """
            https://a.example/   Alpha
            https://b.example/   Beta
            https://c.example/   Gamma
            https://d.example/   Delta
            https://e.example/   Epsilon

            """)

        // Starred and tagged in favs, then removed in the browser with two others: those two go, the starred and the
        // tagged one stay and are named.
        #expect(try await favs("fav", "https://a.example/", "--library", library, in: scratch).status == 0)
        #expect(try await favs("tag", "https://c.example/", "+later", "--library", library, in: scratch).status == 0)
        try Self.save(Self.chrome(bar: [e]), to: file)
        try await watch.waitFor("""
            \(file): 0 added, 0 updated, 2 removed
            \(file): kept 2 removed bookmarks you starred or tagged: “Alpha”, “Gamma”

            """)
        #expect(try await Self.listed(library, in: scratch) == """
            https://a.example/ ★ Alpha
            https://c.example/   Gamma
            https://e.example/   Epsilon

            """)

        // Half written: one line on stderr, nothing changed; the next good save lands.
        let good = Self.chrome(bar: [e, ("https://z.example/", "Zeta")])
        try Self.save(String(good.prefix(120)), to: file)
        guard await eventually(within: .seconds(10), { watch.stderr.contains("(nothing changed; read again when it next changes)") }) else {
            throw HarnessError("the broken file was not said; stderr:\n\(watch.stderr)")
        }
        let said = watch.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(said == "favs: \(file):2:88: unterminated string (nothing changed; read again when it next changes)")
        #expect(try await Self.listed(library, in: scratch).split(separator: "\n").count == 3)
        try Self.save(good, to: file)
        try await watch.waitFor("\(file): 1 added, 0 updated, 0 removed\n")
        #expect(try await Self.listed(library, in: scratch).hasSuffix("https://z.example/   Zeta\n"))

        // SIGTERM (as Ctrl-C) ends it cleanly: the watch was asked to stop, so it exits 0.
        #expect(try await watch.stop(with: SIGTERM) == 0)
    }

    @Test func ctrlCEndsTheWatchWithExitZero() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = scratch.path("Bookmarks")
        try Self.save(Self.chrome(bar: [("https://a.example/", "Alpha")]), to: file)
        let watch = try Self.start(file, library: scratch.path("lib.sqlite"), in: scratch)
        try await watch.waitFor("imported 1 item from \(file) (1 added, 0 updated, 0 unchanged)\n")
        #expect(try await watch.stop(with: SIGINT) == 0)
    }

    @Test func aFileThatIsNotBookmarksIsRefusedAndNoLibraryIsMade() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.write("items.json", #"[{"id": "1", "title": "one"}]"#)
        let result = try await favs("import", "--watch", file, "--library", "lib.sqlite", in: scratch)
        #expect(result.status == 65)
        #expect(result.err == "favs: \(file): not a browser's bookmarks (give --format html, chrome, firefox-backup or firefox)\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("lib.sqlite")))
        let two = try await favs("import", "--watch", file, file, "--library", "lib.sqlite", in: scratch)
        #expect(two.status == 64)
        #expect(two.err.contains("--watch follows one bookmark file: give its path."))
    }
}
