import Foundation

/// The items in list order, indexed by id, in a form a million of them fit in (about 100 bytes each).
///
/// Every item has a *slot*; slots are in list (position) order. Ids, titles and lower-cased titles live in
/// byte arenas, an open-addressing table maps an id to its slot, and two counting trees give the row of a
/// slot among present items, and each set's membership (`Membership`: favorites first) the row of a slot among
/// the set's present members. So a lookup, a toggle, a delete and its undo each cost O(log n) and allocate
/// nothing, whatever the size. A removed item keeps its slot (marked absent),
/// which is where an undo puts it back.
///
/// Reading is here; changing is in `ItemCollection+Mutation.swift`, building in `ItemCollection+Builder.swift`.
/// The stored properties are internal so those two files can reach them; nothing outside the model sees them.
public struct ItemCollection: Sendable {
    var idArena = TextArena()
    var titleArena = TextArena()
    /// Titles lower-cased for the substring filter, slot by slot (folded when first asked for).
    var folded = FoldedTitles(ready: TextArena())
    var foldedTitles: TextArena { folded.arena }
    /// Each title's length and encoding for a search's first key (`TitleTraits`), made when first asked for.
    var traits = TitleTraits()
    var positions: [Int] = []
    var flags: [UInt8] = []
    /// Fields kept in memory, for items that came with them (the sample, tests); a library supplies the
    /// fields of the items it loads through the store's field source instead.
    var fieldsBySlot: [Int32: [Field]] = [:]
    var present = CountTree()
    /// The sets the items belong to, in the order of `setIDs`: favorites always first (`favoritesIndex`).
    var sets: [Membership] = [Membership()]
    private(set) var setIDs: [SetID] = [.favorites]
    /// Each set's index in `sets`: a thousand tags are found without a walk along `setIDs`.
    private var setIndices: [SetID: Int] = [.favorites: 0]
    /// The tags each slot carries (present or away), as indices into `sets`: an item's tags without asking every
    /// set (`ItemCollection+Tags.swift`).
    var tagsBySlot = SlotTags()
    /// Each picked item's frecency score (`favs pick`), by id and by slot: its bonus in a ranked search and its
    /// place in a picker's order read it (`ItemCollection+Picks.swift`).
    var pickScores: [ItemID: Double] = [:]
    var pickScoreBySlot: [Int32: Double] = [:]
    /// The picks those scores were made from, with the rule and the time they were scored at: what a forget takes
    /// back exactly and what another picker's picks are scored against (nil: only scores were given).
    var pickHistory: PickHistory?
    var index = IDIndex()
    /// Changes whenever slots are renumbered (an item put back between others it was not loaded with):
    /// slot lists a pane keeps are stale then.
    var generation = 0

    /// Set for a preview: the first and last rows of a library still loading, with the whole library's counts.
    var preview: Preview?

    /// What a preview knows: rows from the top and from the bottom, favorites from the top and from the bottom.
    /// The known items are the collection's present slots, in list order: the top rows, then favorites further
    /// down, then the bottom rows; so a known bottom row's rank among them is counted from their end.
    struct Preview: Sendable, Equatable {
        var count: Int
        var favoriteCount: Int
        /// How many rows from the top are known.
        var rows: Int
        /// How many rows from the bottom are known (beyond the top ones).
        var lastRows = 0
        /// How many favorites from the top are known.
        var favoriteRows = 0
        /// How many favorites from the bottom are known (beyond the top ones).
        var lastFavorites = 0
        /// A search whose every match is held, and so whose result is the whole list's (`holding(_:matchesOf:)`);
        /// the rows it added lie between the top and the bottom ones, where rows and favorites are unknown.
        var holds: ListQuery?

        /// The rank among the known items of the item at a row of the whole list (`known`: how many are known);
        /// nil for a row in the unknown middle or past the end. `head`, `tail` and `whole` are the rows' or
        /// the favorites'.
        static func rank(ofRow row: Int, head: Int, tail: Int, whole: Int, known: Int) -> Int? {
            if row < 0 || row >= whole { return nil }
            if row < head { return row }
            return row >= whole - tail ? known - (whole - row) : nil
        }

