import Foundation

/// Firefox's bookmark backups: the `.json` that Backup… writes, and the `.jsonlz4` it keeps daily in
/// `bookmarkbackups/` (the same JSON, LZ4-compressed: see `MozLZ4`).
///
/// The JSON is one tree from the places root: `text/x-moz-place-container` nodes are folders (`title`,
/// `children`; the roots, marked by `root`, shown as Firefox shows them), `text/x-moz-place` nodes bookmarks
/// (`uri`, `title`, `dateAdded` in microseconds since 1970, `tags` a comma-separated string, `keyword`), and
/// `text/x-moz-place-separator` nodes separators.
public enum FirefoxBackup {
    static let container = "text/x-moz-place-container"
    static let place = "text/x-moz-place"
    static let separator = "text/x-moz-place-separator"

    /// The roots as Firefox names them on screen, by their `root` mark.
    static let roots = ["bookmarksMenuFolder": "Bookmarks Menu", "toolbarFolder": "Bookmarks Toolbar",
                        "unfiledBookmarksFolder": "Other Bookmarks", "mobileFolder": "Mobile Bookmarks"]

    /// The bookmarks of a backup named `file` in messages (either kind: a `.jsonlz4` is known by its magic).
    public static func read(_ data: Data, file: String) throws -> [Bookmark] {
        var list = BookmarkList()
        try read([UInt8](data), file: file, into: &list)
        return list.bookmarks
    }

    /// Reads the file's bytes into `sink`, each bookmark as its object ends. The compressed bytes are let go
    /// once unpacked, and the unpacked ones when the walk ends.
    static func read<Sink: BookmarkSink>(_ bytes: consuming [UInt8], file: String, into sink: inout Sink) throws {
        var json = consume bytes
        if MozLZ4.isCompressed(json) { json = try MozLZ4.decompress(json, file: file) }  // the compressed bytes let go
        try BookmarkJSON.walk(consume json, file: file) { parser in
            guard parser.nextIs(UInt8(ascii: "{")) else { throw BookmarkJSON.notAnObject("the file", near: nil, file: file) }
            try read(&parser, depth: 0, near: nil, in: nil, into: &sink)
        }
    }

    /// Reads one node: a bookmark goes to `sink` as its object ends, a folder's children into a folder of its
    /// own. Firefox writes a node's `children` last; a file that writes them before the `type` (or, at the top,
    /// the `root`) that says how to read them has them read again once the node's object ends.
    private static func read<Sink: BookmarkSink>(_ parser: inout JSONParser, depth: Int, near parent: BookmarkJSON.Node?,
                                                 in folder: Int32?, into sink: inout Sink) throws {
        let file = parser.file
        var node = BookmarkJSON.Node(at: parser.nextPosition())
        guard parser.nextIs(UInt8(ascii: "{")) else { throw BookmarkJSON.notAnObject("a bookmark", near: parent, file: file) }
        let isTop = parent == nil
        var own: Int32?
        var later: [JSONParser.Location] = []
        /// Whether the node is known to be the places root, when it is the top; refused when known not to be.
        func checkTop() throws -> Bool {
            guard node.has("type"), node.has("root") else { return false }
            guard try node.string("type", file: file) == container, try node.string("root", file: file) == "placesRoot" else {
                throw node.error("not a Firefox bookmarks backup: the top is not the places root", file: file)
            }
            return true
        }
        /// Reads a `children` array now that the node's type is known (skipped unless it is a folder's).
        func children(_ parser: inout JSONParser) throws {
            let type = try node.string("type", file: file)
            guard type == container, try node.string("root", file: file) != "tagsFolder" else {
                // A bookmark's or separator's children are not read, and the tags root holds the tags as
                // folders of their bookmarks: each bookmark's own `tags` says them already.
                return try parser.skipValue(depth: depth + 1)
            }
            guard parser.nextIs(UInt8(ascii: "[")) else { throw node.error("\"children\" is not an array", file: file) }
            let opened = own ?? (isTop ? nil : sink.folders.open(in: folder))
            own = opened
            let node = node
            try parser.walkArray(depth: depth + 1) { parser in
                try read(&parser, depth: depth + 2, near: node, in: opened, into: &sink)
            }
        }
        try parser.walkObject(depth: depth) { parser, key in
            switch key {
            case "type", "root", "title", "uri", "tags", "keyword", "dateAdded":
                try node.take(key, from: &parser, depth: depth + 1)
            case "children":
                if node.has("type"), try !isTop || checkTop() {
                    try children(&parser)
                } else {
                    later.append(parser.location)
                    try parser.skipValue(depth: depth + 1)
                }
            default: try parser.skipValue(depth: depth + 1)
            }
        }
        if isTop, try !checkTop() {
            throw node.error("not a Firefox bookmarks backup: the top is not the places root", file: file)
        }
        if !later.isEmpty {
            let end = parser.location
            for start in later {
                parser.rewind(to: start)
                try children(&parser)
            }
            parser.rewind(to: end)
        }
        let title = try node.string("title", file: file) ?? ""
        switch try node.string("type", file: file) {
        case place:
            guard let url = try node.string("uri", file: file) else {
                throw node.error("a bookmark (\(place)) has no \"uri\"", file: file)
            }
            let tags = (try node.string("tags", file: file) ?? "").split(separator: ",").map(String.init)
            sink.add(Bookmark(url: url, title: title, tags: tags, added: try added(node, file: file),
                              keyword: try node.string("keyword", file: file), line: node.line, column: node.column),
                     in: folder)
        case separator:
            sink.add(Bookmark(kind: .separator, url: "", title: "", line: node.line, column: node.column), in: folder)
        case container:
            if let own, !isTop { sink.folders.name(own, try node.string("root", file: file).flatMap { roots[$0] } ?? title) }
        case let other:
            throw node.error("a node's \"type\" is \(other.map { "\"\($0)\"" } ?? "missing"), not a place, folder or separator",
                             file: file)
        }
    }

    /// `dateAdded` in milliseconds since 1970; nil when it is missing.
    private static func added(_ node: BookmarkJSON.Node, file: String) throws -> Int64? {
        switch node["dateAdded"] {
        case nil, .null: return nil
        case let .number(text):
            if let microseconds = Int64(text) { return microseconds / 1000 }
            if let microseconds = Double(text), microseconds.isFinite, abs(microseconds) < 9e18 {
                return Int64(microseconds / 1000)
            }
            fallthrough
        default:
            throw node.error("\"dateAdded\" is not a count of microseconds", file: file)
        }
    }
}
