import FavsModel
import Foundation
import GRDB

/// Why the library could not be opened, read or written. Every description is one line.
public enum LibraryError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file could not be opened or created as a favs library.
    case cannotOpen(path: String, reason: String)
    /// There is no library file at the path (for commands that must not create one).
    case notFound(path: String)
    /// A location favs cannot open, such as a URL; shown with any password replaced by `***`.
    case unsupportedLocation(String)
    /// The folder a library file was named in does not exist (favs creates only its default folders).
    case noFolder(path: String, folder: String)
    /// A change names an item the library does not hold (or no longer holds in that state).
    case noItem(ItemID)
    /// A saved search is named that the library does not hold.
    case noSearch(String)
    /// A saved search would be renamed to a name another one has.
    case searchExists(String)
    /// The same id twice in one import.
    case duplicateID(ItemID)
    /// A stored item could not be read back.
    case unreadable(ItemID, reason: String)
    /// SQLite refused a read or write (locked, disk full, read-only…).
    case database(String)
    /// A `postgres://` URL that cannot be read; shown with its password hidden.
    case badURL(location: String, reason: String)
    /// The location holds tables, but not a favs library's.
    case notFavs(location: String)
    /// The library was made by a newer favs, whose tables this one does not know.
    case newerVersion(location: String)
    /// `favs copy`: the target already holds items.
    case notEmpty(path: String)
    /// The server could not be reached (refused, no such host, timed out).
    case unreachable(location: String, reason: String)
    /// The server refused the user name or password.
    case authentication(location: String, reason: String)
    /// The server has no database of that name.
    case noDatabase(location: String, database: String)
    /// The server did not answer within the timeout (it is stopped, or the network drops every packet).
    case timedOut(seconds: Int)
    /// Another writer held the library's write lock for as long as this one could wait.
    case locked
    /// The role logged in may read the library and not change it (PostgreSQL's own GRANTs say so).
    case readOnlyRole(location: String, role: String)

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason): "cannot open library \(path): \(reason)"
        case let .notFound(path): "no library at \(path)"
        case let .unsupportedLocation(location): "unsupported library location '\(location)'"
        case let .noFolder(path, folder): "cannot open library '\(path)': folder '\(folder)' does not exist"
        case let .noItem(id): "no item '\(id)'"
        case let .noSearch(name): "no saved search '\(name)'"
        case let .searchExists(name): "a saved search is named '\(name)' already"
        case let .duplicateID(id): "duplicate id '\(id)' in the import"
        case let .unreadable(id, reason): "item '\(id)' is unreadable: \(reason)"
        case let .database(message): message
        case let .readOnlyRole(location, role): "your role \(role) may only read library \(location)"
        case let .badURL(location, reason): "bad library URL '\(location)': \(reason)"
        case let .notFavs(location): "cannot open library \(location): not a favs library (it holds other tables)"
        case let .newerVersion(location): "cannot open library \(location): made by a newer version of favs"
        case let .notEmpty(path): "library \(path) is not empty: copy only into an empty or new library"
        case let .unreachable(location, reason): "cannot reach the server of library \(location): \(reason)"
        case let .authentication(location, reason): "cannot log in to library \(location): \(reason)"
        case let .noDatabase(location, database): "cannot open library \(location): the server has no database '\(database)'"
        case let .timedOut(seconds): "the server did not answer in \(seconds) s"
        case .locked: "another favs is holding the library's write lock: try again"
        }
    }

    /// The first line of an underlying error, without SQL statements or stack details.
    static func reason(_ error: any Error) -> String {
        let text: String
        switch error {
        case let error as LibraryError: text = error.description
        case let error as DatabaseError: text = error.message ?? error.description
        default: text = (error as NSError).localizedDescription
        }
        return text.split(separator: "\n").first.map(String.init) ?? text
    }

    /// Runs a database operation, turning SQLite errors into one-line library errors.
    static func wrapping<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as LibraryError {
            throw error
        } catch {
            throw LibraryError.database(reason(error))
        }
    }
}