        /// The row in the whole list of the known item of rank `rank`; nil for one in the middle.
        static func row(ofRank rank: Int, head: Int, tail: Int, whole: Int, known: Int) -> Int? {
            if rank < head { return rank }
            return rank >= known - tail ? whole - (known - rank) : nil
        }
    }

    static let presentFlag: UInt8 = 1
    static let favoritesIndex = 0

    public init(_ items: [Item] = []) {
        var builder = Builder(capacity: items.count)
        for item in items { builder.append(item) }
        self = builder.build()
    }

    public var count: Int { preview?.count ?? present.total }
    public var isEmpty: Bool { count == 0 }
    public var favoriteCount: Int { preview?.favoriteCount ?? favorites.count }
    /// The favorites' membership (the first set).
    var favorites: Membership { sets[Self.favoritesIndex] }

    /// Whether this is a preview (see `preview(rows:favorites:count:favoriteCount:)`).
    public var isPreview: Bool { preview != nil }

    /// The first rows of a larger collection, its last rows and the first of its favorites, standing in for it
    /// while it loads: enough for a first frame, and for a move to either end. Counts are the whole collection's;
    /// rows between the first and the last are unknown (nil), and so are favorites between the first given and
    /// those among the last rows.
    public static func preview(rows: [Item], last: [Item] = [], favorites: [Item], count: Int,
                               favoriteCount: Int) -> ItemCollection {
        var seen = Set(rows.map(\.id))
        let tail = last.filter { seen.insert($0.id).inserted }
        let more = favorites.filter { seen.insert($0.id).inserted }
        var collection = ItemCollection((rows + tail + more).sorted { $0.position < $1.position })
        // Every favorite up to the last of the first rows, or to the last favorite given, is known.
        let boundary = max(rows.map(\.position).max() ?? .min, favorites.map(\.position).max() ?? .min)
        let leading = collection.favoriteSlots.count { collection.positions[$0] <= boundary }
        collection.preview = Preview(count: count, favoriteCount: favoriteCount, rows: rows.count,
                                     lastRows: tail.count, favoriteRows: leading,
                                     lastFavorites: collection.favorites.count - leading)
        return collection
    }

    public subscript(id: ItemID) -> Item? { presentSlot(of: id).map(item(atSlot:)) }
    public func contains(_ id: ItemID) -> Bool { presentSlot(of: id) != nil }

    /// The id shown at `row` of the unfiltered list.
    public func id(atRow row: Int) -> ItemID? {
        knownRank(ofRow: row).flatMap(present.slot(ofRank:)).map(id(atSlot:))
    }

    /// The items of `count` rows from `row` on (fewer at the end of the list, or where a preview's known rows
    /// end), in order: one search for the first, then a walk along the slots (what a pane draws, without a search
    /// per row).
    public func items(fromRow row: Int, count: Int) -> [Item] {
        var end = min(row + count, self.count)
        if let preview, row < preview.rows { end = min(end, preview.rows) }
        guard row < end, let rank = knownRank(ofRow: row), var slot = present.slot(ofRank: rank) else { return [] }
        var result = [item(atSlot: slot)]
        result.reserveCapacity(end - row)
        while result.count < end - row {
            slot += 1
            guard slot < slotCount else { break }
            if isPresent(slot: slot) { result.append(item(atSlot: slot)) }
        }
        return result
    }

    /// The row of an item in the unfiltered list (nil for an item a preview holds in its unknown middle: a favorite).
    public func row(of id: ItemID) -> Int? {
        guard let rank = presentSlot(of: id).map(present.countBefore) else { return nil }
        guard let preview else { return rank }
        return Preview.row(ofRank: rank, head: preview.rows, tail: preview.lastRows, whole: preview.count,
                           known: present.total)
    }

    /// The rank among the items held of the item at `row` of the list: the row itself, but in a preview.
    private func knownRank(ofRow row: Int) -> Int? {
        guard let preview else { return row }
        return Preview.rank(ofRow: row, head: preview.rows, tail: preview.lastRows, whole: preview.count,
                            known: present.total)
    }

