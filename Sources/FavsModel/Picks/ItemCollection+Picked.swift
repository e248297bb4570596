import Foundation

/// The picked items as a set (`SetID.picked`, the collections pane's `↻ Frequent`): the present items with a
/// frecency score, read from the scores the collection holds (`pickScoreBySlot`) whenever they are asked for, so the
/// set follows every change of picks (a forget, its undo, a pick in another process) and every delete and restore
/// without a membership of its own to keep in step. Picked items are few beside a library (a score is made only by
/// a pick), so each answer walks the picked, never the library.
extension ItemCollection {
    /// Whether the present item at `slot` has been picked (it has a frecency score).
    func isPicked(slot: Int) -> Bool { pickScore(slot: slot) > 0 }

    /// The present picked items' slots, in library order: where a list scoped to them starts.
    func pickedSlots() -> [Int] {
        pickScoreBySlot.compactMap { slot, score in score > 0 && isPresent(slot: Int(slot)) ? Int(slot) : nil }.sorted()
    }

    /// How many present items have been picked, and the `limit` most picked of them: the highest frecency score
    /// first, equal scores in library order (`firstInOrder`: the picked are not all sorted for a pane's handful).
    public func mostPicked(limit: Int) -> MostPicked {
        let picked = pickScoreBySlot.compactMap { slot, score in
            score > 0 && isPresent(slot: Int(slot)) ? (score: score, slot: Int(slot)) : nil
        }
        let top = picked.firstInOrder(max(0, limit)) { a, b in a.score != b.score ? a.score > b.score : a.slot < b.slot }
        return MostPicked(count: picked.count, top: top.map { id(atSlot: $0.slot) })
    }
}

/// The picked items as the collections pane shows them: how many there are, and the most picked first.
public struct MostPicked: Hashable, Sendable {
    /// How many present items have been picked.
    public var count: Int
    /// The most picked, by id: the highest frecency score first, equal scores in library order.
    public var top: [ItemID]

    public init(count: Int = 0, top: [ItemID] = []) {
        self.count = count
        self.top = top
    }
}
