import Foundation

/// The result of the list query, kept current by the store as it applies each change: the slots of the
/// items shown, in the query's order. Only the model sees slots; panes see rows (`ListRows`).
///
/// With a search, the order is the search's rank first — a higher score (fzf's, plus a bounded bonus for a star and
/// for picks unless the scheme is fzf's: `KeptBonus`), then a favorite before a non-favorite, then a shorter title —
/// and the chosen order (library, A–Z, recent) among equals. The frecency scheme puts the frecency score before all. Each shown slot's rank is
/// kept, so a change re-places an item by its rank without running the search again.
///
/// Every change is a membership test and a binary search in the order: a delete, a restore or a toggle
/// costs O(log n) comparisons and one move of the slots after it, whatever the order.
struct QueryResult: Sendable {
    private(set) var query = ListQuery()
    /// The shown slots in order; nil when the query shows every present item in library order.
    private var rows: [Int32]?
    /// The collection's slot numbering `rows` refers to.
    private var generation = 0
    /// Title sort keys, slot by slot, and the slot numbering they follow: made the first time the title
    /// order is chosen, then kept and extended.
    private var titleKeys: (generation: Int, keys: TextArena)?
    /// The query's filter as read (`ListQuery.reading`) and the search over titles made of it: read once per query,
    /// for the scan, the highlight and the status line alike.
    private(set) var reading = SearchPattern(reading: "")
    private(set) var search = SearchPattern(reading: "")
    /// Whether the search orders what it shows (some title term that is not `!`).
    private var ranked = false
    /// Each shown slot's rank while the search is ranked (`RankKey`), by slot; others' entries mean nothing.
    private var rankKeys: [RankKey] = []
    /// What the field terms let through, and the same by slot.
    private(set) var fields = FieldFilter.none
    private var fieldSlots: FieldSlots?
    /// Counts the changes to the rows, so what is made from them (`Store.shownMembers`) knows when it is stale.
    private(set) var version = 0
    /// A ranked search answered top first (`TopFirst`): set while only the first rows of its order are made, and
    /// `rows` holds those. Any other reader, and every change, makes the rest first (`completeOrder`).
    private(set) var topFirst: TopFirst?
    /// Whether a search typed in a browser is answered top first; the fewest titles it searches for that to be
    /// worth it (below, the whole order costs little more).
    var answersTopFirst = false
    var topFirstMinimum = 50_000
    /// How many first rows a search answered top first makes: more than a list pane shows.
    var topFirstRows = 200
    /// The top-first answers of the searches typed since the items last changed, the latest last (a few): a
    /// backspace back to one of them shows it again without a search, as fzf's cache does. (Only a backspace: a
    /// search typed anew is searched, so that what a key costs does not depend on the keys typed before it.)
    private var recentTopFirst: [(search: SearchPattern, answer: TopFirst)] = []
    private static let recentLimit = 8

    func count(in items: ItemCollection) -> Int { topFirst?.matches.count ?? rows?.count ?? items.count }

    func id(at row: Int, in items: ItemCollection) -> ItemID? {
        guard let rows else { return items.id(atRow: row) }
        return rows.indices.contains(row) ? items.id(atSlot: Int(rows[row])) : nil
    }

    func row(of id: ItemID, in items: ItemCollection) -> Int? {
        guard rows != nil else { return items.row(of: id) }
        guard let slot = items.presentSlot(of: id) else { return nil }
        if let topFirst { return topFirst.top.firstIndex(of: Int32(slot)) }  // `knowsRow(of:)` said it is there or nowhere
        return index(ofSlot: slot, in: items)
    }

    // MARK: Top first

    /// Whether the rows below `end` are made (all are, unless a search was answered top first).
    func knows(rowsBelow end: Int) -> Bool { topFirst.map { end <= $0.top.count || $0.top.count == $0.matches.count } ?? true }

    /// Whether `row(of:)` can answer for an item without the rest of the order: it is among the top rows, or the
    /// search does not show it.
    func knowsRow(of id: ItemID, in items: ItemCollection) -> Bool {
        guard let topFirst, let slot = items.presentSlot(of: id).map(Int32.init) else { return true }
        return topFirst.top.contains(slot) || !topFirst.contains(slot)
    }

