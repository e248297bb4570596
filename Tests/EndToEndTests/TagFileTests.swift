import Foundation
import Testing

/// Tags travel in every file format, on both backends: `favs import` writes them as rows of `members`, `favs export`
/// and `favs list --format` write them back, and an export imported into a new library gives the same items.
@Suite struct TagFileTests {
    /// Three items: tags in several cases (one tag given twice), a star, a field, and one without tags.
    static let tagged = """
        {"id": "a", "title": "Alpha", "tags": ["work", "reading/2026", "Dev"], "year": 1999}
        {"id": "b", "title": "Beta", "favorite": true, "tags": ["WORK", "work"]}
        {"id": "c", "title": "Gamma", "note": "no tags"}

        """

    /// The library's members rows, `set_name item_id added_at` in order, read by the backend's own shell.
    private func memberRows(_ library: String, _ backend: Backend, in scratch: Scratch) async throws -> String {
        let query = "SELECT set_name || ' ' || item_id || ' ' || coalesce(CAST(added_at AS text), 'null') FROM members "
            + "ORDER BY set_name COLLATE \(backend == .sqlite ? "BINARY" : "\"C\""), item_id"
        switch backend {
        case .sqlite:
            let result = try await run("/usr/bin/sqlite3", ["-readonly", library, query],
                                       environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
            return result.out.trimmingCharacters(in: .whitespacesAndNewlines)
        case .postgres:
            let schema = try #require(library.split(separator: "=").last.map(String.init))
            return try await Postgres.psql("SET search_path = \(schema); " + query, in: scratch)
        }
    }

    @Test(arguments: Backend.allCases)
    func importedTagsAreMembersRowsAndListedAToZWithoutCase(_ backend: Backend) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try backend.library(in: scratch)
        try scratch.write("tagged.jsonl", Self.tagged)
        let imported = try await favs("import", "tagged.jsonl", "--library", library, in: scratch)
        #expect(imported.status == 0, "\(imported.err)")
        #expect(try await memberRows(library, backend, in: scratch) == """
            #Dev a null
            #reading/2026 a null
            #work a null
            #work b null
            \(backend == .postgres ? "@favs" : "favorites") b null
            """, "a team library keeps the importer's stars (the tests' role: favs)")
        let list = try await favs("list", "--format", "jsonl", "--library", library, in: scratch)
        #expect(list.out == """
            {"id":"a","title":"Alpha","favorite":false,"tags":["Dev","reading/2026","work"],"year":1999}
            {"id":"b","title":"Beta","favorite":true,"tags":["work"]}
            {"id":"c","title":"Gamma","favorite":false,"note":"no tags"}

            """)
        let csv = try await favs("export", "--format", "csv", "--library", library, in: scratch)
        #expect(csv.out == """
            id,title,favorite,tags,year,note
            a,Alpha,false,Dev;reading/2026;work,1999,
            b,Beta,true,work,,
            c,Gamma,false,,,no tags

            """)
        // A search that shows few of the items reads their tags in one query of its own.
        try scratch.write("more.jsonl", (1...4).map { #"{"id": "d\#($0)", "title": "Delta \#($0)"}"# }.joined(separator: "\n"))
        try #require(try await favs("import", "more.jsonl", "--library", library, in: scratch).status == 0)
        let found = try await favs("list", "--format", "jsonl", "--query", "beta", "--library", library, in: scratch)
        #expect(found.out == #"{"id":"b","title":"Beta","favorite":true,"tags":["work"]}"# + "\n")
    }

    @Test(arguments: Backend.allCases, ["json", "jsonl", "csv", "tsv"])
    func anExportWithTagsImportedIntoANewLibraryGivesTheSameItemsStarsAndTags(_ backend: Backend, format: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let original = try backend.library(in: scratch)
        let copy = backend == .sqlite ? scratch.path("copy.sqlite") : try Postgres.freshSchema()
        try scratch.write("tagged.jsonl", Self.tagged)
        try #require(try await favs("import", "tagged.jsonl", "--library", original, in: scratch).status == 0)
        let export = try await favs("export", "--format", format, "--output", "out.\(format)", "--library", original,
                                    in: scratch)
        #expect(export.status == 0 && export.err == "")
        let imported = try await favs("import", "out.\(format)", "--library", copy, in: scratch)
        #expect(imported.out == "imported 3 items from out.\(format) (3 added, 0 updated, 0 unchanged)\n")
        let before = try await favs("list", "--format", "json", "--library", original, in: scratch)
        let after = try await favs("list", "--format", "json", "--library", copy, in: scratch)
        #expect(before.out.contains(#""tags":["Dev","reading/2026","work"]"#))
        // CSV and TSV cells are text: the number 1999 comes back as the string "1999".
        #expect(after.out == (format.hasPrefix("json") ? before.out : before.out.replacingOccurrences(of: "1999", with: "\"1999\"")))
    }

    @Test(arguments: Backend.allCases)
    func aBadTagExitsWith65NamingItsPlaceAndChangesNothing(_ backend: Backend) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try backend.library(in: scratch)
        try scratch.write("tagged.jsonl", Self.tagged)
        try #require(try await favs("import", "tagged.jsonl", "--library", library, in: scratch).status == 0)
        let before = try await favs("list", "--format", "jsonl", "--library", library, in: scratch)
        try scratch.write("retag.csv", "id,title,tags\nc,Gamma,fine\na,Alpha,work;to read\n")
        let result = try await favs("import", "retag.csv", "--library", library, in: scratch)
        #expect(result.status == 65)
        #expect(result.out == "")
        #expect(result.err == "favs: retag.csv:3:1: tags: tag “to read” has a space (cell 3)\n")
        let after = try await favs("list", "--format", "jsonl", "--library", library, in: scratch)
        #expect(after.out == before.out)
    }
}
