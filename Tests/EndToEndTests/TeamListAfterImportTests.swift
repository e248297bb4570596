import Foundation
import Testing

/// A team library just imported is read from its list index alone (issue #36): the import leaves every page of
/// `items` all-visible and analysed, so PostgreSQL answers the list from `items_list` instead of scanning the
/// table with its fields and sorting it, which it did until autovacuum came by.
@Suite struct TeamListAfterImportTests {
    @Test func anImportLeavesEveryPageOfTheItemsVisibleToTheListIndex() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try Postgres.freshSchema("vacuum")
        let schema = String(library.split(separator: "=").last ?? "")
        let summary = String(repeating: "a summary long enough to fill a page of its own, ", count: 40)
        let rows = (1...300).map { "pkg-\($0)\t1.0.\($0)\t\(summary)\($0)" }
        let file = try scratch.write("packages.tsv", "name\tversion\tsummary\n" + rows.joined(separator: "\n") + "\n")
        let imported = try await favs("import", file, "--id", "name", "--title", "name", "--library", library, in: scratch)
        #expect(imported.status == 0, "\(imported.err)")
        // Vacuumed and analysed by the import itself (autovacuum would have set last_autovacuum, a minute later).
        // Whether every page is then marked all-visible also depends on every other transaction of the server: a
        // test beside this one holding a snapshot keeps VACUUM from marking them, so that is not asked here.
        let vacuumed = """
            SELECT last_vacuum IS NOT NULL AND last_analyze IS NOT NULL FROM pg_stat_user_tables
            WHERE relid = '"\(schema)".items'::regclass
            """
        #expect(try await Postgres.psql(vacuumed, in: scratch) == "t")
        let found = try await favs("list", "--library", library, "--query", "^pkg-29", in: scratch)
        #expect(found.out == "pkg-29    pkg-29\npkg-290   pkg-290\npkg-291   pkg-291\npkg-292   pkg-292\npkg-293   pkg-293\npkg-294   pkg-294\npkg-295   pkg-295\npkg-296   pkg-296\npkg-297   pkg-297\npkg-298   pkg-298\npkg-299   pkg-299\n")
    }
}