    /// The items are about to change (`Store.apply`): the whole order is made now, while it still finds them, and the
    /// answers kept for a backspace no longer hold.
    mutating func itemsWillChange(in items: ItemCollection) {
        completeOrder(in: items)
        recentTopFirst.removeAll()
    }

    /// Makes the whole order of a search answered top first, from its matches: what `update` does otherwise.
    mutating func completeOrder(in items: ItemCollection) {
        guard let topFirst else { return }
        self.topFirst = nil
        rows = rankedRows(items.search(search, among: topFirst.matches), in: items)
    }

    /// The row an item has, or would have were it shown (see `ItemRows.row(placing:)`).
    func row(placing id: ItemID, in items: ItemCollection) -> Int? {
        guard let slot = items.slot(of: id) else { return nil }
        guard rows != nil else { return items.present.countBefore(slot) }
        return generation == items.generation ? lowerBound(slot, in: items) : nil
    }

    /// The row of the item in a slot; nil when the result does not show it (or shows every item: `rows` is nil).
    func row(ofSlot slot: Int, in items: ItemCollection) -> Int? {
        index(ofSlot: slot, in: items)
    }

    func items(from row: Int, count: Int, in items: ItemCollection) -> [Item] {
        guard let rows else { return items.items(fromRow: row, count: count) }
        return rows[min(row, rows.count)..<min(row + count, rows.count)].map { items.item(atSlot: Int($0)) }
    }

