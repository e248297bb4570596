import Foundation

extension ItemCollection {
    /// Builds a collection from rows in list order (a library's cursor, or items), without a String per row.
    public struct Builder {
        private var ids: TextArena
        private var titles = TextArena()
        private var positions: [Int] = []
        private var flags: [UInt8] = []
        /// The rows that are favorites, in order.
        private var favoriteRows: [Int32] = []
        /// True while every title has equalled its id: the titles are then not stored at all, and the built
        /// collection's title arena is the id arena itself (shared storage), which halves the text a picker over
        /// lines or a library imported with `--id name --title name` holds.
        private var titlesAreIDs = true
        private var fieldsBySlot: [Int32: [Field]] = [:]
        private var favoriteTimes: [Int32: Int64] = [:]
        private var inOrder = true

        /// `capacity`: about how many rows will come (a guess is fine); `bytes`: about how many bytes their ids
        /// and their titles each take in all, when known.
        public init(capacity: Int = 0, bytes: Int? = nil) {
            ids = TextArena(capacity: capacity, bytes: bytes ?? capacity * 17)
            titleRoom = (capacity, bytes ?? capacity * 32)
            positions.reserveCapacity(capacity)
            flags.reserveCapacity(capacity)
        }

        /// How much room to make for titles once they differ from the ids.
        private let titleRoom: (count: Int, bytes: Int)

        /// From here on titles are stored apart: every title so far is its id.
        private mutating func storeTitlesApart() {
            titles = TextArena(capacity: titleRoom.count, bytes: titleRoom.bytes)
            titles.append(contentsOf: ids)
            titlesAreIDs = false
        }

        /// Appends one row. Rows should come in ascending position; others are sorted by `build()`.
        public mutating func append(id: UnsafeRawBufferPointer, title: UnsafeRawBufferPointer, favorite: Bool,
                                    position: Int) {
            if let last = positions.last, last > position { inOrder = false }
            if titlesAreIDs, !id.hasSameBytes(as: title) { storeTitlesApart() }
            ids.append(id)
            if !titlesAreIDs { titles.append(title) }
            positions.append(position)
            if favorite { favoriteRows.append(Int32(positions.count - 1)) }
            flags.append(ItemCollection.presentFlag)
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
            if let time = item.favoritedAt { setFavoritedAtOfLastRow(time) }
        }

        mutating func setFieldsOfLastRow(_ fields: [Field]) {
            if !positions.isEmpty { fieldsBySlot[Int32(positions.count - 1)] = fields }
        }

        mutating func setFavoritedAtOfLastRow(_ time: Int64) {
            if !positions.isEmpty { favoriteTimes[Int32(positions.count - 1)] = time }
        }

        /// Appends every row of another builder (the second half of a list read by two threads).
        public mutating func append(contentsOf other: Builder) {
            if let last = positions.last, let first = other.positions.first, last > first { inOrder = false }
            inOrder = inOrder && other.inOrder
            let shift = Int32(positions.count)
            if !(titlesAreIDs && other.titlesAreIDs) {
                if titlesAreIDs { storeTitlesApart() }
                titles.append(contentsOf: other.titlesAreIDs ? other.ids : other.titles)
            }
            ids.append(contentsOf: other.ids)
            positions.append(contentsOf: other.positions)
            favoriteRows.append(contentsOf: other.favoriteRows.lazy.map { $0 + shift })
            flags.append(contentsOf: other.flags)
            for (slot, fields) in other.fieldsBySlot { fieldsBySlot[slot + shift] = fields }
            for (slot, time) in other.favoriteTimes { favoriteTimes[slot + shift] = time }
        }

        /// The collection, indexed. A repeated id keeps its first row only. `distinctIDs`: the rows' ids are known
        /// to differ (a library's, which its schema keeps unique), so the id index is left until an id is first
        /// looked up (`IDIndex`).
        public func build(distinctIDs: Bool = false) -> ItemCollection {
            var built = ItemCollection(empty: ())
            built.idArena = ids
            built.titleArena = titlesAreIDs ? ids : titles
            built.positions = positions
            built.flags = flags
            built.fieldsBySlot = fieldsBySlot
            built.sets = [Membership(slotCount: positions.count, members: favoriteRows, times: favoriteTimes)]
            guard inOrder else {
                var seen = Set<ItemID>()
                let all = (0..<built.slotCount).map(built.item(atSlot:)).filter { seen.insert($0.id).inserted }
                return ItemCollection(all.sorted { $0.position < $1.position })
            }
            if distinctIDs {
                built.index = IDIndex(deferringFor: built.idArena)
            } else {
                let (index, repeated) = SlotIndex.build(built.idArena)
                for slot in repeated {  // a repeated id: this row stays out of the collection
                    built.flags[slot] = 0
                    built.fieldsBySlot[Int32(slot)] = nil
                }
                if !repeated.isEmpty {  // nor among the favorites
                    built.sets = [Membership(slotCount: positions.count,
                                             members: favoriteRows.filter { built.isPresent(slot: Int($0)) },
                                             times: favoriteTimes)]
                }
                built.index = IDIndex(index)
            }
            built.present = CountTree(flags: built.flags, mask: ItemCollection.presentFlag)
            built.folded = FoldedTitles(folding: built.titleArena)
            return built
        }
    }

    /// A collection with nothing set up, for the builder to fill in.
    init(empty: Void) {}
}
