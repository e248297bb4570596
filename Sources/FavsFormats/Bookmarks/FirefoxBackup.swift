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
        try read([UInt8](data), file: file)
    }

    /// The same from the file's bytes.
    static func read(_ bytes: consuming [UInt8], file: String) throws -> [Bookmark] {
        var json = consume bytes
        if MozLZ4.isCompressed(json) { json = try MozLZ4.decompress(json, file: file) }  // the compressed bytes let go
        var tree = try BookmarkTree(consume json, file: file,
                                    keeping: ["type", "root", "title", "uri", "tags", "keyword", "dateAdded"])
        let top = try tree.node(tree.root, what: "the file", near: nil)
        guard try top.string("type", file: file) == container, try top.string("root", file: file) == "placesRoot" else {
            throw top.error("not a Firefox bookmarks backup: the top is not the places root", file: file)
        }
        var bookmarks: [Bookmark] = []
        try tree.children(of: top) { tree, child in
            try read(child, folders: [], near: top, tree: &tree, into: &bookmarks)
        }
        return bookmarks
    }

    private static func read(_ value: JSONValue, folders: [String], near parent: BookmarkTree.Node,
                             tree: inout BookmarkTree, into bookmarks: inout [Bookmark]) throws {
        let node = try tree.node(value, what: "a bookmark", near: parent)
        let file = tree.file
        let title = try node.string("title", file: file) ?? ""
        switch try node.string("type", file: file) {
        case place:
            guard let url = try node.string("uri", file: file) else {
                throw node.error("a bookmark (\(place)) has no \"uri\"", file: file)
            }
            let tags = (try node.string("tags", file: file) ?? "").split(separator: ",").map(String.init)
            bookmarks.append(Bookmark(url: url, title: title, folders: folders, tags: tags,
                                      added: try added(node, file: file), keyword: try node.string("keyword", file: file),
                                      line: node.line, column: node.column))
            for member in node.members { tree.skip(member.value) }
        case separator:
            bookmarks.append(Bookmark(kind: .separator, url: "", title: "", folders: folders,
                                      line: node.line, column: node.column))
            for member in node.members { tree.skip(member.value) }
        case container where try node.string("root", file: file) == "tagsFolder":
            // The tags as folders of their bookmarks: each bookmark's own `tags` says them already.
            for member in node.members { tree.skip(member.value) }
        case container:
            let name = try node.string("root", file: file).flatMap { roots[$0] } ?? title
            try tree.children(of: node) { tree, child in
                try read(child, folders: folders + [name], near: node, tree: &tree, into: &bookmarks)
            }
        case let other:
            throw node.error("a node's \"type\" is \(other.map { "\"\($0)\"" } ?? "missing"), not a place, folder or separator",
                             file: file)
        }
    }

    /// `dateAdded` in milliseconds since 1970; nil when it is missing.
    private static func added(_ node: BookmarkTree.Node, file: String) throws -> Int64? {
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
