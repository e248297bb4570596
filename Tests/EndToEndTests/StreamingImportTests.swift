import Foundation
import Testing

/// `favs import` writes records as it reads them: a file bigger than one piece (1 MiB) that fails at its very
/// end must still leave the library as it was, and a library the import created must not be left behind.
@Suite struct StreamingImportTests {
    /// A TSV of `rows` rows with long titles (about 1.3 MB for 3000), then `last` as its last line.
    static func bigTSV(rows: Int = 3000, last: String) -> String {
        var text = "id\ttitle\n"
        let filler = String(repeating: "long summary text, ", count: 22)
        for index in 1...rows { text += "r\(index)\t\(filler)\(index)\n" }
        return text + last + "\n"
    }

    @Test func aBadLastRowOfALargeFileLeavesTheLibraryByteForByteAsItWas() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("good.jsonl", BadInputCorpusTests.good)
        try #require(try await favs("import", "good.jsonl", "--library", "lib.sqlite", in: scratch).status == 0)
        let before = try await BadInputCorpusTests.items(in: scratch)
        try scratch.write("big.tsv", Self.bigTSV(last: "only one cell"))

        let result = try await favs("import", "big.tsv", "--library", "lib.sqlite", in: scratch)
        #expect(result.status == 65)
        #expect(result.err == "favs: big.tsv:3002:1: row has 1 cell, the header has 2\n")
        #expect(try await BadInputCorpusTests.items(in: scratch) == before)
    }

    @Test func aFailedImportIntoANewLibraryLeavesNoLibraryBehind() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("big.tsv", Self.bigTSV(last: "r17\tagain"))

        let result = try await favs("import", "big.tsv", "--library", "new.sqlite", in: scratch)
        #expect(result.status == 65)
        #expect(result.err == "favs: big.tsv:3002:1: duplicate id 'r17' (first at line 18)\n")
        for name in ["new.sqlite", "new.sqlite-wal", "new.sqlite-shm"] {
            #expect(!FileManager.default.fileExists(atPath: scratch.path(name)), "\(name) left behind")
        }
    }

    /// An import into a new library writes its pages straight into the file under a rollback journal (not into
    /// the WAL first). Killed half-way, it leaves a hot journal, and the next favs to open the library rolls it
    /// back: the library is empty, whole, and in WAL mode again.
    @Test func anImportKilledHalfWayIntoANewLibraryLeavesItEmptyWholeAndInWALMode() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let fifo = scratch.path("rows.tsv")
        try #require(mkfifo(fifo, 0o600) == 0)
        // Both ends open before favs starts: posix_spawn returns once the child has opened its stdin, and
        // opening one end of a FIFO waits for the other.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        let writer = FileHandle(forWritingAtPath: fifo)
        try #require(reader >= 0 && writer != nil)
        let pid = try spawn(try favsBinary(), ["import", "-", "--format", "tsv", "--library", "new.sqlite"],
                            environment: pinnedEnvironment(home: scratch.url), directory: scratch.url.path,
                            stdin: fifo, stdout: scratch.path("out"), stderr: scratch.path("err"))
        close(reader)
        let rows = String(Self.bigTSV(rows: 20_000, last: "").dropLast(2))  // ~9 MB, and no end: favs waits for more
        writer?.write(Data(rows.utf8))
        // Well past SQLite's page cache: pages are in the file, their old contents in the journal.
        let spilled = await eventually {
            let size = (try? FileManager.default.attributesOfItem(atPath: scratch.path("new.sqlite"))[.size] as? Int) ?? 0
            return size > 4_000_000 && FileManager.default.fileExists(atPath: scratch.path("new.sqlite-journal"))
        }
        #expect(spilled, "the import did not write into the file under a rollback journal")
        // Meanwhile the file is the import's alone: another favs waits its busy timeout, then says why.
        var environment = pinnedEnvironment(home: scratch.url)
        environment["FAVS_BUSY_TIMEOUT_MS"] = "200"
        let meanwhile = try await run(try favsBinary(), ["list", "--library", "new.sqlite"], environment: environment,
                                      in: scratch.url)
        #expect(meanwhile.status == 74)
        #expect(meanwhile.err == "favs: cannot open library new.sqlite: another process is writing to it (an import?): "
                + "try again when it is done\n")
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        writer?.closeFile()

        let list = try await favs("list", "--library", "new.sqlite", "--format", "tsv", in: scratch)
        #expect(list.status == 0, "\(list.err)")
        #expect(list.out == "id\ttitle\tfavorite\n", "\(list.out.prefix(200))")
        #expect(try await LiveSync.integrityCheck(scratch.path("new.sqlite"), in: scratch) == "ok")
        #expect(try await run("/usr/bin/sqlite3", [scratch.path("new.sqlite"), "PRAGMA journal_mode"],
                              environment: pinnedEnvironment(home: scratch.url), in: scratch.url).out == "wal\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("new.sqlite-journal")))
    }

    @Test func aRepeatAcrossFilesIntoALibraryWithItemsNamesTheFirstFile() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("good.jsonl", BadInputCorpusTests.good)
        try #require(try await favs("import", "good.jsonl", "--library", "lib.sqlite", in: scratch).status == 0)
        let before = try await BadInputCorpusTests.items(in: scratch)
        try scratch.write("big.tsv", Self.bigTSV(last: "g1\tGood again"))
        try scratch.write("more.tsv", "id\ttitle\nx\tX\nr2999\tRepeat\n")

        let result = try await favs("import", "big.tsv", "more.tsv", "--library", "lib.sqlite", in: scratch)
        #expect(result.status == 65)
        #expect(result.err == "favs: more.tsv:3:1: duplicate id 'r2999' (first at big.tsv:3000)\n")
        #expect(try await BadInputCorpusTests.items(in: scratch) == before)
    }

    @Test func standardInputIsImportedAsAFileIsAndWithoutAProgressLineInAPipe() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = try await favs("import", "-", "--format", "tsv", "--library", "lib.sqlite",
                                    stdin: Self.bigTSV(last: "last\tThe last"), in: scratch)
        #expect(result.status == 0)
        #expect(result.err == "")
        #expect(result.out == "imported 3001 items from <stdin> (3001 added, 0 updated, 0 unchanged)\n")
        let list = try await favs("list", "--library", "lib.sqlite", in: scratch)
        let last = list.out.split(separator: "\n").last ?? ""
        #expect(last.hasPrefix("last ") && last.hasSuffix(" The last"), "\(last)")
    }
}
