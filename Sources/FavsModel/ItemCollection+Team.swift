import Foundation

/// A team library's stars: your own are the favorites, another member's the set `@name` (`SetID.stars`), and the
/// team's (`SetID.team`) a counted set the collection keeps from them, as it keeps a tag's folders: an item is in it
/// while someone starred it, counted once per member who did. The team set is made with the first other member's
/// stars, from the favorites there then (`setIndex(making:)`); a library no one else stars in (every SQLite file) never has one.
extension ItemCollection {
    /// Keeps the team's count in step with a star of yours or another member's that the present `slot` gained or lost.
    mutating func starsChanged(slot: Int, _ starred: Bool) {
        guard let team = setIndex(of: .team) else { return }
        _ = sets[team].count(slot: slot, starred ? 1 : -1)
    }

    /// Whether other members' stars are in the collection: a team library with someone else starring.
    public var hasTeamStars: Bool { setIndex(of: .team) != nil }

    /// How many members starred a present item: you and the others (0 for an item no one starred).
    public func teamStars(of id: ItemID) -> Int {
        presentSlot(of: id).map(teamStars(ofSlot:)) ?? 0
    }

    /// The same for the item at `slot`, present or not.
    func teamStars(ofSlot slot: Int) -> Int {
        guard let team = setIndex(of: .team) else { return isFavorite(slot: slot) ? 1 : 0 }
        return sets[team].tally(ofSlot: slot)
    }

    /// The other members who starred a present item, A–Z.
    public func starredBy(_ id: ItemID) -> [String] {
        guard let slot = presentSlot(of: id) else { return [] }
        return zip(setIDs, sets).compactMap { set, members in members.contains(slot) ? set.starsMember : nil }.sorted()
    }

    /// The other members whose stars the collection holds, A–Z (those with none starred now left out).
    public var starringMembers: [String] {
        zip(setIDs, sets).compactMap { set, members in members.count > 0 ? set.starsMember : nil }.sorted()
    }

    /// Makes `stars` the favorites, each present item named at its time, and takes every other favorite away: what a
    /// team library's member who may only read it sees, their stars kept in a file of their own
    /// (`PersonalStarsLibrary` in FavsLibrary) in place of the library's record of them. The team's count follows, as
    /// it follows any star.
    ///
    /// A preview keeps its rows, marked so, and counts every star of the file: those among its rows are the favorites
    /// it knows, the others are rows to come (the whole list, once read, is marked again).
    public mutating func replaceFavorites(with stars: [ItemID: Int64?]) {
        if let preview {
            let known = presentSlots.map { slot in
                var item = self.item(atSlot: slot)
                let time = stars[item.id]
                item.favorite = time != nil
                item.favoritedAt = time ?? nil
                return item
            }
            // The first rows have the lowest positions, the last rows the highest; between them, the library's own
            // favorites, which are not the file's.
            self = .preview(rows: Array(known.prefix(preview.rows)), last: Array(known.suffix(preview.lastRows)),
                            favorites: known.filter(\.favorite), count: preview.count, favoriteCount: stars.count)
            return
        }
        for slot in favoriteSlots where stars[id(atSlot: slot)] == nil {
            setMember(slot: slot, ofSet: Self.favoritesIndex, false, at: nil)
        }
        for (id, time) in stars {
            guard let slot = presentSlot(of: id), !isFavorite(slot: slot) || favoritedAt(slot: slot) != time else { continue }
            if isFavorite(slot: slot) { setMember(slot: slot, ofSet: Self.favoritesIndex, false, at: nil) }
            setMember(slot: slot, ofSet: Self.favoritesIndex, true, at: time)
        }
    }
}
