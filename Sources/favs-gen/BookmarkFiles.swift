import ArgumentParser
import CLZ4
import FavsFormats
import FavsGenerator
import Foundation

/// The generated bookmarks as each browser writes them: the Netscape file (as Firefox exports it), Chrome's
/// `Bookmarks` JSON and Firefox's backup JSON (also LZ4-compressed as `.jsonlz4`). `places.sqlite`: `PlacesFile`.
enum BookmarkFiles {
    /// Seconds, as the Netscape file's `ADD_DATE` has them.
    private static func seconds(_ microseconds: Int64) -> Int64 { microseconds / 1_000_000 }

    private static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else { return text }
        return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// Firefox's export: the menu's contents at the top, the other roots as folders marked as Firefox marks them.
    static func html(_ tree: GeneratedBookmarks) -> String {
        var out = """
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <!-- This is an automatically generated file.
                 It will be read and overwritten.
                 DO NOT EDIT! -->
            <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'none'; img-src data: *; object-src 'none'"></meta>
            <TITLE>Bookmarks</TITLE>
            <H1>Bookmarks Menu</H1>

            <DL><p>

            """
        func write(_ folder: Int, depth: Int) {
            let indent = String(repeating: "    ", count: depth)
            for entry in tree.folders[folder].entries {
                switch entry {
                case let .link(index):
                    let link = tree.links[index]
                    let date = seconds(link.added)
                    out += "\(indent)<DT><A HREF=\"\(escaped(link.url))\" ADD_DATE=\"\(date)\" LAST_MODIFIED=\"\(date)\""
                    if let keyword = link.keyword { out += " SHORTCUTURL=\"\(keyword)\"" }
                    if !link.tags.isEmpty { out += " TAGS=\"\(escaped(link.tags.joined(separator: ",")))\"" }
                    out += ">\(escaped(link.title))</A>\n"
                case let .folder(index):
                    let child = tree.folders[index]
                    out += "\(indent)<DT><H3 ADD_DATE=\"\(seconds(child.added))\" LAST_MODIFIED=\"\(seconds(child.added))\">"
                        + "\(escaped(child.name))</H3>\n\(indent)<DL><p>\n"
                    write(index, depth: depth + 1)
                    out += "\(indent)</DL><p>\n"
                case .separator:
                    out += "\(indent)<HR>\n"
                case let .query(index):
                    let query = GeneratedBookmarks.queries[index]
                    out += "\(indent)<DT><A HREF=\"\(escaped(query.url))\">\(query.title)</A>\n"
                }
            }
        }
        write(GeneratedBookmarks.Root.menu.rawValue, depth: 1)
        let marks: [(GeneratedBookmarks.Root, String)] = [
            (.toolbar, " PERSONAL_TOOLBAR_FOLDER=\"true\""), (.other, " UNFILED_BOOKMARKS_FOLDER=\"true\""), (.mobile, ""),
        ]
        for (root, mark) in marks {
            let folder = tree.folders[root.rawValue]
            out += "    <DT><H3 ADD_DATE=\"\(seconds(folder.added))\" LAST_MODIFIED=\"\(seconds(folder.added))\"\(mark)>"
                + "\(folder.name)</H3>\n    <DL><p>\n"
            write(root.rawValue, depth: 2)
            out += "    </DL><p>\n"
        }
        out += "</DL>\n"
        return out
    }

