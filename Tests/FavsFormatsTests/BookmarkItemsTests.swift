import Testing
@testable import FavsFormats
import FavsModel

/// Bookmarks made items, the one mapping every browser format goes through.
@Suite struct BookmarkItemsTests {
    @Test func aURLInTwoFoldersIsOneItemWithBothFolderTagsAndSkippedEntriesAreCounted() {
        let (records, counts) = BookmarkItems.records([
            Bookmark(url: "https://swift.org/", title: "Swift", folders: ["Bookmarks Toolbar", "dev", "swift"],
                     tags: ["lang", "Lang"], added: 1_700_000_000_123, keyword: "sw", line: 4, column: 9),
            Bookmark(kind: .separator, url: "", title: ""),
            Bookmark(url: "place:sort=8", title: "Recent"),
            Bookmark(url: "javascript:alert(1)", title: "Bookmarklet"),
            Bookmark(url: "https://swift.org/", title: "Swift again", folders: ["Other Bookmarks", "to read/now"],
                     tags: ["LANG"]),
            Bookmark(url: "https://example.com/", title: "", folders: [], description: "An example"),
        ])
        #expect(records == [
            ImportRecord(id: "https://swift.org/", title: "Swift",
                         fields: [Field("url", "https://swift.org/"), Field("added", "2023-11-14T22:13:20Z"), Field("keyword", "sw")],
                         tags: ["Bookmarks-Toolbar/dev/swift", "lang", "Other-Bookmarks/to-read-now"], tagsAreAdded: true, line: 4, column: 9),
            ImportRecord(id: "https://example.com/", title: "https://example.com/",
                         fields: [Field("url", "https://example.com/"), Field("description", "An example")], tags: [], tagsAreAdded: true,
                         line: 1),
        ])
        #expect(counts.summary == "1 merged (a URL in several folders); 1 separator, 1 place: query, 1 javascript: bookmarklet skipped")
    }
}