    /// `ListRows.forEachText`: the shown slots in order (every present slot, in library order, when `rows` is nil).
    func forEachText(in items: ItemCollection, _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer, Bool,
                                                        () -> Item) -> Bool) {
        items.withTextStorage { ids, idEnds, titles, titleEnds in
            func visit(_ slot: Int) -> Bool {
                body(TextArena.entry(slot, ids, idEnds), TextArena.entry(slot, titles, titleEnds),
                     items.isFavorite(slot: slot), { items.item(atSlot: slot) })
            }
            if let rows {
                for slot in rows where !visit(Int(slot)) { return }
            } else {
                for slot in 0..<items.slotCount where items.isPresent(slot: slot) {
                    if !visit(slot) { return }
                }
            }
        }
    }

    // MARK: Answering

    /// Answers a new query; a filter typed further searches only the current rows. `fields`: what the query's field
    /// terms let through (the store asks the library), `.none` when it has none or they are not searched.
    mutating func update(to newQuery: ListQuery, fields newFields: FieldFilter = .none, in items: ItemCollection) {
        version &+= 1
        // The current rows hold what a longer filter shows only when the field answer is the one they were made with.
        let sameFields = newFields.answer == fields.answer && { if case .waiting = fields { false } else { true } }()
        let newReading = newQuery.filter != query.filter || newQuery.exact != query.exact ? newQuery.reading : reading
        let newSearch = newReading.titlesOnly
        let narrows = generation == items.generation && sameFields
            && newQuery.narrows(query, search: newSearch, otherSearch: search)
        let previous = narrows ? topFirst?.matches ?? rows : nil
        let narrowing = narrows ? topFirst : nil
        // Characters taken off the end of the search: one typed before may be shown again as it was answered.
        let backspaced = newQuery.filter.count < query.filter.count && query.filter.hasPrefix(newQuery.filter)
        topFirst = nil
        reading = newReading
        search = newSearch
        ranked = search.isRanked
        query = newQuery
        fields = newFields
        if case let .matches(matches, answer) = newFields {
            if fieldSlots?.answer != answer || fieldSlots?.follows(items) != true {
                fieldSlots = FieldSlots(matches, answer: answer, in: items)
            }
        } else {
            fieldSlots = nil
        }
        prepareKeys(in: items)
        generation = items.generation
        guard !query.showsEverything else {
            rows = nil
            return
        }
        if case .waiting = fields {
            rows = []  // the list says `searching fields…`
            return
        }
        var found: [Int32]
        if search.isEmpty {
            found = previous ?? Self.startingSlots(of: query.scope, in: items)
            if let fieldSlots, previous == nil { found.removeAll { !fieldSlots.contains(Int($0)) } }
        } else {
            if ranked, answersTopFirst, query.order == .library, query.scope == .all, fieldSlots == nil,
               reading.tagGroups.isEmpty, query.scheme != .frecency {
                let search = search
                if let topFirst = (backspaced ? recentTopFirst.last(where: { $0.search == search })?.answer : nil)
                    ?? TopFirst(search, among: previous, narrowing: narrowing, rows: topFirstRows,
                                minimum: topFirstMinimum, keptBonus: query.scheme == .default, in: items) {
                    self.topFirst = topFirst
                    rows = topFirst.top
                    recentTopFirst.removeAll { $0.search == search }
                    recentTopFirst.append((search, topFirst))
                    recentTopFirst.removeFirst(max(0, recentTopFirst.count - Self.recentLimit))
                    return
                }
            }
            var matches = items.search(search, among: previous)
            if let fieldSlots, previous == nil { matches.removeAll { !fieldSlots.contains(Int($0.slot)) } }
            if ranked, query.order == .library, query.scheme != .frecency {
                rows = rankedRows(matches, in: items)
                return
            }
            if ranked {
                keepRankKeys(for: items)
                _ = keep(matches, packing: false, in: items)
            }
            found = matches.map(\.slot)
        }
        if let scope = ScopeTest(query, reading, in: items) { found.removeAll { !scope.passes(Int($0), in: items) } }
        sort(&found, in: items)
        rows = found
    }

    /// The slots a list without a search starts from, in list order (the scope test then keeps its own): a tag's, a
    /// folder's or the picked items' present members, a few of a million slots, where a test of every slot asked a dictionary each time
    /// (38 ms of a folder's 47 at 1M); every present slot for every item, and for favorites, whose test is a bit.
    private static func startingSlots(of scope: ListQuery.Scope, in items: ItemCollection) -> [Int32] {
        if let set = scope.set, set != .favorites { return items.memberSlots(of: set).map { Int32($0) } }
        return items.presentSlots.map { Int32($0) }
    }

    /// A ranked search's matches in library order, ordered: each one's rank kept (`rankKeys`), and all sorted as
    /// plain integers (rank, favorite, length and slot in one word each: `RankKey.packed`), the favorites alone kept
    /// in the favorites view.
    private mutating func rankedRows(_ matches: [ItemCollection.SearchMatch], in items: ItemCollection) -> [Int32] {
        keepRankKeys(for: items)
        var packed = keep(matches, packing: true, in: items)
        if let scope = ScopeTest(query, reading, in: items) {
            packed.removeAll { !scope.passes(Int(Int32(truncatingIfNeeded: $0 & 0xFFFF_FFFF)), in: items) }
        }
        RankSort.sort(&packed)
        return packed.map { Int32(truncatingIfNeeded: $0 & 0xFFFF_FFFF) }
    }

    /// Answers the query afresh (after a reload, or when the slots were renumbered), with the same field answer.
    mutating func recompute(in items: ItemCollection) {
        version &+= 1
        topFirst = nil
        recentTopFirst.removeAll()
        titleKeys = nil
        rankKeys = []
        generation = -1
        fieldSlots = nil
        update(to: query, fields: fields, in: items)
    }

    // MARK: Following changes

    /// An item at `slot` left the collection (it was at `row` of the whole list); returns its row in
    /// the result, nil when the result did not show it.
    mutating func removed(slot: Int, row: Int, in items: ItemCollection) -> Int? {
        assert(topFirst == nil, "Store.apply makes the whole order before it changes the items")
        version &+= 1
        guard rows != nil else { return row }
        guard let index = index(ofSlot: slot, in: items) else { return nil }
        rows?.remove(at: index)
        return index
    }

    /// An item came into the collection (at `row` of the whole list); returns its row in the result,
    /// nil when the query does not show it.
    mutating func inserted(_ id: ItemID, row: Int, in items: ItemCollection) -> Int? {
        assert(topFirst == nil, "Store.apply makes the whole order before it changes the items")
        version &+= 1
        guard rows != nil else { return row }
        guard generation == items.generation else {
            recompute(in: items)  // the collection renumbered its slots to make room: answer again
            return self.row(of: id, in: items)
        }
        prepareKeys(in: items)  // an item added after every slot needs its key
        guard let slot = items.presentSlot(of: id), shows(slot, in: items) else { return nil }
        return insert(slot, in: items)
    }

    /// An item is about to join or leave a set: when the query depends on it (the set's view, the recently
    /// favorited order), its row is taken out while the order still finds it. Returns that row.
    mutating func membershipWillChange(of set: SetID, slot: Int, in items: ItemCollection) -> Int? {
        assert(topFirst == nil, "Store.apply makes the whole order before it changes the items")
        version &+= 1
        guard query.depends(on: set), let index = index(ofSlot: slot, in: items) else { return nil }
        rows?.remove(at: index)
        return index
    }

    /// An item joined or left a set: when the query depends on it, its row goes back where it now belongs, if it
    /// is still shown. Returns that row.
    mutating func membershipDidChange(of set: SetID, slot: Int, in items: ItemCollection) -> Int? {
        assert(topFirst == nil, "Store.apply makes the whole order before it changes the items")
        version &+= 1
        guard query.depends(on: set), shows(slot, in: items) else { return nil }
        return insert(slot, in: items)
    }

    // MARK: Membership and order

    /// Whether the item at `slot` is in the query's scope (every item, or a set's members) and passes its tag terms.
    private func inScope(_ slot: Int, in items: ItemCollection) -> Bool {
        ScopeTest(query, reading, in: items)?.passes(slot, in: items) ?? true
    }

    /// Whether the query shows the present item at `slot`; its rank is kept when it is shown.
    private mutating func shows(_ slot: Int, in items: ItemCollection) -> Bool {
        guard items.isPresent(slot: slot), inScope(slot, in: items) else { return false }
        switch fields {
        case .none: break
        case .waiting: return false
        case let .matches(matches, answer):
            if fieldSlots?.follows(items) != true { fieldSlots = FieldSlots(matches, answer: answer, in: items) }
            guard fieldSlots?.contains(slot) == true else { return false }
        }
        guard !search.isEmpty else { return true }
        guard let key = items.rankKey(ofSlot: slot, for: search) else { return false }
        if ranked {
            let key = Self.rank(key, slot: slot, scheme: query.scheme, in: items)
            keepRankKeys(for: items)
            rankKeys[slot] = key
        }
        return true
    }

    /// Keeps each match's rank by its slot (`rankKeys`, made room for) and, when `packing`, returns the matches'
    /// packed keys (`RankKey.packed`) in their order. A large result is done in parts, one a core: each match has a
    /// slot of its own, so no two parts write the same key.
    private mutating func keep(_ matches: [ItemCollection.SearchMatch], packing: Bool,
                               in items: ItemCollection) -> [UInt64] {
        var packed = [UInt64](repeating: 0, count: packing ? matches.count : 0)
        let parts = Parts.count(for: matches.count, minimum: 100_000)
        let scheme = query.scheme
        matches.withUnsafeBufferPointer { matches in
            rankKeys.withUnsafeMutableBufferPointer { keys in
                packed.withUnsafeMutableBufferPointer { packed in
                    let (matches, keys, packed) = (SharedBuffer(UnsafeMutableBufferPointer(mutating: matches)),
                                                   SharedBuffer(keys), SharedBuffer(packed))
                    Parts.forEach(parts, count: matches.buffer.count) { _, range in
                        for index in range {
                            let match = matches[index]
                            let key = Self.rank(match.key, slot: Int(match.slot), scheme: scheme, in: items)
                            keys[Int(match.slot)] = key
                            if packing {
                                packed[index] = key.packed(favorite: items.isFavorite(slot: Int(match.slot)), slot: match.slot)
                            }
                        }
                    }
                }
            }
        }
        return packed
    }

    /// A match's rank as the query's scheme orders it: fzf's score, plus the kept items' bonus (`KeptBonus`) unless
    /// the scheme is fzf's own.
    static func rank(_ key: RankKey, slot: Int, scheme: RankScheme, in items: ItemCollection) -> RankKey {
        guard scheme != .fzf else { return key }
        let bonus = KeptBonus.of(favorite: items.isFavorite(slot: slot), pickScore: items.pickScore(slot: slot))
        return bonus == 0 ? key : key.adding(bonus)
    }

    /// Makes room for a rank key for every slot of `items` (slots added since keep theirs unset).
    private mutating func keepRankKeys(for items: ItemCollection) {
        if rankKeys.count < items.slotCount { rankKeys += repeatElement(RankKey(), count: items.slotCount - rankKeys.count) }
    }

    private mutating func insert(_ slot: Int, in items: ItemCollection) -> Int {
        let index = lowerBound(slot, in: items)
        rows?.insert(Int32(slot), at: index)
        return index
    }

    /// The result's row of a slot, by binary search in the order.
    private func index(ofSlot slot: Int, in items: ItemCollection) -> Int? {
        guard let rows else { return nil }
        let index = lowerBound(slot, in: items)
        return index < rows.count && rows[index] == Int32(slot) ? index : nil
    }

    /// The first row whose slot does not come before `slot` in the order.
    private func lowerBound(_ slot: Int, in items: ItemCollection) -> Int {
        guard let rows else { return 0 }
        return withOrder(items) { precedes in rows.partitioningIndex { !precedes($0, Int32(slot)) } }
    }

    private func sort(_ slots: inout [Int32], in items: ItemCollection) {
        guard query.order != .library || ranked else { return }  // slots come in library order
        withOrder(items) { precedes in slots.sort(by: precedes) }
    }

    /// Calls `body` with the query's "comes before" on slots: the search's rank when it ranks, then the order's.
    private func withOrder<R>(_ items: ItemCollection, _ body: ((Int32, Int32) -> Bool) -> R) -> R {
        guard ranked else { return withChosenOrder(items, body) }
        return rankKeys.withUnsafeBufferPointer { keys in
            withChosenOrder(items) { chosen in
                withoutActuallyEscaping(chosen) { chosen in
                    // A slot added since the search ran and not shown has no key (it sorts last: only ever looked for).
                    func key(_ slot: Int32) -> RankKey { Int(slot) < keys.count ? keys[Int(slot)] : RankKey.unmatched }
                    let frecencyFirst = query.scheme == .frecency
                    return body { a, b in
                        if frecencyFirst {
                            let (pa, pb) = (items.pickScore(slot: Int(a)), items.pickScore(slot: Int(b)))
                            if pa != pb { return pa > pb }
                        }
                        let (ka, kb) = (key(a), key(b))
                        if ka.score != kb.score { return ka.score > kb.score }
                        let (fa, fb) = (items.isFavorite(slot: Int(a)), items.isFavorite(slot: Int(b)))
                        if fa != fb { return fa }
                        if ka.length != kb.length { return ka.length < kb.length }
                        return chosen(a, b)
                    }
                }
            }
        }
    }

    /// Calls `body` with the chosen order's "comes before" on slots (ties, and the library order, by position).
    private func withChosenOrder<R>(_ items: ItemCollection, _ body: ((Int32, Int32) -> Bool) -> R) -> R {
        switch query.order {
        case .library:
            return body(<)
        case .recentlyFavorited:
            // Favorites first, the latest time first, those without a time after them; then the rest.
            // A key per slot: 0 for a favorite without a time, -time for one with, 1 for any other item.
            func key(_ slot: Int32) -> Int64 {
                guard items.isFavorite(slot: Int(slot)) else { return 1 }
                return items.favoriteTimes[slot].map { -$0 } ?? 0
            }
            return body { a, b in
                let (ka, kb) = (key(a), key(b))
                return ka != kb ? ka < kb : a < b
            }
        case .frequent:
            // Favorites first, then the others; in each the highest frecency score first, then library order. The
            // picked items' list is the most picked first, favorites or not, as the collections pane lists them.
            let favoritesFirst = query.scope != .members(.picked)
            return body { a, b in
                let (fa, fb) = (items.isFavorite(slot: Int(a)), items.isFavorite(slot: Int(b)))
                if favoritesFirst, fa != fb { return fa }
                let (pa, pb) = (items.pickScore(slot: Int(a)), items.pickScore(slot: Int(b)))
                return pa != pb ? pa > pb : a < b
            }
        case .mostStarred:
            // The most stars first: a key per slot, minus its count (your favorite's 1 when no one else stars).
            return body { a, b in
                let (ka, kb) = (items.teamStars(ofSlot: Int(a)), items.teamStars(ofSlot: Int(b)))
                return ka != kb ? ka > kb : a < b
            }
        case .title:
            guard let titleKeys else { return body(<) }
            return titleKeys.keys.withStorage { bytes, ends in
                body { a, b in
                    let order = TitleCollation.compare(TextArena.entry(Int(a), bytes, ends), TextArena.entry(Int(b), bytes, ends))
                    return order != 0 ? order < 0 : a < b
                }
            }
        }
    }

    /// Makes (or extends, for items added at the end) the title keys when the title order is in use.
    private mutating func prepareKeys(in items: ItemCollection) {
        guard query.order == .title else { return }
        let keys = titleKeys?.generation == items.generation ? titleKeys?.keys ?? TextArena() : TextArena()
        guard keys.count < items.slotCount || titleKeys == nil else { return }
        titleKeys = (items.generation, TitleCollation.keys(of: items.titleArena, from: keys.count, appendingTo: keys))
    }
}

