import Testing
@testable import FavsCore
@testable import FavsModel

/// The collection against naive references: a sorted array of items, a lower-cased `contains`, plain counting.
@Suite struct ItemCollectionTests {
    static let seeds: [UInt64] = [1, 7, 42, 1234, 99_991, 0xFA75]

    // MARK: Mutations

    /// Toggles, deletes, undos (re-inserts), new items between others, at the end, on a held position,
    /// with a held id: after every step the collection answers every question as the sorted array does. Also with
    /// the id index left until the first lookup, as a library's list is built (`distinctIDs`).
    @Test(arguments: seeds, [false, true])
    func mutationsMatchASortedArray(seed: UInt64, deferringIndex: Bool) {
        var rng = SeededRandom(seed: seed)
        let initial = randomItems(count: Int.random(in: 50...300, using: &rng), &rng)
        var c = built(initial, distinctIDs: deferringIndex)
        #expect(c.index.isDeferred == deferringIndex)
        var ref = Reference(initial)
        for step in 0..<300 {
            let before = c
            var note = "", got: Int?, expected: Int?
            let roll = Int.random(in: 0..<100, using: &rng)
            switch roll {
            case 0..<20:
                let id = ref.anyID(&rng), value = Bool.random(using: &rng), i = ref.index(of: id)
                let changes = i.map { ref.items[$0].favorite != value } ?? false
                note = "setFavorite(\(id), \(value))"
                #expect(c.setMember(id, of: .favorites, value) == changes, "seed \(seed) step \(step): \(note)")
                if changes, let i { ref.items[i].favorite = value }
            case 20..<30:  // a second set, made by its first member
                let id = ref.anyID(&rng), value = Bool.random(using: &rng)
                let changes = ref.index(of: id) != nil && ref.reading.contains(id) != value
                note = "setMember(\(id), of: reading, \(value))"
                #expect(c.setMember(id, of: Reference.readingSet, value) == changes, "seed \(seed) step \(step): \(note)")
                if changes { if value { ref.reading.insert(id) } else { ref.reading.remove(id) } }
            case 30..<50:
                let id = ref.anyID(&rng)
                (note, got, expected) = ("remove(\(id))", c.remove(id), ref.index(of: id))
                if let i = expected { ref.removed.append((ref.items.remove(at: i), ref.generation)) }
            case 50..<65:  // undo of a delete: the same item back
                guard !ref.removed.isEmpty else { break }
                let (item, removedIn) = ref.removed.remove(at: Int.random(in: 0..<ref.removed.count, using: &rng))
                (note, got) = ("re-insert(\(item.id) at \(item.position))", c.insert(item))
                expected = ref.insert(item, slotKept: removedIn == ref.generation)
            case 65..<88:  // a new item between others (or past every slot), or at the end
                let atEnd = ref.lastSlotPosition + Int.random(in: 1...5, using: &rng)
                var position = atEnd
                for _ in 0..<8 where roll < 80 && (ref.holds(position) || position == atEnd) {
                    position = Int.random(in: -3...(ref.lastSlotPosition + 2), using: &rng)
                }
                let item = ref.newItem(position: position, &rng)
                (note, got) = ("insert new \(item.id) at \(position)", c.insert(item))
                expected = ref.insert(item, slotKept: false)
            case 88..<94:  // a new id on a position a present item holds
                guard let held = ref.items.randomElement(using: &rng) else { break }
                let item = ref.newItem(position: held.position, &rng)
                (note, got) = ("insert new \(item.id) on held \(held.position)", c.insert(item))
            default:  // an id already present, on a free position
                guard let held = ref.items.randomElement(using: &rng) else { break }
                let item = Item(id: held.id, title: "again", position: ref.lastSlotPosition + 1)
                (note, got) = ("insert held id \(held.id)", c.insert(item))
            }
            #expect(got == expected, "seed \(seed) step \(step): \(note)")
            if note.contains("insert"), expected == nil {  // refused: nothing changed
                #expect(c == before && c.generation == before.generation, "seed \(seed) step \(step): \(note)")
            }
            let problems = differences(c, ref)
            #expect(problems.isEmpty, "seed \(seed) step \(step) after \(note): \(problems.prefix(4))")
            if !problems.isEmpty { return }
        }
    }

