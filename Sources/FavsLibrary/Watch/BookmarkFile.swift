import FavsFormats
import FavsModel
import Foundation

/// A browser's bookmark file read whole into the records an import writes, through the readers `favs import` uses
/// (`ImportStream` for the Netscape file, Chrome's `Bookmarks` and Firefox's backups; `FirefoxPlaces` for a
/// places.sqlite), so a followed file becomes the same items as an imported one.
public enum BookmarkFile {
    /// Hands each record of the file at `path` (named `file` in messages) to `each`, in file order; returns what its
    /// reading merged and skipped, and the format it was read as. `format` `auto` is decided from the file's first
    /// bytes, then its name: a file that is no browser's bookmarks is refused, so a followed path never imports rows
    /// of another kind. On an error, records may have been handed on already: the caller lands nothing of them.
    public static func read(path: String, file: String, format: ImportFormat, each: (ImportRecord) -> Void)
        throws(BookmarkFileError) -> (counts: BookmarkCounts, format: ImportFormat) {
        let resolved = try resolve(path: path, file: file, format: format)
        if resolved == .firefox {
            do {
                let (records, counts) = BookmarkItems.records(try FirefoxPlaces.bookmarks(path: path, file: file))
                records.forEach(each)
                return (counts, resolved)
            } catch let error as FirefoxPlacesError {
                throw BookmarkFileError(description: error.description, unreadable: error.unreadable)
            } catch {
                throw BookmarkFileError(description: "\(file): \(error)")
            }
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .cannotRead(file) }
        defer { close(descriptor) }
        do {
            return (try ImportStream.read(FileInput(descriptor: descriptor), file: file, format: resolved, each), resolved)
        } catch let error as ImportError {
            throw BookmarkFileError(description: error.description)
        } catch let error as ImportReadError {
            throw BookmarkFileError(description: "\(file): cannot read: \(error.reason)", unreadable: true)
        } catch {
            throw BookmarkFileError(description: "\(file): \(error)")
        }
    }

    /// The format to read the file as: `format` when it is a bookmark format, a places.sqlite when the file starts as
    /// a SQLite database does, else what its first bytes or its name show.
    static func resolve(path: String, file: String, format: ImportFormat) throws(BookmarkFileError) -> ImportFormat {
        if format != .auto {
            guard format.isBookmarks else {
                throw BookmarkFileError(description: "\(file): --format \(format.rawValue) is not a browser's bookmarks")
            }
            return format
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .cannotRead(file) }
        defer { close(descriptor) }
        let head = Array((try? FileHandle(fileDescriptor: descriptor).read(upToCount: 4096)) ?? Data())
        if head.starts(with: FirefoxPlaces.sqliteHeader) { return .firefox }
        guard let found = ImportFormat.bookmarks(fileName: path, head: head) else {
            throw BookmarkFileError(description: "\(file): not a browser's bookmarks (give --format html, chrome, "
                                    + "firefox-backup or firefox)")
        }
        return found
    }
}

/// Why a bookmark file could not be read: one line, `FILE:…: what is wrong`.
public struct BookmarkFileError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String
    /// The file could not be read at all (missing, no permission), rather than read and found wrong.
    public var unreadable = false

    static func cannotRead(_ file: String) -> BookmarkFileError {
        BookmarkFileError(description: "\(file): cannot read: \(String(cString: strerror(errno)))", unreadable: true)
    }
}
