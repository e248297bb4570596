import FavsFormats
import Foundation
import GRDB

/// Firefox's `places.sqlite` read for its bookmarks, usually while Firefox runs.
///
/// The profile is never opened. A running Firefox holds the database locked and keeps its newest bookmarks in
/// `places.sqlite-wal` until it checkpoints: so the file and its WAL are copied to a folder of our own, and the
/// copy is opened read-only (SQLite reads the copied WAL as it opens it). Opening the original read-write would
/// checkpoint Firefox's WAL under it, waiting on its lock would hang, and `immutable=1` would miss the WAL.
public enum FirefoxPlaces {
    /// The first 16 bytes of every SQLite database.
    public static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// Whether `path` starts as a SQLite database does (whatever its tables).
    public static func isSQLite(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: sqliteHeader.count)) ?? Data()
        return Array(head) == sqliteHeader
    }

    /// How many times a copy torn by Firefox writing meanwhile is taken again before the reader gives up.
    static let attempts = 3

    /// The bookmarks and separators of the profile database at `path`, in Firefox's tree order (the menu, the
    /// toolbar, other and mobile bookmarks; the tags root gives each bookmark its own tags), named `file` in
    /// messages. Throws `FirefoxPlacesError` for a file that is not Firefox's, or one that changed while it was read.
    public static func bookmarks(path: String, file: String? = nil) throws -> [Bookmark] {
        let list: BookmarkList = try read(path: path, file: file ?? path)
        return list.bookmarks
    }

    /// The profile database's bookmarks gathered into items (`BookmarkMerge`), for `favs import`.
    package static func items(path: String, file: String? = nil) throws -> BookmarkMerge {
        try read(path: path, file: file ?? path)
    }

    /// The bookmarks read into a new sink of the kind asked for (a new one for each attempt).
    private static func read<Sink: BookmarkSink>(path: String, file: String) throws -> Sink {
        guard isSQLite(path) else {
            if !FileManager.default.isReadableFile(atPath: path) {
                throw FirefoxPlacesError(file: file, message: "cannot read: \(String(cString: strerror(errno)))",
                                         unreadable: true)
            }
            throw FirefoxPlacesError(file: file, message: "not a SQLite database, so not Firefox's places.sqlite")
        }
        for attempt in 1...attempts {
            do {
                return try readCopy(of: path, file: file)
            } catch let error as DatabaseError where error.isTorn && attempt < attempts {
                continue
            } catch let error as DatabaseError where error.isTorn {
                throw FirefoxPlacesError(file: file, message: "changed while it was read (or is damaged): try again")
            } catch let error as DatabaseError {
                throw FirefoxPlacesError(file: file, message: "cannot be read as Firefox's places.sqlite: "
                                         + (error.message ?? "\(error.resultCode)"))
            }
        }
        throw FirefoxPlacesError(file: file, message: "changed while it was read (or is damaged): try again")
    }

    /// Copies the database and its WAL into a temporary folder, reads the copy, and removes the folder.
    private static func readCopy<Sink: BookmarkSink>(of path: String, file: String) throws -> Sink {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("favs-places-\(UUID().uuidString)")
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: false)
        } catch {
            throw FirefoxPlacesError(file: file, message: "cannot make a folder for its copy: \(error.localizedDescription)",
                                     unreadable: true)
        }
        defer { try? manager.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("places.sqlite").path
        do {
            try manager.copyItem(atPath: path, toPath: copy)
            if manager.fileExists(atPath: path + "-wal") { try manager.copyItem(atPath: path + "-wal", toPath: copy + "-wal") }
        } catch {
            throw FirefoxPlacesError(file: file, message: "cannot copy it to read: \(error.localizedDescription)",
                                     unreadable: true)
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "places.sqlite (copy)"
        let queue = try DatabaseQueue(path: copy, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in
            guard try db.tableExists("moz_bookmarks"), try db.tableExists("moz_places") else {
                throw FirefoxPlacesError(file: file, message: "a SQLite database, but not Firefox's places.sqlite "
                                         + "(it has no moz_bookmarks and moz_places)")
            }
            var tree = PlacesTree()
            try PlacesRow.fetchCursor(db, sql: PlacesRow.query(keywords: try db.tableExists("moz_keywords"))).forEach {
                tree.add($0)
            }
            var sink = Sink()
            tree.bookmarks(into: &sink)
            return sink
        }
    }
}

/// Why a `places.sqlite` could not be read: `FILE: message`, one line.
public struct FirefoxPlacesError: Error, CustomStringConvertible, Equatable, Sendable {
    public var file: String
    public var message: String
    /// The file could not be read at all (missing, no permission), rather than read and found wrong.
    public var unreadable = false

    public var description: String { "\(file): \(message)" }
}

extension DatabaseError {
    /// What a copy taken while Firefox wrote looks like: a page or the header half old, half new.
    var isTorn: Bool { resultCode == .SQLITE_CORRUPT || resultCode == .SQLITE_NOTADB }
}
