import Foundation

/// The items in list order, indexed by id, in a form a million of them fit in (about 100 bytes each).
///
/// Every item has a *slot*; slots are in list (position) order. Ids, titles and lower-cased titles live in
/// byte arenas, an open-addressing table maps an id to its slot, and two counting trees give the row of a
/// slot among present items and among present favorites. So a lookup, a toggle, a delete and its undo each
/// cost O(log n) and allocate nothing, whatever the size. A removed item keeps its slot (marked absent),
/// which is where an undo puts it back.
public struct ItemCollection: Sendable {
    private var idArena = TextArena()
    private var titleArena = TextArena()
    /// Titles lower-cased for the filter, slot by slot (folded in the background for a large collection).
    private var folded = FoldedTitles(ready: TextArena())
    var foldedTitles: TextArena { folded.arena }
    private var positions: [Int] = []
    private var flags: [UInt8] = []
    /// Fields kept in memory, for items that came with them (the sample, tests); a library supplies the
    /// fields of the items it loads through the store's field source instead.
    private var fieldsBySlot: [Int32: [Field]] = [:]
    private var present = CountTree()
    private var favorites = CountTree()
    private var index = SlotIndex()
    /// Changes whenever slots are renumbered (an item put back between others it was not loaded with):
    /// slot lists a pane keeps are stale then.
    private(set) var generation = 0

    /// Set for a preview: the first rows of a library still loading, with the whole library's counts.
    private var preview: Preview?

    struct Preview: Sendable, Equatable {
        var count: Int
        var favoriteCount: Int
        /// How many rows from the top are known.
        var rows: Int
    }

    private static let presentFlag: UInt8 = 1
    private static let favoriteFlag: UInt8 = 2

    public init(_ items: [Item] = []) {
        var builder = Builder(capacity: items.count)
        for item in items { builder.append(item) }
        self = builder.build()
    }

    public var count: Int { preview?.count ?? present.total }
    public var isEmpty: Bool { count == 0 }
    public var favoriteCount: Int { preview?.favoriteCount ?? favorites.total }

    /// Whether this is a preview (see `preview(rows:favorites:count:favoriteCount:)`).
    public var isPreview: Bool { preview != nil }

    /// The first rows of a larger collection and the first of its favorites, standing in for it while it
    /// loads: enough for a first frame. Counts are the whole collection's; rows beyond `rows` are unknown
    /// (nil), and so are favorites beyond those given.
    public static func preview(rows: [Item], favorites: [Item], count: Int, favoriteCount: Int) -> ItemCollection {
        var seen = Set(rows.map(\.id))
        let more = favorites.filter { seen.insert($0.id).inserted }
        var collection = ItemCollection((rows + more).sorted { $0.position < $1.position })
        collection.preview = Preview(count: count, favoriteCount: favoriteCount, rows: rows.count)
        return collection
    }

    public subscript(id: ItemID) -> Item? { presentSlot(of: id).map(item(atSlot:)) }
    public func contains(_ id: ItemID) -> Bool { presentSlot(of: id) != nil }

    /// The id shown at `row` of the unfiltered list.
    public func id(atRow row: Int) -> ItemID? {
        if let preview, row >= preview.rows { return nil }
        return present.slot(ofRank: row).map(id(atSlot:))
    }

    /// The items of `count` rows from `row` on (fewer at the end of the list), in order: one search for the
    /// first, then a walk along the slots (what a pane draws, without a search per row).
    public func items(fromRow row: Int, count: Int) -> [Item] {
        let end = min(row + count, preview?.rows ?? present.total)
        guard row < end, var slot = present.slot(ofRank: row) else { return [] }
        var result = [item(atSlot: slot)]
        result.reserveCapacity(end - row)
        while result.count < end - row {
            slot += 1
            guard slot < slotCount else { break }
            if isPresent(slot: slot) { result.append(item(atSlot: slot)) }
        }
        return result
    }

    /// The row of an item in the unfiltered list.
    public func row(of id: ItemID) -> Int? { presentSlot(of: id).map(present.countBefore) }

    /// All ids in list order.
    public var ids: [ItemID] { presentSlots.map(id(atSlot:)) }

    /// Favorite ids in list order.
    public var favoriteIDs: [ItemID] { (0..<favorites.total).compactMap(favoriteID(at:)) }

    /// The favorite at index `index` of the favorites pane.
    public func favoriteID(at index: Int) -> ItemID? { favorites.slot(ofRank: index).map(id(atSlot:)) }

