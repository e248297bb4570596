import Foundation
import Testing
@testable import FavsCore
@testable import FavsModel

@Suite struct NoDriftPropertyTests {
    static let keys: [Key] = [
        .char("j"), .char("j"), .char("k"), .down, .up, .char("g"), .char("G"), .pageDown, .pageUp, .ctrl("f"),
        .tab, .tab, .backTab, .enter, .escape, .char("f"), .char("f"), .char(" "), .char("d"), .delete,
        .char("u"), .char("u"), .ctrl("r"), .char("/"), .char("a"), .char("o"), .char("é"), .char("曲"),
        .backspace, .char("?"), .ctrl("l"), .char("x"), .char("F"), .char("s"), .char("s"), .char("m"), .char("v"),
        // The search's syntax, typed into the filter: exact, prefix, suffix, not, either; ctrl-e for exact mode.
        .char("l"), .char("'"), .char("^"), .char("$"), .char("!"), .char("|"), .ctrl("e"),
        // Field terms (`n:1`, `:d1`), answered at once by a fake index over the fields the test knows.
        .char("n"), .char(":"), .char("1"), .char("d"),
        // Tag terms (`#t`, `!#u`), answered by the collection.
        .char("#"), .char("t"),
        // The collections pane's folders (`l` is above), and tab twice more to reach the pane often.
        .char("h"), .char("h"), .right, .left, .char("l"), .tab, .tab,
    ]
    /// The set the property test keeps beside the favorites.
    static let reading = SetID("reading")
    /// Tags, nested and in other cases: `t/a/c` is under `t/a` (spelt `T/a` once) and both under `t`.
    static let tags = [SetID.tag("t/a"), .tag("T/b"), .tag("t/a/c"), .tag("u"), .tag("T/A")]
    /// What the list may be scoped to besides every item: the set, a tag alone, a folder with what is under it.
    static let scopes: [ListQuery.Scope] = [.members(reading), .members(.tag("t/a")), .members(.tagFolder("t")),
                                            .members(.tagFolder("T/A")), .members(.team), .members(.picked)]
    /// Other members of a team library, whose stars arrive from their processes.
    static let members = [SetID.stars(of: "ana"), .stars(of: "bo")]
    /// Saved searches, by names and texts drawn from these: tag terms, exact and negated words, none with field terms
    /// (whose count only the library's index gives, off the input thread).
    static let searchNames = ["Alps", "mine", "Zoë", "ø"]
    static let searchTexts = ["a", "'al", "!o 1", "#t", "^b | 曲", "é"]
    static let sizes: [(Int, Int)] = [(80, 24), (40, 12), (100, 30), (60, 10), (59, 10), (20, 6), (15, 5), (120, 8)]
    static let titles = ["お気に入りの曲", "录音 Recording", "Café au lait", "🎧 Lo-fi", "Alpha", "bravo", "ÉCOLE",
                         "A rather long title that will certainly need cutting", "ra\u{1B}[31mw", "Zoë"]

    /// When the picks were made and scored: a pick then counts its weight.
    static let pickedAt: Int64 = 1_000_000

    /// A pick of a weight from 0.25 to 3, made at `pickedAt`.
    static func pick(_ rng: inout SeededRandom) -> Pick {
        Pick(at: pickedAt, weight: Double(Int.random(in: 1...12, using: &rng)) / 4)
    }

    static func item(_ n: Int, position: Int, favorite: Bool) -> Item {
        Item(id: ItemID("id\(n)"), title: titles[n % titles.count] + " \(n)", fields: [Field("n", "\(n)")],
             favorite: favorite, position: position)
    }

    /// Random steps per seed: long enough for items to arrive, go and come back many times over.
    static let stepsPerSeed = 260
    /// How many seeds make about `FAVS_SOAK_STEPS` steps (`make soak`: 1,000,000), else 50,000 (193 seeds).
    static let seeds: Int = {
        let asked = ProcessInfo.processInfo.environment["FAVS_SOAK_STEPS"].flatMap { Int($0) } ?? 50_000
        return max(1, (asked + stepsPerSeed - 1) / stepsPerSeed)
    }()

