import Foundation

/// How an import file is laid out: chosen by the user, else by the file's extension, else by its content.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// The extension decides (`.json`, `.jsonl`, `.ndjson`, `.csv`, `.tsv`, `.tab`, `.html`, `.htm`), else the
    /// content: a bookmark format when it starts as one does, JSON when it starts with `[` or `{`, TSV when its
    /// first line holds a tab, CSV otherwise.
    case auto
    /// A JSON array of objects, or JSON Lines: the content tells them apart, so `json` and `jsonl` read both.
    case json
    /// JSON Lines, one object per line (read exactly as `json` is).
    case jsonl
    /// Comma-separated values with a header row and RFC 4180 quoting.
    case csv
    /// Tab-separated values with a header row and no quoting (IANA text/tab-separated-values).
    case tsv
    /// Chrome's `Bookmarks` (Chromium, Brave, Edge and Vivaldi write the same): see `ChromeBookmarks`.
    case chrome
    /// Firefox's bookmark backups, `.json` or `.jsonlz4`: see `FirefoxBackup`.
    case firefoxBackup = "firefox-backup"
    /// Firefox's `places.sqlite`: a database, read whole from a copy (`FirefoxPlaces`), never as a stream; `auto`
    /// takes a file for it when it starts as a SQLite database does.
    case firefox
    /// A Netscape bookmark file (`bookmarks.html`, what browsers export): each link an item (`BookmarkItems`).
    case html

    /// The format a file name's extension names, or nil when it names none.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "json": self = .json
        case "jsonl", "ndjson": self = .jsonl
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        case "jsonlz4": self = .firefoxBackup
        case "html", "htm": self = .html
        default: return nil
        }
    }

    /// The browser's bookmarks that a file's first bytes show, whatever its name: a `.jsonlz4`'s magic, or JSON
    /// opening as Chrome's `Bookmarks` (`"roots"` then `"bookmark_bar"`) or Firefox's backup (the places root,
    /// whose `type` and `root` come before its children) does. Nil for any other file.
    static func browserFile(head: [UInt8]) -> ImportFormat? {
        if head.starts(with: MozLZ4.magic) { return .firefoxBackup }
        guard head.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") else { return nil }
        let text = String(decoding: head.prefix(4096), as: UTF8.self)
        if text.contains(#/"roots"\s*:\s*\{(?s:.*?)"bookmark_bar"\s*:/#) { return .chrome }
        if text.contains(#/"type"\s*:\s*"text/x-moz-place-container"/#), text.contains(#/"root"\s*:\s*"placesRoot"/#) {
            return .firefoxBackup
        }
        return nil
    }

    /// Whether the format holds a browser's bookmarks: what `favs import --watch` follows.
    public var isBookmarks: Bool { bookmarks != nil || self == .firefox }

    /// The bookmark format a file's first bytes show (up to 4 KiB; a UTF-8 byte order mark is passed over), else its
    /// name's (`.html`, `.htm`, `.jsonlz4`); nil when neither shows one. A places.sqlite is a database, which
    /// `FirefoxPlaces.isSQLite` tells.
    public static func bookmarks(fileName: String, head: [UInt8]) -> ImportFormat? {
        let text = head.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(head.dropFirst(3)) : head
        return bookmarks(head: text) ?? ImportFormat(fileName: fileName).flatMap { $0.isBookmarks ? $0 : nil }
    }

    /// The bookmark format a file's first bytes show: a browser's (`browserFile`), or a Netscape file's doctype in
    /// its first 64 bytes; nil for any other file.
    static func bookmarks(head: [UInt8]) -> ImportFormat? {
        browserFile(head: head) ?? (NetscapeBookmarks.recognises(Array(head.prefix(64))) ? .html : nil)
    }

    /// The concrete format for a file: this one, unless it is `auto`, then the name's, then the content's.
    func resolved(fileName: String, text: Substring) -> ImportFormat {
        if self != .auto { return self }
        if let named = ImportFormat(fileName: fileName) { return named }
        if let bookmarks = Self.bookmarks(head: Array(text.utf8.prefix(64))) { return bookmarks }
        guard let first = text.unicodeScalars.first(where: { !$0.properties.isWhitespace }) else { return .json }
        if first == "[" || first == "{" { return .json }
        let firstLine = text.utf8.prefix { $0 != 0x0A }
        return firstLine.contains(0x09) ? .tsv : .csv
    }

    /// How a bookmark format is read: whole, into the items `BookmarkMerge` gathers as it reads. Nil for the
    /// formats read record by record.
    var bookmarks: BookmarkFormat? {
        switch self {
        case .html: BookmarkFormat(read: { bytes, file, merge in try NetscapeBookmarks.read(bytes, file: file, into: &merge) })
        case .chrome: BookmarkFormat(read: { bytes, file, merge in try ChromeBookmarks.read(consume bytes, file: file, into: &merge) })
        case .firefoxBackup: BookmarkFormat(read: { bytes, file, merge in
                                                try FirefoxBackup.read(consume bytes, file: file, into: &merge)
                                            },
                                            isText: false)
        // A database, read from its path by `FirefoxPlaces` (FavsLibrary), never through the stream.
        case .auto, .json, .jsonl, .csv, .tsv, .firefox: nil
        }
    }
}

/// A file of bookmarks a browser or a bookmark manager writes: how the whole file is read (its first bytes are
/// recognised by `ImportFormat.bookmarks(head:)`).
struct BookmarkFormat {
    /// Reads the whole file, named `file` in messages, into the merge of its items.
    /// Takes the bytes (`consuming`): they are let go once read, before the items are handed on.
    let read: (consuming [UInt8], _ file: String, inout BookmarkMerge) throws -> Void
    /// Whether the file is UTF-8 text, checked before it is read; false for one that may be compressed (a
    /// `.jsonlz4`), whose reader checks the text it unpacks.
    var isText = true
}
