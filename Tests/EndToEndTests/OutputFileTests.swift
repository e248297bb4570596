import Foundation
import Testing

/// `favs export --output PATH`: a regular file is replaced whole, through a temporary file renamed over it;
/// a symbolic link's target is replaced and the link stays; anything else (a FIFO, a device, /dev/stdout) is
/// written into, and stays what it was.
@Suite struct OutputFileTests {
    @Test func aFIFOsReaderGetsTheWholeExportAndTheFIFOStays() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try scratch.library(in: "lib")
        try await LiveSync.createSample(library, in: scratch)
        let expected = try await favs("export", "--library", library, in: scratch)
        try #require(expected.status == 0 && expected.out.count > 1000)
        let fifo = scratch.path("fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        // The reader gives up after 10 s: a FIFO replaced by a file never gets a writer.
        let script = #"timeout 10 cat "$1" > received & "$2" export --output "$1" --library "$3"; echo "$?" > status; wait"#
        let result = try await run("/bin/sh", ["-c", script, "sh", fifo, try favsBinary(), library],
                                   environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        #expect(result.err == "")
        #expect(try String(contentsOfFile: scratch.path("status"), encoding: .utf8) == "0\n")
        #expect(try String(contentsOfFile: scratch.path("received"), encoding: .utf8) == expected.out)
        #expect(fileType(fifo) == S_IFIFO, "the FIFO is still a FIFO")
    }

    @Test func aSymbolicLinksTargetIsReplacedAndTheLinkStaysALink() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try scratch.library(in: "lib")
        try await LiveSync.createSample(library, in: scratch)
        let expected = try await favs("export", "--favorites", "--library", library, in: scratch)
        try FileManager.default.createDirectory(atPath: scratch.path("data"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch.path("links"), withIntermediateDirectories: true)
        let target = try scratch.write("data/favorites.jsonl", "the old export\n")
        // Relative, from another folder: the temporary file must go beside the target, not beside the link.
        try #require(symlink("../data/favorites.jsonl", scratch.path("links/out.jsonl")) == 0)

        let result = try await favs("export", "--favorites", "--output", "links/out.jsonl", "--library", library,
                                    in: scratch)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "" && result.err == "")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == expected.out)
        #expect(fileType(scratch.path("links/out.jsonl")) == S_IFLNK, "the link is still a link")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.path("links/out.jsonl"))
                == "../data/favorites.jsonl")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("data")) == ["favorites.jsonl"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("links")) == ["out.jsonl"])
    }

    @Test func slashDevSlashStdoutIsWrittenIntoAndAppendsToWhatStdoutIs() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        defer { restore("/dev/stdout", { _ = symlink("/proc/self/fd/1", "/dev/stdout") }, unless: S_IFLNK) }
        let library = try scratch.library(in: "lib")
        try await LiveSync.createSample(library, in: scratch)
        let expected = try await favs("export", "--library", library, in: scratch)
        try scratch.write("log", "before\n")
        let result = try await run("/bin/sh", [#"-c"#, #""$1" export --output /dev/stdout --library "$2" >> log"#, "sh",
                                               try favsBinary(), library],
                                   environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        #expect(result.status == 0, "\(result.err)")
        #expect(try String(contentsOfFile: scratch.path("log"), encoding: .utf8) == "before\n" + expected.out)
        #expect(fileType("/dev/stdout") == S_IFLNK)
    }

    @Test(.enabled(if: getuid() == 0, "only root could replace /dev/full"))
    func slashDevSlashFullExits73AndStaysACharacterDevice() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        defer { restore("/dev/full", {
            _ = mknod("/dev/full", S_IFCHR, dev_t(0x107))  // major 1, minor 7
            _ = chmod("/dev/full", 0o666)
        }, unless: S_IFCHR) }
        let library = try scratch.library(in: "lib")
        try await LiveSync.createSample(library, in: scratch)
        let result = try await favs("export", "--output", "/dev/full", "--library", library, in: scratch)
        #expect(result.status == 73)
        #expect(result.err == "favs: cannot write /dev/full: No space left on device\n")
        #expect(fileType("/dev/full") == S_IFCHR, "/dev/full is still a character device")
    }

    /// Puts a file of /dev back should favs have replaced it (as root it could; the machine's other users need it).
    private func restore(_ path: String, _ make: () -> Void, unless type: mode_t) {
        guard fileType(path) != type else { return }
        unlink(path)
        make()
    }
}

/// The type bits of what is at `path` itself (a link, not its target); 0 when nothing is there.
func fileType(_ path: String) -> mode_t {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
}
