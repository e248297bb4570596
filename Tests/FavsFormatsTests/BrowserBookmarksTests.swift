import Foundation
import Testing
@testable import FavsFormats
import FavsModel

/// Chrome's `Bookmarks` and Firefox's backups read from the fixtures in `Tests/BookmarkFixtures`.
@Suite struct BrowserBookmarksTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("BookmarkFixtures")

    static func fixture(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }

    static func records(_ name: String) throws -> (records: [ImportRecord], counts: BookmarkCounts) {
        let data = try fixture(name)
        let bookmarks = try ImportFormat.browserFile(head: [UInt8](data)) == .chrome
            ? ChromeBookmarks.read(data, file: name) : FirefoxBackup.read(data, file: name)
        return BookmarkItems.records(bookmarks)
    }

    @Test func chromeBookmarksComeOutWithTheirFoldersDatesAndTitles() throws {
        let (records, counts) = try Self.records("Bookmarks")
        #expect(records == [
            ImportRecord(id: "https://www.swift.org/", title: "Swift.org",
                         fields: [Field("url", "https://www.swift.org/"), Field("added", "2024-01-17T21:20:00Z")],
                         tags: ["Bookmarks-bar", "Other-bookmarks"], tagsAreAdded: true, line: 5, column: 24),
            ImportRecord(id: "https://de.wikipedia.org/wiki/Z%C3%BCrich", title: "Zürich — Altstadt",
                         fields: [Field("url", "https://de.wikipedia.org/wiki/Z%C3%BCrich"),
                                  Field("added", "2024-01-17T21:22:03Z")],
                         tags: ["Bookmarks-bar/dev-tools/Reisen"], tagsAreAdded: true, line: 18, column: 30),
            ImportRecord(id: "https://example.org/untitled", title: "https://example.org/untitled",
                         fields: [Field("url", "https://example.org/untitled"), Field("added", "2024-01-17T21:23:20Z")],
                         tags: ["Bookmarks-bar/dev-tools"], tagsAreAdded: true, line: 32, column: 16),
            ImportRecord(id: "https://ja.wikipedia.org/", title: "日本語のページ",
                         fields: [Field("url", "https://ja.wikipedia.org/"), Field("added", "2024-01-17T21:28:20Z")],
                         tags: ["Mobile-bookmarks"], tagsAreAdded: true, line: 78, column: 24),
        ])
        #expect(counts.summary == "1 merged (a URL in several folders); 1 javascript: bookmarklet skipped")
    }

    @Test(arguments: ["bookmarks-2024-11-29.json", "bookmarks-2024-11-29_7_abc.jsonlz4"])
    func aFirefoxBackupGivesItsTagsKeywordsAndFoldersWithTheTagsRootLeftOut(name: String) throws {
        let (records, counts) = try Self.records(name)
        #expect(records.map(\.id) == ["https://developer.mozilla.org/", "https://example.fr/cr%C3%A8me",
                                      "https://example.com/no-title", "https://www.rust-lang.org/"])
        #expect(records.map(\.title) == ["Mozilla Developer Network", "Crème brûlée", "https://example.com/no-title", "Rust"])
        #expect(records.map(\.tags) == [["Bookmarks-Menu", "docs", "web", "Bookmarks-Toolbar", "reference"],
                                        ["Bookmarks-Menu/Café-&-Küche", "recipes"], ["Bookmarks-Toolbar"], ["Other-Bookmarks"]])
        #expect(records[0].fields == [Field("url", "https://developer.mozilla.org/"), Field("added", "2023-11-14T22:13:20Z"),
                                      Field("keyword", "mdn")])
        #expect(records[3].fields.last == Field("keyword", "rs"))
        #expect(counts.summary == "1 merged (a URL in several folders); 1 separator, 1 place: query skipped")
    }

    @Test func theContentNamesTheFormatWhateverTheFileIsCalled() throws {
        #expect(ImportFormat.browserFile(head: [UInt8](try Self.fixture("Bookmarks"))) == .chrome)
        #expect(ImportFormat.browserFile(head: [UInt8](try Self.fixture("bookmarks-2024-11-29.json"))) == .firefoxBackup)
        #expect(ImportFormat.browserFile(head: [UInt8](try Self.fixture("bookmarks-2024-11-29_7_abc.jsonlz4"))) == .firefoxBackup)
        #expect(ImportFormat.browserFile(head: Array(#"{"id": "roots", "title": "bookmark_bar"}"#.utf8)) == nil)
        #expect(ImportFormat.browserFile(head: Array(#"{"id": "a", "root": "placesRoot"}"#.utf8)) == nil)
    }

    @Test(arguments: [
        ("{\n   \"roots\": {\n      \"bookmark_bar\": {\n         \"children\": [ {\n            \"name\": \"x\",",
         "B:5:25: expected a string key"),
        (#"{"roots": {"other": {"children": [{"type": "url", "name": "No address"}]}}}"#,
         "B:1:35: a bookmark of type url has no \"url\""),
        (#"{"roots": {"other": {"children": [{"type": "url", "url": "https://a.example/", "date_added": "soon"}]}}}"#,
         "B:1:35: \"date_added\" is not a count of microseconds: \"soon\""),
        (#"{"checksum": "0", "version": 1}"#, "B:1:1: not a Chrome Bookmarks file: no \"roots\""),
        (#"{"roots": {"other": {"children": [{"children": [{"type": "url", "url": "https://b.example/"}], "type": "url", "url": "https://a.example/"}]}}}"#,
         "B:1:35: a bookmark of type url has \"children\""),
    ])
    func aBrokenChromeFileIsOneLineAtItsPlace(text: String, message: String) {
        #expect(throws: ImportError.self) { try ChromeBookmarks.read(Data(text.utf8), file: "B") }
        do { _ = try ChromeBookmarks.read(Data(text.utf8), file: "B") } catch { #expect("\(error)" == message) }
    }

    @Test func aFirefoxBackupWritingChildrenBeforeTheirTypeIsReadTheSame() throws {
        // As Firefox writes it: a node's children last.
        let usual = #"""
            {"type": "text/x-moz-place-container", "root": "placesRoot", "children": [
              {"title": "toolbar", "type": "text/x-moz-place-container", "root": "toolbarFolder", "children": [
                {"title": "dev", "type": "text/x-moz-place-container", "children": [
                  {"title": "Swift", "type": "text/x-moz-place", "uri": "https://swift.org/", "tags": "lang"}]},
                {"title": "Rust", "type": "text/x-moz-place", "uri": "https://rust-lang.org/"}]},
              {"title": "tags", "type": "text/x-moz-place-container", "root": "tagsFolder", "children": [
                {"title": "lang", "type": "text/x-moz-place-container", "children": [
                  {"title": "", "type": "text/x-moz-place", "uri": "https://swift.org/"}]}]}]}
            """#
        // The same tree with every node's children first, the top's and the tags root's included.
        let childrenFirst = #"""
            {"children": [
              {"children": [
                {"children": [
                  {"title": "Swift", "type": "text/x-moz-place", "uri": "https://swift.org/", "tags": "lang"}],
                 "title": "dev", "type": "text/x-moz-place-container"},
                {"title": "Rust", "type": "text/x-moz-place", "uri": "https://rust-lang.org/"}],
               "title": "toolbar", "type": "text/x-moz-place-container", "root": "toolbarFolder"},
              {"children": [
                {"children": [{"title": "", "type": "text/x-moz-place", "uri": "https://swift.org/"}],
                 "title": "lang", "type": "text/x-moz-place-container"}],
               "title": "tags", "type": "text/x-moz-place-container", "root": "tagsFolder"}],
             "type": "text/x-moz-place-container", "root": "placesRoot"}
            """#
        let (records, counts) = BookmarkItems.records(try FirefoxBackup.read(Data(usual.utf8), file: "b.json"))
        #expect(records.map(\.id) == ["https://swift.org/", "https://rust-lang.org/"])
        #expect(records.map(\.tags) == [["Bookmarks-Toolbar/dev", "lang"], ["Bookmarks-Toolbar"]])
        #expect(counts == BookmarkCounts())
        let (again, _) = BookmarkItems.records(try FirefoxBackup.read(Data(childrenFirst.utf8), file: "b.json"))
        #expect(again.map(\.id) == records.map(\.id))
        #expect(again.map(\.tags) == records.map(\.tags))
        #expect(again.map(\.line) == [4, 6])
    }

    @Test func aBrokenJsonlz4IsRefusedWithWhatIsWrong() throws {
        let good = try Self.fixture("bookmarks-2024-11-29_7_abc.jsonlz4")
        func message(_ data: Data) -> String? {
            do { _ = try FirefoxBackup.read(data, file: "b.jsonlz4"); return nil } catch { return "\(error)" }
        }
        #expect(message(good.prefix(good.count - 40)) == "b.jsonlz4:1:1: the LZ4 block is truncated or corrupt")
        #expect(message(good.prefix(10)) == "b.jsonlz4:1:1: a .jsonlz4 file cut short in its header")
        var wrongSize = good
        wrongSize[8] &+= 1
        #expect(message(wrongSize) == "b.jsonlz4:1:1: the LZ4 block holds 3240 bytes, the header says 3241")
        wrongSize[8] &-= 2
        #expect(message(wrongSize) == "b.jsonlz4:1:1: the LZ4 block holds 3240 bytes, the header says 3239")
        #expect(message(Data(#"{"type": "text/x-moz-place-container", "children": []}"#.utf8))
                == "b.jsonlz4:1:1: not a Firefox bookmarks backup: the top is not the places root")
    }
}
