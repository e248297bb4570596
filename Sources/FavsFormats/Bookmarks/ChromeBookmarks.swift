import Foundation

/// Chrome's `Bookmarks` file, which Chromium, Brave, Edge and Vivaldi write alike: JSON whose `roots` holds
/// `bookmark_bar`, `other` and `synced`, each a folder node; a node has a `type` (`url` or `folder`), a `name`,
/// a `url`, `children` and a `date_added` (a string of microseconds since 1601-01-01 UTC). `checksum`,
/// `sync_transaction_version`, `meta_info` and `guid` are not read.
public enum ChromeBookmarks {
    /// The roots as Chrome names them on screen, in the file's order of keys.
    static let roots = ["bookmark_bar": "Bookmarks bar", "other": "Other bookmarks", "synced": "Mobile bookmarks"]

    /// Milliseconds from 1601-01-01 to 1970-01-01, the two epochs.
    static let epochGap: Int64 = 11_644_473_600_000

    /// The bookmarks of a `Bookmarks` file named `file` in messages, in file order.
    public static func read(_ data: Data, file: String) throws -> [Bookmark] {
        try read([UInt8](data), file: file)
    }

    /// The same from the file's bytes.
    static func read(_ bytes: consuming [UInt8], file: String) throws -> [Bookmark] {
        var tree = try BookmarkTree(consume bytes, file: file, keeping: ["name", "type", "url", "date_added"])
        let top = try tree.node(tree.root, what: "the file", near: nil)
        var bookmarks: [Bookmark] = []
        var sawRoots = false
        for member in top.members {
            guard member.key == "roots" else { tree.skip(member.value); continue }
            sawRoots = true
            let roots = try tree.node(member.value, what: "\"roots\"", near: top)
            for root in roots.members {
                guard let name = Self.roots[root.key] else { tree.skip(root.value); continue }
                let folder = try tree.node(root.value, what: "\"\(root.key)\"", near: roots)
                try tree.children(of: folder) { tree, child in
                    try read(child, folders: [name], near: folder, tree: &tree, into: &bookmarks)
                }
            }
        }
        guard sawRoots else { throw top.error("not a Chrome Bookmarks file: no \"roots\"", file: file) }
        return bookmarks
    }

    private static func read(_ value: JSONValue, folders: [String], near parent: BookmarkTree.Node,
                             tree: inout BookmarkTree, into bookmarks: inout [Bookmark]) throws {
        let node = try tree.node(value, what: "a bookmark", near: parent)
        let file = tree.file
        let name = try node.string("name", file: file) ?? ""
        switch try node.string("type", file: file) {
        case "url":
            guard let url = try node.string("url", file: file) else {
                throw node.error("a bookmark of type url has no \"url\"", file: file)
            }
            bookmarks.append(Bookmark(url: url, title: name, folders: folders,
                                      added: try added(node, file: file), line: node.line, column: node.column))
            for member in node.members { tree.skip(member.value) }
        case "folder":
            try tree.children(of: node) { tree, child in
                try read(child, folders: folders + [name], near: node, tree: &tree, into: &bookmarks)
            }
        case let other:
            throw node.error("a bookmark's \"type\" is \(other.map { "\"\($0)\"" } ?? "missing"), not url or folder",
                             file: file)
        }
    }

    /// `date_added` in milliseconds since 1970; nil when it is missing or 0 (not known).
    private static func added(_ node: BookmarkTree.Node, file: String) throws -> Int64? {
        guard let text = try node.string("date_added", file: file) else { return nil }
        guard let microseconds = Int64(text), microseconds >= 0 else {
            throw node.error("\"date_added\" is not a count of microseconds: \"\(text)\"", file: file)
        }
        return microseconds == 0 ? nil : microseconds / 1000 - epochGap
    }
}
