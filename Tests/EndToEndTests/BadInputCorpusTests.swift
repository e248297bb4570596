import Foundation
import Testing

/// Every file of the bad-input corpus (`BadInput/`, plus a few generated ones) imported into a library that
/// already holds items: a refused file prints its one-line error, exits 65 and leaves the library byte for
/// byte as it was; an accepted one adds exactly what docs/reliability.md says.
@Suite struct BadInputCorpusTests {
    /// What the library holds first: a favorite and an item with a field, so a change to either would show.
    static let good = """
        {"id":"g1","title":"Good","favorite":true}
        {"id":"g2","title":"Also good","artist":"Ann"}

        """
    /// The same items as `favs list --format jsonl` shows them.
    static let goodRows = [
        #"{"id":"g1","title":"Good","favorite":true}"#,
        #"{"id":"g2","title":"Also good","favorite":false,"artist":"Ann"}"#,
    ]

    @Test(arguments: BadInputCase.all)
    func anImportIsRefusedWithItsPlaceOrAcceptedAsDocumented(_ input: BadInputCase) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("good.jsonl", Self.good)
        try #require(try await favs("import", "good.jsonl", "--library", "lib.sqlite", in: scratch).status == 0)
        try input.data().write(to: scratch.url.appendingPathComponent(input.name))

        switch input.outcome {
        case let .refused(message):
            let listBefore = try await favs("list", "--library", "lib.sqlite", in: scratch)
            let itemsBefore = try await Self.items(in: scratch)
            let result = try await favs("import", input.name, "--library", "lib.sqlite", in: scratch)
            #expect(result.status == 65)
            #expect(result.out == "")
            #expect(result.err == "favs: \(message)\n")
            let listAfter = try await favs("list", "--library", "lib.sqlite", in: scratch)
            #expect(listAfter.stdout == listBefore.stdout, "favs list changed")
            #expect(try await Self.items(in: scratch) == itemsBefore, "the items table changed")
        case let .imported(rows):
            let result = try await favs("import", input.name, "--library", "lib.sqlite", in: scratch)
            #expect(result.status == 0)
            #expect(result.err == "")
            let after = try await favs("list", "--format", "jsonl", "--library", "lib.sqlite", in: scratch)
            let shown = after.out.split(separator: "\n").map(String.init)
            // Compared whole, but shown cut short: a failure must not print a 10 MB title.
            #expect(shown == Self.goodRows + rows, "\(shown.map { $0.prefix(120) }) ≠ \(rows.map { $0.prefix(120) })")
        }
    }

    /// Every row of the library's items table, every column quoted by SQLite itself (the sqlite3 shell, else
    /// python3), so a change that `favs list` does not show, such as a deleted flag or a position, is seen too.
    static func items(in scratch: Scratch) async throws -> String {
        let query = """
            SELECT quote(i.id), quote(i.title), quote(i.fields), f.item_id IS NOT NULL, i.position, i.deleted,
                quote(f.added_at)
            FROM items i LEFT JOIN members f ON f.set_name = 'favorites' AND f.item_id = i.id ORDER BY i.position
            """
        let library = scratch.path("lib.sqlite")
        let result = FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")
            ? try await run("/usr/bin/sqlite3", ["-readonly", library, query],
                            environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
            : try await run("python3", ["-c", """
                import sqlite3, sys
                for row in sqlite3.connect(sys.argv[1]).execute(sys.argv[2]): print(repr(row))
                """, library, query], environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        guard result.status == 0, !result.out.isEmpty else {
            throw HarnessError("cannot read the items of \(library): \(result.err)")
        }
        return result.out
    }
}
