import Foundation
import Testing
@testable import FavsCore
@testable import FavsModel

/// A search typed while a large library's list loads (`/jsn` at launch) is answered from the rows whose titles may
/// match it, read apart (`Browser.answerWaitingSearch`, what the session hands it), before the whole list is in.
/// Whenever those rows and the whole list arrive, and whatever was typed meanwhile, every answer shown on the
/// preview is the whole list's (the same rows in the same order), and the user ends where the whole list from the
/// start would have left them.
@Suite struct LaunchSearchPropertyTests {
    /// The search prompt's keys and the whole search syntax, with a few keys that end or leave the typing.
    static let typed: [Key] = [
        .char("a"), .char("e"), .char("r"), .char("t"), .char("o"), .char("n"), .char("s"), .char("A"), .char(" "),
        .char("^"), .char("$"), .char("'"), .char("!"), .char("|"), .char("é"), .char("k"), .char("5"), .char("u"), .char("d"), .backspace, .backspace,
    ]
    static let others: [Key] = [.enter, .escape, .char("j"), .down, .ctrl("e"), .char("/")]
    /// Titles an anchor or a quote typed further changes the meaning of (issue #36: `/s$5`, `/'on't`).
    static let words = ["rain", "Star", "neon", "tree", "stone", "Éte", "on the", "don't", "US$5", "bus", "art", "k$",
                        "ark'", "ŕáin", "a-b"]
    static let sizes: [(Int, Int)] = [(80, 24), (120, 40), (60, 12)]
    static let seeds = 120

    /// The rows a library's search read gives for `query`: each item whose title passes its prefilter.
    static func rows(of items: [Item], passing query: ListQuery) -> ItemCollection {
        guard let prefilter = query.titlePrefilter else { return ItemCollection(items) }
        return ItemCollection(prefilter.withTest { passes in
            items.filter { item in
                var title = item.title
                return title.withUTF8 { passes(UnsafeRawBufferPointer($0)) }
            }
        })
    }

    /// Every row the list shows, in order.
    static func shown(_ browser: Browser) -> [ItemID] {
        browser.store.list.items(from: 0, count: browser.store.list.count).map(\.id)
    }