    /// All ids in list order.
    public var ids: [ItemID] { presentSlots.map(id(atSlot:)) }

    /// Favorite ids in list order (those a preview knows).
    public var favoriteIDs: [ItemID] { favoriteSlots.map(id(atSlot:)) }

    /// The favorite at index `index` of the favorites pane.
    public func favoriteID(at index: Int) -> ItemID? {
        var rank: Int? = index
        if let preview {
            rank = Preview.rank(ofRow: index, head: preview.favoriteRows, tail: preview.lastFavorites,
                                whole: preview.favoriteCount, known: favorites.count)
        }
        return rank.flatMap(favorites.slot(ofRank:)).map(id(atSlot:))
    }

    /// The index of an item in the favorites pane.
    public func favoriteIndex(of id: ItemID) -> Int? {
        guard let slot = presentSlot(of: id), isFavorite(slot: slot) else { return nil }
        let rank = favorites.countBefore(slot)
        guard let preview else { return rank }
        return Preview.row(ofRank: rank, head: preview.favoriteRows, tail: preview.lastFavorites,
                           whole: preview.favoriteCount, known: favorites.count)
    }


    // MARK: Sets

    /// Every set some item belongs to or belonged to, favorites first.
    public var setNames: [SetID] { setIDs }

    /// How many present items belong to a set (0 for a set the collection has never held). The picked items
    /// (`SetID.picked`) are those with a frecency score (`ItemCollection+Picked`).
    public func memberCount(of set: SetID) -> Int {
        if set == .picked { return pickedSlots().count }
        return set == .favorites ? favoriteCount : setIndex(of: set).map { sets[$0].count } ?? 0
    }

    /// Whether a present item belongs to a set.
    public func isMember(_ id: ItemID, of set: SetID) -> Bool {
        if set == .picked { return presentSlot(of: id).map(isPicked(slot:)) ?? false }
        guard let slot = presentSlot(of: id), let index = setIndex(of: set) else { return false }
        return sets[index].contains(slot)
    }

    /// When a present item joined a set; nil when it does not belong or has no time.
    public func memberSince(_ id: ItemID, in set: SetID) -> Int64? {
        guard let slot = presentSlot(of: id), let index = setIndex(of: set) else { return nil }
        return sets[index].time(ofSlot: slot)
    }

    /// The member at `index` of a pane showing a set in library order.
    public func memberID(of set: SetID, at index: Int) -> ItemID? {
        if set == .favorites { return favoriteID(at: index) }  // a preview knows some favorites only
        return setIndex(of: set).flatMap { sets[$0].slot(ofRank: index) }.map(id(atSlot:))
    }

    /// The index of a present member in a pane showing its set in library order.
    public func memberIndex(of id: ItemID, in set: SetID) -> Int? {
        if set == .favorites { return favoriteIndex(of: id) }
        guard let slot = presentSlot(of: id), let index = setIndex(of: set), sets[index].contains(slot) else { return nil }
        return sets[index].countBefore(slot)
    }

    /// The index an item has, or would have, in a pane showing a set in library order (`ItemRows.row(placing:)`).
    func memberIndex(placing id: ItemID, in set: SetID) -> Int? {
        guard let slot = slot(of: id) else { return nil }
        return setIndex(of: set).map { sets[$0].countBefore(slot) } ?? 0
    }

    /// A set's present members' slots, in list order.
    func memberSlots(of set: SetID) -> [Int] {
        if set == .picked { return pickedSlots() }
        return setIndex(of: set).map { sets[$0].slots } ?? []
    }

    /// The position of a set in `sets`; nil for one no item has belonged to.
    func setIndex(of set: SetID) -> Int? {
        set == .favorites ? Self.favoritesIndex : setIndices[set]
    }

    /// Whether the item at `slot` belongs to the set at `index` of `sets` (present or away).
    func isMember(slot: Int, ofSet index: Int) -> Bool { sets[index].contains(slot) }

