import Testing
@testable import FavsCore

@Suite struct NoDriftPropertyTests {
    static let keys: [Key] = [
        .char("j"), .char("j"), .char("k"), .down, .up, .char("g"), .char("G"), .pageDown, .pageUp, .ctrl("f"),
        .tab, .tab, .backTab, .enter, .escape, .char("f"), .char("f"), .char(" "), .char("d"), .delete,
        .char("u"), .char("u"), .ctrl("r"), .char("/"), .char("a"), .char("o"), .char("é"), .char("曲"),
        .backspace, .char("?"), .ctrl("l"), .char("x"),
    ]
    static let sizes: [(Int, Int)] = [(80, 24), (40, 12), (100, 30), (60, 10), (59, 10), (20, 6), (15, 5), (120, 8)]
    static let titles = ["お気に入りの曲", "录音 Recording", "Café au lait", "🎧 Lo-fi", "Alpha", "bravo", "ÉCOLE",
                         "A rather long title that will certainly need cutting", "ra\u{1B}[31mw", "Zoë"]

    /// After every step (a key, a resize, or a change from "another process"), each pane's last
    /// drawing equals a fresh render of that pane from the store: the views never drift apart.
    @Test(arguments: 0..<40)
    func everyPaneMatchesAFreshRenderAfterEveryStep(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed) &* 7919)
        let count = Int.random(in: 0...40, using: &rng)
        let items = (0..<count).map { i in
            Item(id: ItemID("id\(i)"), title: Self.titles[i % Self.titles.count] + " \(i)",
                 fields: [Field("n", "\(i)")], favorite: Bool.random(using: &rng), position: i * 2)
        }
        let store = Store(items: items)
        let size = Self.sizes[seed % Self.sizes.count]
        let browser = Browser(store: store, libraryName: "prop", width: size.0, height: size.1)
        // A twin that takes the same steps but never draws until the end, like a script with no
        // `frame` step: what is on screen must not depend on how often frames were drawn.
        let twin = Browser(store: Store(items: items), libraryName: "prop", width: size.0, height: size.1)
        var deleted: [Item] = []
        _ = browser.frame()
        for step in 0..<260 {
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<80:
                let key = Self.keys.randomElement(using: &rng) ?? .char("j")
                browser.handle(key)
                twin.handle(key)
            case 80..<85:
                let (w, h) = Self.sizes.randomElement(using: &rng) ?? (80, 24)
                browser.resize(width: w, height: h)
                twin.resize(width: w, height: h)
            default:
                // Another process changes the library: an external event, not a key.
                let ids = store.items.ids
                if let id = ids.randomElement(using: &rng), let item = store.items[id] {
                    if Bool.random(using: &rng) {
                        browser.send(.external(.setFavorite(id, !item.favorite)))
                        twin.send(.external(.setFavorite(id, !item.favorite)))
                    } else {
                        browser.send(.external(.delete(item)))
                        twin.send(.external(.delete(item)))
                        deleted.append(item)
                    }
                } else if let item = deleted.popLast() {
                    browser.send(.external(.restore(item)))
                    twin.send(.external(.restore(item)))
                }
            }
            let frame = browser.frame()
            #expect(browser.driftedPanes().isEmpty, "seed \(seed) step \(step): \(browser.driftedPanes())")
            #expect(frame.width == browser.width && frame.height == browser.height)
            if let selected = browser.selectedID { #expect(store.items[selected] != nil) }
            if browser.driftedPanes().isEmpty == false { return }
        }
        #expect(twin.frameText() == browser.frameText(), "seed \(seed): drawing every step changed the outcome")
    }
}
