import FavsModel
import Foundation
import GRDB

extension SQLiteLibrary {
    /// Applies a command to items by id in one transaction, logging each change for running browsers (the rules:
    /// `LibraryWriteTransaction.apply(_:to:)`). Returns the ids that changed.
    @discardableResult
    public func apply(_ command: ItemCommand, to ids: [ItemID]) throws -> [ItemID] {
        try refuseWritesOnFullDisk()
        return try LibraryError.wrapping {
            try writer.write { db in try SQLiteWrites(db: db, origin: origin).apply(command, to: ids).map(\.write.itemID) }
        }
    }

    /// Puts items in sets and takes them out, in one transaction; returns the items changed.
    public func changeMembers(_ ids: [ItemID], join: [SetID], leave: [SetID]) throws -> [ItemID] {
        try refuseWritesOnFullDisk()
        return try LibraryError.wrapping {
            try writer.write { db in
                try SQLiteWrites(db: db, origin: origin).changeMembers(ids, join: join, leave: leave).map(\.write.itemID)
            }
        }
    }

    /// Takes away what a followed bookmark file no longer holds, in one transaction (the rules:
    /// `LibraryWriteTransaction.withdraw`).
    public func withdrawBookmarks(_ withdrawal: BookmarkWithdrawal) throws -> BookmarksWithdrawn {
        try refuseWritesOnFullDisk()
        return try LibraryError.wrapping {
            try writer.write { db in
                let (written, kept) = try SQLiteWrites(db: db, origin: origin).withdraw(withdrawal)
                return BookmarksWithdrawn(deleted: written.compactMap { write in
                    if case let .delete(id) = write.write { return id }
                    return nil
                }, kept: kept)
            }
        }
    }

    /// Renames a tag and those nested under it, or takes them off every item (`new` nil), in one transaction;
    /// returns the items changed.
    public func renameTag(_ old: String, to new: String?) throws -> [ItemID] {
        try refuseWritesOnFullDisk()
        return try LibraryError.wrapping {
            try writer.write { db in try SQLiteWrites(db: db, origin: origin).renameTag(old, to: new).map(\.write.itemID) }
        }
    }

    public func savedSearches() throws -> [SavedSearch] {
        try LibraryError.wrapping { try writer.read { db in try Schema.searches(db) } }
    }

    public func renameSearch(_ name: String, to new: String?) throws {
        try refuseWritesOnFullDisk()
        try LibraryError.wrapping {
            _ = try writer.write { db in try SQLiteWrites(db: db, origin: origin).renameSearch(name, to: new) }
        }
    }

    /// The ids `command` can change, in list order, for shell completion.
    public func ids(changedBy command: ItemCommand) throws -> [ItemID] {
        try writer.read { db in
            let favorite = "id IN (SELECT item_id FROM \(try Schema.favorites(db)))"
            return try String.fetchAll(db, sql: "SELECT id FROM items WHERE \(command.candidates(favorite: favorite)) ORDER BY position")
                .map { ItemID($0) }
        }
    }

    /// One item with its fields, as stored; nil when it is deleted or unknown.
    public func item(_ id: ItemID) throws -> Item? {
        try LibraryError.wrapping { try writer.read { db in try Self.item(id, db) } }
    }
}