    /// The position of a set in `sets`, made (with no members) when no item has belonged to it yet.
    mutating func setIndex(making set: SetID) -> Int {
        if let index = setIndex(of: set) { return index }
        if set.isStars, setIndices[.team] == nil {
            // The team's stars, kept from the first other member's on (`ItemCollection+Team`): the favorites so far,
            // those of items away too (a deleted favorite comes back counted).
            var team = Membership.sparse
            let starred = (0..<slotCount).filter { favorites.contains($0) }
            team.join(sorted: starred.map(Int32.init))
            for slot in starred where !isPresent(slot: slot) { team.slotLeft(slot) }
            sets.append(team)
            setIDs.append(.team)
            setIndices[.team] = setIDs.count - 1
        }
        sets.append(set == .favorites ? Membership(slotCount: slotCount, members: [], times: [:]) : .sparse)
        setIDs.append(set)
        setIndices[set] = setIDs.count - 1
        return sets.count - 1
    }

    // MARK: Slots (for the panes of this module)

    var slotCount: Int { positions.count }
    var presentSlots: [Int] { (0..<slotCount).filter(isPresent(slot:)) }
    /// The favorites' slots, in list order.
    var favoriteSlots: [Int] { favorites.slots }

    /// The slot of an item held now.
    func presentSlot(of id: ItemID) -> Int? { slot(of: id).flatMap { isPresent(slot: $0) ? $0 : nil } }

    /// Builds the id index now when it waits for its first lookup (`IDIndex`): a thread that loaded the collection
    /// does, before handing it to the input thread.
    public func prepareIndex() { index.prepare() }

    /// The slot of an id, held now or removed.
    func slot(of id: ItemID) -> Int? {
        var raw = id.rawValue
        return raw.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            return index.find(hash: SlotIndex.hash(bytes)) { idArena.equals($0, bytes) }
        }
    }

    func isPresent(slot: Int) -> Bool { flags[slot] & Self.presentFlag != 0 }
    func isFavorite(slot: Int) -> Bool { favorites.contains(slot) }
    /// The latest time a favorite held now was favorited; nil when none has a time.
    public var latestFavoriteTime: Int64? { favorites.latestTime }
    /// When the favorite at `slot` was favorited; nil when it is not a favorite or has no time.
    func favoritedAt(slot: Int) -> Int64? { favorites.time(ofSlot: slot) }
    /// Each favorite's time, by slot (the recently favorited order reads it).
    var favoriteTimes: [Int32: Int64] { favorites.times }
    func id(atSlot slot: Int) -> ItemID { ItemID(idArena.string(slot)) }
    func title(atSlot slot: Int) -> String { titleArena.string(slot) }

    /// The ids' and the titles' storage, for a pass over many rows (`TextArena.entry` reads one slot's bytes).
    func withTextStorage<R>(_ body: (UnsafeRawBufferPointer, UnsafeBufferPointer<UInt32>,
                                     UnsafeRawBufferPointer, UnsafeBufferPointer<UInt32>) -> R) -> R {
        idArena.withStorage { ids, idEnds in titleArena.withStorage { titles, titleEnds in body(ids, idEnds, titles, titleEnds) } }
    }

    func item(atSlot slot: Int) -> Item {
        Item(id: id(atSlot: slot), title: titleArena.string(slot), fields: fieldsBySlot[Int32(slot)] ?? [],
             favorite: isFavorite(slot: slot), position: positions[slot], favoritedAt: favoritedAt(slot: slot))
    }
}

extension ItemCollection: Equatable {
    /// Equal when they hold the same items (ids, titles, fields, favorites, positions) in the same order.
    public static func == (a: ItemCollection, b: ItemCollection) -> Bool {
        guard a.count == b.count, a.favoriteCount == b.favoriteCount, a.preview == b.preview else { return false }
        return zip(a.presentSlots, b.presentSlots).allSatisfy { a.item(atSlot: $0) == b.item(atSlot: $1) }
    }
}

extension Array {
    /// The first index whose element satisfies `belongs`, for an array where it holds for a suffix.
    func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if belongs(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
