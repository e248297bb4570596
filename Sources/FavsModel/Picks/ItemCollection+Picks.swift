import Foundation

/// The picks of `favs pick` as the list reads them: each picked item's frecency score (`Frecency`), made once when
/// the list is made (at the picker's start), so that a picker's order holds still while it runs; only a change of
/// an item's picks (a forget here, a pick or a forget in another picker) scores that item again, at the same time
/// as the others, so the scores stay comparable.
extension ItemCollection {
    /// Gives the items these frecency scores (an item not held is left out; one not named has none).
    public mutating func setPickScores(_ scores: [ItemID: Double]) {
        pickScores = [:]
        pickScoreBySlot = [:]
        func set(_ score: Double, of id: ItemID, slot: Int) {
            pickScores[id] = score
            pickScoreBySlot[Int32(slot)] = score
        }
        // Whichever is fewer is looked up in the other: a picker's preview holds its first rows, not 10k picked lines.
        if slotCount < scores.count {
            for slot in 0..<slotCount {
                let id = id(atSlot: slot)
                if let score = scores[id], score > 0 { set(score, of: id, slot: slot) }
            }
            return
        }
        for (id, score) in scores where score > 0 {
            guard let slot = slot(of: id) else { continue }
            set(score, of: id, slot: slot)
        }
    }

    /// Gives the items these picks, each item scored by `frecency` at `now` (ms since 1970); the picks are kept, so
    /// that a forget can be taken back exactly and an item's picks can change while the list is shown.
    public mutating func setPicks(_ picks: [ItemID: [Pick]], frecency: Frecency, at now: Int64) {
        setPicks(PickHistory(picks: picks, frecency: frecency, scoredAt: now))
    }

    mutating func setPicks(_ history: PickHistory) {
        setPickScores(history.picks.mapValues { history.frecency.score(of: $0, at: history.scoredAt) })
        pickHistory = history
    }

    /// An item's picks, oldest first, as the list holds them; empty when it has none or only its score is known.
    public func picks(of id: ItemID) -> [Pick] { pickHistory?.picks[id] ?? [] }

    /// Gives one item other picks (none: forgotten) and scores it anew, at the time the others were scored.
    /// Returns false when the item is not held.
    mutating func replacePicks(of id: ItemID, with picks: [Pick]) -> Bool {
        guard let slot = slot(of: id) else { return false }
        // A collection given only scores (`favs list --query`) changes no picks; should one, the default rule scores them.
        var history = pickHistory ?? PickHistory(picks: [:], frecency: Frecency(), scoredAt: Store.now())
        history.picks[id] = picks.isEmpty ? nil : picks
        let score = history.frecency.score(of: picks, at: history.scoredAt)
        pickScores[id] = score > 0 ? score : nil
        pickScoreBySlot[Int32(slot)] = score > 0 ? score : nil
        pickHistory = history
        return true
    }

    /// The frecency score of the item at `slot`; 0 when it was never picked.
    func pickScore(slot: Int) -> Double { pickScoreBySlot[Int32(slot)] ?? 0 }

    /// An item's frecency score; 0 when it was never picked.
    public func pickScore(of id: ItemID) -> Double { pickScores[id] ?? 0 }

    /// How many items have been picked.
    var pickedCount: Int { pickScoreBySlot.count }
}

/// Every item's picks, the rule that scores them and the time they were scored at (ms since 1970).
struct PickHistory: Sendable {
    var picks: [ItemID: [Pick]]
    var frecency: Frecency
    var scoredAt: Int64
}
