import Foundation
import Testing

/// Saved searches from a shell, on both backends: saved in the browser (`S`), printed with their counts by
/// `favs searches`, listed by `favs list --search`, renamed and deleted as one change each; an unknown name changes
/// nothing and ends with exit 1.
@Suite struct SearchesCommandTests {
    static let items = """
        {"id": "1", "title": "Alpha"}
        {"id": "2", "title": "Alphorn"}
        {"id": "3", "title": "Bravo"}
        {"id": "4", "title": "Charlie"}

        """

    /// A library with two saved searches, saved as a person saves them: `/`, the text, enter, `S`, the name.
    private func library(_ backend: Backend, in scratch: Scratch) async throws -> String {
        let library = try backend.library(in: scratch)
        try scratch.write("items.jsonl", Self.items)
        let imported = try await favs("import", "items.jsonl", "--library", library, in: scratch)
        try #require(imported.status == 0, "\(imported.err)")
        let saved = try await favs("script", "--library", library, stdin: """
            / type alp
            enter S type Alps
            enter / ctrl-u type orn | bravo
            enter S type Tunes
            enter q

            """, in: scratch)
        try #require(saved.status == 0, "\(saved.err)")
        return library
    }

    @Test(arguments: Backend.allCases)
    func searchesListsEachWithItsCountAndListSearchPrintsWhatOneFinds(_ backend: Backend) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try await library(backend, in: scratch)

        let listed = try await favs("searches", "--library", library, in: scratch)
        #expect(listed.status == 0, "\(listed.err)")
        #expect(listed.out == "Alps (2)\nTunes (2)\n")
        let jsonl = try await favs("searches", "--format", "jsonl", "--library", library, in: scratch)
        #expect(jsonl.out == """
            {"search":"Alps","query":"alp","exact":false,"count":2}
            {"search":"Tunes","query":"orn | bravo","exact":false,"count":2}

            """)

        let found = try await favs("list", "--search", "Tunes", "--library", library, in: scratch)
        #expect(found.status == 0, "\(found.err)")
        #expect(found.out == "3   Bravo\n2   Alphorn\n", "best first, as --query prints")
        let unknown = try await favs("list", "--search", "tunes", "--library", library, in: scratch)
        #expect(unknown.status == 1)
        #expect(unknown.out.isEmpty)
        #expect(unknown.err == "favs: no saved search 'tunes'\n")
    }

    @Test(arguments: Backend.allCases)
    func renameAndDeleteAreOneChangeEachAndAnUnknownNameChangesNothing(_ backend: Backend) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try await library(backend, in: scratch)

        let renamed = try await favs("searches", "--rename", "Alps", "Peaks", "--library", library, in: scratch)
        #expect(renamed.status == 0, "\(renamed.err)")
        #expect(renamed.out == "renamed search “Alps” to “Peaks”\n")
        #expect(try await favs("searches", "--library", library, in: scratch).out == "Peaks (2)\nTunes (2)\n")
        #expect(try await favs("list", "--search", "Peaks", "--library", library, in: scratch).out == "1   Alpha\n2   Alphorn\n")

        let taken = try await favs("searches", "--rename", "Peaks", "Tunes", "--library", library, in: scratch)
        #expect(taken.status == 1)
        #expect(taken.err == "favs: a saved search is named 'Tunes' already\n")
        let unknown = try await favs("searches", "--delete", "x", "--library", library, in: scratch)
        #expect(unknown.status == 1)
        #expect(unknown.err == "favs: no saved search 'x'\n")
        let same = try await favs("searches", "--rename", "Tunes", "Tunes", "--library", library, in: scratch)
        #expect(same.status == 64)
        #expect(try await favs("searches", "--library", library, in: scratch).out == "Peaks (2)\nTunes (2)\n",
                "nothing changed")

        let deleted = try await favs("searches", "--delete", "Tunes", "--library", library, in: scratch)
        #expect(deleted.status == 0, "\(deleted.err)")
        #expect(deleted.out == "deleted search “Tunes”\n")
        #expect(try await favs("searches", "--library", library, in: scratch).out == "Peaks (2)\n")
    }
}
