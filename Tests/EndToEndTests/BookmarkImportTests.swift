import Foundation
import Testing

/// `favs import` of a Netscape bookmark file and `favs export --format html`, through the built binary.
@Suite struct BookmarkImportTests {
    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FavsFormatsTests/Fixtures/Bookmarks/\(name)"), encoding: .utf8)
    }

    @Test func theSummarySaysWhatWasMergedAndSkippedAndAReimportKeepsATagGivenInFavs() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // Named .txt: the doctype says what it is.
        try scratch.write("exported.txt", try Self.fixture("firefox.html"))
        let first = try await favs("import", "exported.txt", "--library", "lib.sqlite", in: scratch)
        #expect(first.status == 0)
        #expect(first.out == "imported 4 items from exported.txt (4 added, 0 updated, 0 unchanged; 1 merged (a URL in "
                + "several folders); 1 separator, 1 place: query, 1 javascript: bookmarklet skipped)\n")
        #expect(try await favs("tag", "https://swift.org/", "+mine", "--library", "lib.sqlite", in: scratch).status == 0)

        let again = try await favs("import", "exported.txt", "--library", "lib.sqlite", in: scratch)
        #expect(again.out.hasPrefix("imported 4 items from exported.txt (0 added, 0 updated, 4 unchanged; "))
        let swift = try await favs("list", "--format", "jsonl", "--tag", "mine", "--library", "lib.sqlite", in: scratch)
        #expect(swift.out == #"{"id":"https://swift.org/","title":"https://swift.org/","favorite":false,"#
                + #""tags":["Bookmarks-Toolbar","Café-&-Thé","mine"],"url":"https://swift.org/","added":"2023-11-14T22:13:27Z"}"#
                + "\n")
    }

    @Test func aFolderLeftOpenIsOneLineAndExit65AndTheLibraryIsUnchanged() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("one.jsonl", #"{"id": "a1", "title": "Alpha"}"# + "\n")
        #expect(try await favs("import", "one.jsonl", "--library", "lib.sqlite", in: scratch).status == 0)
        try scratch.write("cut.html", """
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <DL><p>
                <DT><A HREF="https://a.example/">A</A>
                <DT><H3>Work</H3>
                <DL><p>
                    <DT><A HREF="https://b.example/">B</A>

            """)
        let result = try await favs("import", "cut.html", "--library", "lib.sqlite", in: scratch)
        #expect(result.status == 65)
        #expect(result.err == "favs: cut.html:4:9: folder “Work” opened here is never closed\n")
        #expect(result.out == "")
        #expect(try await favs("list", "--library", "lib.sqlite", in: scratch).out == "a1   Alpha\n")
    }

    @Test func aFileInWindows1252IsRefusedAtItsFirstNonUTF8ByteWithExit65() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("one.jsonl", #"{"id": "a1", "title": "Alpha"}"# + "\n")
        #expect(try await favs("import", "one.jsonl", "--library", "lib.sqlite", in: scratch).status == 0)
        // As Internet Explorer wrote it: Windows-1252 bytes (é is E9, è is E8), said by its META.
        var bytes = Array("""
            <!DOCTYPE NETSCAPE-Bookmark-file-1>\r
            <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=windows-1252">\r
            <DL><p>\r
                <DT><A HREF="https://example.com/cafe">Caf
            """.utf8)
        bytes += [0xE9, 0x20, 0x63, 0x72, 0xE8, 0x6D, 0x65] + Array("</A>\r\n</DL><p>\r\n".utf8)
        try Data(bytes).write(to: scratch.url.appendingPathComponent("ie.html"))
        let result = try await favs("import", "ie.html", "--library", "lib.sqlite", in: scratch)
        #expect(result.status == 65)
        #expect(result.err == "favs: ie.html:4:47: not UTF-8 text\n")
        #expect(result.out == "")
        #expect(try await favs("list", "--library", "lib.sqlite", in: scratch).out == "a1   Alpha\n")
    }

    /// favs → html → favs gives back the items, their fields, stars and tags.
    static func roundTrip(_ library: String, _ copy: String, in scratch: Scratch) async throws {
        try scratch.write("items.jsonl", """
            {"id":"https://swift.org/","title":"Swift <&> \\"lang\\"","favorite":true,"tags":["dev/swift","lang"],"url":"https://swift.org/","added":"2023-11-14T22:13:20Z","keyword":"sw","description":"The\\u001b[31m language"}
            {"id":"note-1","title":"Plain","favorite":false}
            {"id":"https://b.example/","title":"Bé","favorite":false,"tags":["dev"],"url":"https://b.example/"}

            """)
        #expect(try await favs("import", "items.jsonl", "--library", library, in: scratch).status == 0)
        let html = try await favs("export", "--format", "html", "--library", library, in: scratch)
        #expect(html.status == 0)
        #expect(!html.out.contains("\u{1B}"), "a control character is a numeric reference, never raw")
        try scratch.write("bookmarks.html", html.out)
        let imported = try await favs("import", "bookmarks.html", "--library", copy, in: scratch)
        #expect(imported.out == "imported 3 items from bookmarks.html (3 added, 0 updated, 0 unchanged; "
                + "2 merged (a URL in several folders))\n")
        let exported = try await favs("export", "--format", "jsonl", "--library", copy, in: scratch)
        #expect(exported.out.split(separator: "\n").sorted() == [
            #"{"id":"https://b.example/","title":"Bé","favorite":false,"tags":["dev"],"url":"https://b.example/"}"#,
            #"{"id":"https://swift.org/","title":"Swift <&> \"lang\"","favorite":true,"tags":["dev/swift","lang"],"url":"https://swift.org/","added":"2023-11-14T22:13:20Z","keyword":"sw","description":"The\u001b[31m language"}"#,
            #"{"id":"note-1","title":"Plain","favorite":false,"url":"note-1"}"#,
        ])
    }

    @Test func anExportedBookmarkFileImportsBackAsItWas() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try await Self.roundTrip("lib.sqlite", "copy.sqlite", in: scratch)
    }
}

/// The round trip through a bookmark file on PostgreSQL (scripts/with-postgres.sh).
@Suite struct PostgresBookmarkTests {
    @Test func anExportedBookmarkFileImportsBackAsItWas() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try await BookmarkImportTests.roundTrip(try Postgres.freshSchema("bm"), try Postgres.freshSchema("bmcopy"),
                                                in: scratch)
    }

    @Test func aReimportKeepsATagGivenInFavs() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try Postgres.freshSchema("bmtag")
        try scratch.write("firefox.html", try BookmarkImportTests.fixture("firefox.html"))
        #expect(try await favs("import", "firefox.html", "--library", library, in: scratch).status == 0)
        #expect(try await favs("tag", "https://swift.org/", "+mine", "--library", library, in: scratch).status == 0)
        let again = try await favs("import", "firefox.html", "--library", library, in: scratch)
        #expect(again.out.hasPrefix("imported 4 items from firefox.html (0 added, 0 updated, 4 unchanged; "))
        let tagged = try await favs("list", "--tag", "mine", "--library", library, in: scratch)
        #expect(tagged.out == "https://swift.org/   https://swift.org/\n")
    }
}
