import FavsModel

/// What a followed bookmark file took away since its last read: the bookmarks removed from it, and the folder tags
/// bookmarks still in it no longer have (they moved). Each item with the tags the file gave it.
public struct BookmarkWithdrawal: Sendable {
    /// Items no longer in the file, each with the tags the file gave it: removed from the library unless favs gave
    /// them something of its own (a star, a tag, any set the file did not put them in).
    public var removed: [(id: ItemID, fileTags: [String])]
    /// Items still in the file, each with the tags it gave them before and gives no longer: they leave those tags.
    public var droppedTags: [(id: ItemID, tags: [String])]

    public init(removed: [(id: ItemID, fileTags: [String])], droppedTags: [(id: ItemID, tags: [String])] = []) {
        self.removed = removed
        self.droppedTags = droppedTags
    }

    public var isEmpty: Bool { removed.isEmpty && droppedTags.isEmpty }
}

/// What a withdrawal did: the items it deleted, and the removed bookmarks it kept because favs starred or tagged them.
public struct BookmarksWithdrawn: Equatable, Sendable {
    public var deleted: [ItemID] = []
    public var kept: [ItemID] = []

    public init(deleted: [ItemID] = [], kept: [ItemID] = []) {
        self.deleted = deleted
        self.kept = kept
    }
}

extension LibraryWriteTransaction {
    /// Deletes the removed bookmarks that hold nothing but what the file gave them, and takes the dropped folder tags
    /// off the items that still carry them, each write logged as any change is (a `delete`, a `leave`): read and
    /// decided in the caller's one transaction, so a star given in a browser meanwhile is seen. An item deleted or
    /// unknown already is passed over. Returns the rows written and the items kept.
    package func withdraw(_ withdrawal: BookmarkWithdrawal) throws -> (written: [LoggedWrite], kept: [ItemID]) {
        var written: [LoggedWrite] = []
        var kept: [ItemID] = []
        for (id, fileTags) in withdrawal.removed {
            guard let state = try state(of: id), !state.deleted else { continue }
            let fromFile = Set(fileTags.map(SetID.tag))
            if state.memberships.contains(where: { !fromFile.contains(SetID($0.name)) }) {
                kept.append(id)
                continue
            }
            guard try perform(.delete(id)) else { continue }
            written.append(LoggedWrite(write: .delete(id), seq: try log(.delete, itemID: id.rawValue)))
        }
        for (id, tags) in withdrawal.droppedTags {
            guard let state = try state(of: id), !state.deleted else { continue }
            for tag in tags {
                guard let name = state.storedName(of: .tag(tag)) else { continue }
                let write = RowWrite.member(SetID(name), id, false, at: nil)
                guard try perform(write) else { continue }
                written.append(LoggedWrite(write: write, seq: try log(.leave, itemID: id.rawValue, set: name)))
            }
        }
        return (written, kept)
    }
}
