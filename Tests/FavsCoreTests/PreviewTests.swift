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
