import FavsModel
import Foundation
import GRDB

/// The collection on disk: a SQLite file (WAL, so other processes can read while one writes).
///
/// Every change is committed in its own write transaction together with a row of the change log,
/// which other processes poll to follow along.
public final class SQLiteLibrary: ChangeSink, FieldSource, Sendable {
    /// The path given when opening (`:memory:` for a library that lives only in this process).
    public let path: String
    /// The name shown in the title bar: the sample's name, or the file's name for an imported library.
    public let name: String
    /// This process's mark on the change log, so following the log skips our own changes.
    public let origin = UUID().uuidString
    let writer: any DatabaseWriter

    /// True when the file could only be opened for reading: changes will fail and be rolled back.
    public let isReadOnly: Bool
    /// True when it was opened for reading because its disk is full (`isReadOnly` is true too).
    public let isOnFullDisk: Bool

    init(path: String, name: String, writer: any DatabaseWriter, isReadOnly: Bool = false, isOnFullDisk: Bool = false) {
        self.path = path
        self.name = name
        self.writer = writer
        self.isReadOnly = isReadOnly || isOnFullDisk
        self.isOnFullDisk = isOnFullDisk
    }

    /// The items not deleted, in list order.
    public func loadItems() throws -> [Item] {
        try LibraryError.wrapping { try writer.read { db in try Self.items(db) } }
    }

    /// The items not deleted, in list order, without their fields (read later through `fields(of:)`):
    /// what a browser needs to open, at a fraction of the time and memory of `loadItems()`.
    public func loadListItems() throws -> [Item] {
        try LibraryError.wrapping { try writer.read { db in try Self.listItems(db) } }
    }

    /// The list as `loadListToFollow()` reads it, without the point in the change log: what tests compare a
    /// follower's reload with. See `ListLoader`: about 0.2 s for a million items.
    func loadList() throws -> ItemCollection { try loadListToFollow().items }

    /// A preview of a large library (its first `rows` rows, its `last` last rows, its first favorites, its
    /// counts; see `ItemCollection.preview`), read in a few milliseconds: what a browser shows while the list
    /// loads. Nil for a library of fewer than `minimum` items, which loads as fast as its preview would.
    public func loadPreview(rows: Int, last: Int, minimum: Int) throws -> ItemCollection? {
        try LibraryError.wrapping {
            try writer.read { db in try ListLoader.preview(db, rows: rows, last: last, minimum: minimum) }
        }
    }

    /// The list, and the point in the change log it was read at: where a `LibraryFollower` starts, so no
    /// change committed by another process after the read is missed.
    public func loadListToFollow() throws -> (items: ItemCollection, lastChange: Int64) {
        try LibraryError.wrapping { try writer.read { db in try ListLoader.load(db, path: path) } }
    }

    public func loadList(titlesPassing prefilter: TitlePrefilter?) throws -> (items: ItemCollection, listCount: Int) {
        try LibraryError.wrapping {
            try writer.read { db in
                let (items, _, listCount) = try ListLoader.load(db, path: path, passing: prefilter)
                return (items, listCount)
            }
        }
    }

    static func listItems(_ db: Database) throws -> [Item] {
        var items: [Item] = []
        let rows = try Row.fetchCursor(db, sql: """
            SELECT i.id, i.title, f.item_id IS NOT NULL, i.position, f.added_at
            FROM items i LEFT JOIN \(try Schema.favorites(db)) f ON f.item_id = i.id WHERE i.deleted = 0
            ORDER BY i.position
            """)
        while let row = try rows.next() {
            items.append(Item(id: ItemID(row[0] as String), title: row[1], favorite: row[2], position: row[3],
                              favoritedAt: row[4]))
        }
        return items
    }

    /// The fields of one item, in order.
    public func fields(of id: ItemID) throws -> [Field] {
        try LibraryError.wrapping {
            try writer.read { db in
                guard let text = try String.fetchOne(db.cachedStatement(sql: "SELECT fields FROM items WHERE id = ?"),
                                                     arguments: [id.rawValue]) else { return [] }
                return try FieldCoding.decode(text, id: id)
            }
        }
    }

    static func items(_ db: Database) throws -> [Item] {
        var items: [Item] = []
        let rows = try Row.fetchCursor(db, sql: """
            SELECT \(itemColumns) FROM items i LEFT JOIN \(try Schema.favorites(db)) f ON f.item_id = i.id
            WHERE i.deleted = 0 ORDER BY i.position
            """)
        while let row = try rows.next() { items.append(try item(row)) }
        ItemTags.fill(&items, from: try tags(db))
        return items
    }

    public func itemTags() throws -> [ItemID: [String]] {
        try LibraryError.wrapping { try writer.read { db in try Self.tags(db) } }
    }

    /// Every item's tags; none in a library opened read-only that predates the members table (v9).
    static func tags(_ db: Database) throws -> [ItemID: [String]] {
        guard try db.tableExists("members") else { return [:] }
        var rows: [(String, String)] = []
        let cursor = try Row.fetchCursor(db, sql: ItemTags.sqliteRows)
        while let row = try cursor.next() { rows.append((row[0], row[1])) }
        return ItemTags.grouped(rows)
    }

    /// One item as stored, nil when it is deleted or unknown.
    static func item(_ id: ItemID, _ db: Database) throws -> Item? {
        try Row.fetchOne(db.cachedStatement(sql: """
            SELECT \(itemColumns) FROM items i LEFT JOIN \(try Schema.favorites(db)) f ON f.item_id = i.id
            WHERE i.id = ? AND i.deleted = 0
            """), arguments: [id.rawValue]).map(item)
    }

    /// What `item(_:)` reads of a row of `items i` joined to its favorite `f` (`Schema.favorites`).
    static let itemColumns = "i.id, i.title, i.fields, f.item_id IS NOT NULL, i.position, f.added_at"

    private static func item(_ row: Row) throws -> Item {
        let id = ItemID(row[0])
        return Item(id: id, title: row[1], fields: try FieldCoding.decode(row[2], id: id), favorite: row[3],
                    position: row[4], favoritedAt: row[5])
    }

    /// Commits one change and its change-log row in one transaction; throws when the item is not there to change.
    public func persist(_ change: ModelChange) throws {
        try refuseWritesOnFullDisk()
        try LibraryError.wrapping {
            try writer.write { db in _ = try SQLiteWrites(db: db, origin: origin).persist(change) }
        }
    }

    /// The result of SQLite's `PRAGMA integrity_check`: `ok` for a sound file (the crash tests' check).
    func integrityCheck() throws -> String {
        try LibraryError.wrapping {
            try writer.read { db in
                try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "\n")
            }
        }
    }
}
