import FavsModel
import Foundation
import GRDB

/// Opening a library: creating it when missing, or opening it read-only when it cannot be written, and as
/// immutable when its disk is full; the connection's configuration; refusing writes on a full disk.
extension SQLiteLibrary {
    /// Opens the library at `location`, creating it when missing (and its folders, at the default location).
    ///
    /// `:memory:` opens a private library seeded with the sample that writes nothing to disk.
    /// A new file is seeded with the sample when `seedIfNew` is true, and is otherwise empty
    /// and named after the file.
    public static func open(_ location: LibraryLocation, seedIfNew: Bool) throws -> SQLiteLibrary {
        // A server's URL is the PostgreSQL library's (FavsPostgres): never a file's path here.
        if location.isPostgres { throw LibraryError.unsupportedLocation(location.display) }
        let path = location.path
        do {
            if path == ":memory:" {
                let queue = try DatabaseQueue(configuration: configuration())
                let name = try Schema.prepare(queue, path: path, seed: true,
                                              newName: SampleLibrary.name + " (in memory)")
                return SQLiteLibrary(path: path, name: name, writer: queue)
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
                return SQLiteLibrary(path: path, name: name, writer: queue, isReadOnly: readOnly)
            } catch let error as DatabaseError where exists && error.resultCode == .SQLITE_READONLY {
                // A file we may read but not write: browse it; every change will fail and roll back.
                return try openReadOnly(path: path)
            } catch let error as DatabaseError where exists && Self.isDiskFull(error, folder: location.folder) {
                return try openOnFullDisk(path: path)
            }
        } catch let error as LibraryError {
            throw error
        } catch {
            throw LibraryError.cannotOpen(path: path, reason: openingReason(error))
        }
    }

    /// `open(_:seedIfNew:)` for a path the caller names (tests): its folder must exist.
    static func open(path: String, seedIfNew: Bool) throws -> SQLiteLibrary {
        try open(LibraryLocation(path: path), seedIfNew: seedIfNew)
    }

    /// Opens a library that must already exist; never creates or seeds one.
    /// Read-only (the default) opens it without writing a byte, so it works on a file the user cannot write.
    public static func openExisting(_ location: LibraryLocation, readOnly: Bool = true) throws -> SQLiteLibrary {
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
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_READONLY_ROLLBACK
                        && FileManager.default.isWritableFile(atPath: path) {
                try rollBackInterruptedImport(path: path)
                return try openReadOnly(path: path)
            }
        } catch let error as LibraryError {
            throw error
        } catch {
            throw LibraryError.cannotOpen(path: path, reason: openingReason(error))
        }
    }

    /// `openExisting(_:readOnly:)` for a path the caller names (tests).
    static func openExisting(path: String, readOnly: Bool = true) throws -> SQLiteLibrary {
        try openExisting(LibraryLocation(path: path), readOnly: readOnly)
    }

    /// A read-only connection to an existing, up-to-date library: opening it writes nothing.
    private static func openReadOnly(path: String) throws -> SQLiteLibrary {
        let queue = try DatabaseQueue(path: path, configuration: configuration(readOnly: true))
        let name = try Schema.prepare(queue, path: path, seed: false, newName: "")
        return SQLiteLibrary(path: path, name: name, writer: queue, isReadOnly: true)
    }

    /// Why a library could not be opened, in one line: SQLite's words, except for a lock held past the busy
    /// timeout, which at opening is a long write, such as an import into an empty library (`BulkJournal`).
    private static func openingReason(_ error: any Error) -> String {
        if let error = error as? DatabaseError, error.resultCode == .SQLITE_BUSY {
            return "another process is writing to it (an import?): try again when it is done"
        }
        return LibraryError.reason(error)
    }

    /// A library whose import was cut short (the process killed) under a rollback journal (`BulkJournal`): the
    /// journal is hot, and a read-only connection cannot put the file back as it was. A connection that may
    /// write does so on its first read; then the library is in WAL mode again, as `open` leaves it.
    private static func rollBackInterruptedImport(path: String) throws {
        let queue = try DatabaseQueue(path: path, configuration: configuration())
        _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
        try Schema.backToWAL(queue)
    }

    /// A library on a disk with no space left: SQLite cannot create the write-ahead log's shared-memory file,
    /// which every connection to a WAL library needs, so even reading fails ("disk I/O error"). Opened as
    /// immutable (a URI parameter: no locks, no shared memory, no log), SQLite reads the file alone, which holds
    /// every commit once the last process has closed the library; every change fails and rolls back, saying the
    /// disk is full. (While another process has it open, its shared-memory file is there and the ordinary read-
    /// only open works, seeing that process's commits too.)
    private static func openOnFullDisk(path: String) throws -> SQLiteLibrary {
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        let queue = try DatabaseQueue(path: "file:\(encoded)?immutable=1", configuration: configuration(readOnly: true))
        let name = try Schema.prepare(queue, path: path, seed: false, newName: "")
        return SQLiteLibrary(path: path, name: name, writer: queue, isOnFullDisk: true)
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
        configuration.busyMode = .timeout(SQLiteLibrary.busyTimeout)
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
}
