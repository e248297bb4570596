import Foundation
import Testing

/// `favs tag`, `favs tags` and `favs list --tag` from a shell, on both backends: one change per command, every id
/// checked first, a tag in another case written as the library spells it, folders counted once per item.
@Suite struct TagCommandTests {
    static let items = """
        {"id": "1", "title": "Alpha", "tags": ["dev/swift", "Reading"]}
        {"id": "2", "title": "Bravo", "tags": ["dev"]}
        {"id": "3", "title": "Charlie"}

        """

    private func library(_ backend: Backend, in scratch: Scratch) async throws -> String {
        let library = try backend.library(in: scratch)
        try scratch.write("items.jsonl", Self.items)
        let imported = try await favs("import", "items.jsonl", "--library", library, in: scratch)
        try #require(imported.status == 0, "\(imported.err)")
        return library
    }

    @Test(arguments: Backend.allCases)
    func taggingIsOneChangeCountedInTheTreeAndListedByTag(_ backend: Backend) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try await library(backend, in: scratch)

        let tagged = try await favs("tag", "3", "2", "+dev/swift/server", "+READING", "-dev", "--library", library, in: scratch)
        #expect(tagged.status == 0, "\(tagged.err)")
        #expect(tagged.out == "tagged 2 items: +dev/swift/server +READING -dev\n")

        let tree = try await favs("tags", "--library", library, in: scratch)
        #expect(tree.out == """
            dev (3)
              swift (3)
                server (2)
            Reading (3)

            """, "Reading is spelt as the library first had it; dev counts each item once")
        let jsonl = try await favs("tags", "--format", "jsonl", "--library", library, in: scratch)
        #expect(jsonl.out.split(separator: "\n").first == #"{"tag":"dev","count":3,"own":0}"#)

        let nested = try await favs("list", "--tag", "DEV/swift", "--library", library, in: scratch)
        #expect(nested.out == "1   Alpha\n2   Bravo\n3   Charlie\n")
        let only = try await favs("list", "--tag", "dev/swift", "--only", "--library", library, in: scratch)
        #expect(only.out == "1   Alpha\n")
        let search = try await favs("list", "--query", "#reading !#dev/swift/server", "--library", library, in: scratch)
        #expect(search.out == "1   Alpha\n")
        let json = try await favs("list", "--tag", "dev/swift/server", "--format", "jsonl", "--library", library, in: scratch)
        #expect(json.out == """
            {"id":"2","title":"Bravo","favorite":false,"tags":["dev/swift/server","Reading"]}
            {"id":"3","title":"Charlie","favorite":false,"tags":["dev/swift/server","Reading"]}

            """)
    }

    @Test(arguments: Backend.allCases)
    func anUnknownIdOrABadTagChangesNothing(_ backend: Backend) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try await library(backend, in: scratch)
        let before = try await favs("tags", "--library", library, in: scratch)

        let unknown = try await favs("tag", "3", "99", "+work", "--library", library, in: scratch)
        #expect(unknown.status == 1 && unknown.err == "favs: no item '99'\n")
        let spaced = try await favs("tag", "3", "+to read", "--library", library, in: scratch)
        #expect(spaced.status == 64 && spaced.err.hasPrefix("Error: +to read: tag “to read” has a space\n"))
        let semicolon = try await favs("tag", "3", "+a;b", "--library", library, in: scratch)
        #expect(semicolon.status == 64
                && semicolon.err.hasPrefix("Error: +a;b: tag “a;b” has “;” (it separates tags in CSV and TSV)\n"))
        let noTag = try await favs("tag", "3", "--library", library, in: scratch)
        #expect(noTag.status == 64 && noTag.err.hasPrefix("Error: name a tag to add (+tag) or to remove (-tag)\n"))
        let both = try await favs("tag", "3", "+x", "-X", "--library", library, in: scratch)
        #expect(both.status == 64 && both.err.hasPrefix("Error: +x and -x: a tag is added or removed, not both\n"))
        let badScope = try await favs("list", "--only", "--library", library, in: scratch)
        #expect(badScope.status == 64 && badScope.err.hasPrefix("Error: --only goes with --tag TAG\n"))

        let after = try await favs("tags", "--library", library, in: scratch)
        #expect(after.out == before.out && after.out == "dev (2)\n  swift (1)\nReading (1)\n")
        let again = try await favs("tag", "1", "+reading", "--library", library, in: scratch)
        #expect(again.out == "tagged 0 items: +reading (1 already so)\n")
    }
}