    /// Chrome's `Bookmarks`: the toolbar as `bookmark_bar`, the menu's and other bookmarks in `other`, mobile as
    /// `synced`. Chrome has no separators, queries, keywords or tags in this file: they are left out.
    static func chrome(_ tree: GeneratedBookmarks) -> String {
        var out = "{\n   \"checksum\": \"0123456789abcdef0123456789abcdef\",\n   \"roots\": {\n"
        var id = 0
        func date(_ microseconds: Int64) -> String { String(microseconds + 11_644_473_600_000_000) }
        func node(name: String, added: Int64, folders: [Int], indent: String) {
            id += 1
            out += "{\n\(indent)   \"children\": [ "
            var first = true
            for folder in folders {
                for entry in tree.folders[folder].entries {
                    switch entry {
                    case let .link(index):
                        let link = tree.links[index]
                        id += 1
                        out += first ? "{\n" : ", {\n"
                        first = false
                        out += "\(indent)      \"date_added\": \"\(date(link.added))\",\n\(indent)      \"date_last_used\": \"0\",\n"
                        out += "\(indent)      \"guid\": \"\(guid(id))\",\n\(indent)      \"id\": \"\(id)\",\n\(indent)      \"name\": "
                        JSONString.write(link.title, to: &out)
                        out += ",\n\(indent)      \"type\": \"url\",\n\(indent)      \"url\": "
                        JSONString.write(link.url, to: &out)
                        out += "\n\(indent)   }"
                    case let .folder(index):
                        out += first ? "" : ", "
                        first = false
                        let child = tree.folders[index]
                        node(name: child.name, added: child.added, folders: [index], indent: indent + "   ")
                    case .separator, .query:
                        continue
                    }
                }
            }
            out += " ],\n\(indent)   \"date_added\": \"\(date(added))\",\n\(indent)   \"date_modified\": \"\(date(added))\",\n"
            out += "\(indent)   \"guid\": \"\(guid(id))\",\n\(indent)   \"id\": \"\(id)\",\n\(indent)   \"name\": "
            JSONString.write(name, to: &out)
            out += ",\n\(indent)   \"type\": \"folder\"\n\(indent)}"
        }
        let roots: [(String, String, [GeneratedBookmarks.Root])] = [
            ("bookmark_bar", "Bookmarks bar", [.toolbar]), ("other", "Other bookmarks", [.menu, .other]),
            ("synced", "Mobile bookmarks", [.mobile]),
        ]
        for (number, (key, name, folders)) in roots.enumerated() {
            out += "      \"\(key)\": "
            node(name: name, added: tree.folders[0].added, folders: folders.map(\.rawValue), indent: "      ")
            out += number < roots.count - 1 ? ",\n" : "\n"
        }
        out += "   },\n   \"version\": 1\n}\n"
        return out
    }

    /// A 12-character guid as Firefox and Chrome give each node, from its id.
    private static func guid(_ id: Int) -> String {
        let code = String(id, radix: 36)
        return "gen" + String(repeating: "_", count: max(0, 9 - code.count)) + code
    }