    /// A collection whose id index waits for its first lookup serves every copy of it from one index, built once,
    /// and each copy that adds an item keeps its id to itself: the other copy does not find it, whichever copy
    /// looked first, and both still find every id they held.
    @Test(arguments: [false, true])
    func copiesOfADeferredIndexKeepTheirOwnIDs(lookFirstInTheCopy: Bool) {
        var rng = SeededRandom(seed: 77)
        let initial = randomItems(count: 500, &rng)
        let original = built(initial, distinctIDs: true)
        var copy = original
        if lookFirstInTheCopy { #expect(copy.slot(of: ItemID("id499")) == 499) }
        let added = Item(id: ItemID("added"), title: "Added", position: 10_000)
        #expect(copy.insert(added) == 500)
        #expect(!copy.index.isDeferred && original.index.isDeferred)
        #expect(copy.slot(of: added.id) == 500 && copy[added.id]?.title == "Added")
        #expect(original.slot(of: added.id) == nil && original[added.id] == nil)
        for item in initial {
            #expect(original.slot(of: item.id) == copy.slot(of: item.id) && original[item.id] == item, "\(item.id)")
        }
        // The original adds an item of its own on the same slot.
        var other = original
        #expect(other.insert(Item(id: ItemID("mine"), title: "Mine", position: 10_000)) == 500)
        #expect(other.slot(of: ItemID("mine")) == 500 && copy.slot(of: ItemID("mine")) == nil)
        #expect(other.slot(of: added.id) == nil)
    }

    // MARK: Filter

    /// `slots(matching:)`, narrowed or not, equals a lower-cased `contains` over present titles, as deletes
    /// and undos go on; a result computed before a delete never lets the deleted item through when narrowed.
    @Test(arguments: seeds)
    func filterMatchesLowercasedContains(seed: UInt64) {
        var rng = SeededRandom(seed: seed &+ 100)
        let initial = randomItems(count: Int.random(in: 50...300, using: &rng), &rng)
        var c = ItemCollection(initial)
        var ref = Reference(initial)
        for round in 0..<150 {
            let query = randomQuery(titles: initial.map(\.title), &rng)
            let first = String(query.prefix(1))
            var previous = c.slots(matching: first)  // taken before a delete: may hold the deleted slot
            if Int.random(in: 0..<10, using: &rng) < 7 || ref.removed.isEmpty {
                if let item = ref.items.randomElement(using: &rng), let i = ref.index(of: item.id) {
                    #expect(c.remove(item.id) == i)
                    ref.removed.append((ref.items.remove(at: i), ref.generation))
                }
            } else {
                let (item, _) = ref.removed.removeFirst()
                #expect(c.insert(item) == ref.insert(item, slotKept: true))
                previous = c.slots(matching: first)
            }
            for length in 1...max(1, query.count) {
                let prefix = String(query.prefix(length))
                let expected = referenceMatches(ref.items, prefix)
                let full = c.slots(matching: prefix), narrowed = c.slots(matching: prefix, among: previous)
                #expect(full.map { c.id(atSlot: Int($0)) } == expected, "seed \(seed) round \(round) '\(prefix)'")
                #expect(narrowed == full, "seed \(seed) round \(round) '\(prefix)' narrowed")
                previous = full
            }
            let expected = Set(referenceMatches(ref.items, query))
            let bySlot = c.presentSlots.filter { c.title(atSlot: $0, contains: query) }.map { c.id(atSlot: $0) }
            #expect(Set(bySlot) == expected, "seed \(seed) round \(round) title(atSlot:contains: '\(query)')")
        }
    }

    /// A search narrowed from the rows of a ranked result (best first: not in slot order) finds the same slots,
    /// in slot order, with the same ranks, as a search of every title; a deleted slot among them is not found.
    @Test(arguments: seeds)
    func aSearchNarrowedFromRankedRowsEqualsAFreshOne(seed: UInt64) {
        var rng = SeededRandom(seed: seed &+ 300)
        let items = randomItems(count: Int.random(in: 100...400, using: &rng), &rng)
        var c = ItemCollection(items)
        for round in 0..<40 {
            let query = randomQuery(titles: items.map(\.title), &rng).filter { $0 != " " }
            guard !query.isEmpty else { continue }
            let wider = SearchPattern(reading: String(query.prefix(1))), narrower = SearchPattern(reading: query)
            var ranked = c.search(wider)
            ranked.sort { ($0.key.score, $1.key.length, $1.slot) > ($1.key.score, $0.key.length, $0.slot) }
            if round % 4 == 0, let gone = ranked.randomElement(using: &rng) {
                _ = c.remove(c.id(atSlot: Int(gone.slot)))
            }
            let fresh = c.search(narrower), narrowed = c.search(narrower, among: ranked.map(\.slot))
            #expect(narrowed.map(\.slot) == fresh.map(\.slot), "seed \(seed) round \(round) '\(query)'")
            #expect(narrowed.map { [$0.key.score, $0.key.length] } == fresh.map { [$0.key.score, $0.key.length] })
            #expect(fresh.map(\.slot) == fresh.map(\.slot).sorted())
            // With the traits a first key made, as the general path (decoded scalars) ranks each title.
            let reference = c.presentSlots.compactMap { slot in
                narrower.match(c.title(atSlot: slot)).map { [slot, $0.score, $0.rank.length] }
            }
            #expect(fresh.map { [Int($0.slot), Int($0.key.score), Int($0.key.length)] } == reference, "'\(query)'")
        }
    }

    /// A first key's search keeps each title's length and encoding once made (`TitleTraits`): two copies of a
    /// searched collection that each add a different item at the end rank it by its own title, as a collection
    /// built with it does.
    @Test func copiesThatAddDifferentItemsAfterASearchRankTheirOwnTitles() {
        let items = ["a  r", "  r東京", "rr", "Ré  "].enumerated().map { Item(id: ItemID("i\($0)"), title: $1, position: $0) }
        let c = ItemCollection(items)
        let r = SearchPattern(reading: "r")
        _ = c.search(r)  // the traits are made
        var a = c, b = c
        _ = a.insert(Item(id: "x", title: "  rain on the roof ", position: 10))
        _ = b.insert(Item(id: "x", title: "r", position: 10))
        _ = c.search(r)
        func ranks(_ c: ItemCollection) -> [[Int]] { c.search(r).map { [Int($0.slot), Int($0.key.score), Int($0.key.length)] } }
        for (copy, added) in [(a, "  rain on the roof "), (b, "r")] {
            let fresh = ItemCollection(items + [Item(id: "x", title: added, position: 10)])
            #expect(ranks(copy) == ranks(fresh), "added \(added.debugDescription)")
        }
        #expect(ranks(a).last == [4, 36, 16] && ranks(b).last == [4, 36, 1])
    }

    @Test func filterFoldsCaseAcrossScriptsAndStaysInsideOneTitle() throws {
        let titles = ["Crème brûlée", "ÉCLAIR au café", "青花瓷", "🎧 Lo-fi beats", "old xyab", "cdzw new",
                      "ÀÎÞ × ß \u{212A}\u{2126} İ"]
        var c = ItemCollection(titles.indices.map { Item(id: ItemID("t\($0)"), title: titles[$0], position: $0 * 10) })
        func ids(_ query: String) -> [ItemID] { c.slots(matching: query).map { c.id(atSlot: Int($0)) } }
        #expect(ids("CRÈME") == ["t0"] && ids("Crème") == ["t0"] && ids("crème") == ["t0"])
        #expect(ids("éclair") == ["t1"] && ids("CAFÉ") == ["t1"])
        #expect(ids("花") == ["t2"] && ids("🎧") == ["t3"] && ids("🎧 lo") == ["t3"])
        #expect(ids("abcd").isEmpty && ids("ab\u{0}cd").isEmpty, "a match across two titles is no match")
        #expect(ids("xyab") == ["t4"] && ids("cdzw") == ["t5"])
        #expect(ids("àîþ × ß kω i\u{307}") == ["t6"] && ids("ÀÎÞ") == ["t6"], "lowercase longer or shorter")
        #expect(ids("÷").isEmpty && ids("ÿ").isEmpty, "× and ß are no Latin-1 capitals")
        #expect(ids("") == c.ids, "an empty query keeps every item")
        let slot = try #require(c.presentSlot(of: "t0"))
        #expect(c.title(atSlot: slot, contains: "BRÛL") && !c.title(atSlot: slot, contains: "éclair"))
        let withC = c.slots(matching: "c")
        #expect(c.remove("t0") == 0)
        #expect(!c.slots(matching: "cr", among: withC).contains(Int32(slot)), "a deleted item never matches")
        #expect(ids("") == ["t1", "t2", "t3", "t4", "t5", "t6"] && ids("crème").isEmpty)
    }

    /// The empty query is contained in every title, as `slots(matching: "")` says.
    @Test func anEmptyQueryIsContainedInEveryTitle() throws {
        let c = ItemCollection([Item(id: "a", title: "Alpha", position: 0)])
        #expect(c.title(atSlot: try #require(c.presentSlot(of: "a")), contains: ""))
    }

    /// A large collection folds its titles when the filter first asks, and an item added later is folded too.
    @Test func aLargeCollectionFiltersAsASmallOne() {
        var rng = SeededRandom(seed: 3)
        var items = randomItems(count: 20_500, &rng)
        var c = ItemCollection(items)
        for query in ["花", "CRÈME", "ẞ", "zoë 1"] {
            let found = c.slots(matching: query).map { c.id(atSlot: Int($0)) }
            #expect(found == referenceMatches(items, query), "\(query)")
        }
        let added = Item(id: "added", title: "Zoë Ⱥ", position: items.count * 4)
        #expect(c.insert(added) == items.count)
        items.append(added)
        #expect(c.slots(matching: "ZOË Ⱥ").map { c.id(atSlot: Int($0)) } == referenceMatches(items, "zoë ⱥ"))
        // An item added before the titles were ever folded is folded with them when the filter first asks.
        var fresh = ItemCollection(items)
        let later = Item(id: "later", title: "ÝLater", position: items.count * 8)
        #expect(fresh.insert(later) == items.count)
        #expect(fresh.slots(matching: "ýlater").map { fresh.id(atSlot: Int($0)) } == ["later"])
    }

    /// From 200,000 titles the search is cut in parts searched on several threads at once (one per core, a
    /// part at least 100,000 titles): the joined parts find what one search finds, in order, and so does a
    /// longer query searched among the shorter one's matches. (Under `make check-sanitizers`, ThreadSanitizer
    /// watches the parts.)
    @Test func aSearchInPartsOnSeveralThreadsFindsWhatOneSearchFinds() {
        var rng = SeededRandom(seed: 5)
        let items = randomItems(count: 200_500, &rng)
        let c = ItemCollection(items)
        let short = c.slots(matching: "e")
        #expect(short.map { c.id(atSlot: Int($0)) } == referenceMatches(items, "e"))
        let long = c.slots(matching: "e 1", among: short)
        #expect(!long.isEmpty && long.map { c.id(atSlot: Int($0)) } == referenceMatches(items, "e 1"))
    }

    // MARK: Building

    @Test func buildingSortsByPositionAndKeepsTheFirstRowOfARepeatedId() {
        let c = ItemCollection([Item(id: "c", title: "C", position: 30), Item(id: "a", title: "A", position: 10),
                                Item(id: "b", title: "B", favorite: true, position: 20)])
        #expect(c.ids == ["a", "b", "c"] && c.row(of: "c") == 2 && c.favoriteIDs == ["b"])
        let repeated = ItemCollection([Item(id: "a", title: "First", position: 1),
                                       Item(id: "b", title: "B", position: 2),
                                       Item(id: "a", title: "Second", favorite: true, position: 3)])
        #expect(repeated.count == 2 && repeated.favoriteCount == 0 && repeated.ids == ["a", "b"])
        #expect(repeated["a"]?.title == "First" && repeated.slots(matching: "second").isEmpty)
    }

    /// Out of position order, "first" is still the first row given, as `Builder.build()` documents.
    @Test func aRepeatedIdKeepsItsFirstRowEvenOutOfOrder() {
        let c = ItemCollection([Item(id: "a", title: "First", position: 5), Item(id: "b", title: "B", position: 1),
                                Item(id: "a", title: "Second", position: 0)])
        #expect(c.count == 2 && c["a"]?.title == "First" && c.ids == ["b", "a"])
    }

    @Test(arguments: seeds)
    func builderFromRawBytesEqualsBuildingFromItems(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var items = randomItems(count: 120, &rng).map { item in var item = item; item.fields = []; return item }
        if seed % 2 == 0 { items.shuffle(using: &rng) }
        var builder = ItemCollection.Builder(capacity: items.count)
        for item in items {
            var id = item.id.rawValue, title = item.title
            id.withUTF8 { id in
                title.withUTF8 { title in
                    builder.append(id: UnsafeRawBufferPointer(id), title: UnsafeRawBufferPointer(title),
                                   favorite: item.favorite, position: item.position)
                }
            }
        }
        let built = builder.build(), fromItems = ItemCollection(items)
        #expect(built == fromItems && built.ids == items.sorted { $0.position < $1.position }.map(\.id))
        var toggled = items
        toggled[7].favorite.toggle()
        #expect(ItemCollection(toggled) != fromItems)
        var retitled = items
        retitled[3].title += "!"
        #expect(ItemCollection(retitled) != fromItems)
    }

    /// A Builder is a value: appending to a copy leaves the original's rows as they were.
    @Test func aCopiedBuilderIsIndependent() {
        var builder = ItemCollection.Builder()
        builder.append(Item(id: "a", title: "A", position: 0))
        var copy = builder
        builder.append(Item(id: "b", title: "B", position: 1))
        copy.append(Item(id: "c", title: "C", position: 1))
        #expect(builder.build().ids == ["a", "b"])
        #expect(copy.build().ids == ["a", "c"] && copy.build()["c"]?.title == "C")
    }

    // MARK: Storage

    @Test(arguments: [0, 1, 2, 3, 7, 8, 9, 1000])
    func countTreeMatchesNaiveCounting(size: Int) {
        var rng = SeededRandom(seed: UInt64(size) &+ 5)
        let bytes = (0..<size).map { _ in UInt8.random(in: 0...3, using: &rng) }  // set: both bits, as a favorite
        var flags = bytes.map { $0 == 3 }
        var tree = CountTree(flags: bytes, mask: 3)
        var grown = CountTree()
        for flag in flags { grown.append(flag) }
        #expect(grown == tree, "appending one by one builds the same tree")
        #expect(countTreeProblems(tree, flags).isEmpty, "built: \(countTreeProblems(tree, flags).prefix(3))")
        for _ in 0..<(2 * size) {
            let slot = Int.random(in: 0..<size, using: &rng)
            tree.add(slot, flags[slot] ? -1 : 1)
            flags[slot].toggle()
        }
        #expect(countTreeProblems(tree, flags).isEmpty, "after add: \(countTreeProblems(tree, flags).prefix(3))")
        for _ in 0..<9 {
            let flag = Bool.random(using: &rng)
            tree.append(flag)
            flags.append(flag)
            #expect(countTreeProblems(tree, flags).isEmpty, "after append at \(flags.count - 1)")
        }
    }

    @Test func slotIndexGrowsAndFindsEveryId() {
        let ids = (0..<10_000).map { "item-\($0)" } + ["", "a", "a\u{0}", "abcdefgh", "abcdefgh\u{0}", "abcdefghi",
                                                         "abcdefgi", "abcdefgj", "abcdefghabcdefgh", "abcdefghabcdefgi"]
        let hashes = ids.map(hashOf)
        var index = SlotIndex()
        for slot in ids.indices { index.insert(slot, hash: hashes[slot]) }
        #expect(index.count == ids.count)
        let lost = ids.indices.filter { slot in index.find(hash: hashes[slot]) { ids[$0] == ids[slot] } != slot }
        #expect(lost.isEmpty, "not found: \(lost.prefix(5).map { ids[$0] })")
        for absent in ["item-10000", "item-1x", "b", "abcdefg"] {
            #expect(index.find(hash: hashOf(absent)) { ids[$0] == absent } == nil)
        }
        // Built in one pass from an arena: a repeated id is reported and left out.
        var arena = TextArena()
        for id in ids.suffix(12) + ["abcdefgh", "", "item-9999"] { arena.append(id) }
        let (built, repeated) = SlotIndex.build(arena)
        #expect(repeated == [12, 13, 14] && built.count == 12)
        for (slot, id) in ids.suffix(12).enumerated() {
            #expect(built.find(hash: hashOf(id)) { arena.string($0) == id } == slot, "'\(id)'")
        }
        // The same through the collection, grown from empty one item at a time.
        var c = ItemCollection()
        for (i, id) in ids.suffix(1_010).enumerated() {
            #expect(c.insert(Item(id: ItemID(id), title: "t\(i)", position: i)) == i)
        }
        let misplaced = ids.suffix(1_010).enumerated().filter { c.row(of: ItemID($0.element)) != $0.offset }
        #expect(misplaced.isEmpty && c.generation == 0, "\(misplaced.prefix(5))")
        #expect(c[""]?.title == "t1000" && c["a\u{0}"]?.title == "t1002" && c["abcdefgi"]?.title == "t1006")
        #expect(c.remove("") == 1000 && !c.contains("") && c.contains("a"))
        #expect(c.insert(Item(id: "", title: "t1000", position: 1000)) == 1000 && c.row(of: "") == 1000)
    }

    /// Built from arenas of every size up to 300 (so some entries are pushed past the table's end and wrap to
    /// its front) and one of 60,000: every first entry of an id is found at its slot, every later one is
    /// reported as a repeat, and the table then takes more entries one at a time.
    @Test func slotIndexBuiltInPlaceFindsEveryFirstIdAndReportsRepeats() {
        var rng = SeededRandom(seed: 7)
        for size in Array(1...300) + [60_000] {
            let ids = (0..<size).map { slot -> String in
                slot > 0 && UInt64.random(in: 0..<7, using: &rng) == 0
                    ? "id-\(UInt64.random(in: 0..<UInt64(slot), using: &rng))"  // maybe an earlier id again
                    : "id-\(slot)"
            }
            var arena = TextArena()
            for id in ids { arena.append(id) }
            var (index, repeated) = SlotIndex.build(arena)
            var first: [String: Int] = [:]
            for (slot, id) in ids.enumerated() where first[id] == nil { first[id] = slot }
            let expectedRepeats = ids.indices.filter { first[ids[$0]] != $0 }
            #expect(repeated == expectedRepeats && index.count == first.count, "size \(size)")
            let lost = first.filter { id, slot in index.find(hash: hashOf(id)) { arena.string($0) == id } != slot }
            #expect(lost.isEmpty, "size \(size): not found: \(lost.prefix(3))")
            #expect(index.find(hash: hashOf("id-\(size)")) { arena.string($0) == "id-\(size)" } == nil)
            guard size % 50 == 0 || size == 60_000 else { continue }
            for extra in 0..<size {  // grows past its built size
                arena.append("new-\(extra)")
                index.insert(arena.count - 1, hash: hashOf("new-\(extra)"))
            }
            let lostAfter = (0..<size).filter { extra in
                index.find(hash: hashOf("new-\(extra)")) { arena.string($0) == "new-\(extra)" } != ids.count + extra
            }
            #expect(lostAfter.isEmpty && index.count == first.count + size, "size \(size) grown: \(lostAfter.prefix(3))")
        }
    }

    // MARK: Fields

    @Test func fieldsSurviveUndoAndRenumbering() throws {
        let fields = [Field("artist", "Jay Chou"), Field("year", "2007")]
        var c = ItemCollection([Item(id: "a", title: "青花瓷", fields: fields, position: 10),
                                Item(id: "b", title: "Bravo", fields: [Field("n", "b")], favorite: true, position: 20)])
        let a = try #require(c["a"])
        #expect(c.remove("a") == 0 && c["a"] == nil)
        #expect(c.insert(a) == 0 && c["a"]?.fields == fields && c.generation == 0)
        #expect(c.insert(Item(id: "n", title: "New", fields: [Field("k", "v")], position: 15)) == 1)
        #expect(c.generation == 1 && c.ids == ["a", "n", "b"])
        #expect(c["a"]?.fields == fields && c["b"]?.fields == [Field("n", "b")])
        #expect(c["n"]?.fields == [Field("k", "v")])
        #expect(c["b"]?.favorite == true && c.favoriteIDs == ["b"])
    }
}

// MARK: - Helpers

private let words = ["crème", "Brûlée", "ÉCLAIR", "青花瓷", "花", "🎧", "Lo-fi", "alpha", "Alpha", "beta", "Zoë",
                     "naïve", "Straße", "録音", "mix", "cafe\u{301}", "ab", "BA", "ÀÞ×", "İstanbul", "ẞ", "\u{212A}elvin",
                     "\u{2126}hm", "Ⱥ"]

/// The sorted array the collection is checked against, with what the test knows of the collection's slots.
private struct Reference {
    var items: [Item]
    var removed: [(item: Item, generation: Int)] = []
    var generation = 0
    /// The position of the collection's last slot, held or removed: past it an insert appends.
    var lastSlotPosition: Int
    var fresh = 0
    /// The members of a second set: an item away keeps its sets, and brings them back into its own slot; one put
    /// back elsewhere (the slots renumbered meanwhile) comes back in none but favorites, which the item carries.
    var reading: Set<ItemID> = []
    static let readingSet = SetID("reading")

