import Foundation
import Testing

/// `favs import` of the browsers' own bookmark files (`Tests/BookmarkFixtures`): recognised by content, a broken one
/// refused whole, and what comes in exported and imported back the same.
@Suite struct BrowserBookmarksImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("BookmarkFixtures")

    /// Copies a fixture into the scratch folder under `name`, cut or changed by `edit`.
    static func copy(_ fixture: String, as name: String, into scratch: Scratch, _ edit: (inout Data) -> Void = { _ in }) throws {
        var data = try Data(contentsOf: fixtures.appendingPathComponent(fixture))
        edit(&data)
        try data.write(to: scratch.url.appendingPathComponent(name))
    }

    @Test func aChromeFileNamedBookmarksImportsItsFoldersAsTags() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Self.copy("Bookmarks", as: "Bookmarks", into: scratch)
        let imported = try await favs("import", "Bookmarks", "--library", "lib.sqlite", in: scratch)
        #expect(imported.status == 0)
        #expect(imported.err == "")
        let list = try await favs("list", "--format", "jsonl", "--library", "lib.sqlite", in: scratch)
        #expect(list.out == """
            {"id":"https://www.swift.org/","title":"Swift.org","favorite":false,"tags":["Bookmarks-bar","Other-bookmarks"],"url":"https://www.swift.org/","added":"2024-01-17T21:20:00Z"}
            {"id":"https://de.wikipedia.org/wiki/Z%C3%BCrich","title":"Zürich — Altstadt","favorite":false,"tags":["Bookmarks-bar/dev-tools/Reisen"],"url":"https://de.wikipedia.org/wiki/Z%C3%BCrich","added":"2024-01-17T21:22:03Z"}
            {"id":"https://example.org/untitled","title":"https://example.org/untitled","favorite":false,"tags":["Bookmarks-bar/dev-tools"],"url":"https://example.org/untitled","added":"2024-01-17T21:23:20Z"}
            {"id":"https://ja.wikipedia.org/","title":"日本語のページ","favorite":false,"tags":["Mobile-bookmarks"],"url":"https://ja.wikipedia.org/","added":"2024-01-17T21:28:20Z"}

            """)
    }

    @Test func aJsonlz4BackupImportsAsItsJSONDoes() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Self.copy("bookmarks-2024-11-29.json", as: "backup.json", into: scratch)
        // Named as nothing: the magic says what it is.
        try Self.copy("bookmarks-2024-11-29_7_abc.jsonlz4", as: "backup", into: scratch)
        #expect(try await favs("import", "backup.json", "--library", "json.sqlite", in: scratch).status == 0)
        #expect(try await favs("import", "backup", "--library", "lz4.sqlite", in: scratch).status == 0)
        let json = try await favs("list", "--format", "jsonl", "--library", "json.sqlite", in: scratch)
        let lz4 = try await favs("list", "--format", "jsonl", "--library", "lz4.sqlite", in: scratch)
        #expect(json.out.hasPrefix(#"{"id":"https://developer.mozilla.org/","title":"Mozilla Developer Network","favorite":false,"tags":["Bookmarks-Menu","Bookmarks-Toolbar","docs","reference","web"],"url":"https://developer.mozilla.org/","added":"2023-11-14T22:13:20Z","keyword":"mdn"}"#))
        #expect(json.out.split(separator: "\n").count == 4)
        #expect(lz4.out == json.out)
    }

    @Test(arguments: [
        ("Bookmarks", "Bookmarks", 1200, "favs: Bookmarks:34:24: unterminated string\n"),
        ("bookmarks-2024-11-29.json", "backup.json", 1000, "favs: backup.json:1:984: unterminated string\n"),
        ("bookmarks-2024-11-29_7_abc.jsonlz4", "backup.jsonlz4", 900,
         "favs: backup.jsonlz4:1:1: the LZ4 block is truncated or corrupt\n"),
    ] as [(String, String, Int, String)])
    func aTruncatedFileExitsWith65AndChangesNothing(fixture: String, name: String, keep: Int, message: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("good.jsonl", #"{"id": "a1", "title": "Alpha"}"# + "\n")
        try #require(try await favs("import", "good.jsonl", "--library", "lib.sqlite", in: scratch).status == 0)
        try Self.copy(fixture, as: name, into: scratch) { $0 = $0.prefix(keep) }
        let result = try await favs("import", name, "--library", "lib.sqlite", in: scratch)
        #expect(result.status == 65)
        #expect(result.out == "")
        #expect(result.err == message)
        #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
        #expect(try await favs("list", "--library", "lib.sqlite", in: scratch).out == "a1   Alpha\n")
    }

    @Test func aJsonlz4WhoseSizeIsWrongIsRefused() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Self.copy("bookmarks-2024-11-29_7_abc.jsonlz4", as: "backup.jsonlz4", into: scratch) { $0[9] &+= 1 }
        let result = try await favs("import", "backup.jsonlz4", "--library", "lib.sqlite", in: scratch)
        #expect(result.status == 65)
        #expect(result.err == "favs: backup.jsonlz4:1:1: the LZ4 block holds 3240 bytes, the header says 3496\n")
        #expect(try await favs("list", "--library", "lib.sqlite", in: scratch).out == "")
    }

    @Test func chromeToFavsToAJSONExportAndBackKeepsItemsAndTags() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Self.copy("Bookmarks", as: "Bookmarks", into: scratch)
        #expect(try await favs("import", "--format", "chrome", "Bookmarks", "--library", "one.sqlite", in: scratch).status == 0)
        let exported = try await favs("list", "--format", "jsonl", "--library", "one.sqlite", in: scratch)
        try scratch.write("export.jsonl", exported.out)
        #expect(try await favs("import", "export.jsonl", "--library", "two.sqlite", in: scratch).status == 0)
        let again = try await favs("list", "--format", "jsonl", "--library", "two.sqlite", in: scratch)
        #expect(again.out == exported.out)
        #expect(again.out.contains(#""tags":["Bookmarks-bar/dev-tools/Reisen"]"#))
    }

    @Test func chromeToFavsToHTMLAndBackKeepsItemsAndTags() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Self.copy("Bookmarks", as: "Bookmarks", into: scratch)
        #expect(try await favs("import", "Bookmarks", "--library", "one.sqlite", in: scratch).status == 0)
        let html = try await favs("export", "--format", "html", "--library", "one.sqlite", in: scratch)
        #expect(html.status == 0)
        try scratch.write("bookmarks.html", html.out)
        let imported = try await favs("import", "bookmarks.html", "--library", "two.sqlite", in: scratch)
        // Swift.org is in two folders, so in the file twice: one item again.
        #expect(imported.out == "imported 4 items from bookmarks.html (4 added, 0 updated, 0 unchanged; "
                + "1 merged (a URL in several folders))\n")
        let one = try await favs("list", "--format", "jsonl", "--library", "one.sqlite", in: scratch)
        let two = try await favs("list", "--format", "jsonl", "--library", "two.sqlite", in: scratch)
        #expect(two.out.split(separator: "\n").sorted() == one.out.split(separator: "\n").sorted())
        #expect(two.out.contains(#""tags":["Bookmarks-bar/dev-tools/Reisen"]"#))
    }
}