/// A shown slot's rank, kept by the list's result: fzf's score and length (`MatchRank`), in 8 bytes. Both are
/// clamped (a score to 0…65,535, a length to 0…32,767: far beyond a title's) so that the packed form sorts
/// exactly as the comparison in `QueryResult.withOrder` does.
struct RankKey: Sendable {
    var score: Int32 = 0
    var length: Int32 = 0

    init() {}

    /// What a slot the search did not match is compared as.
    static let unmatched = RankKey(score: Int32.min)

    private init(score: Int32) { self.score = score }

    init(_ rank: MatchRank) {
        score = Int32(min(0xFFFF, max(0, rank.score)))
        length = Int32(min(0x7FFF, max(0, rank.length)))
    }

    /// This rank with `bonus` points added to its score (clamped as a score is).
    func adding(_ bonus: Int32) -> RankKey {
        var key = self
        key.score = min(0xFFFF, score + bonus)
        return key
    }

    /// The order of `QueryResult.withOrder` in library order, as one integer: a higher score, then a favorite,
    /// then a shorter title, then the slot (library order), smaller first.
    func packed(favorite: Bool, slot: Int32) -> UInt64 {
        UInt64(0xFFFF - UInt32(score)) << 48 | UInt64(favorite ? 0 : 1) << 47 | UInt64(UInt32(length)) << 32
            | UInt64(UInt32(bitPattern: slot))
    }
}

