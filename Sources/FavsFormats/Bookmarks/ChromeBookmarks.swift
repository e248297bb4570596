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
        var list = BookmarkList()
        try read([UInt8](data), file: file, into: &list)
        return list.bookmarks
    }

    /// Reads the file's bytes into `sink`, each bookmark as its object ends. Chrome writes a node's keys in
    /// alphabetical order, so a folder's `children` come before its `name` and `type`: its bookmarks are read
    /// into a folder numbered at once and named when the folder's object ends.
    static func read<Sink: BookmarkSink>(_ bytes: consuming [UInt8], file: String, into sink: inout Sink) throws {
        try BookmarkJSON.walk(bytes, file: file) { parser in
            let top = BookmarkJSON.Node(at: parser.nextPosition())
            guard parser.nextIs(UInt8(ascii: "{")) else { throw BookmarkJSON.notAnObject("the file", near: nil, file: file) }
            var sawRoots = false
            try parser.walkObject(depth: 0) { parser, key in
                guard key == "roots" else { return try parser.skipValue(depth: 1) }
                sawRoots = true
                let roots = BookmarkJSON.Node(at: parser.nextPosition())
                guard parser.nextIs(UInt8(ascii: "{")) else { throw BookmarkJSON.notAnObject("\"roots\"", near: top, file: file) }
                try parser.walkObject(depth: 1) { parser, key in
                    guard let name = Self.roots[key] else { return try parser.skipValue(depth: 2) }
                    let node = BookmarkJSON.Node(at: parser.nextPosition())
                    guard parser.nextIs(UInt8(ascii: "{")) else {
                        throw BookmarkJSON.notAnObject("\"\(key)\"", near: roots, file: file)
                    }
                    let folder = sink.folders.open(in: nil, name: name)
                    try parser.walkObject(depth: 2) { parser, key in
                        guard key == "children" else { return try parser.skipValue(depth: 3) }
                        _ = try children(&parser, depth: 3, of: node, in: folder, into: &sink)
                    }
                }
            }
            guard sawRoots else { throw top.error("not a Chrome Bookmarks file: no \"roots\"", file: file) }
        }
    }

    /// Reads a node's `children` array into `folder`; returns whether it held any.
    private static func children<Sink: BookmarkSink>(_ parser: inout JSONParser, depth: Int, of node: BookmarkJSON.Node,
                                                     in folder: Int32, into sink: inout Sink) throws -> Bool {
        guard parser.nextIs(UInt8(ascii: "[")) else { throw node.error("\"children\" is not an array", file: parser.file) }
        var any = false
        try parser.walkArray(depth: depth) { parser in
            any = true
            try read(&parser, depth: depth + 1, near: node, in: folder, into: &sink)
        }
        return any
    }

    private static func read<Sink: BookmarkSink>(_ parser: inout JSONParser, depth: Int, near parent: BookmarkJSON.Node,
                                                 in folder: Int32, into sink: inout Sink) throws {
        let file = parser.file
        var node = BookmarkJSON.Node(at: parser.nextPosition())
        guard parser.nextIs(UInt8(ascii: "{")) else { throw BookmarkJSON.notAnObject("a bookmark", near: parent, file: file) }
        var own: Int32?
        var hasChildren = false
        try parser.walkObject(depth: depth) { parser, key in
            switch key {
            case "name", "type", "url", "date_added": try node.take(key, from: &parser, depth: depth + 1)
            case "children":
                let opened = own ?? sink.folders.open(in: folder)
                own = opened
                if try children(&parser, depth: depth + 1, of: node, in: opened, into: &sink) { hasChildren = true }
            default: try parser.skipValue(depth: depth + 1)
            }
        }
        let name = try node.string("name", file: file) ?? ""
        switch try node.string("type", file: file) {
        case "url":
            guard let url = try node.string("url", file: file) else {
                throw node.error("a bookmark of type url has no \"url\"", file: file)
            }
            // Its children went in as they were read: a link holds none, and one that does is not Chrome's.
            if hasChildren { throw node.error("a bookmark of type url has \"children\"", file: file) }
            sink.add(Bookmark(url: url, title: name, added: try added(node, file: file), line: node.line, column: node.column),
                     in: folder)
        case "folder":
            if let own { sink.folders.name(own, name) }
        case let other:
            throw node.error("a bookmark's \"type\" is \(other.map { "\"\($0)\"" } ?? "missing"), not url or folder",
                             file: file)
        }
    }

    /// `date_added` in milliseconds since 1970; nil when it is missing or 0 (not known).
    private static func added(_ node: BookmarkJSON.Node, file: String) throws -> Int64? {
        guard let text = try node.string("date_added", file: file) else { return nil }
        guard let microseconds = Int64(text), microseconds >= 0 else {
            throw node.error("\"date_added\" is not a count of microseconds: \"\(text)\"", file: file)
        }
        return microseconds == 0 ? nil : microseconds / 1000 - epochGap
    }
}
