import FavsLibrary
import FavsModel

/// The commands of `favs favorite`, `unfavorite`, `delete` and `restore`: which items a command would change,
/// and the change itself, in one transaction with its change-log rows and one notification.
extension PostgresLibrary {
    public func ids(changedBy command: ItemCommand) throws -> [ItemID] {
        let favorite = "EXISTS (SELECT 1 FROM \(favorites) f WHERE f.item_id = items.id)"
        return try session.query(PostgresQuery(unsafeSQL: """
            SELECT id FROM items WHERE \(command.candidates(favorite: favorite)) ORDER BY position
            """)).map { ItemID(try $0.decode(String.self)) }
    }

    /// The rules are `LibraryWriteTransaction.apply(_:to:)`'s; the advisory lock this transaction holds keeps another
    /// writer from stamping a favorite in between.
    @discardableResult
    public func apply(_ command: ItemCommand, to ids: [ItemID]) throws -> [ItemID] {
        try refuseOlderFormat()
        return try session.transaction(writes: true) { () -> ([ItemID], ChangeNotice?) in
            let written = try PostgresWrites(session: session, origin: origin).apply(command, to: ids)
            return (written.map(\.write.itemID), ChangeNotice(written, library: session.target.schema, origin: origin))
        }
    }

    /// Puts items in sets and takes them out, in one transaction, with one notice; returns the items changed.
    public func changeMembers(_ ids: [ItemID], join: [SetID], leave: [SetID]) throws -> [ItemID] {
        try refuseOlderFormat()
        return try session.transaction(writes: true) { () -> ([ItemID], ChangeNotice?) in
            let written = try PostgresWrites(session: session, origin: origin).changeMembers(ids, join: join, leave: leave)
            return (written.map(\.write.itemID), ChangeNotice(written, library: session.target.schema, origin: origin))
        }
    }

    /// Takes away what a followed bookmark file no longer holds, in one transaction with one notice.
    public func withdrawBookmarks(_ withdrawal: BookmarkWithdrawal) throws -> BookmarksWithdrawn {
        try refuseOlderFormat()
        return try session.transaction(writes: true) { () -> (BookmarksWithdrawn, ChangeNotice?) in
            let (written, kept) = try PostgresWrites(session: session, origin: origin).withdraw(withdrawal)
            let deleted = written.compactMap { write -> ItemID? in
                if case let .delete(id) = write.write { return id }
                return nil
            }
            return (BookmarksWithdrawn(deleted: deleted, kept: kept),
                    ChangeNotice(written, library: session.target.schema, origin: origin))
        }
    }

    public func renameSearch(_ name: String, to new: String?) throws {
        try refuseOlderFormat()
        try session.transaction(writes: true) { () -> ((), ChangeNotice?) in
            let written = try PostgresWrites(session: session, origin: origin).renameSearch(name, to: new)
            return ((), ChangeNotice(written, library: session.target.schema, origin: origin))
        }
    }

    /// Renames a tag and those nested under it, or takes them off every item (`new` nil), in one transaction with
    /// one notice; returns the items changed.
    public func renameTag(_ old: String, to new: String?) throws -> [ItemID] {
        try refuseOlderFormat()
        return try session.transaction(writes: true) { () -> ([ItemID], ChangeNotice?) in
            let written = try PostgresWrites(session: session, origin: origin).renameTag(old, to: new)
            return (written.map(\.write.itemID), ChangeNotice(written, library: session.target.schema, origin: origin))
        }
    }
}