    /// 120 seeds: a library of 60–600 items titled from a few words (some favorites), opened on a preview of its first
    /// 40–80 and last 20–50 rows; `/` and 1–10 keys of the search syntax typed at launch (now and then a key that ends
    /// the typing); the rows of the search typed so far handed over at random moments (some asked for a search typed
    /// further since, some never), and the whole list after any of the inputs.
    @Test(arguments: 0..<seeds)
    func aSearchTypedWhileTheListLoadsShowsTheWholeListsRows(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed) &* 7_919 &+ 3)
        let count = Int.random(in: 60...600, using: &rng)
        let items = (0..<count).map { n in
            let words = (0..<Int.random(in: 1...3, using: &rng)).map { _ in Self.words.randomElement(using: &rng) ?? "on" }
            return Item(id: ItemID("item-\(n)"), title: words.joined(separator: " ") + (n % 2 == 0 ? " \(n)" : ""),
                        favorite: Int.random(in: 0..<6, using: &rng) == 0, position: n * 2 + 1)
        }
        let (head, tail) = (Int.random(in: 40...80, using: &rng), Int.random(in: 20...50, using: &rng))
        let preview = ItemCollection.preview(rows: Array(items.prefix(head)), last: Array(items.suffix(tail)),
                                             favorites: Array(items.filter(\.favorite).prefix(head)), count: count,
                                             favoriteCount: items.count(where: \.favorite))
        let size = Self.sizes[seed % Self.sizes.count]
        let inputs: [Key] = [.char("/")] + (0..<Int.random(in: 1...10, using: &rng)).map { _ in
            Int.random(in: 0..<10, using: &rng) == 0 ? Self.others.randomElement(using: &rng) ?? .enter
                : Self.typed.randomElement(using: &rng) ?? .char("a")
        }
        let loadAt = Int.random(in: 1...inputs.count, using: &rng)
        let context = "seed \(seed): \(count) items, preview \(head)+\(tail), load after \(loadAt) of \(inputs)"

        func browser(on collection: ItemCollection) -> Browser {
            Browser(store: Store(collection: collection, clock: { 1 }), libraryName: "big", width: size.0, height: size.1)
        }
        let whole = browser(on: ItemCollection(items))
        for key in inputs where !whole.hasQuit { whole.handle(key) }

        let launched = browser(on: preview)
        var asked: ListQuery?  // the search whose rows are being read, as the session asks
        var answered = 0
        /// What the session does at a poll: hands over the rows read (now and then), asks for the search typed.
        func poll() {
            if let reading = asked, Bool.random(using: &rng) {
                asked = nil
                if launched.answerWaitingSearch(holding: Self.rows(of: items, passing: reading), matchesOf: reading) {
                    answered += 1
                }
            }
            if asked == nil, let typed = launched.searchTypedWhileLoading, !launched.store.items.holdsMatches(of: typed) {
                asked = typed
            }
        }
        /// Every answer shown on the preview is the whole list's: the same rows, in the same order.
        func expectTheWholeListsRows() {
            guard launched.store.items.isPreview, launched.waitingCount == 0, !launched.store.query.filter.isEmpty else { return }
            let reference = Store(collection: ItemCollection(items), query: launched.store.query)
            #expect(Self.shown(launched) == reference.list.items(from: 0, count: reference.list.count).map(\.id),
                    "\(context): /\(launched.store.query.filter) on the preview")
        }
        for (index, key) in inputs.enumerated() where !launched.hasQuit {
            if index == loadAt {
                launched.sync([.reload(ItemCollection(items))])
                for input in launched.takeWaiting() where !launched.hasQuit { launched.handle(input) }
            }
            launched.handle(key)
            poll()
            expectTheWholeListsRows()
            poll()
            expectTheWholeListsRows()
        }
        if launched.store.items.isPreview {
            launched.sync([.reload(ItemCollection(items))])
            for input in launched.takeWaiting() where !launched.hasQuit { launched.handle(input) }
        }
        #expect(launched.waitingCount == 0, "\(context): inputs left waiting")
        #expect(launched.store.query == whole.store.query && launched.mode == whole.mode
                && launched.selectedID == whole.selectedID && launched.listCursor == whole.listCursor, "\(context)")
        #expect(Self.shown(launched) == Self.shown(whole), "\(context)")
        #expect(launched.frameText() == whole.frameText(), "\(context)")
    }

    /// The screen a user sees: `/rain` typed at launch over a preview, answered from the rows whose titles may match
    /// before the whole list is in, with the same rows the whole list shows; a key typed further is answered at once.
    @Test func aSearchTypedAtLaunchIsAnsweredBeforeTheWholeList() {
        let items = (0..<300).map { n in
            Item(id: ItemID("item-\(n)"), title: n % 50 == 7 ? "rain \(n)" : "track \(n)", position: n + 1)
        }
        let preview = ItemCollection.preview(rows: Array(items.prefix(40)), last: Array(items.suffix(20)), favorites: [],
                                             count: 300, favoriteCount: 0)
        let browser = Browser(store: Store(collection: preview), libraryName: "big", width: 60, height: 10)
        for key in "/rain" { browser.handle(.char(key)) }
        #expect(browser.waitingCount == 5)
        #expect(browser.searchTypedWhileLoading?.filter == "rain")
        let query = ListQuery(filter: "rain")
        #expect(browser.answerWaitingSearch(holding: Self.rows(of: items, passing: query), matchesOf: query))
        #expect(browser.frameText() == """
             favs — big
            ┏ Items 1/6 · /rain ━━━┓┌ Detail 1-2/3 ────────────────────┐
            ┃>  rain 7             ┃│   rain 7                         │
            ┃   rain 57            ┃│                                  │
            ┃   rain 107           ┃└──────────────────────────────────┘
            ┃   rain 157           ┃┌ Favorites (0) ───────────────────┐
            ┃   rain 207           ┃│ No favorites yet: f stars the se…│
            ┃   rain 257           ┃│                                  │
            ┗━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────┘
             /rain▏  enter keeps · esc clears   300 items · 0 favorites
            """)
        // `rain 5` narrows `rain`: answered at once, from the same rows.
        browser.handle(.char(" "))
        browser.handle(.char("5"))
        #expect(browser.waitingCount == 0)
        #expect(Self.shown(browser) == ["item-57", "item-157", "item-257"])
        #expect(browser.store.items.isPreview)
    }
}
