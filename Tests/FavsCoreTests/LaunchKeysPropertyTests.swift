import Foundation
import Testing
@testable import FavsCore
@testable import FavsModel

/// Keys typed while a large library's list loads (the browser holds a preview: its first and last rows and its
/// counts): moves the preview can answer are answered at once, everything else waits and is answered once the
/// whole list is in. Whatever was typed, and whenever the load ends, the user must end where they would have
/// had the whole list been there from the start.
@Suite struct LaunchKeysPropertyTests {
    static let keys: [Key] = [
        // Moves, most of what a user types at launch: answered at once when the preview knows where they land.
        .char("j"), .char("j"), .char("k"), .down, .up, .char("g"), .char("G"), .char("G"), .home, .end,
        .pageDown, .pageDown, .pageUp, .pageUp, .ctrl("f"), .ctrl("b"),
        // Everything else waits: favorites, deletes, undo and redo, marks, the filter, views, focus, help.
        .char("f"), .char(" "), .char("d"), .char("u"), .ctrl("r"), .char("m"), .char("v"), .char("/"),
        .char("a"), .char("1"), .backspace, .enter, .escape, .tab, .backTab, .char("F"), .char("s"), .char("?"),
        .ctrl("l"), .char("x"), .char("q"),
    ]
    static let sizes: [(Int, Int)] = [(80, 24), (120, 40), (60, 12), (100, 30), (40, 10)]
    static let seeds = 120

    /// What a run wrote to the library, in order.
    final class Written: ChangeSink {
        var changes: [ModelChange] = []
        var orders: [ListQuery.Order] = []
        func persist(_ change: ModelChange) throws { changes.append(change) }
        func remember(order: ListQuery.Order) throws { orders.append(order) }
    }

    /// One run's outcome, as a user would notice it.
    struct Outcome: Equatable {
        var written: [ModelChange]
        var orders: [ListQuery.Order]
        var selected: ItemID?
        var list: Cursor
        var collectionsCursor: RowCursor<CollectionRow>
        var focus: Focus
        var mode: Mode
        var marks: Set<ItemID>
        var query: ListQuery
        var favorites: [ItemID]
        var count: Int
        var canUndo: Bool
        var canRedo: Bool
        var quit: Bool
        var frame: String

        /// `stored`: the favorites the library holds, for a run that ended on a preview (which knows only some).
        init(_ browser: Browser, _ sink: Written, stored: [ItemID]) {
            written = sink.changes
            orders = sink.orders
            selected = browser.selectedID
            list = browser.listCursor
            collectionsCursor = browser.collectionsCursor
            focus = browser.focus
            mode = browser.mode
            marks = browser.marks.ids
            query = browser.store.query
            favorites = browser.store.items.isPreview ? stored : browser.store.items.favoriteIDs
            count = browser.store.items.count
            canUndo = browser.store.canUndo
            canRedo = browser.store.canRedo
            quit = browser.hasQuit
            frame = browser.frameText()
        }
    }

    /// 120 seeds (letting moves overtake waiting inputs failed about one in three): a library of 60–700 items (some favorites, at random), opened on a preview of its first 40–80
    /// and last 20–50 rows (the real one: 500 and 200), a terminal of one of five sizes, and 1–12 random keys,
    /// clicks and wheel notches typed at launch, the list arriving before any of them, between two, or after all.
    /// The outcome — the item selected, the cursors, focus, mode, marks, query, favorites, items, undo, and the
    /// frame — equals that of the same inputs on the whole list; inputs the preview answered were moves only.
    @Test(arguments: 0..<seeds)
    func keysTypedWhileTheListLoadsEndWhereTheyWouldOnTheWholeList(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed) &* 104_729 &+ 17)
        let count = Int.random(in: 60...700, using: &rng)
        let density = [0.0, 0.05, 0.3, 0.9].randomElement(using: &rng) ?? 0.05
        let items = (0..<count).map { n in
            Item(id: ItemID("item-\(n)"), title: "Track \(n) of the set", favorite: Double.random(in: 0..<1, using: &rng) < density,
                 position: n * 3 + 1)
        }
        let (head, tail) = (Int.random(in: 40...80, using: &rng), Int.random(in: 20...50, using: &rng))
        let preview = ItemCollection.preview(rows: Array(items.prefix(head)), last: Array(items.suffix(tail)),
                                             favorites: Array(items.filter(\.favorite).prefix(head)), count: count,
                                             favoriteCount: items.count(where: \.favorite))
        let size = Self.sizes[seed % Self.sizes.count]
        let inputs: [Browser.Input] = (0..<Int.random(in: 1...12, using: &rng)).map { _ in
            guard Int.random(in: 0..<8, using: &rng) == 0 else { return .key(Self.keys.randomElement(using: &rng) ?? .char("j")) }
            let kinds: [MouseEvent.Kind] = [.click, .wheelUp, .wheelDown]
            return .mouse(MouseEvent(kinds.randomElement(using: &rng) ?? .click,
                                     column: Int.random(in: 0..<size.0, using: &rng), row: Int.random(in: 0..<size.1, using: &rng)))
        }
        let loadAt = Int.random(in: 0...inputs.count, using: &rng)
        let context = "seed \(seed): \(count) items, preview \(head)+\(tail), \(size.0)x\(size.1), load after \(loadAt) of \(inputs)"

        func browser(on collection: ItemCollection, _ sink: Written = Written()) -> Browser {
            var now: Int64 = 0
            return Browser(store: Store(collection: collection, sink: sink, clock: { now += 1; return now }),
                           libraryName: "big", width: size.0, height: size.1)
        }
        let stored = items.filter(\.favorite).map(\.id)
        // The whole list from the start: each input answered as it comes, until one ends the run (q).
        let (wholeWrites, launchedWrites) = (Written(), Written())
        let whole = browser(on: ItemCollection(items), wholeWrites)
        for input in inputs where !whole.hasQuit { whole.handle(input) }

        // A preview first; the whole list arrives after `loadAt` inputs, then what waited is answered, in order.
        let launched = browser(on: preview, launchedWrites)
        #expect(launched.frameText() == browser(on: ItemCollection(items)).frameText(), "\(context): the first frame")
        func load() {
            launched.sync([.reload(ItemCollection(items))])
            for input in launched.takeWaiting() where !launched.hasQuit { launched.handle(input) }
        }
        for (index, input) in inputs.enumerated() where !launched.hasQuit {
            if index == loadAt {
                load()
                if launched.hasQuit { break }
            }
            let before = Outcome(launched, launchedWrites, stored: stored)
            launched.handle(input)
            if launched.store.items.isPreview, launched.waitingCount == 0 {
                // Answered on the preview: a move, or quitting; nothing changed but where the list's cursor is.
                let after = Outcome(launched, launchedWrites, stored: stored)
                #expect(after.favorites == before.favorites && after.marks == before.marks && after.query == before.query
                        && after.focus == before.focus && after.mode == before.mode && after.written.isEmpty, "\(context)")
            }
        }
        if !launched.hasQuit, launched.store.items.isPreview { load() }
        #expect(launched.waitingCount == 0, "\(context): inputs left waiting")
        let (expected, got) = (Outcome(whole, wholeWrites, stored: stored), Outcome(launched, launchedWrites, stored: stored))
        #expect(got == expected, "\(context)")
        if got != expected {
            print("LaunchKeysPropertyTests failed for seed \(seed)\n--- whole list:\n\(expected.frame)\n--- on a preview:\n\(got.frame)")
        }
    }
}
