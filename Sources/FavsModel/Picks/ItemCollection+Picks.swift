import Foundation

/// The picks of `favs pick` as the list reads them: each picked item's frecency score (`Frecency`), read once when
/// the list is made (at the picker's start), so a picker's order holds still while it runs.
extension ItemCollection {
    /// Gives the items these frecency scores (an item not held is left out; one not named has none).
    public mutating func setPickScores(_ scores: [ItemID: Double]) {
        pickScores = [:]
        pickScoreBySlot = [:]
        for (id, score) in scores where score > 0 {
            guard let slot = slot(of: id) else { continue }
            pickScores[id] = score
            pickScoreBySlot[Int32(slot)] = score
        }
    }

    /// The frecency score of the item at `slot`; 0 when it was never picked.
    func pickScore(slot: Int) -> Double { pickScoreBySlot[Int32(slot)] ?? 0 }

    /// An item's frecency score; 0 when it was never picked.
    public func pickScore(of id: ItemID) -> Double { pickScores[id] ?? 0 }

    /// How many items have been picked.
    var pickedCount: Int { pickScoreBySlot.count }
}
