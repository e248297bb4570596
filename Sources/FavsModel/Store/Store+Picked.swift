import Foundation

extension Store {
    /// How many items have been picked (`favs pick`) and the `limit` most picked, highest frecency score first:
    /// what the collections pane's `↻ Frequent` shows. Made once per change to the model (a pick or a forget, here
    /// or in another process, a delete, an undo, a reload) and kept until the next, so a pane asking every frame
    /// walks the picked items only after a change.
    public func mostPicked(limit: Int) -> MostPicked {
        if let kept = mostPickedKept, kept.version == modelVersion, kept.limit == limit { return kept.value }
        let value = items.mostPicked(limit: limit)
        mostPickedKept = (modelVersion, limit, value)
        return value
    }
}
