@testable import FavsLibrary
import FavsModel
import Foundation
import Testing

/// `favs pick --stdin NAME`: the lines come from stdin each run; only their stars are kept, in a library of
/// their own, and two pickers on the same NAME follow each other's stars.
@Suite struct PickMemoryTests {
    private func lines(_ text: String, stars: [ItemID: Int64?] = [:]) -> ItemCollection {
        Data(text.utf8).withUnsafeBytes { ItemCollection.lines(of: $0, favorites: stars) }
    }

    private func withMemory(_ body: (LibraryLocation) throws -> Void) throws {
        try withTemporaryDirectory { directory throws in
            try body(try LibraryLocation.pickMemory(named: "branches", environment: ["XDG_DATA_HOME": directory.path]))
        }
    }

    @Test func eachLineIsAnItemWithEmptyLinesSkippedAndRepeatsShownOnce() {
        let items = lines("main\n\ndev\r\nmain\nfeature/x")
        #expect(items.ids == ["main", "dev\r", "feature/x"])
        #expect(items["dev\r"]?.title == "dev\r")
        #expect(items.count == 3)
    }

    @Test func starredLinesComeFirstMostRecentFirstAndStarsOfLinesNotGivenAreLeftOut() {
        let items = lines("a\nmain\nb\ndev\nrelease\nmain\n", stars: ["dev": 5, "gone": 7, "main": nil, "release": 9])
        #expect(items.ids == ["release", "dev", "main", "a", "b"])
        #expect(items.favoriteIDs == ["release", "dev", "main"])
        #expect(items["dev"]?.favoritedAt == 5)
    }

    @Test func starredLinesComeFirstThenPickedOnesMostFrecentFirstThenTheRestInInputOrder() {
        let text = "a\nmain\nb\ndev\nrelease\nc\nfix\n"
        let picks: [ItemID: Double] = ["fix": 0.5, "b": 2.25, "main": 9, "gone": 4, "c": 0.5]
        let items = Data(text.utf8).withUnsafeBytes {
            ItemCollection.lines(of: $0, favorites: ["release": 3, "dev": nil], picks: picks)
        }
        // main, picked most, comes after the stars; c and fix tie and keep their input order.
        #expect(items.ids == ["release", "dev", "main", "b", "c", "fix", "a"])
        #expect(items.favoriteIDs == ["release", "dev"])
        #expect(items.pickScore(of: "main") == 9 && items.pickScore(of: "a") == 0)
        let preview = Data(text.utf8).withUnsafeBytes {
            ItemCollection.linesPreview(of: $0, favorites: ["release": 3, "dev": nil], picks: picks, rows: 3)
        }
        // The preview holds every star and the picked lines up to its rows: the whole list's first rows.
        #expect(preview.items(fromRow: 0, count: 10).map(\.id) == ["release", "dev", "main"])
        #expect(preview.count == items.count && preview.favoriteCount == 2)
    }

    /// A line starred and picked is one item, among the starred, with its score.
    @Test func aStarredLinePickedTooIsListedOnceAmongTheStarredWithItsScore() {
        let text = "a\nmain\nb\nc\n"
        let stars: [ItemID: Int64?] = ["main": 1]
        let picks: [ItemID: Double] = ["main": 3, "c": 1]
        let whole = Data(text.utf8).withUnsafeBytes { ItemCollection.lines(of: $0, favorites: stars, picks: picks) }
        #expect(whole.ids == ["main", "c", "a", "b"])
        #expect(whole.favoriteIDs == ["main"] && whole.pickScore(of: "main") == 3 && whole.pickScore(of: "c") == 1)
        let preview = Data(text.utf8).withUnsafeBytes {
            ItemCollection.linesPreview(of: $0, favorites: stars, picks: picks, rows: 3)
        }
        #expect(preview.items(fromRow: 0, count: 10) == whole.items(fromRow: 0, count: 3))
        #expect(preview.count == 4 && preview.pickScore(of: "main") == 3)
    }

