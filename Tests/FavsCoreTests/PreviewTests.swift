import Testing
@testable import FavsCore
@testable import FavsModel

/// A large library opens on a preview (its first rows, first favorites and counts) while the rest loads:
/// the preview's frame must be the frame of the whole collection, and loading the rest must change nothing
/// on screen.
@Suite struct PreviewTests {
    /// 300 items, every 7th a favorite, titles long enough to fill the panes.
    static let items: [Item] = (0..<300).map { n in
        Item(id: ItemID("item-\(n)"), title: "Song number \(n) of the generated set", favorite: n % 7 == 3,
             position: n * 2 + 1)
    }

    static func preview(rows: Int, favorites: Int) -> ItemCollection {
        .preview(rows: Array(items.prefix(rows)), favorites: Array(items.filter(\.favorite).prefix(favorites)),
                 count: items.count, favoriteCount: items.filter(\.favorite).count)
    }

    static func frame(_ collection: ItemCollection, width: Int = 80, height: Int = 24) -> String {
        Browser(store: Store(collection: collection), libraryName: "big", width: width, height: height).frame().lines.joined(separator: "\n")
    }

    @Test(arguments: [(80, 24), (120, 40), (50, 16)])
    func aPreviewDrawsTheFirstFrameOfTheWholeCollection(size: (Int, Int)) {
        let whole = Self.frame(ItemCollection(Self.items), width: size.0, height: size.1)
        #expect(Self.frame(Self.preview(rows: 60, favorites: 60), width: size.0, height: size.1) == whole)
        #expect(whole.contains("300 items · 43 favorites"))
    }

    @Test func rowsAndFavoritesBeyondThePreviewAreUnknown() {
        let preview = Self.preview(rows: 10, favorites: 5)
        #expect(preview.isPreview)
        #expect(preview.count == 300 && preview.favoriteCount == 43)
        #expect(preview.id(atRow: 9) == "item-9")
        #expect(preview.id(atRow: 10) == nil)
        #expect(preview.favoriteID(at: 4) == "item-31")
        #expect(preview.favoriteID(at: 5) == nil)
    }

    @Test func theLastRowsAndTheFavoritesAmongThemAreKnownToo() {
        let preview = ItemCollection.preview(rows: Array(Self.items.prefix(10)), last: Array(Self.items.suffix(5)),
                                             favorites: Array(Self.items.filter(\.favorite).prefix(10)),
                                             count: 300, favoriteCount: 43)
        #expect(preview.count == 300 && preview.favoriteCount == 43)
        #expect([9, 10, 294, 295, 299, 300].map { preview.id(atRow: $0) } == ["item-9", nil, nil, "item-295", "item-299", nil])
        #expect(preview.row(of: "item-297") == 297 && preview.row(of: "item-4") == 4)
        #expect(preview.row(of: "item-66") == nil, "a favorite from the middle: its row is unknown")
        #expect(preview.items(fromRow: 296, count: 10).map(\.id) == ["item-296", "item-297", "item-298", "item-299"])
        #expect(preview.items(fromRow: 8, count: 10).map(\.id) == ["item-8", "item-9"])
        #expect(preview.items(fromRow: 100, count: 10).isEmpty)
        // Favorites: the first ten given (item-3 … item-66), and item-297, the last of all 43.
        #expect([9, 10, 41, 42, 43].map { preview.favoriteID(at: $0) } == ["item-66", nil, nil, "item-297", nil])
        #expect(preview.favoriteIndex(of: "item-297") == 42 && preview.favoriteIndex(of: "item-66") == 9)
        #expect(preview.favoriteIDs.last == "item-297" && preview.favoriteIDs.count == 11)
    }

    @Test func aMoveToTheEndIsAnsweredOnThePreviewAndAFavoriteWaitsForTheWholeList() {
        let preview = ItemCollection.preview(rows: Array(Self.items.prefix(30)), last: Array(Self.items.suffix(30)),
                                             favorites: Array(Self.items.filter(\.favorite).prefix(30)),
                                             count: 300, favoriteCount: 43)
        let browser = Browser(store: Store(collection: preview), libraryName: "big")
        let whole = Browser(store: Store(collection: ItemCollection(Self.items)), libraryName: "big")
        browser.handle(.char("G"))
        whole.handle(.char("G"))
        #expect(browser.frame() == whole.frame(), "the last screenful, from the preview")
        #expect(browser.selectedID == "item-299")

        // A favorite waits: nothing is written on a preview. The status line says why nothing happened yet.
        browser.handle(.char("f"))
        #expect(browser.store.items.isPreview && browser.store.items["item-299"]?.favorite == false)
        #expect(browser.frame().lines.last?.hasPrefix(" loading the list… (1 waiting)") == true)
        #expect(browser.takeWaiting().isEmpty, "nothing is given back before the whole list is in")

        browser.sync([.reload(ItemCollection(Self.items))])
        for input in browser.takeWaiting() { browser.handle(input) }
        whole.handle(.char("f"))
        #expect(browser.store.items["item-299"]?.favorite == true)
        #expect(browser.frame() == whole.frame())
        #expect(browser.waitingCount == 0)
    }

    @Test func loadingTheRestChangesNothingOnScreenAndKeysThenReachEveryRow() throws {
        let browser = Browser(store: Store(collection: Self.preview(rows: 30, favorites: 30)), libraryName: "big")
        let first = browser.frame()
        #expect(browser.sync([.reload(ItemCollection(Self.items))]))
        #expect(browser.frame() == first)
        #expect(!browser.store.items.isPreview)
        browser.handle(.char("G"))
        #expect(browser.selectedID == "item-299")
        #expect(browser.frame().lines.joined().contains("Items 300/300"))
    }
}
