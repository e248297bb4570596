import Foundation

/// Renaming and deleting a tag (`r` and `D` in the collections pane): one step over every present item carrying the
/// tag or one nested under it, made of the members' leaves and joins (`ItemCollection.renaming`), so it is undone,
/// persisted, logged and synced as any change of tags is.
extension Store {
    /// Renames the tag at `old` and those nested under it to `new`, or takes them off when `new` is nil; the
    /// one-line reason when it cannot: a name that is no tag, no item carrying it, the name it has already.
    func renameTag(_ old: String, to new: String?) -> Outcome {
        do {
            _ = try TagPath.parse(old)
            if let new { _ = try TagPath.parse(new) }
        } catch {
            return Outcome(error: error.message)
        }
        if let new, new.lowercased() == old.lowercased() {
            return Outcome(error: "#\(TagPath.shown(old)) is called that already (tags are compared without case)")
        }
        let parts = items.renaming(tag: old, to: new)
        guard !parts.isEmpty else { return Outcome(error: "No item is tagged #\(TagPath.shown(old))") }
        return commitNew(parts)
    }
}