    @Test func aStarIsFoundOnlyByItsWholeLineNotALineThatSharesItsEndsAndLength() {
        let lines = (0..<300).map { String(format: "abcdefgh-%03d-12345678", $0) }
        let stars: [ItemID: Int64?] = ["abcdefgh-042-12345678": 1, "abcdefgh-7-12345678": 2, "abcdefgh": 3]
        let items = self.lines(lines.joined(separator: "\n") + "\nabcdefgh\n", stars: stars)
        #expect(items.favoriteIDs == ["abcdefgh", "abcdefgh-042-12345678"])
        #expect(items.ids.prefix(3) == ["abcdefgh", "abcdefgh-042-12345678", "abcdefgh-000-12345678"])
        #expect(items.count == 301)
    }

    @Test func thePreviewIsTheWholeListsFirstRowsWithItsStarsAndCount() {
        let text = "a\nmain\nb\n\nb\ndev\nc\nd\n"
        let stars: [ItemID: Int64?] = ["dev": 5, "main": nil]
        let whole = lines(text, stars: stars)
        let preview = Data(text.utf8).withUnsafeBytes { ItemCollection.linesPreview(of: $0, favorites: stars, rows: 5) }
        #expect(preview.isPreview)
        #expect(preview.count == whole.count)
        #expect(preview.favoriteCount == 2)
        #expect(preview.items(fromRow: 0, count: 10) == whole.items(fromRow: 0, count: 5))
    }

    /// A starred or picked line repeated among the rows the preview reads is one item, as in the whole list: its
    /// count is not lowered twice for the repeat.
    @Test func aKeptLineRepeatedAmongThePreviewsRowsCountsOnce() {
        let text = "a\nmain\nb\nmain\nfix\nc\nfix\nd\n"
        let stars: [ItemID: Int64?] = ["main": 4]
        let picks: [ItemID: Double] = ["fix": 1]
        let whole = Data(text.utf8).withUnsafeBytes { ItemCollection.lines(of: $0, favorites: stars, picks: picks) }
        let preview = Data(text.utf8).withUnsafeBytes {
            ItemCollection.linesPreview(of: $0, favorites: stars, picks: picks, rows: 5)
        }
        #expect(whole.ids == ["main", "fix", "a", "b", "c", "d"])
        #expect(preview.count == 6)
        #expect(preview.items(fromRow: 0, count: 10) == whole.items(fromRow: 0, count: 5))
    }

    /// Thousands of picked lines among many more (2.5 MB, scanned in parts at once on two cores): each is found by its
    /// whole line, first where it first comes, in frecency order, and no other line is taken for one; a picked line
    /// repeated further down, in the same part of the scan or another, is one item.
    @Test func thousandsOfPickedLinesAreFoundAmongManyMore() {
        let lines = (0..<100_000).map { String(format: "line-%06d-%@", $0, String(repeating: "x", count: $0 % 23)) }
        var picks: [ItemID: Double] = [:]
        for index in stride(from: 3, to: 100_000, by: 4) { picks[ItemID(lines[index])] = Double(index % 1000) + 1 }
        picks["line-999999-"] = 5000  // not among the lines
        let text = (lines + [lines[3], lines[99_999], lines[3]]).joined(separator: "\n") + "\n"
        #expect(text.utf8.count > 2 << 20, "two parts of the scan (`LineScan.partMinimum`) at least")
        let whole = Data(text.utf8).withUnsafeBytes { ItemCollection.lines(of: $0, picks: picks) }
        let picked = stride(from: 3, to: 100_000, by: 4).map { lines[$0] }
            .sorted { a, b in
                let (x, y) = (picks[ItemID(a)] ?? 0, picks[ItemID(b)] ?? 0)
                return x != y ? x > y : a < b
            }
        #expect(whole.count == 100_000)
        #expect(whole.ids.prefix(picked.count).map(\.rawValue) == picked)
        #expect(whole.ids.dropFirst(picked.count).prefix(4) == ["line-000000-", "line-000001-x", "line-000002-xx", "line-000004-xxxx"])
        let preview = Data(text.utf8).withUnsafeBytes { ItemCollection.linesPreview(of: $0, picks: picks, rows: 500) }
        #expect(preview.count == 100_000)
        #expect(preview.items(fromRow: 0, count: 500) == whole.items(fromRow: 0, count: 500))
    }