    /// The index of an item in the favorites pane.
    public func favoriteIndex(of id: ItemID) -> Int? {
        guard let slot = presentSlot(of: id), isFavorite(slot: slot) else { return nil }
        return favorites.countBefore(slot)
    }

    /// The next free position after every item held (for items added at the end).
    public var nextPosition: Int { (positions.last ?? -1) + 1 }

    // MARK: Slots (for the panes of this module)

    var slotCount: Int { positions.count }
    var presentSlots: [Int] { (0..<slotCount).filter(isPresent(slot:)) }

    /// The slot of an item held now.
    func presentSlot(of id: ItemID) -> Int? { slot(of: id).flatMap { isPresent(slot: $0) ? $0 : nil } }

    /// The slot of an id, held now or removed.
    func slot(of id: ItemID) -> Int? {
        var raw = id.rawValue
        return raw.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            return index.find(hash: SlotIndex.hash(bytes)) { idArena.equals($0, bytes) }
        }
    }

    func isPresent(slot: Int) -> Bool { flags[slot] & Self.presentFlag != 0 }
    func isFavorite(slot: Int) -> Bool { flags[slot] & Self.favoriteFlag != 0 }
    func id(atSlot slot: Int) -> ItemID { ItemID(idArena.string(slot)) }
    func title(atSlot slot: Int) -> String { titleArena.string(slot) }

    func item(atSlot slot: Int) -> Item {
        Item(id: id(atSlot: slot), title: titleArena.string(slot), fields: fieldsBySlot[Int32(slot)] ?? [],
             favorite: isFavorite(slot: slot), position: positions[slot])
    }

    // MARK: Mutations (the store is the only caller)

    mutating func setFavorite(_ id: ItemID, _ value: Bool) -> Bool {
        guard let slot = presentSlot(of: id), isFavorite(slot: slot) != value else { return false }
        flags[slot] ^= Self.favoriteFlag
        favorites.add(slot, value ? 1 : -1)
        return true
    }

    /// Removes an item; returns the row it had.
    mutating func remove(_ id: ItemID) -> Int? {
        guard let slot = presentSlot(of: id) else { return nil }
        let row = present.countBefore(slot)
        flags[slot] &= ~Self.presentFlag
        present.add(slot, -1)
        if isFavorite(slot: slot) { favorites.add(slot, -1) }
        return row
    }

    /// Inserts an item at the row its position sorts to; returns that row, nil when the id is held or
    /// another item holds the position.
    mutating func insert(_ item: Item) -> Int? {
        if let slot = slot(of: item.id) {
            guard !isPresent(slot: slot) else { return nil }
            if positions[slot] == item.position, title(atSlot: slot) == item.title {
                // Back into its own slot (an undo, a restore): O(log n).
                if let other = presentSlot(atPosition: item.position), other != slot { return nil }
                flags[slot] = Self.presentFlag | (item.favorite ? Self.favoriteFlag : 0)
                present.add(slot, 1)
                if item.favorite { favorites.add(slot, 1) }
                if !item.fields.isEmpty { fieldsBySlot[Int32(slot)] = item.fields }
                return present.countBefore(slot)
            }
        } else if item.position > (positions.last ?? Int.min) {
            append(item)
            return count - 1
        }
        // An item this collection never held, between others; or one that changed while away: renumber.
        if presentSlot(atPosition: item.position) != nil { return nil }
        // Copied slot by slot as bytes (no String per item), leaving out removed slots.
        var builder = Builder(capacity: count + 1)
        var placed = false
        for slot in 0..<slotCount where isPresent(slot: slot) {
            if !placed, positions[slot] > item.position {
                builder.append(item)
                placed = true
            }
            idArena.withEntry(slot) { id in
                titleArena.withEntry(slot) { title in
                    builder.append(id: id, title: title, favorite: isFavorite(slot: slot), position: positions[slot])
                }
            }
            if let fields = fieldsBySlot[Int32(slot)] { builder.setFieldsOfLastRow(fields) }
        }
        if !placed { builder.append(item) }
        let next = generation + 1
        self = builder.build()
        generation = next
        return row(of: item.id)
    }

    /// Adds an item after every slot (its position is the greatest), updating the index and the trees.
    private mutating func append(_ item: Item) {
        var foldedTitles = foldedTitles
        var id = item.id.rawValue, title = item.title
        id.withUTF8 { idArena.append(UnsafeRawBufferPointer($0)) }
        title.withUTF8 { title in
            titleArena.append(UnsafeRawBufferPointer(title))
            var folding = CaseFolding()
            foldedTitles.appendEntry { folding.fold(UnsafeRawBufferPointer(title), into: $0) }
        }
        folded = FoldedTitles(ready: foldedTitles)
        positions.append(item.position)
        flags.append(Self.presentFlag | (item.favorite ? Self.favoriteFlag : 0))
        let slot = slotCount - 1
        if !item.fields.isEmpty { fieldsBySlot[Int32(slot)] = item.fields }
        let arena = idArena
        arena.withEntry(slot) { bytes in
            index.insert(slot, hash: SlotIndex.hash(bytes)) { other in arena.withEntry(other, SlotIndex.hash) }
        }
        present.append(true)
        favorites.append(item.favorite)
    }

    /// The present slot holding a position, found by binary search over the slots.
    private func presentSlot(atPosition position: Int) -> Int? {
        let slot = positions.partitioningIndex { $0 >= position }
        return slot < slotCount && positions[slot] == position && isPresent(slot: slot) ? slot : nil
    }

    // MARK: Building

    /// Builds a collection from rows in list order (a library's cursor, or items), without a String per row.
    public struct Builder {
        private var ids: TextArena
        private var titles: TextArena
        private var positions: [Int] = []
        private var flags: [UInt8] = []
        private var fieldsBySlot: [Int32: [Field]] = [:]
        private var inOrder = true

        /// `capacity`: about how many rows will come (a guess is fine).
        public init(capacity: Int = 0) {
            ids = TextArena(capacity: capacity, bytes: capacity * 17)
            titles = TextArena(capacity: capacity, bytes: capacity * 32)
            positions.reserveCapacity(capacity)
            flags.reserveCapacity(capacity)
        }

        /// Appends one row. Rows should come in ascending position; others are sorted by `build()`.
        public mutating func append(id: UnsafeRawBufferPointer, title: UnsafeRawBufferPointer, favorite: Bool,
                                    position: Int) {
            if let last = positions.last, last > position { inOrder = false }
            ids.append(id)
            titles.append(title)
            positions.append(position)
            flags.append(ItemCollection.presentFlag | (favorite ? ItemCollection.favoriteFlag : 0))
        }

        public mutating func append(_ item: Item) {
            var id = item.id.rawValue, title = item.title
            id.withUTF8 { id in
                title.withUTF8 { title in
                    append(id: UnsafeRawBufferPointer(id), title: UnsafeRawBufferPointer(title),
                           favorite: item.favorite, position: item.position)
                }
            }
            if !item.fields.isEmpty { setFieldsOfLastRow(item.fields) }
        }

        mutating func setFieldsOfLastRow(_ fields: [Field]) {
            if !positions.isEmpty { fieldsBySlot[Int32(positions.count - 1)] = fields }
        }

        /// Appends every row of another builder (the second half of a list read by two threads).
        public mutating func append(contentsOf other: Builder) {
            if let last = positions.last, let first = other.positions.first, last > first { inOrder = false }
            inOrder = inOrder && other.inOrder
            let shift = Int32(positions.count)
            ids.append(contentsOf: other.ids)
            titles.append(contentsOf: other.titles)
            positions.append(contentsOf: other.positions)
            flags.append(contentsOf: other.flags)
            for (slot, fields) in other.fieldsBySlot { fieldsBySlot[slot + shift] = fields }
        }

        /// The collection, indexed. A repeated id keeps its first row only.
        public func build() -> ItemCollection {
            var built = ItemCollection(empty: ())
            built.idArena = ids
            built.titleArena = titles
            built.positions = positions
            built.flags = flags
            built.fieldsBySlot = fieldsBySlot
            guard inOrder else {
                var seen = Set<ItemID>()
                let all = (0..<built.slotCount).map(built.item(atSlot:)).filter { seen.insert($0.id).inserted }
                return ItemCollection(all.sorted { $0.position < $1.position })
            }
            let (index, repeated) = SlotIndex.build(built.idArena)
            for slot in repeated {  // a repeated id: this row stays out of the collection
                built.flags[slot] = 0
                built.fieldsBySlot[Int32(slot)] = nil
            }
            built.index = index
            built.present = CountTree(flags: built.flags, mask: ItemCollection.presentFlag)
            built.favorites = CountTree(flags: built.flags, mask: ItemCollection.presentFlag | ItemCollection.favoriteFlag)
            built.folded = FoldedTitles(folding: built.titleArena)
            return built
        }
    }

    private init(empty: Void) {}
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