    init(_ items: [Item]) { self.items = items; lastSlotPosition = items.last?.position ?? -1 }

    func index(of id: ItemID) -> Int? { items.firstIndex { $0.id == id } }
    func holds(_ position: Int) -> Bool { items.contains { $0.position == position } }

    /// A present id mostly, sometimes a removed one or one never held.
    func anyID(_ rng: inout SeededRandom) -> ItemID {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<7: items.randomElement(using: &rng)?.id ?? "none"
        case 7..<9: removed.randomElement(using: &rng)?.item.id ?? "none"
        default: ItemID("never\(Int.random(in: 0..<5, using: &rng))")
        }
    }

    mutating func newItem(position: Int, _ rng: inout SeededRandom) -> Item {
        fresh += 1
        return Item(id: ItemID("new\(fresh)"), title: randomTitle(&rng),
                    fields: fresh % 2 == 0 ? [Field("added", "\(fresh)")] : [], favorite: Bool.random(using: &rng),
                    position: position)
    }

    /// The row an insert gives, nil when the id or the position is held; `slotKept`: back into its own slot.
    mutating func insert(_ item: Item, slotKept: Bool) -> Int? {
        guard index(of: item.id) == nil, !holds(item.position) else { return nil }
        let row = items.partitioningIndex { $0.position >= item.position }
        items.insert(item, at: row)
        if slotKept {
        } else if item.position > lastSlotPosition {
            lastSlotPosition = item.position
            reading.remove(item.id)
        } else {
            generation += 1
            lastSlotPosition = items[items.count - 1].position
            reading = reading.intersection(items.lazy.map(\.id).filter { $0 != item.id })
        }
        return row
    }
}

