import Foundation

extension Store {
    /// How many items have been picked (`favs pick`) and the `limit` most picked, highest frecency score first:
    /// what the collections pane's `↻ Frequent` shows. Made again only after a change that may move it (a pick or a
    /// forget, here or in another process, a delete, a restore, an undo of one, a reload: `picksVersion`), so a pane
    /// asking every frame, and a star toggled, walk no picks.
    public func mostPicked(limit: Int) -> MostPicked {
        if let kept = mostPickedKept, kept.version == picksVersion, kept.limit == limit { return kept.value }
        let value = items.mostPicked(limit: limit)
        mostPickedKept = (picksVersion, limit, value)
        return value
    }

    /// Whether a change, about to be applied, may change which items are picked and present or their scores: picks
    /// given or taken, a picked item deleted or put back (a batch, when one of its parts does). A star, a tag, or the
    /// delete of an item never picked changes neither: `d` and `u` in a library of 10k picked items walk no picks.
    func movesPicked(_ change: ModelChange) -> Bool {
        switch change {
        case .picks: true
        case let .delete(item), let .restore(item): items.pickScore(of: item.id) > 0
        case let .batch(parts): parts.contains(where: movesPicked)
        case .setMember, .search: false
        }
    }
}
