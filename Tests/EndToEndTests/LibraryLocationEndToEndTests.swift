import Foundation
import Testing

/// `--library` and `$FAVS_LIBRARY` name a file in a folder that exists; only the default location's folders
/// are created, and a URL is refused before anything is read or written.
@Suite struct LibraryLocationTests {
    /// Every command that takes a library, with arguments that would otherwise succeed on a new library.
    static let commands: [[String]] = [
        [], ["browse"], ["script"], ["list"], ["export"], ["import", "songs.jsonl"],
        ["fav", "rec-001"], ["unfav", "rec-001"], ["delete", "rec-001"], ["restore", "rec-001"],
    ]

    @Test func aURLOfAnotherDatabaseIsRefusedByEveryCommandAndNothingIsCreated() async throws {
        try await expectEveryCommand(["--library", "mysql://u@h/db"], toExit: 64,
                                     saying: "favs: unsupported library location 'mysql://u@h/db'")
    }

    @Test func aURLInTheEnvironmentIsRefusedWithoutItsPassword() async throws {
        try await expectEveryCommand([], environment: ["FAVS_LIBRARY": "mysql://u:secret@h/db"], toExit: 64,
                                     saying: "favs: unsupported library location 'mysql://u:***@h/db'")
    }

    @Test func aMalformedPostgresURLIsRefusedByEveryCommandWithoutItsPassword() async throws {
        try await expectEveryCommand(["--library", "postgres://u:secret@127.0.0.1:99999/db"], toExit: 64,
                                     saying: "favs: bad library URL 'postgres://u:***@127.0.0.1:99999/db': the port must be a number from 1 to 65535")
    }

    @Test func aLibraryInAFolderThatIsNotThereIsRefusedAndNothingIsCreated() async throws {
        try await expectEveryCommand(["--library", "nope/x.sqlite"], toExit: 66,
                                     saying: "favs: cannot open library 'nope/x.sqlite': folder 'nope' does not exist")
    }

    @Test func theDefaultLocationCreatesItsFolders() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let atHome = try await favs("script", stdin: "q\n", in: scratch)
        #expect(atHome.status == 0)
        #expect(atHome.err == "")
        #expect(frames(atHome.out).first?.lines.first == " favs — sample library")
        #expect(FileManager.default.fileExists(atPath: scratch.path(".local/share/favs/library.sqlite")))

        var environment = pinnedEnvironment(home: scratch.url)
        environment["XDG_DATA_HOME"] = scratch.path("data/home")
        try scratch.write("songs.jsonl", #"{"id": "s1", "title": "Song"}"# + "\n")
        let imported = try await run(try favsBinary(), ["import", "songs.jsonl"], environment: environment,
                                     in: scratch.url)
        #expect(imported.status == 0)
        #expect(imported.err == "")
        #expect(FileManager.default.fileExists(atPath: scratch.path("data/home/favs/library.sqlite")))
    }

    /// Runs every command with `arguments` added (and `environment` over the pinned one) in a new directory,
    /// and expects each to print only `message` and exit with `status`, leaving the directory as it was.
    private func expectEveryCommand(_ arguments: [String], environment: [String: String] = [:], toExit status: Int32,
                                    saying message: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("songs.jsonl", #"{"id": "s1", "title": "Song"}"# + "\n")
        let environment = pinnedEnvironment(home: scratch.url).merging(environment) { $1 }
        for command in Self.commands {
            let result = try await run(try favsBinary(), command + arguments, stdin: "q\n", environment: environment,
                                       in: scratch.url)
            let name = (["favs"] + command).joined(separator: " ")
            #expect(result.status == status, "\(name)")
            #expect(result.err == message + "\n", "\(name)")
            #expect(result.out == "", "\(name)")
        }
        // No `postgres:` or `nope` folder, and no library at the default location either.
        #expect(try FileManager.default.subpathsOfDirectory(atPath: scratch.url.path) == ["songs.jsonl"])
    }
}