/// Every way the collection answers differently from the reference.
private func differences(_ c: ItemCollection, _ ref: Reference) -> [String] {
    var problems: [String] = []
    func check(_ ok: Bool, _ what: @autoclosure () -> String) { if !ok { problems.append(what()) } }
    let favorites = ref.items.filter(\.favorite)
    check(c.count == ref.items.count && c.isEmpty == ref.items.isEmpty, "count \(c.count) != \(ref.items.count)")
    check(c.favoriteCount == favorites.count, "favoriteCount \(c.favoriteCount) != \(favorites.count)")
    check(c.generation == ref.generation, "generation \(c.generation) != \(ref.generation)")
    check(c.ids == ref.items.map(\.id), "ids")
    check(c.favoriteIDs == favorites.map(\.id), "favoriteIDs")
    for (row, item) in ref.items.enumerated() {
        check(c.row(of: item.id) == row, "row(of: \(item.id)) \(String(describing: c.row(of: item.id))) != \(row)")
        check(c.id(atRow: row) == item.id, "id(atRow: \(row))")
        check(c[item.id] == item && c.contains(item.id), "[\(item.id)] \(String(describing: c[item.id])) != \(item)")
    }
    for (index, item) in favorites.enumerated() {
        check(c.favoriteIndex(of: item.id) == index, "favoriteIndex(of: \(item.id)) != \(index)")
        check(c.favoriteID(at: index) == item.id, "favoriteID(at: \(index))")
    }
    for item in ref.items where !item.favorite {
        check(c.favoriteIndex(of: item.id) == nil, "favoriteIndex(of: \(item.id)) of no favorite")
    }
    for (item, _) in ref.removed {
        check(!c.contains(item.id) && c[item.id] == nil && c.row(of: item.id) == nil
              && c.favoriteIndex(of: item.id) == nil, "removed \(item.id) still answers")
    }
    check(c.id(atRow: -1) == nil && c.id(atRow: ref.items.count) == nil, "id(atRow:) out of range")
    check(c.favoriteID(at: favorites.count) == nil, "favoriteID(at:) out of range")
    let reading = ref.items.filter { ref.reading.contains($0.id) }
    check(c.memberCount(of: Reference.readingSet) == reading.count,
          "memberCount(of: reading) \(c.memberCount(of: Reference.readingSet)) != \(reading.count)")
    for item in ref.items where c.isMember(item.id, of: Reference.readingSet) != ref.reading.contains(item.id) {
        problems.append("isMember(\(item.id), of: reading) != \(ref.reading.contains(item.id))")
    }
    return problems
}

