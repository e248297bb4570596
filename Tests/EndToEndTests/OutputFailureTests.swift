import Foundation
import Testing

/// stdout that cannot be written: every command that prints checks each write, so a full disk is one line on
/// stderr and exit 74 (not a file cut short with exit 0, nor a backtrace); a reader that goes away (`| head`)
/// still ends favs quietly.
@Suite struct OutputFailureTests {
    static let fullDiskMessage = "favs: cannot write the output: No space left on device\n"

    /// Each command that prints, with what it needs on stdin; all of them on the sample library.
    static let printingCommands: [(arguments: [String], stdin: String)] = [
        (["list"], ""),
        (["list", "--format", "tsv"], ""),
        (["export"], ""),
        (["script"], "frame j frame j frame\n"),
        (["pick", "--query", "für", "--select-1"], ""),
        (["fav", "rec-007"], ""),
        (["config", "--print-default"], ""),
    ]

    @Test(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
    func everyCommandThatPrintsExits74WithOneLineWhenStdoutIsOnAFullDisk() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try scratch.library(in: "lib")
        try await LiveSync.createSample(library, in: scratch)
        let disk = try await FullDisk(in: scratch)
        defer { disk.unmount() }
        for (arguments, stdin) in Self.printingCommands {
            let name = (["favs"] + arguments).joined(separator: " ")
            let command = arguments.first == "config" ? arguments : arguments + ["--library", library]
            let result = try await run("/bin/sh", ["-c", #"out=$1; shift; exec "$@" > "$out""#, "sh", disk.path + "/out",
                                                   try favsBinary()] + command,
                                       stdin: stdin, environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
            #expect(result.status == 74, "\(name): \(result.err)")
            #expect(result.err == Self.fullDiskMessage, "\(name)")
        }
    }

    @Test func aReaderThatStopsReadingEndsListQuietlyWhetherOrNotSIGPIPEIsIgnored() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // Far more than a pipe holds (64 KiB), so favs is still writing when head has gone.
        let lines = (1...20_000).map { #"{"id": "item-\#($0)", "title": "Item number \#($0) with a longer title"}"# }
        try scratch.write("many.jsonl", lines.joined(separator: "\n") + "\n")
        let library = try scratch.library(in: "lib")
        let imported = try await favs("import", "many.jsonl", "--library", library, in: scratch)
        try #require(imported.status == 0, "\(imported.err)")
        for ignore in ["", "trap '' PIPE; "] {  // a postgres:// library ignores SIGPIPE for the whole process
            let result = try await run("/bin/sh", ["-c", ignore + #""$1" list --library "$2" | head -1"#, "sh",
                                                   try favsBinary(), library],
                                       environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
            #expect(result.status == 0, "\(ignore)")
            #expect(result.out == "item-1       Item number 1 with a longer title\n", "\(ignore)")
            #expect(result.err == "", "\(ignore)")
        }
    }
}

/// A 1 MiB tmpfs with no space left on it (root only), unmounted by `unmount()`.
struct FullDisk {
    let path: String

    init(in scratch: Scratch) async throws {
        path = scratch.path("disk")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let mounted = try await run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", path],
                                    environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        guard mounted.status == 0 else { throw HarnessError("mount failed: \(mounted.err)") }
        let filled = try await run("/bin/dd", ["if=/dev/zero", "of=\(path)/fill", "bs=1k"],
                                   environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        guard filled.status != 0 else { throw HarnessError("dd filled 1 MiB without running out of space") }
    }

    func unmount() { _ = umount2(path, Int32(MNT_DETACH)) }
}
