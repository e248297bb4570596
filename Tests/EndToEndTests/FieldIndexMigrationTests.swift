import Foundation
import Testing

/// A team library made before field terms were searched: opening it makes its `pg_trgm` index, and field terms
/// give the same answers before and after.
@Suite struct FieldIndexMigrationTests {
    @Test func aPostgresLibraryWithoutTheFieldIndexGetsItWhenOpened() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try Postgres.freshSchema("fields")
        let schema = String(library.split(separator: "=").last ?? "")
        try await LiveSync.createSample(library, in: scratch)
        let indexed = "SELECT count(*) FROM pg_indexes WHERE schemaname = '\(schema)' AND indexname = 'items_fields'"
        #expect(try await Postgres.psql(indexed, in: scratch) == "1")
        _ = try await Postgres.psql("DROP INDEX \"\(schema)\".items_fields", in: scratch)
        let found = try await favs("list", "--library", library, "--query", "artist:padilla", in: scratch)
        #expect(found.status == 0, "\(found.err)")
        #expect(found.out == "rec-003   Café del Mar — Sunset\n")
        #expect(try await Postgres.psql(indexed, in: scratch) == "1", "made again by the open")
    }
}
