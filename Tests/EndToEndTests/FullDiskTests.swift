import Foundation
import Testing

/// A library on a disk with no space left: SQLite cannot make the files a WAL library needs to be read, so
/// favs opens it read-only (immutable) instead of failing with "disk I/O error": `favs list` works, the browser
/// shows it with "(read-only: disk full)" and rolls every change back saying so, and nothing is written.
/// Needs root to mount a small tmpfs.
@Suite(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
struct FullDiskTests {
    @Test func aFullDiskShowsTheLibraryReadOnlyAndRefusesChangesUntilThereIsSpace() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let disk = scratch.path("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let mounted = try await run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", disk],
                                    environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        try #require(mounted.status == 0, "mount failed: \(mounted.err)")
        defer { _ = umount2(disk, Int32(MNT_DETACH)) }

        let library = disk + "/lib.sqlite"
        let before = try await favs("list", "--library", library, in: scratch)  // no library yet: creates nothing
        #expect(before.status == 66)
        try await LiveSync.createSample(library, in: scratch)
        // The last connection to close removes the log files, as when every favs has quit.
        _ = try await run("/usr/bin/sqlite3", [library, "PRAGMA wal_checkpoint(TRUNCATE)"],
                          environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        let list = try await favs("list", "--library", library, in: scratch)
        try #require(list.status == 0)
        // Fill the disk.
        let filled = try await run("/bin/dd", ["if=/dev/zero", "of=\(disk)/fill", "bs=1k"],
                                   environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        #expect(filled.status != 0, "dd stops when the disk is full")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: library))

        let fullList = try await favs("list", "--library", library, in: scratch)
        #expect(fullList.status == 0, "\(fullList.err)")
        #expect(fullList.out == list.out)

        let browser = try await favs("script", "--library", library, "--size", "80x24", stdin: "j f\n", in: scratch)
        #expect(browser.status == 0, "\(browser.err)")
        let screen = try #require(frames(browser.out).last).lines
        #expect(screen[0] == " favs — sample library (read-only: disk full)")
        #expect(trimmed(screen[23]) == " Not saved: the disk is full                             28 items · 3 favorites")

        let fav = try await favs("fav", "rec-002", "--library", library, in: scratch)
        #expect(fav.status == 74)
        #expect(fav.err == "favs: the disk is full\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: library)) == bytes, "nothing was written")

        // Space again: the next favs saves.
        try FileManager.default.removeItem(atPath: disk + "/fill")
        let saved = try await favs("fav", "rec-002", "--library", library, in: scratch)
        #expect(saved.status == 0, "\(saved.err)")
        #expect(try await favs("list", "--favorites", "--library", library, in: scratch).out.contains("rec-002"))
    }
}
