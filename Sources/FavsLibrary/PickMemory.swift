import FavsModel
import Foundation
import GRDB

/// The stars and picks of a picker over any list (`favs pick --stdin NAME`): a library that holds the lines ever
/// starred or picked (id and title the line, no fields; `ItemID.init(line:)` says how a line that is not UTF-8 is
/// kept), so they come first next time and show at once in every other picker on the same NAME. Other lines are
/// never written: a list of a million lines costs nothing on disk.
///
/// As the store's sink it turns a favorite toggle into an upsert of that line, with its change-log row, so
/// other processes follow it through the log exactly as they follow a library.
///
/// The same kind of file keeps the stars of a member whose role may only read a team library
/// (`PersonalStarsLibrary`): ids the team's list holds, starred on this machine (the titles are the team's).
public final class PickMemory: ChangeSink {
    public let library: SQLiteLibrary

    /// Opens (creating when missing) the memory at `location`.
    public init(_ location: LibraryLocation) throws {
        library = try SQLiteLibrary.open(location, seedIfNew: false)
    }

    /// The starred lines, with the time each was starred (nil when none was kept).
    public func favorites() throws -> [ItemID: Int64?] {
        try LibraryError.wrapping {
            try library.writer.read { db in
                var stars: [ItemID: Int64?] = [:]
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT i.id, f.added_at FROM \(try Schema.favorites(db)) f JOIN items i ON i.id = f.item_id
                    WHERE i.deleted = 0
                    """)
                while let row = try rows.next() { stars[ItemID(row[0] as String)] = row[1] as Int64? }
                return stars
            }
        }
    }

    public func persist(_ change: ModelChange) throws {
        try LibraryError.wrapping {
            try library.writer.write { db in try persist(change, db) }
        }
    }

    public func remember(order: ListQuery.Order) throws {
        try library.remember(order: order)
    }

    /// Remembers that these lines were picked at `time` (ms since 1970), in one transaction: each gets its row, as
    /// a starred line does, and a pick, logged so other pickers on this memory follow. With `frecency` (the picker's
    /// rule), the memory's sums of picks are made for its half-life when they are for another (a config changed
    /// since), so that the next picker reads them instead of every pick.
    public func recordPicks(_ ids: [ItemID], at time: Int64, frecency: Frecency? = nil) throws {
        try LibraryError.wrapping {
            try library.writer.write { db in
                if let frecency, try Schema.pickHalfLife(db) != frecency.halfLife {
                    try Schema.rescoreAllPicks(halfLife: frecency.halfLife, db)
                }
                for id in ids {
                    try keep(id, db)
                    try Schema.addPick(id, at: time, db)
                    try ChangeLog.append(.pick, itemID: id.rawValue, origin: library.origin, db)
                }
            }
        }
    }

    /// The lines' picks, oldest first.
    public func picks() throws -> [ItemID: [Pick]] {
        try library.picks()
    }

    /// Each picked line's frecency score at `now` (ms since 1970), read from the sums kept beside the picks when they
    /// are for this half-life: what a picker's first screen is ordered by.
    public func pickScores(_ frecency: Frecency, at now: Int64) throws -> [ItemID: Double] {
        try library.pickScores(frecency, at: now)
    }

    /// `pickScores` as a picker's scan of its input takes them (`PickedLines`: the lines' bytes in one array, not an
    /// `ItemID` each): read before the first screen.
    public func pickedLines(_ frecency: Frecency, at now: Int64) throws -> PickedLines {
        try LibraryError.wrapping { try library.writer.read { db in try Schema.pickedLines(frecency, at: now, db) } }
    }

    /// Stars lines by id, or takes their stars away (`favs fav`, `favs unfav`), in one transaction logged as a
    /// library's command is (`LibraryWriteTransaction.apply(_:to:)`): each gets its row first. Returns the ids that
    /// changed. Only a favorite and an unfavorite: the lines come from elsewhere.
    public func apply(_ command: ItemCommand, to ids: [ItemID]) throws -> [ItemID] {
        guard command == .favorite || command == .unfavorite else {
            throw LibraryError.database("a memory of stars keeps only stars: it cannot \(command.rawValue) items")
        }
        try library.refuseWritesOnFullDisk()
        return try LibraryError.wrapping {
            try library.writer.write { db in
                for id in ids { try keep(id, db) }
                return try SQLiteWrites(db: db, origin: library.origin).apply(command, to: ids).map(\.write.itemID)
            }
        }
    }

    /// Gives a line a row: at the end when it has none, else back from a delete. The title is the line as read (a
    /// line that is not UTF-8 has an id that is not its text).
    private func keep(_ id: ItemID, _ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO items (id, title, fields, position)
            VALUES (?1, ?2, '[]', (SELECT IFNULL(MAX(position), 0) + 1 FROM items))
            ON CONFLICT (id) DO UPDATE SET deleted = 0
            """).execute(arguments: [id.rawValue, id.readable])
    }

    private func persist(_ change: ModelChange, _ db: Database) throws {
        switch change {
        case let .setMember(set, id, value, at):
            guard set == .favorites else { throw LibraryError.database("a picker's memory keeps only favorites, not “\(set)”") }
            try keep(id, db)
            try Schema.setMember(id, of: .favorites, value, at: at, db)
            try ChangeLog.append(value ? .join : .leave, itemID: id.rawValue, set: set.name, origin: library.origin, db)
        case .delete, .restore:
            throw LibraryError.database("the lines of a picker come from its input: they cannot be deleted")
        case .search:
            throw LibraryError.database("a picker's memory keeps only favorites, not saved searches")
        case let .picks(id, _, to):
            try keep(id, db)
            try Schema.replacePicks(of: id, with: to, db)
            try ChangeLog.append(.pick, itemID: id.rawValue, origin: library.origin, db)
        case let .batch(parts):
            for part in parts { try persist(part, db) }
        }
    }

    /// What other pickers on this memory changed, for the lines this one shows: each line's star and picks as
    /// stored now. Lines this picker does not show are left out (their stars are kept, not shown), and a line never
    /// starred reads as not a favorite, never as gone.
    public func translate(_ updates: [RemoteUpdate], for store: Store) throws -> [RemoteUpdate] {
        var stars: [ItemID: Int64?]?
        var result: [RemoteUpdate] = []
        for update in updates {
            switch update {
            case let .item(id, stored):
                guard var item = store.items[id] else { continue }
                item.favorite = stored?.favorite ?? false
                item.favoritedAt = item.favorite ? stored?.favoritedAt : nil
                result.append(.item(id, item))
            case let .member(set, id, value, at):
                if store.items[id] != nil { result.append(.member(set, id, value, at: at)) }
            case let .picks(id, _):
                if store.items[id] != nil { result.append(update) }
            case .saved:
                result.append(update)
            case .search:
                continue  // a picker's lines have no saved searches
            case let .deleted(id):
                // A line deleted from the memory reads as never starred, never as gone.
                if store.items[id] != nil { result.append(.favorite(id, false, at: nil)) }
            case .reload:
                // Many lines changed at once (an import into the memory, or a log trimmed past us): compare
                // every star this picker shows with the memory's.
                let now = try stars ?? favorites()
                stars = now
                for id in store.items.favoriteIDs where now[id] == nil {
                    if var item = store.items[id] {
                        item.favorite = false
                        item.favoritedAt = nil
                        result.append(.item(id, item))
                    }
                }
                for (id, time) in now {
                    if var item = store.items[id], !item.favorite {
                        item.favorite = true
                        item.favoritedAt = time
                        result.append(.item(id, item))
                    }
                }
            }
        }
        return result
    }
}