    @Test func theMemoryLivesInPicksBesideTheDefaultLibrary() throws {
        let location = try LibraryLocation.pickMemory(named: "branches", environment: ["HOME": "/home/u"])
        #expect(location.path == "/home/u/.local/share/favs/picks/branches.sqlite")
    }

    @Test func aStarIsKeptForTheNextRunAndAnUnstarForgetsIt() throws {
        try withMemory { location throws in
            let memory = try PickMemory(location)
            try memory.persist(.setFavorite("dev", true, at: 42))
            try memory.persist(.batch([.setFavorite("main", true, at: 43), .setFavorite("dev", false, at: nil)]))
            let reopened = try PickMemory(location)
            #expect(try reopened.favorites() == ["main": 43])
            try reopened.persist(.setFavorite("dev", true, at: 44))
            #expect(try PickMemory(location).favorites() == ["main": 43, "dev": 44])
        }
    }

    @Test func aLineCannotBeDeletedAndNothingIsWritten() throws {
        try withMemory { location throws in
            let memory = try PickMemory(location)
            let store = Store(collection: lines("main\ndev\n"), sink: memory)
            let outcome = store.send(.delete("dev"))
            #expect(outcome.error?.contains("cannot be deleted") == true)
            #expect(store.items.ids == ["main", "dev"])
            #expect(try memory.library.loadItems().isEmpty)
        }
    }

    @Test func anotherPickersStarShowsOnlyForLinesThisPickerHas() throws {
        try withMemory { location throws in
            let mine = try PickMemory(location)
            let follower = try #require(try LibraryFollower(mine.library))
            let store = Store(collection: lines("main\ndev\n"), sink: mine)
            let theirs = try PickMemory(location)
            try theirs.persist(.setFavorite("dev", true, at: 9))
            try theirs.persist(.setFavorite("release", true, at: 10))
            store.sync(try mine.translate(follower.poll(), for: store))
            #expect(store.items.favoriteIDs == ["dev"])
            #expect(store.items.ids == ["main", "dev"])
            try theirs.persist(.setFavorite("dev", false, at: nil))
            store.sync(try mine.translate(follower.poll(), for: store))
            #expect(store.items.favoriteIDs == [])
        }
    }

    @Test func aReloadOfTheMemoryBringsEveryShownStarToTheStoredOne() throws {
        try withMemory { location throws in
            let memory = try PickMemory(location)
            let store = Store(collection: lines("main\ndev\n", stars: ["main": 1]), sink: memory)
            try memory.persist(.setFavorite("dev", true, at: 2))
            store.sync(try memory.translate([.reload(ItemCollection())], for: store))
            #expect(store.items.favoriteIDs == ["dev"])
        }
    }

    @Test func aLineThatIsNotUTF8IsRememberedByItsBytesAndStoredWithItsText() throws {
        try withMemory { location throws in
            // a\xffb, then a line that really holds U+FFFD, then one that decodes to the same text.
            let input = Data([0x61, 0xFF, 0x62, 0x0A, 0x61, 0xEF, 0xBF, 0xBD, 0x62, 0x0A, 0x61, 0xFE, 0x62, 0x0A])
            let collection = { (stars: [ItemID: Int64?]) in
                input.withUnsafeBytes { ItemCollection.lines(of: $0, favorites: stars) }
            }
            let store = Store(collection: collection([:]), sink: try PickMemory(location))
            let first = try #require(store.items.ids.first)
            #expect(store.send(.toggleFavorite(first)).error == nil)

            let memory = try PickMemory(location)
            let stars = try memory.favorites()
            #expect(stars.count == 1)
            let next = collection(stars)
            #expect(next.favoriteIDs.map(\.bytes) == [[0x61, 0xFF, 0x62]])
            #expect(next.items(fromRow: 0, count: 3).map(\.favorite) == [true, false, false])
            #expect(try memory.library.loadItems().map(\.title) == ["a\u{FFFD}b"])
        }
    }
}