    /// Firefox's backup (Backup…, and inside a `.jsonlz4`): the places root, its five roots (the tags root holding a
    /// folder per tag with its bookmarks, as Firefox writes it), on one line.
    static func firefoxBackup(_ tree: GeneratedBookmarks) -> String {
        var out = ""
        var id = 6
        var tagged: [String: [Int]] = [:]
        for (index, link) in tree.links.enumerated() { for tag in link.tags { tagged[tag, default: []].append(index) } }
        func head(guid: String, title: String, index: Int, added: Int64, id: Int, typeCode: Int) {
            out += "{\"guid\":\"\(guid)\",\"title\":"
            JSONString.write(title, to: &out)
            out += ",\"index\":\(index),\"dateAdded\":\(added),\"lastModified\":\(added),\"id\":\(id),\"typeCode\":\(typeCode)"
        }
        func place(_ link: GeneratedBookmarks.Link, index: Int, title: String, withTags: Bool) {
            id += 1
            head(guid: guid(id), title: title, index: index, added: link.added, id: id, typeCode: 1)
            if withTags, !link.tags.isEmpty { out += ",\"tags\":\"\(link.tags.joined(separator: ","))\"" }
            out += ",\"type\":\"text/x-moz-place\",\"uri\":"
            JSONString.write(link.url, to: &out)
            if withTags, let keyword = link.keyword { out += ",\"keyword\":\"\(keyword)\"" }
            out += "}"
        }
        func children(_ folder: Int) {
            out += ",\"children\":["
            for (position, entry) in tree.folders[folder].entries.enumerated() {
                if position > 0 { out += "," }
                switch entry {
                case let .link(index):
                    place(tree.links[index], index: position, title: tree.links[index].title, withTags: true)
                case let .folder(index):
                    id += 1
                    let child = tree.folders[index]
                    head(guid: guid(id), title: child.name, index: position, added: child.added, id: id, typeCode: 2)
                    out += ",\"type\":\"text/x-moz-place-container\""
                    children(index)
                    out += "}"
                case .separator:
                    id += 1
                    head(guid: guid(id), title: "", index: position, added: tree.folders[folder].added, id: id, typeCode: 3)
                    out += ",\"type\":\"text/x-moz-place-separator\"}"
                case let .query(index):
                    id += 1
                    let query = GeneratedBookmarks.queries[index]
                    head(guid: guid(id), title: query.title, index: position, added: tree.folders[folder].added, id: id,
                         typeCode: 1)
                    out += ",\"type\":\"text/x-moz-place\",\"uri\":"
                    JSONString.write(query.url, to: &out)
                    out += "}"
                }
            }
            out += "]"
        }
        let added = tree.folders[0].added
        head(guid: "root________", title: "", index: 0, added: added, id: 1, typeCode: 2)
        out += ",\"type\":\"text/x-moz-place-container\",\"root\":\"placesRoot\",\"children\":["
        let roots: [(String, String, String, Int, GeneratedBookmarks.Root?)] = [
            ("menu________", "menu", "bookmarksMenuFolder", 2, .menu), ("toolbar_____", "toolbar", "toolbarFolder", 3, .toolbar),
            ("tags________", "tags", "tagsFolder", 4, nil), ("unfiled_____", "unfiled", "unfiledBookmarksFolder", 5, .other),
            ("mobile______", "mobile", "mobileFolder", 6, .mobile),
        ]
        for (position, (guid, title, mark, rootID, root)) in roots.enumerated() {
            if position > 0 { out += "," }
            head(guid: guid, title: title, index: position, added: added, id: rootID, typeCode: 2)
            out += ",\"type\":\"text/x-moz-place-container\",\"root\":\"\(mark)\""
            if let root {
                children(root.rawValue)
            } else {
                out += ",\"children\":["
                for (number, tag) in tagged.keys.sorted().enumerated() {
                    if number > 0 { out += "," }
                    id += 1
                    head(guid: Self.guid(id), title: tag, index: number, added: added, id: id, typeCode: 2)
                    out += ",\"type\":\"text/x-moz-place-container\",\"children\":["
                    for (row, index) in (tagged[tag] ?? []).enumerated() {
                        if row > 0 { out += "," }
                        place(tree.links[index], index: row, title: "", withTags: false)
                    }
                    out += "]}"
                }
                out += "]"
            }
            out += "}"
        }
        out += "]}"
        return out
    }

    /// `text` as a `.jsonlz4`: the magic, the size little-endian, one block from `LZ4_compress_default`.
    static func mozLZ4(_ text: String) throws -> [UInt8] {
        let source = Array(text.utf8)
        guard source.count < Int(LZ4_MAX_INPUT_SIZE) else { throw ValidationError("too large for one LZ4 block") }
        let bound = Int(LZ4_compressBound(Int32(source.count)))
        var block = [UInt8](repeating: 0, count: bound)
        let written = source.withUnsafeBufferPointer { source in
            block.withUnsafeMutableBufferPointer { target in
                source.withMemoryRebound(to: CChar.self) { source in
                    target.withMemoryRebound(to: CChar.self) { target in
                        LZ4_compress_default(source.baseAddress, target.baseAddress, Int32(source.count), Int32(target.count))
                    }
                }
            }
        }
        guard written > 0 else { throw ValidationError("LZ4_compress_default failed") }
        let size = UInt32(source.count)
        return Array("mozLz40\0".utf8) + (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) } + block[..<Int(written)]
    }
}
