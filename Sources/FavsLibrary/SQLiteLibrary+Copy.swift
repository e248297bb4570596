import FavsModel
import Foundation
import GRDB

extension SQLiteLibrary: ItemLibrary {
    public var location: String { path }

    /// `PRAGMA data_version` costs a few microseconds: looked at every 50 ms.
    public var pollInterval: Int32 { 50 }

    public func follower(after lastChange: Int64?) throws -> (any LibraryFollowing)? {
        try LibraryFollower(self, after: lastChange)
    }

    public func copyOut(_ visit: (StoredItem) throws -> Void) throws -> LibraryPreferences {
        try LibraryError.wrapping {
            try writer.read { db in
                let sets = try Self.otherSets(db)
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT \(Self.itemColumns), i.deleted
                    FROM items i LEFT JOIN \(try Schema.favorites(db)) f ON f.item_id = i.id ORDER BY i.position
                    """)
                while let row = try rows.next() {
                    let id = ItemID(row[0] as String)
                    try visit(StoredItem(item: Item(id: id, title: row[1], fields: try FieldCoding.decode(row[2], id: id),
                                                    favorite: row[3], position: row[4], favoritedAt: row[5]),
                                         deleted: row[6], sets: sets[id] ?? []))
                }
                let name = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'name'") ?? name
                let order = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'order'")
                    .flatMap(ListQuery.Order.init(rawValue:))
                return LibraryPreferences(name: name, order: order)
            }
        }
    }

    public func copyIn(reading read: (_ add: (StoredItem) throws -> Void) throws -> LibraryPreferences) throws -> Int {
        try refuseWritesOnFullDisk()
        var readError: (any Error)?
        do {
            return try LibraryError.wrapping {
                try writer.write { db in
                    if try Bool.fetchOne(db, sql: "SELECT 1 FROM items LIMIT 1") == true {
                        throw LibraryError.notEmpty(path: path)
                    }
                    let insert = try db.makeStatement(sql: """
                        INSERT INTO items (id, title, fields, position, deleted) VALUES (?, ?, ?, ?, ?)
                        """)
                    let member = try db.makeStatement(sql: """
                        INSERT INTO members (set_name, item_id, added_at) VALUES (?, ?, ?)
                        """)
                    var count = 0
                    let preferences: LibraryPreferences
                    do {
                        preferences = try read { stored in
                            let item = stored.item
                            try insert.execute(arguments: [item.id.rawValue, item.title, FieldCoding.encode(item.fields),
                                                           item.position, stored.deleted])
                            for row in stored.memberRows {
                                try member.execute(arguments: [row.set.name, item.id.rawValue, row.since])
                            }
                            count += 1
                        }
                    } catch let error where !(error is DatabaseError) {
                        readError = error
                        throw error
                    }
                    try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('name', ?)",
                                   arguments: [preferences.name])
                    if let order = preferences.order {
                        try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('order', ?)",
                                       arguments: [order.rawValue])
                    }
                    try ChangeLog.append(.reload, itemID: "", origin: origin, db)
                    return count
                }
            }
        } catch {
            throw readError ?? error
        }
    }
}

extension SQLiteLibrary {
    /// Every item's memberships of sets other than favorites (which the item itself carries), by item: what a copy
    /// carries beside the items. Empty in a library opened read-only that predates the members table (v9).
    static func otherSets(_ db: Database) throws -> [ItemID: [StoredMember]] {
        guard try db.tableExists("members") else { return [:] }
        var sets: [ItemID: [StoredMember]] = [:]
        let rows = try Row.fetchCursor(db, sql: """
            SELECT set_name, item_id, added_at FROM members WHERE set_name < 'favorites' OR set_name > 'favorites'
            ORDER BY set_name, item_id
            """)
        while let row = try rows.next() {
            sets[ItemID(row[1] as String), default: []].append(StoredMember(SetID(row[0] as String), since: row[2]))
        }
        return sets
    }
}

extension LibraryFollower: LibraryFollowing {
    public var trouble: String? { nil }
}

extension ItemLibrary {
    /// A preview of the usual 500 first rows and 200 last rows: enough for the first frame and for a move to
    /// either end while the list loads.
    public func loadPreview(minimum: Int = ListLoader.parallelThreshold) throws -> ItemCollection? {
        try loadPreview(rows: 500, last: 200, minimum: minimum)
    }

    /// A preview of the first `rows` rows only.
    public func loadPreview(rows: Int, minimum: Int) throws -> ItemCollection? {
        try loadPreview(rows: rows, last: 0, minimum: minimum)
    }
}