/// What the set a query is scoped to and its tag terms ask of an item, with the sets found once for a whole list:
/// in the scope's set, and in (or, for `!#`, not in) a folder of each tag group's terms. The picked items
/// (`SetID.picked`) are those with a frecency score now: no membership is kept for them.
struct ScopeTest {
    /// The scope's set; nil inside for a set the collection has never held (no item passes).
    private let scope: Int??
    /// Whether the scope is the picked items.
    private let picked: Bool
    /// Each tag group's terms: the folder's set (nil: no item has been under it) and whether the term is `!`.
    private let tagGroups: [[(folder: Int?, inverse: Bool)]]

    /// The test for a query as read; nil when it lets every item through.
    init?(_ query: ListQuery, _ reading: SearchPattern, in items: ItemCollection) {
        guard query.scope.set != nil || !reading.tagGroups.isEmpty else { return nil }
        picked = query.scope.set == .picked
        scope = picked ? nil : query.scope.set.map { items.setIndex(of: $0) }
        tagGroups = reading.tagGroups.map { group in
            group.map { (items.setIndex(of: .tagFolder($0.path)), $0.isInverse) }
        }
    }

    func passes(_ slot: Int, in items: ItemCollection) -> Bool {
        if picked, !items.isPicked(slot: slot) { return false }
        if let scope {
            guard let index = scope, items.isMember(slot: slot, ofSet: index) else { return false }
        }
        return tagGroups.allSatisfy { group in
            group.contains { term in (term.folder.map { items.isMember(slot: slot, ofSet: $0) } ?? false) != term.inverse }
        }
    }
}
