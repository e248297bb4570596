import Foundation
import Testing
@testable import FavsFormats
import FavsModel

/// Netscape bookmark files as Firefox, Chrome and buku write them, read into items.
@Suite struct NetscapeBookmarksTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Bookmarks/\(name)"))
    }

    /// The records and counts of a whole file, as `favs import` reads it (the format found by content).
    static func read(_ data: Data, file: String = "bookmarks") throws -> ([ImportRecord], BookmarkCounts) {
        var records: [ImportRecord] = []
        let counts = try ImportStream.read(DataInput(data: data), file: file) { records.append($0) }
        return (records, counts)
    }

    static func link(_ url: String, _ title: String, added: String, tags: [String], keyword: String? = nil,
                     description: String? = nil, line: Int, column: Int) -> ImportRecord {
        var fields = [Field("url", url), Field("added", added)]
        if let keyword { fields.append(Field("keyword", keyword)) }
        if let description { fields.append(Field("description", description)) }
        return ImportRecord(id: ItemID(url), title: title, fields: fields, tags: tags, tagsAreAdded: true,
                            line: line, column: column)
    }

    @Test func firefoxsFileGivesItsLinksWithFoldersEntitiesAndDescriptionsAndSkipsTheRest() throws {
        let (records, counts) = try Self.read(try Self.fixture("firefox.html"))
        #expect(records == [
            Self.link("https://www.mozilla.org/en-US/firefox/central/", "Getting Started", added: "2023-11-14T22:13:20Z",
                      tags: [], line: 12, column: 9),
            Self.link("https://fr.wikipedia.org/wiki/Caf%C3%A9?a=1&b=2", "Café — Wikipédia", added: "2023-11-14T22:13:25Z",
                      tags: ["Café-&-Thé", "drinks", "fr"], keyword: "cafe",
                      description: "L'article <Café> \"complet\" ☕", line: 17, column: 13),
            Self.link("https://swift.org/", "https://swift.org/", added: "2023-11-14T22:13:27Z",
                      tags: ["Café-&-Thé", "Bookmarks-Toolbar"], line: 19, column: 13),
            Self.link("https://東京.example/", "東京 ガイド", added: "2023-11-14T22:13:34Z", tags: ["Other-Bookmarks"],
                      line: 28, column: 13),
        ])
        #expect(counts.summary == "1 merged (a URL in several folders); 1 separator, 1 place: query, 1 javascript: bookmarklet skipped")
    }

    @Test func chromesFileGivesNestedFoldersAndSkipsADataURL() throws {
        let (records, counts) = try Self.read(try Self.fixture("chrome.html"))
        #expect(records == [
            Self.link("https://news.ycombinator.com/", "Hacker News", added: "2023-07-22T04:26:41Z",
                      tags: ["Bookmarks-bar", "Bookmarks-bar/dev-tools"], line: 11, column: 13),
            Self.link("https://github.com/", "GitHub", added: "2023-07-22T04:26:44Z", tags: ["Bookmarks-bar/dev-tools"],
                      line: 14, column: 17),
            Self.link("https://example.com/a?x=1&y=2", "Plain & simple", added: "2023-07-22T04:26:47Z", tags: [],
                      line: 19, column: 9),
        ])
        #expect(counts.summary == "1 merged (a URL in several folders); 1 data: URL skipped")
    }

    @Test func bukusLowerCaseFileGivesItsTagsAndDescriptions() throws {
        let (records, counts) = try Self.read(try Self.fixture("buku.html"))
        #expect(records == [
            Self.link("https://github.com/jarun/buku", "buku", added: "2020-09-13T12:26:41Z",
                      tags: ["buku-bookmarks", "cli", "bookmarks", "python"], description: "Personal mini-web in text",
                      line: 10, column: 13),
            Self.link("https://en.wikipedia.org/wiki/%C3%89t%C3%A9", "Été — Wikipedia", added: "2020-09-13T12:26:42Z",
                      tags: ["buku-bookmarks"], line: 12, column: 13),
        ])
        #expect(counts.summary == nil)
    }

    @Test(arguments: [
        ("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n  <DT><H3>Work</H3>\n  <DL><p>\n    <DT><A HREF=\"https://a.example/\">A</A>\n",
         "bookmarks.html:3:7: folder “Work” opened here is never closed"),
        ("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n  <DT><A ADD_DATE=\"1\">No link</A>\n</DL>\n",
         "bookmarks.html:3:7: <A> has no HREF"),
        ("<html><body>Not bookmarks</body></html>\n",
         "bookmarks.html:1:1: not a Netscape bookmark file: it does not start with <!DOCTYPE NETSCAPE-Bookmark-file-1>"),
        ("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n</DL>\n</DL>\n", "bookmarks.html:4:1: </DL> closes no <DL>"),
        ("<!doctype netscape-bookmark-file-1>\n<dl><p>\n  <dt><a href=\"https://a.example/\">Cut off",
         "bookmarks.html:3:7: <A> opened here is never closed"),
    ])
    func aBrokenFileIsOneLineAtItsPlace(_ text: String, _ message: String) throws {
        #expect(throws: ImportError.self) { try Self.read(Data(text.utf8), file: "bookmarks.html") }
        do {
            _ = try Self.read(Data(text.utf8), file: "bookmarks.html")
        } catch let error as ImportError {
            #expect(error.description == message)
        }
    }

    @Test func theDoctypeIsRecognisedInAnyCaseWhateverTheFileIsCalled() throws {
        let text = "\u{FEFF}<!doctype Netscape-Bookmark-File-1>\n<DL><p><DT><A HREF=\"https://a.example/\" ADD_DATE=\"x\">A &amp;&#38; &unknown; B</A></DL>"
        let (records, _) = try Self.read(Data(text.utf8), file: "export.txt")
        #expect(records == [ImportRecord(id: "https://a.example/", title: "A && &unknown; B",
                                         fields: [Field("url", "https://a.example/")], tags: [], tagsAreAdded: true, line: 2, column: 12)])
    }
}
