import Foundation
import Testing

/// An import into a schema without a library makes the library's tables in its own transaction: failed or
/// killed, it leaves the schema as it found it (absent, or empty), and favs then says there is no library there,
/// as for a schema never used, rather than open an empty one.
@Suite struct PostgresImportTests {
    /// The schema's name in a URL `Postgres.freshSchema` made.
    func schema(of library: String) throws -> String {
        try #require(library.split(separator: "=").last.map(String.init))
    }

    /// How many tables the schema holds, and whether it exists.
    func tables(in schema: String, _ scratch: Scratch) async throws -> (tables: String, schemas: String) {
        (try await Postgres.psql("SELECT count(*) FROM information_schema.tables WHERE table_schema = '\(schema)'", in: scratch),
         try await Postgres.psql("SELECT count(*) FROM information_schema.schemata WHERE schema_name = '\(schema)'", in: scratch))
    }

    /// What `favs list` says of a library: the same words and status as for a schema never used.
    func expectNoLibrary(at library: String, _ scratch: Scratch,
                         sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let never = try Postgres.freshSchema("never")
        let listed = try await favs("list", "--library", library, in: scratch)
        let neverListed = try await favs("list", "--library", never, in: scratch)
        #expect(neverListed.status == 66, sourceLocation: sourceLocation)
        #expect(listed.status == neverListed.status, sourceLocation: sourceLocation)
        #expect(listed.err == neverListed.err.replacingOccurrences(of: try schema(of: never), with: try schema(of: library)),
                sourceLocation: sourceLocation)
        #expect(listed.out == "", sourceLocation: sourceLocation)
    }

    @Test func aFailedImportIntoANewSchemaLeavesNoTablesBehind() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("big.tsv", StreamingImportTests.bigTSV(last: "r17\tagain"))
        let library = try Postgres.freshSchema("failed")
        let name = try schema(of: library)

        let result = try await favs("import", "big.tsv", "--library", library, in: scratch)
        #expect(result.status == 65)
        #expect(result.err == "favs: big.tsv:3002:1: duplicate id 'r17' (first at line 18)\n")
        #expect(try await tables(in: name, scratch) == ("0", "0"), "the schema the import made is gone")
        try await expectNoLibrary(at: library, scratch)

        // A schema the user made, empty, is left empty.
        _ = try await Postgres.psql("CREATE SCHEMA \(name)", in: scratch)
        let again = try await favs("import", "big.tsv", "--library", library, in: scratch)
        #expect(again.status == 65)
        #expect(try await tables(in: name, scratch) == ("0", "1"))
        try await expectNoLibrary(at: library, scratch)
    }

    /// Killed with SIGKILL while its rows stream to the server, the import's transaction is rolled back by the
    /// server as the connection drops: the tables it made go with it.
    @Test func anImportKilledHalfWayIntoANewSchemaLeavesNoTablesBehind() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try Postgres.freshSchema("killed")
        let name = try schema(of: library)
        let fifo = scratch.path("rows.tsv")
        try #require(mkfifo(fifo, 0o600) == 0)
        // Both ends open before favs starts: posix_spawn returns once the child has opened its stdin, and
        // opening one end of a FIFO waits for the other.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        let writer = FileHandle(forWritingAtPath: fifo)
        try #require(reader >= 0 && writer != nil)
        let pid = try spawn(try favsBinary(), ["import", "-", "--format", "tsv", "--library", library],
                            environment: pinnedEnvironment(home: scratch.url), directory: scratch.url.path,
                            stdin: fifo, stdout: scratch.path("out"), stderr: scratch.path("err"))
        close(reader)
        // ~9 MB, and no end: favs waits for more, its transaction open, several pieces already copied.
        writer?.write(Data(String(StreamingImportTests.bigTSV(rows: 20_000, last: "").dropLast(2)).utf8))
        func lockHeld() async throws -> Bool {
            try await Postgres.psql("SELECT NOT pg_try_advisory_xact_lock(hashtext('favs:\(name)'))", in: scratch) == "t"
        }
        #expect(try await eventually { try await lockHeld() }, "the import holds no write transaction")
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        writer?.closeFile()

        #expect(try await eventually { try await !lockHeld() }, "the server did not end the import's transaction")
        #expect(try await tables(in: name, scratch) == ("0", "0"))
        try await expectNoLibrary(at: library, scratch)
    }
}