private func countTreeProblems(_ tree: CountTree, _ flags: [Bool]) -> [String] {
    var problems: [String] = []
    let setSlots = flags.indices.filter { flags[$0] }
    if tree.total != setSlots.count { problems.append("total \(tree.total) != \(setSlots.count)") }
    for slot in 0...flags.count where tree.countBefore(slot) != setSlots.count(where: { $0 < slot }) {
        problems.append("countBefore(\(slot)) \(tree.countBefore(slot))")
    }
    for rank in -1...setSlots.count where tree.slot(ofRank: rank) != (rank < 0 ? nil : setSlots.dropFirst(rank).first) {
        problems.append("slot(ofRank: \(rank)) \(String(describing: tree.slot(ofRank: rank)))")
    }
    return problems
}

private func randomTitle(_ rng: inout SeededRandom) -> String {
    (0..<Int.random(in: 1...3, using: &rng)).map { _ in words.randomElement(using: &rng) ?? "" }.joined(separator: " ")
}

/// Positions 0, 4, 8...: room for items put between; every third item has a field.
/// A collection built as a library's list is: through the builder, its id index deferred when `distinctIDs`.
private func built(_ items: [Item], distinctIDs: Bool) -> ItemCollection {
    var builder = ItemCollection.Builder(capacity: items.count)
    for item in items { builder.append(item) }
    return builder.build(distinctIDs: distinctIDs)
}

