import FavsCore
import Foundation
import GRDB

/// The collection on disk: a SQLite file (WAL, so other processes can read while one writes).
///
/// Every change is committed in its own write transaction together with a row of the change log,
/// which other processes poll to follow along.
public final class Library: ChangeSink, Sendable {
    /// The path given when opening (`:memory:` for a library that lives only in this process).
    public let path: String
    /// The name shown in the title bar: the sample's name, or the file's name for an imported library.
    public let name: String
    let writer: any DatabaseWriter

    init(path: String, name: String, writer: any DatabaseWriter) {
        self.path = path
        self.name = name
        self.writer = writer
    }

    /// Opens the library at `path`, creating it (and its folders) when missing.
    ///
    /// `:memory:` opens a private library seeded with the sample that writes nothing to disk.
    /// A new file is seeded with the sample when `seedIfNew` is true, and is otherwise empty
    /// and named after the file.
    public static func open(path: String, seedIfNew: Bool) throws -> Library {
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
            try createDirectory(url.deletingLastPathComponent(), for: path)
            let pool = try DatabasePool(path: path, configuration: configuration())
            let name = try Schema.prepare(pool, path: path, seed: seedIfNew,
                                          newName: seedIfNew ? SampleLibrary.name
                                              : url.deletingPathExtension().lastPathComponent)
            return Library(path: path, name: name, writer: pool)
        } catch let error as LibraryError {
            throw error
        } catch {
            throw LibraryError.cannotOpen(path: path, reason: LibraryError.reason(error))
        }
    }

    /// Opens a library that must already exist; never creates or seeds one.
    /// Read-only (the default) opens it without writing a byte, so it works on a file the user cannot write.
    public static func openExisting(path: String, readOnly: Bool = true) throws -> Library {
        if path != ":memory:", !FileManager.default.fileExists(atPath: path) {
            throw LibraryError.notFound(path: path)
        }
        guard readOnly, path != ":memory:" else { return try open(path: path, seedIfNew: false) }
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration(readOnly: true))
            let name = try Schema.prepare(queue, path: path, seed: false, newName: "")
            return Library(path: path, name: name, writer: queue)
        } catch let error as LibraryError {
            throw error
        } catch {
            throw LibraryError.cannotOpen(path: path, reason: LibraryError.reason(error))
        }
    }

    private static func configuration(readOnly: Bool = false) -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.readonly = readOnly
        return configuration
    }

    private static func createDirectory(_ directory: URL, for path: String) throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw LibraryError.cannotOpen(path: path, reason: "cannot create the folder \(directory.path)")
        }
    }

    /// The items not deleted, in list order.
    public func loadItems() throws -> [Item] {
        try LibraryError.wrapping {
            try writer.read { db in
                var items: [Item] = []
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT id, title, fields, favorite, position FROM items WHERE deleted = 0 ORDER BY position
                    """)
                while let row = try rows.next() {
                    let id = ItemID(row[0])
                    items.append(Item(id: id, title: row[1], fields: try FieldCoding.decode(row[2], id: id),
                                      favorite: row[3], position: row[4]))
                }
                return items
            }
        }
    }

    /// Commits one change and its change-log row in one transaction; throws when the item is not there to change.
    public func persist(_ change: ModelChange) throws {
        try LibraryError.wrapping {
            try writer.write { db in
                let kind: ChangeKind
                switch change {
                case let .setFavorite(id, value):
                    try db.execute(sql: "UPDATE items SET favorite = ? WHERE id = ? AND deleted = 0",
                                   arguments: [value, id.rawValue])
                    kind = value ? .favorite : .unfavorite
                case let .delete(item):
                    try db.execute(sql: "UPDATE items SET deleted = 1 WHERE id = ? AND deleted = 0",
                                   arguments: [item.id.rawValue])
                    kind = .delete
                case let .restore(item):
                    try db.execute(sql: "UPDATE items SET deleted = 0, favorite = ? WHERE id = ? AND deleted = 1",
                                   arguments: [item.favorite, item.id.rawValue])
                    kind = .restore
                }
                guard db.changesCount > 0 else { throw LibraryError.noItem(change.itemID) }
                try ChangeLog.append(kind, itemID: change.itemID.rawValue, db)
            }
        }
    }

    /// The result of SQLite's `PRAGMA integrity_check`: `ok` for a sound file.
    public func integrityCheck() throws -> String {
        try LibraryError.wrapping {
            try writer.read { db in
                try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "\n")
            }
        }
    }
}
