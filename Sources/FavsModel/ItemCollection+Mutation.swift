import Foundation

/// Changing the collection: a favorite flag, a remove and an insert. The store is the only caller, and it
/// keeps the list query's result in step with each.
extension ItemCollection {
    /// Sets an item's favorite flag, and the time it was favorited (`at`, for `true`).
    mutating func setFavorite(_ id: ItemID, _ value: Bool, at: Int64? = nil) -> Bool {
        guard let slot = presentSlot(of: id), isFavorite(slot: slot) != value else { return false }
        setFavorite(slot: slot, value, at: at)
        return true
    }

    /// The same for a present slot whose flag is not `value` (the store has found it already).
    mutating func setFavorite(slot: Int, _ value: Bool, at: Int64?) {
        flags[slot] ^= Self.favoriteFlag
        favorites.add(slot, value ? 1 : -1)
        favoriteTimes[Int32(slot)] = value ? at : nil
    }

    /// Records when favorites were favorited (the times a library keeps beside its list).
    public mutating func setFavoriteTimes(_ times: [ItemID: Int64]) {
        for (id, time) in times {
            if let slot = presentSlot(of: id), isFavorite(slot: slot) { favoriteTimes[Int32(slot)] = time }
        }
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
                favoriteTimes[Int32(slot)] = item.favoritedAt
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
            if let time = favoritedAt(slot: slot) { builder.setFavoritedAtOfLastRow(time) }
        }
        if !placed { builder.append(item) }
        let next = generation + 1
        self = builder.build()
        generation = next
        return row(of: item.id)
    }

    /// Adds an item after every slot (its position is the greatest), updating the index and the trees.
    private mutating func append(_ item: Item) {
        var id = item.id.rawValue, title = item.title
        index.own()  // before the id arena changes: a deferred index holds it until it is built
        id.withUTF8 { idArena.append(UnsafeRawBufferPointer($0)) }
        traits = traits.extended()  // this copy's own: another copy may add another title in the same slot
        if folded.isFolded {
            var foldedTitles = foldedTitles
            title.withUTF8 { title in
                titleArena.append(UnsafeRawBufferPointer(title))
                var folding = CaseFolding()
                foldedTitles.appendEntry { folding.fold(UnsafeRawBufferPointer(title), into: &$0) }
            }
            folded = FoldedTitles(ready: foldedTitles)
        } else {
            title.withUTF8 { titleArena.append(UnsafeRawBufferPointer($0)) }
            folded = FoldedTitles(folding: titleArena)
        }
        positions.append(item.position)
        flags.append(Self.presentFlag | (item.favorite ? Self.favoriteFlag : 0))
        let slot = slotCount - 1
        if !item.fields.isEmpty { fieldsBySlot[Int32(slot)] = item.fields }
        if let time = item.favoritedAt { favoriteTimes[Int32(slot)] = time }
        index.insert(slot, hash: idArena.withEntry(slot, SlotIndex.hash))
        present.append(true)
        favorites.append(item.favorite)
    }

    /// The present slot holding a position, found by binary search over the slots.
    func presentSlot(atPosition position: Int) -> Int? {
        let slot = positions.partitioningIndex { $0 >= position }
        return slot < slotCount && positions[slot] == position && isPresent(slot: slot) ? slot : nil
    }
}