private func randomItems(count: Int, _ rng: inout SeededRandom) -> [Item] {
    (0..<count).map { i in
        Item(id: ItemID("id\(i)"), title: randomTitle(&rng) + (i % 5 == 0 ? " \(i)" : ""),
             fields: i % 3 == 0 ? [Field("n", "\(i)")] : [], favorite: Bool.random(using: &rng), position: i * 4)
    }
}

/// A word, a piece of a title, or a character or two, in a random case.
private func randomQuery(titles: [String], _ rng: inout SeededRandom) -> String {
    let query: String
    switch Int.random(in: 0..<3, using: &rng) {
    case 0: query = words.randomElement(using: &rng) ?? "a"
    case 1:
        let title = Array(titles.randomElement(using: &rng) ?? "x")
        let start = Int.random(in: 0..<title.count, using: &rng)
        query = String(title[start..<min(title.count, start + Int.random(in: 1...6, using: &rng))])
    default:
        let letters = Array("aeiblxé花🎧 ")
        query = String((0..<Int.random(in: 1...2, using: &rng)).map { _ in letters.randomElement(using: &rng) ?? "a" })
    }
    return query.map { Bool.random(using: &rng) ? $0.uppercased() : String($0) }.joined()
}

/// The reference filter: the lower-cased title's bytes contain the lower-cased query's.
private func referenceMatches(_ items: [Item], _ query: String) -> [ItemID] {
    let needle = Array(query.lowercased().utf8)
    return items.filter { item in
        let hay = Array(item.title.lowercased().utf8)
        return needle.isEmpty || hay.indices.contains { hay[$0...].starts(with: needle) }
    }.map(\.id)
}

private func hashOf(_ id: String) -> UInt64 {
    var id = id
    return id.withUTF8 { SlotIndex.hash(UnsafeRawBufferPointer($0)) }
}
