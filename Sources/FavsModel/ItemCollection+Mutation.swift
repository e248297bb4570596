import Foundation

/// Changing the collection: a set's membership, a remove and an insert. The store is the only caller, and it
/// keeps the list query's result in step with each.
extension ItemCollection {
    /// Makes a present item a member of a set (at a time: `at`, for `true`) or not; false when it is not here or
    /// already is what is asked.
    mutating func setMember(_ id: ItemID, of set: SetID, _ value: Bool, at: Int64? = nil) -> Bool {
        guard let slot = presentSlot(of: id) else { return false }
        let index = setIndex(making: set)
        guard isMember(slot: slot, ofSet: index) != value else { return false }
        setMember(slot: slot, ofSet: index, value, at: at)
        return true
    }

    /// The same for a present slot that is not `value` in the set at `index` (the store has found both already).
    /// A tag's folders follow it (`tagJoined`).
    mutating func setMember(slot: Int, ofSet index: Int, _ value: Bool, at: Int64?) {
        sets[index].set(slot: slot, value, at: at)
        if setIDs[index].isTag { tagChanged(slot: slot, index: index, value) }
        if index == Self.favoritesIndex || setIDs[index].isStars { starsChanged(slot: slot, value) }
    }

    /// Adds members to a set, named by their position (a library's list read in position order), with the time each
    /// joined: each found by a binary search over the slots, so no id index is built for them. Positions the
    /// collection does not hold are left out.
    public mutating func addMembers(atPositions members: [(position: Int, time: Int64?)], to set: SetID) {
        var slots: [Int32] = []
        var times: [Int32: Int64] = [:]
        slots.reserveCapacity(members.count)
        for member in members {
            guard let slot = presentSlot(atPosition: member.position) else { continue }
            slots.append(Int32(slot))
            if let time = member.time { times[Int32(slot)] = time }
        }
        addMembers(slots: slots, times: times, to: set)
    }

    /// Adds members to a set by slot (in any order, a slot named twice taken once; `times`: when those that have a
    /// time joined), slots already in the set left alone: a tag and its folders in one merge each
    /// (`Membership.join`), any other set one by one.
    public mutating func addMembers(slots: [Int32], times: [Int32: Int64], to set: SetID) {
        let index = setIndex(making: set)
        guard set.isTag else {
            for slot in slots where !sets[index].contains(Int(slot)) {
                setMember(slot: Int(slot), ofSet: index, true, at: times[slot])
            }
            return
        }
        var slots = slots.filter { !sets[index].contains(Int($0)) }
        slots.sort()
        slots = slots.enumerated().compactMap { $0.offset > 0 && slots[$0.offset - 1] == $0.element ? nil : $0.element }
        sets[index].join(sorted: slots, at: times)
        tagJoined(slots: slots, index: index)
    }

    /// The slot of the present item whose id is these bytes (a library's member row, read without a join); nil for
    /// an id the collection does not hold now.
    public func presentSlot(idBytes: UnsafeRawBufferPointer) -> Int32? {
        guard let slot = index.find(hash: SlotIndex.hash(idBytes), isMatch: { idArena.equals($0, idBytes) }),
              isPresent(slot: slot) else { return nil }
        return Int32(slot)
    }

    /// Removes an item; returns the row it had.
    mutating func remove(_ id: ItemID) -> Int? {
        guard let slot = presentSlot(of: id) else { return nil }
        let row = present.countBefore(slot)
        flags[slot] &= ~Self.presentFlag
        present.add(slot, -1)
        for index in sets.indices { sets[index].slotLeft(slot) }
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
                flags[slot] = Self.presentFlag
                present.add(slot, 1)
                // The item says whether it is a favorite; it comes back into every other set it was in (the team's
                // count following a star it comes back with or without).
                let wasFavorite = favorites.contains(slot)
                for index in sets.indices {
                    let favorites = index == Self.favoritesIndex
                    sets[index].slotReturned(slot, member: favorites ? item.favorite : sets[index].contains(slot),
                                             at: favorites ? item.favoritedAt : sets[index].time(ofSlot: slot))
                }
                if wasFavorite != item.favorite { starsChanged(slot: slot, item.favorite) }
                if !item.fields.isEmpty { fieldsBySlot[Int32(slot)] = item.fields }
                return present.countBefore(slot)
            }
        } else if item.position > (positions.last ?? Int.min) {
            append(item)
            return count - 1
        }
        // An item this collection never held, between others; or one that changed while away: renumber.
        if presentSlot(atPosition: item.position) != nil { return nil }
        // Copied slot by slot as bytes (no String per item), leaving out removed slots; the sets after favorites
        // are then set again by id.
        var others: [(set: SetID, members: [(ItemID, Int64?)])] = []
        for index in sets.indices where index != Self.favoritesIndex && !setIDs[index].isDerived {  // folders follow
            others.append((setIDs[index], sets[index].slots.map { (id(atSlot: $0), sets[index].time(ofSlot: $0)) }))
        }
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
        let scores = pickScores
        let history = pickHistory
        self = builder.build()
        generation = next
        setPickScores(scores)
        // A removed item's score is kept by id (its slot is gone), for an undo or a restore to bring it back with.
        for (id, score) in scores where pickScores[id] == nil { pickScores[id] = score }
        pickHistory = history
        for (set, members) in others {
            let index = setIndex(making: set)
            for (id, time) in members { if let slot = presentSlot(of: id) { setMember(slot: slot, ofSet: index, true, at: time) } }
        }
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
        flags.append(Self.presentFlag)
        let slot = slotCount - 1
        if !item.fields.isEmpty { fieldsBySlot[Int32(slot)] = item.fields }
        if let score = pickScores[item.id] { pickScoreBySlot[Int32(slot)] = score }  // an item removed, coming back
        index.insert(slot, hash: idArena.withEntry(slot, SlotIndex.hash))
        present.append(true)
        for index in sets.indices {
            let favorites = index == Self.favoritesIndex
            sets[index].appendSlot(slot, member: favorites && item.favorite, at: favorites ? item.favoritedAt : nil)
        }
        if item.favorite { starsChanged(slot: slot, true) }
    }

    /// The present slot holding a position, found by binary search over the slots.
    func presentSlot(atPosition position: Int) -> Int? {
        let slot = positions.partitioningIndex { $0 >= position }
        return slot < slotCount && positions[slot] == position && isPresent(slot: slot) ? slot : nil
    }
}
