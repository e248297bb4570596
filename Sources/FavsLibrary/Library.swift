import FavsModel
import Foundation
import GRDB

/// The collection on disk: a SQLite file (WAL, so other processes can read while one writes).
///
/// Every change is committed in its own write transaction together with a row of the change log,
/// which other processes poll to follow along.
public final class Library: ChangeSink, FieldSource, Sendable {
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

    /// Opens the library at `location`, creating it when missing (and its folders, at the default location).
    ///
    /// `:memory:` opens a private library seeded with the sample that writes nothing to disk.
    /// A new file is seeded with the sample when `seedIfNew` is true, and is otherwise empty
    /// and named after the file.
    public static func open(_ location: LibraryLocation, seedIfNew: Bool) throws -> Library {
        // A server's URL is the PostgreSQL library's (FavsPostgres): never a file's path here.
        if location.isPostgres { throw LibraryError.unsupportedLocation(location.display) }
        let path = location.path
        do {
            if path == ":memory:" {
                let queue = try DatabaseQueue(configuration: configuration())
                let name = try Schema.prepare(queue, path: path, seed: true,
                                              newName: SampleLibrary.name + " (in memory)")
                return Library(path: path, name: name, writer: queue)
            }
            let url = URL(fileURLWithPath: path)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw LibraryError.cannotOpen(path: path, reason: "it is a directory")
            }
            let exists = FileManager.default.fileExists(atPath: path)
            if !exists { try prepareFolder(for: location) }
            if exists, opensOnFullDisk(path, folder: location.folder) { return try openOnFullDisk(path: path) }
            do {
                // One connection for this process's reads and writes (the UI is one thread), in WAL mode so
                // other processes read while it writes. A DatabaseQueue, not a pool: opening a pool writes
                // to an idle library (GRDB's WAL set-up), which would need the lock another process may hold.
                let queue = try DatabaseQueue(path: path, configuration: configuration())
                let name = try Schema.prepare(queue, path: path, seed: seedIfNew,
                                              newName: seedIfNew ? SampleLibrary.name
                                                  : url.deletingPathExtension().lastPathComponent)
                let readOnly = !FileManager.default.isWritableFile(atPath: path)
                return Library(path: path, name: name, writer: queue, isReadOnly: readOnly)
            } catch let error as DatabaseError where exists && error.resultCode == .SQLITE_READONLY {
                // A file we may read but not write: browse it; every change will fail and roll back.
                return try openReadOnly(path: path)
            } catch let error as DatabaseError where exists && Self.isDiskFull(error, folder: location.folder) {
                return try openOnFullDisk(path: path)
            }
        } catch let error as LibraryError {
            throw error
        } catch {
            throw LibraryError.cannotOpen(path: path, reason: LibraryError.reason(error))
        }
    }

    /// `open(_:seedIfNew:)` for a path the caller names (tests): its folder must exist.
    static func open(path: String, seedIfNew: Bool) throws -> Library {
        try open(LibraryLocation(path: path), seedIfNew: seedIfNew)
    }

    /// Opens a library that must already exist; never creates or seeds one.
    /// Read-only (the default) opens it without writing a byte, so it works on a file the user cannot write.
    public static func openExisting(_ location: LibraryLocation, readOnly: Bool = true) throws -> Library {
        if location.isPostgres { throw LibraryError.unsupportedLocation(location.display) }
        let path = location.path
        if path != ":memory:", !FileManager.default.fileExists(atPath: path) {
            // The same message `open` gives for a folder that is not there, rather than "no library".
            if !location.createsFolders, !FileManager.default.fileExists(atPath: location.folder) {
                throw LibraryError.noFolder(path: path, folder: location.folder)
            }
            throw LibraryError.notFound(path: path)
        }
        guard readOnly, path != ":memory:" else { return try open(location, seedIfNew: false) }
        do {
            if opensOnFullDisk(path, folder: location.folder) { return try openOnFullDisk(path: path) }
            do {
                return try openReadOnly(path: path)
            } catch let error as DatabaseError where Self.isDiskFull(error, folder: location.folder) {
                return try openOnFullDisk(path: path)
            }
        } catch let error as LibraryError {
            throw error
        } catch {
            throw LibraryError.cannotOpen(path: path, reason: LibraryError.reason(error))
        }
    }

    /// `openExisting(_:readOnly:)` for a path the caller names (tests).
    static func openExisting(path: String, readOnly: Bool = true) throws -> Library {
        try openExisting(LibraryLocation(path: path), readOnly: readOnly)
    }

    /// A read-only connection to an existing, up-to-date library: opening it writes nothing.
    private static func openReadOnly(path: String) throws -> Library {
        let queue = try DatabaseQueue(path: path, configuration: configuration(readOnly: true))
        let name = try Schema.prepare(queue, path: path, seed: false, newName: "")
        return Library(path: path, name: name, writer: queue, isReadOnly: true)
    }

    /// A library on a disk with no space left: SQLite cannot create the write-ahead log's shared-memory file,
    /// which every connection to a WAL library needs, so even reading fails ("disk I/O error"). Opened as
    /// immutable (a URI parameter: no locks, no shared memory, no log), SQLite reads the file alone, which holds
    /// every commit once the last process has closed the library; every change fails and rolls back, saying the
    /// disk is full. (While another process has it open, its shared-memory file is there and the ordinary read-
    /// only open works, seeing that process's commits too.)
    private static func openOnFullDisk(path: String) throws -> Library {
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        let queue = try DatabaseQueue(path: "file:\(encoded)?immutable=1", configuration: configuration(readOnly: true))
        let name = try Schema.prepare(queue, path: path, seed: false, newName: "")
        return Library(path: path, name: name, writer: queue, isOnFullDisk: true)
    }

    /// Whether to open the library as on a full disk before SQLite tries (and, having made a log file or half a
    /// shared-memory file, fails on the first write instead): no space, and no commits waiting in a write-ahead
    /// log, which an immutable open would not see.
    private static func opensOnFullDisk(_ path: String, folder: String) -> Bool {
        guard !hasSpace(in: folder) else { return false }
        let log = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        return log == 0
    }

    /// Every write of a library opened on a full disk fails saying so, in place of SQLite's "attempt to write a
    /// readonly database", which would not tell why.
    func refuseWritesOnFullDisk() throws {
        guard isOnFullDisk else { return }
        throw LibraryError.database(Self.hasSpace(forFolderOf: path)
            ? "opened while the disk was full: there is space again, reopen favs to save changes"
            : "the disk is full")
    }

    /// Whether an error opening a library came from its disk being full: an I/O error or SQLITE_FULL while the
    /// folder's file system has no space left for an ordinary user.
    static func isDiskFull(_ error: DatabaseError, folder: String) -> Bool {
        guard error.resultCode == .SQLITE_IOERR || error.resultCode == .SQLITE_FULL
                || error.resultCode == .SQLITE_CANTOPEN else { return false }
        return !hasSpace(in: folder)
    }

    /// Whether the file system holding `folder` has room for SQLite's log files (64 KiB for an ordinary user).
    static func hasSpace(in folder: String) -> Bool {
        var stats = statvfs()
        guard statvfs(folder, &stats) == 0 else { return true }
        return UInt64(stats.f_bavail) * UInt64(stats.f_frsize) >= 64 * 1024
    }

    private static func hasSpace(forFolderOf path: String) -> Bool {
        hasSpace(in: (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent)
    }

    /// How long a write waits for another process's lock before it fails (and the change is rolled back).
    /// `FAVS_BUSY_TIMEOUT_MS` overrides it (tests use a short one).
    static let busyTimeout: TimeInterval = {
        let milliseconds = ProcessInfo.processInfo.environment["FAVS_BUSY_TIMEOUT_MS"].flatMap(Double.init) ?? 2000
        return max(0, milliseconds) / 1000
    }()

    static func configuration(readOnly: Bool = false) -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(Library.busyTimeout)
        configuration.readonly = readOnly
        configuration.prepareDatabase { db in
            // WAL's usual setting: a commit survives a crash of the process, and costs no fsync.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        return configuration
    }

    /// Makes sure a new file has its folder: created at the default location, required anywhere else.
    private static func prepareFolder(for location: LibraryLocation) throws {
        let folder = location.folder
        if FileManager.default.fileExists(atPath: folder) { return }
        guard location.createsFolders else { throw LibraryError.noFolder(path: location.path, folder: folder) }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw LibraryError.cannotOpen(path: location.path, reason: "cannot create the folder \(folder)")
        }
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

    /// A preview of a large library (its first `rows` rows, its first favorites, its counts; see
    /// `ItemCollection.preview`), read in a few milliseconds: what a browser shows while the list loads.
    /// Nil for a library of fewer than `minimum` items, which loads as fast as its preview would.
    public func loadPreview(rows: Int = 500, minimum: Int = ListLoader.parallelThreshold) throws -> ItemCollection? {
        try LibraryError.wrapping { try writer.read { db in try ListLoader.preview(db, rows: rows, minimum: minimum) } }
    }

    /// The list, and the point in the change log it was read at: where a `LibraryFollower` starts, so no
    /// change committed by another process after the read is missed.
    public func loadListToFollow() throws -> (items: ItemCollection, lastChange: Int64) {
        try LibraryError.wrapping { try writer.read { db in try ListLoader.load(db, path: path) } }
    }

    static func listItems(_ db: Database) throws -> [Item] {
        var items: [Item] = []
        let rows = try Row.fetchCursor(db, sql: """
            SELECT id, title, favorite, position, \(try Schema.favoriteTimeColumn(db)) FROM items WHERE deleted = 0
            ORDER BY position
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
            SELECT id, title, fields, favorite, position, \(try Schema.favoriteTimeColumn(db)) FROM items
            WHERE deleted = 0 ORDER BY position
            """)
        while let row = try rows.next() { items.append(try item(row)) }
        return items
    }

    /// One item as stored, nil when it is deleted or unknown.
    static func item(_ id: ItemID, _ db: Database) throws -> Item? {
        try Row.fetchOne(db.cachedStatement(sql: """
            SELECT id, title, fields, favorite, position, \(try Schema.favoriteTimeColumn(db)) FROM items
            WHERE id = ? AND deleted = 0
            """), arguments: [id.rawValue]).map(item)
    }

    private static func item(_ row: Row) throws -> Item {
        let id = ItemID(row[0])
        return Item(id: id, title: row[1], fields: try FieldCoding.decode(row[2], id: id), favorite: row[3],
                    position: row[4], favoritedAt: row[5])
    }

    /// Commits one change and its change-log row in one transaction; throws when the item is not there to change.
    public func persist(_ change: ModelChange) throws {
        try refuseWritesOnFullDisk()
        try LibraryError.wrapping {
            try writer.write { db in try persist(change, db) }
        }
    }

    /// Writes one change and its change-log row, a batch part by part (within the caller's transaction).
    private func persist(_ change: ModelChange, _ db: Database) throws {
        let kind: ChangeKind
        switch change {
        case let .setFavorite(id, value, at):
            try db.execute(sql: "UPDATE items SET favorite = ?, favorited_at = ? WHERE id = ? AND deleted = 0",
                           arguments: [value, value ? at : nil, id.rawValue])
            kind = value ? .favorite : .unfavorite
        case let .delete(item):
            try db.execute(sql: "UPDATE items SET deleted = 1 WHERE id = ? AND deleted = 0",
                           arguments: [item.id.rawValue])
            kind = .delete
        case let .restore(item):
            try db.execute(sql: """
                UPDATE items SET deleted = 0, favorite = ?, favorited_at = ? WHERE id = ? AND deleted = 1
                """, arguments: [item.favorite, item.favoritedAt, item.id.rawValue])
            kind = .restore
        case let .batch(parts):
            for part in parts { try persist(part, db) }
            return
        }
        guard db.changesCount > 0 else { throw LibraryError.noItem(change.itemID) }
        try ChangeLog.append(kind, itemID: change.itemID.rawValue, origin: origin, db)
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