    /// 193 seeds (more under `FAVS_SOAK_STEPS`) × 260 random steps: keys, clicks and wheel notches, resizes, and changes from "another process" — favorites, deletes,
    /// restores, picks and forgets, items the collection never held arriving between others (slots renumbered), and reloads.
    /// After every step the list the store derives equals the query answered afresh, every cursor sits on an
    /// item its rows show and in view, and a twin that takes the same steps without drawing has the same view
    /// state: drawing changes nothing. At the end both draw the same screen.
    @Test(arguments: 0..<seeds)
    func theDerivedListAndTheViewStateNeverDrift(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed) &* 7919)
        let count = Int.random(in: 0...40, using: &rng)
        let items = (0..<count).map { Self.item($0, position: $0 * 2, favorite: Bool.random(using: &rng)) }
        // Each store's clock ticks once a favorite: the two stores favorite alike, so their times agree.
        final class Ticks { var now: Int64 = 0 }
        let (ticks, twinTicks) = (Ticks(), Ticks())
        // The fields every item ever held has now (deleted ones' too), as the library's index would answer them.
        let (index, twinIndex) = (FakeFieldSearch(items), FakeFieldSearch(items))
        index.answersAtOnce = true
        twinIndex.answersAtOnce = true
        func know(_ new: [Item]) {
            for fake in [index, twinIndex] {
                fake.items.removeAll { item in new.contains { $0.id == item.id } }
                fake.items += new
            }
        }
        // About one item in four was picked before (`favs pick`), with a frecency score from 0.25 to 3 (one pick of
        // that weight, scored when it was made): its bonus counts in every search, as a star's does.
        var collection = ItemCollection(items)
        collection.setPicks(Dictionary(uniqueKeysWithValues: items.filter { _ in Int.random(in: 0..<4, using: &rng) == 0 }
            .map { ($0.id, [Self.pick(&rng)]) }), frecency: Frecency(), at: Self.pickedAt)
        let store = Store(collection: collection, fieldSearch: index, clock: { ticks.now += 1; return ticks.now })
        let size = Self.sizes[seed % Self.sizes.count]
        let browser = Browser(store: store, libraryName: "prop", width: size.0, height: size.1)
        let twinStore = Store(collection: collection, fieldSearch: twinIndex,
                              clock: { twinTicks.now += 1; return twinTicks.now })
        // The twin answers a search top first whatever its size, three rows at a time (`TopFirst`): it never draws,
        // so its order is made only when a step needs more of it; its view state and its list must not differ.
        twinStore.result.topFirstMinimum = 0
        twinStore.result.topFirstRows = 3
        let twin = Browser(store: twinStore, libraryName: "prop", width: size.0, height: size.1)
        var deleted: [Item] = []
        var next = count
        for step in 0..<Self.stepsPerSeed {
            let context = "seed \(seed) step \(step)"
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<62:
                let key = Self.keys.randomElement(using: &rng) ?? .char("j")
                browser.handle(key)
                twin.handle(key)
            case 62..<72:
                // A set beside the favorites, or a tag: joined and left (one item, or several as one step, which `u`
                // undoes with the rest; or a tag prompt's change), shown as the list's scope (a tag's folder too),
                // renamed or deleted with what is nested in it (into its own folder, or onto a tag items carry), or
                // changed by another process. Or a saved search: saved, renamed or deleted (one step `u` undoes),
                // saved or deleted by another process, or shown.
                let ids = store.items.ids
                let set = ([Self.reading] + Self.tags).randomElement(using: &rng) ?? Self.reading
                let name = Self.searchNames.randomElement(using: &rng) ?? "Alps"
                let search = SavedSearch(name: name, filter: Self.searchTexts.randomElement(using: &rng) ?? "a",
                                         exact: Bool.random(using: &rng))
                switch Int.random(in: 0..<20, using: &rng) {
                case 0..<4:
                    guard let id = browser.selectedID ?? ids.randomElement(using: &rng) else { continue }
                    browser.dispatch(.toggleMember(set, id))
                    twin.dispatch(.toggleMember(set, id))
                case 4..<6:
                    let some = ids.filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }
                    browser.dispatch(.toggleMembers(set, some))
                    twin.dispatch(.toggleMembers(set, some))
                case 6..<8:
                    // A tag prompt's `+x -y` on some items: one step.
                    let some = ids.filter { _ in Int.random(in: 0..<4, using: &rng) == 0 }
                    let join = Self.tags.filter { _ in Bool.random(using: &rng) }
                    let leave = Self.tags.filter { tag in !join.contains(tag) && Bool.random(using: &rng) }
                    browser.dispatch(.changeMembers(some, join: join, leave: leave))
                    twin.dispatch(.changeMembers(some, join: join, leave: leave))
                case 8..<10:
                    let scope = store.query.scope == .all ? Self.scopes.randomElement(using: &rng) ?? .all : .all
                    browser.changeQuery { $0.scope = scope }
                    twin.changeQuery { $0.scope = scope }
                case 10..<12:
                    let old = ["t", "T/a", "u", "t/b"].randomElement(using: &rng) ?? "t"
                    let action = ["u", "t/a/x", "v", "T"].randomElement(using: &rng).map { Action.renameTag(old, to: $0) }
                    let chosen = Bool.random(using: &rng) ? action ?? .deleteTag(old) : .deleteTag(old)
                    browser.dispatch(chosen)
                    twin.dispatch(chosen)
                case 12:
                    // Another process's picks of an item (`favs pick`), or its forget.
                    guard let id = ids.randomElement(using: &rng) else { continue }
                    let updates = [RemoteUpdate.picks(id, Bool.random(using: &rng) ? [] : [Self.pick(&rng)])]
                    browser.sync(updates)
                    twin.sync(updates)
                case 14..<16:
                    browser.dispatch(.saveSearch(search))
                    twin.dispatch(.saveSearch(search))
                case 16:
                    let other = Self.searchNames.randomElement(using: &rng) ?? "mine"
                    let action = Bool.random(using: &rng) ? Action.deleteSearch(name) : .renameSearch(name, to: other)
                    browser.dispatch(action)
                    twin.dispatch(action)
                case 17:
                    let updates = [RemoteUpdate.search(name, Bool.random(using: &rng) ? search : nil)]
                    browser.sync(updates)
                    twin.sync(updates)
                case 18:
                    browser.showSearch(named: name)
                    twin.showSearch(named: name)
                default:
                    // Another process's join or leave: of a set, a tag, or another member's stars.
                    guard let id = ids.randomElement(using: &rng) else { continue }
                    let changed = Bool.random(using: &rng) ? set : Self.members.randomElement(using: &rng) ?? set
                    let updates = [RemoteUpdate.member(changed, id, Bool.random(using: &rng), at: 20_000 + Int64(step))]
                    browser.sync(updates)
                    twin.sync(updates)
                }
                // What follows every input (a key that will do this settles the same way).
                browser.settle()
                twin.settle()
            case 72..<78:
                // A click (often on the star column) or a wheel notch anywhere on the screen.
                let kinds: [MouseEvent.Kind] = [.click, .click, .wheelUp, .wheelDown]
                let column = Bool.random(using: &rng) ? Int.random(in: 0..<max(1, browser.width), using: &rng)
                    : [2, (browser.layout.panes[.favorites]?.x ?? 0) + 2].randomElement(using: &rng) ?? 2
                let mouse = MouseEvent(kinds.randomElement(using: &rng) ?? .click, column: column,
                                       row: Int.random(in: 0..<max(1, browser.height), using: &rng))
                browser.handle(mouse)
                twin.handle(mouse)
            case 78..<83:
                let (w, h) = Self.sizes.randomElement(using: &rng) ?? (80, 24)
                browser.resize(width: w, height: h)
                twin.resize(width: w, height: h)
            case 83..<87:
                // A new item from another process, between two others: the collection renumbers its slots.
                let position = 2 * Int.random(in: 0...max(1, count), using: &rng) + 1
                guard store.items.ids.allSatisfy({ store.items[$0]?.position != position }) else { continue }
                let new = Self.item(next, position: position, favorite: Bool.random(using: &rng))
                next += 1
                let updates = [RemoteUpdate.item(new.id, new)]
                know([new])
                browser.sync(updates)
                twin.sync(updates)
            case 87..<89:
                // An import elsewhere: the whole list reloaded, one item gone, one never seen, one star flipped.
                var all = store.items.ids.compactMap { store.items[$0] }.map { item in
                    var item = item
                    item.fields = [Field("n", item.id.rawValue)]
                    return item
                }
                if !all.isEmpty { all.remove(at: Int.random(in: 0..<all.count, using: &rng)) }
                if let i = all.indices.randomElement(using: &rng) { all[i].favorite.toggle() }
                all.append(Self.item(next, position: 1_000 + next, favorite: Bool.random(using: &rng)))
                next += 1
                // Its saved searches read with it: one of them taken away meanwhile.
                var searches = store.savedSearches
                if !searches.isEmpty { searches.remove(at: Int.random(in: 0..<searches.count, using: &rng)) }
                let updates = [RemoteUpdate.reload(ItemCollection(all), searches: searches)]
                know(all)
                browser.sync(updates)
                twin.sync(updates)
            default:
                // Another process favorites, deletes or restores an item it holds.
                let ids = store.items.ids
                var updates: [RemoteUpdate] = []
                if let id = ids.randomElement(using: &rng), var item = store.items[id] {
                    if Bool.random(using: &rng) {
                        item.favorite.toggle()
                        item.favoritedAt = item.favorite ? 10_000 + Int64(step) : nil
                        updates = [.item(id, item)]
                    } else {
                        updates = [.item(id, nil)]
                        deleted.append(item)
                    }
                } else if let item = deleted.popLast() {
                    updates = [.item(item.id, item)]
                }
                browser.sync(updates)
                twin.sync(updates)
            }
            let frame = browser.frame()
            #expect(frame.width == browser.width && frame.height == browser.height, "\(context)")
            try Self.expectNoDrift(browser, twin, fields: index.items, context)
            // The twin's favorites pane, and on every fourth step its whole list (which makes the rest of an order
            // answered top first: the steps between type on from a top-first answer).
            let favorites = (0..<store.favorites.count).map { store.favorites.id(at: $0) }
            try #require((0..<twinStore.favorites.count).map { twinStore.favorites.id(at: $0) } == favorites,
                         "\(context): the favorites of a search answered top first")
            if step % 4 == 3 {
                try #require((0..<twinStore.list.count).map { twinStore.list.id(at: $0) }
                             == (0..<store.list.count).map { store.list.id(at: $0) },
                             "\(context): the list of a search answered top first")
            }
        }
        #expect(twin.frameText() == browser.frameText(), "seed \(seed): drawing every step changed the outcome")
    }

    static func expectNoDrift(_ browser: Browser, _ twin: Browser, fields known: [Item], _ context: String) throws {
        let store = browser.store
        // The list the store maintains through every change equals its query answered afresh.
        var fresh = QueryResult()
        fresh.update(to: store.query, fields: store.result.fields, in: store.items)
        let maintained = (0..<store.list.count).map { store.list.id(at: $0) }
        let expected = (0..<fresh.count(in: store.items)).map { fresh.id(at: $0, in: store.items) }
        try #require(maintained == expected, "\(context): the list drifted from its query")
        for (row, id) in maintained.enumerated() {
            try #require(id.flatMap(store.list.row(of:)) == row, "\(context): row(of:) disagrees at \(row)")
        }
        // A search in library order, answered by a model of its own: every shown item's title matches, best score
        // first (fzf's, plus 4 for a star and 2 a unit of frecency score, at most 4: at most 8 in all), then
        // favorites, then shorter titles, then library order.
        let query = store.query
        if !query.filter.isEmpty, query.order == .library {
            let search = query.search
            // Field terms: the item's fields as the test knows them hold every group (one of its terms).
            let groups = query.reading.fieldGroups
            let fields = Dictionary(known.map { ($0.id, $0.fields) }, uniquingKeysWith: { $1 })
            let ranked = store.items.ids.compactMap { id -> (Item, MatchRank)? in
                guard let item = store.items[id], query.scope.set.map({ store.items.isMember(id, of: $0) }) ?? true,
                      groups.allSatisfy({ $0.contains { $0.accepts(fields[id] ?? []) } }),
                      query.reading.tagGroups.allSatisfy({ $0.contains { $0.accepts(tags: store.items.tags(of: id)) } }),
                      let match = search.match(item.title) else { return nil }
                let bonus = (item.favorite ? 4 : 0) + min(4, Int((2 * store.items.pickScore(of: id)).rounded()))
                return (item, MatchRank(score: match.rank.score + bonus, length: match.rank.length))
            }
            let expected = search.isRanked ? ranked.sorted { a, b in
                if a.1.score != b.1.score { return a.1.score > b.1.score }
                if a.0.favorite != b.0.favorite { return a.0.favorite }
                if a.1.length != b.1.length { return a.1.length < b.1.length }
                return a.0.position < b.0.position
            } : ranked
            try #require(maintained == expected.map(\.0.id), "\(context): the search's order for \(query.filter)")
        }
        // The favorites pane: every favorite; while a search is on, those the list shows first, in its order, then
        // the others in library order.
        let favorites = (0..<store.favorites.count).map { store.favorites.id(at: $0) }
        let allFavorites = store.items.ids.filter { store.items[$0]?.favorite == true }
        let expectedFavorites = query.filter.isEmpty ? allFavorites
            : maintained.compactMap { $0 }.filter { store.items[$0]?.favorite == true }
                + allFavorites.filter { id in store.list.row(of: id) == nil }
        try #require(favorites == expectedFavorites, "\(context): the favorites pane's order for \(query.filter)")
        for (row, id) in favorites.enumerated() {
            try #require(id.flatMap(store.favorites.row(of:)) == row, "\(context): favorites row(of:) disagrees at \(row)")
        }
        // The other set: its count is a recount of its present members, and its rows are ordered as the favorites'.
        let readers = store.items.ids.filter { store.items.isMember($0, of: Self.reading) }
        try #require(store.items.memberCount(of: Self.reading) == readers.count, "\(context): the set's count")
        let readerRows = store.members(of: Self.reading)
        let expectedReaders = query.filter.isEmpty ? readers
            : maintained.compactMap { $0 }.filter { store.items.isMember($0, of: Self.reading) }
                + readers.filter { id in store.list.row(of: id) == nil }
        try #require((0..<readerRows.count).map { readerRows.id(at: $0) } == expectedReaders, "\(context): the set's rows")
        for (row, id) in expectedReaders.enumerated() {
            try #require(readerRows.row(of: id) == row, "\(context): the set's row(of:) disagrees at \(row)")
        }
        // Every tag's and every folder's count is a recount: a folder's, of the items carrying a tag nested in it.
        for node in store.items.tagTree {
            let under = store.items.ids.filter { id in store.items.tags(of: id).contains { TagPath.isWithin($0, node.path) } }
            let own = store.items.ids.filter { store.items.isMember($0, of: .tag(node.path)) }
            try #require(node.count == under.count && node.ownCount == own.count, "\(context): #\(node.path)'s count")
            try #require(store.items.memberCount(of: .tagFolder(node.path)) == under.count, "\(context): #\(node.path)/")
        }
        // The team's stars, once another member's are in: each item counted once for your star and once per member's,
        // and the team's set every item someone starred.
        if store.items.hasTeamStars {
            for id in store.items.ids {
                let count = ([SetID.favorites] + Self.members).count { store.items.isMember(id, of: $0) }
                try #require(store.items.teamStars(of: id) == count, "\(context): \(id)'s team stars")
            }
            try #require(store.items.memberCount(of: .team) == store.items.ids.count { store.items.teamStars(of: $0) > 0 },
                         "\(context): the team's count")
        }
        // Every saved search's count is its query answered afresh over the items, whatever the count was kept from.
        for search in store.savedSearches {
            var fresh = QueryResult()
            fresh.update(to: search.query, in: store.items)
            try #require(store.count(of: search) == fresh.count(in: store.items), "\(context): “\(search.name)”'s count")
        }
        try #require(twin.store.savedSearches == store.savedSearches, "\(context): the saved searches")
        let tagged = Set(store.items.ids.flatMap { store.items.tags(of: $0).map { $0.lowercased() } })
        try #require(Set(store.items.tagPaths.map { $0.lowercased() }) == tagged, "\(context): the tags listed")
        // Each cursor is on an item its rows show (none only when they are empty) and within view.
        let layout = browser.layout
        try expectCursor(browser.listCursor, store.list, layout.panes[.list], "\(context) list")
        // The collections pane: its cursor on a row it shows and in view, on a collection's identity (a tag gone
        // moves it, rows coming and going above it do not); its favorites are every favorite, in the pane's order,
        // and its tags every tag outside a closed folder, each with its count.
        let collections = browser.collectionRows
        try expectCursor(browser.collectionsCursor, collections, layout.panes[.favorites], "\(context) collections")
        let tree = store.items.tagTree
        let picked = store.items.ids.filter { store.items.pickScore(of: $0) > 0 }
        try #require(collections.hasHeader == !(tree.isEmpty && store.savedSearches.isEmpty && !store.items.hasTeamStars
                                                && picked.isEmpty),
                     "\(context): the header without tags, searches or picks, or none beside them")
        // `↻ Frequent`: every picked item counted; the ten most picked under it while it or one of them is selected,
        // the highest score first, then library order.
        try #require(collections.picked?.count == (picked.isEmpty ? nil : picked.count), "\(context): the picked count")
        let mostPicked = picked.sorted { a, b in
            let (sa, sb) = (store.items.pickScore(of: a), store.items.pickScore(of: b))
            return sa != sb ? sa > sb : (store.items[a]?.position ?? 0) < (store.items[b]?.position ?? 0)
        }.prefix(10)
        try #require(collections.searches == store.savedSearches, "\(context): the saved searches listed")
        let selected = browser.collectionsCursor.selected
        let pickedShown = !picked.isEmpty
            && (selected == .set(.picked) || { if case .picked? = selected { true } else { false } }())
        let favoritesShown = !collections.hasHeader || selected == .set(.favorites) || selected?.item != nil || selected == nil
        let shownRows = (0..<collections.count).compactMap { collections.id(at: $0) }
        try #require(shownRows.compactMap(\.item) == (favoritesShown ? favorites.compactMap { $0 } : []),
                     "\(context): the favorites under their header")
        let shownPicked = shownRows.compactMap { row in if case let .picked(id) = row { id } else { nil } }
        try #require(shownPicked == (pickedShown ? Array(mostPicked) : []), "\(context): the most picked under their header")
        let shownTags = collections.tags.map(\.node)
        try #require(shownTags.allSatisfy { node in tree.contains(node) && TagPath.lineage(node.path).dropLast().allSatisfy {
            browser.openFolders.contains(.tagFolder($0)) } }, "\(context): a tag shown in a closed folder, or not a tag")
        try #require(shownTags.count == tree.count { node in TagPath.lineage(node.path).dropLast().allSatisfy {
            browser.openFolders.contains(.tagFolder($0)) } }, "\(context): a tag left out of an open folder")
        #expect(browser.detail.subject == browser.selectedID, "\(context): the detail shows another item")
        // Drawing changes nothing: the twin, which never drew, has the same view state.
        try #require(browser.listCursor == twin.listCursor, "\(context)")
        try #require(browser.collectionsCursor == twin.collectionsCursor, "\(context)")
        try #require(browser.detail == twin.detail && browser.focus == twin.focus && browser.mode == twin.mode
                     && browser.openFolders == twin.openFolders
                     && browser.message == twin.message, "\(context)")
    }

    static func expectCursor<ID>(_ cursor: RowCursor<ID>, _ rows: some KeyedRows<ID>, _ rect: Rect?, _ context: String) throws {
        guard rows.count > 0 else {
            try #require(cursor.selected == nil, "\(context): a selection in empty rows")
            return
        }
        let row = try #require(cursor.selected.flatMap(rows.row(of:)), "\(context): the selection is not shown")
        try #require(row == cursor.row, "\(context): the cursor lost its row")
        guard let rect else { return }
        let visible = max(0, rect.height - 2)
        try #require(cursor.offset >= 0 && cursor.offset <= max(0, rows.count - visible), "\(context): offset")
        if visible > 0 { try #require(row >= cursor.offset && row < cursor.offset + visible, "\(context): out of view") }
    }
}
