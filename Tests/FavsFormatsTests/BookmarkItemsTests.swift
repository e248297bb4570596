import Testing
@testable import FavsFormats
import FavsModel
import Foundation

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

    @Test func aURLMetAgainThousandsOfBookmarksLaterIsStillOneItem() {
        // 3,000 URLs, then each again in other folders: the merge's index has grown several times between a URL's
        // first bookmark and its second. A URL that differs in case is another item, as it is another id.
        let first = (0..<3000).map { Bookmark(url: "https://example.com/\($0)", title: "Page \($0)", folders: ["A"]) }
        let again = (0..<3000).map {
            Bookmark(url: "https://example.com/\($0)", title: "Again \($0)", folders: ["B", "\($0 % 3)"], tags: ["t\($0 % 2)"])
        }
        let different = Bookmark(url: "https://EXAMPLE.com/1", title: "Not the same bytes", folders: ["C"])
        let (records, counts) = BookmarkItems.records(first + again + [different])
        #expect(records.count == 3001)
        #expect(counts.merged == 3000)
        #expect(records[7] == ImportRecord(id: "https://example.com/7", title: "Page 7",
                                           fields: [Field("url", "https://example.com/7")],
                                           tags: ["A", "B/1", "t1"], tagsAreAdded: true, line: 1))
        #expect(records.map(\.title).filter { $0.hasPrefix("Again") } == [])
        #expect(records.last?.tags == ["C"])
    }

    @Test func theAddedDateIsWhatFoundationsISO8601FormatterSays() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        var rng = SeededRandom(seed: 35)
        // Chrome's epoch (1601), 1970 and the milliseconds either side, leap days, and random dates up to 9999.
        var samples: [Int64] = [-11_644_473_600_000, -1, 0, 999, 1000, 951_782_400_000, 4_107_542_399_999, 253_402_300_799_999]
        for _ in 0..<2000 { samples.append(Int64(rng.next() % 265_046_774_400_000) - 11_644_473_600_000) }
        for milliseconds in samples {
            let seconds = (Double(milliseconds) / 1000).rounded(.down)
            #expect(BookmarkItems.iso8601(milliseconds: milliseconds)
                    == formatter.string(from: Date(timeIntervalSince1970: seconds)), "\(milliseconds)")
        }
    }
}
