import Foundation

/// The picks of `favs pick` as the list reads them: each picked item's frecency score (`Frecency`), read once when
/// the list is made (at the picker's start), so a picker's order holds still while it runs.
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

    /// The frecency score of the item at `slot`; 0 when it was never picked.
    func pickScore(slot: Int) -> Double { pickScoreBySlot[Int32(slot)] ?? 0 }

    /// An item's frecency score; 0 when it was never picked.
    public func pickScore(of id: ItemID) -> Double { pickScores[id] ?? 0 }

    /// How many items have been picked.
    var pickedCount: Int { pickScoreBySlot.count }
}
