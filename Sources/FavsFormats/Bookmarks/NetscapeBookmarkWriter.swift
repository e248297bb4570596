import FavsModel
import Foundation

/// Items written as a Netscape bookmark file that Firefox and Chrome import, and `favs import` reads back as they
/// were.
///
/// A browser has folders, not tags: each nested tag is a folder path (`dev/swift` a folder swift in a folder dev),
/// an item with several tags is in each of their folders, and its tags are also in `TAGS` (which Firefox makes
/// its tags). An item without tags is at the top. The favorites are also in a folder "Favorites" marked
/// `FAVS_FAVORITES` (which browsers pass over), so `favs import` stars them rather than tagging them Favorites.
/// `HREF` is the `url` field, else the id; `ADD_DATE` is the `added` field (ISO 8601) in seconds, `SHORTCUTURL`
/// the `keyword` field, `<DD>` the `description` field; other fields have no place in the format.
public enum NetscapeBookmarkWriter {
    /// The whole file.
    public static func write(_ items: [Item], to out: inout String) {
        out += """
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <!-- This is an automatically generated file.
                 It will be read and overwritten.
                 DO NOT EDIT! -->
            <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
            <TITLE>Bookmarks</TITLE>
            <H1>Bookmarks</H1>
            <DL><p>

            """
        var root = Folder()
        for item in items {
            if item.tags.isEmpty { root.items.append(item) }
            for tag in item.tags { root.add(item, at: tag.split(separator: "/").map(String.init)[...]) }
        }
        root.writeContents(depth: 1, to: &out)
        // Last, so that an import reads each item first where its tags put it, in the list's order.
        let favorites = items.filter(\.favorite)
        if !favorites.isEmpty {
            out += "    <DT><H3 \(NetscapeBookmarks.favoritesAttribute)=\"true\">Favorites</H3>\n    <DL><p>\n"
            for item in favorites { writeLink(item, depth: 2, to: &out) }
            out += "    </DL><p>\n"
        }
        out += "</DL><p>\n"
    }

    /// A folder: the items in it in list order, then the folders in it in the order their first item comes.
    private struct Folder {
        var name = ""
        var items: [Item] = []
        var folders: [Folder] = []

        mutating func add(_ item: Item, at path: ArraySlice<String>) {
            guard let first = path.first else { return items.append(item) }
            if let index = folders.firstIndex(where: { SetID.tag($0.name) == SetID.tag(first) }) {
                folders[index].add(item, at: path.dropFirst())
            } else {
                var folder = Folder(name: first)
                folder.add(item, at: path.dropFirst())
                folders.append(folder)
            }
        }

        func writeContents(depth: Int, to out: inout String) {
            for item in items { writeLink(item, depth: depth, to: &out) }
            let indent = String(repeating: "    ", count: depth)
            for folder in folders {
                out += indent + "<DT><H3>"
                Entities.escape(folder.name, to: &out)
                out += "</H3>\n" + indent + "<DL><p>\n"
                folder.writeContents(depth: depth + 1, to: &out)
                out += indent + "</DL><p>\n"
            }
        }
    }

    private static func writeLink(_ item: Item, depth: Int, to out: inout String) {
        func field(_ name: String) -> String? { item.fields.first { $0.name == name }.map(\.value) }
        let indent = String(repeating: "    ", count: depth)
        out += indent + "<DT><A HREF=\""
        Entities.escape(field("url") ?? item.id.rawValue, to: &out)
        out += "\""
        if let added = field("added").flatMap(seconds) { out += " ADD_DATE=\"\(added)\"" }
        if !item.tags.isEmpty {
            out += " TAGS=\""
            Entities.escape(item.tags.joined(separator: ","), to: &out)
            out += "\""
        }
        if let keyword = field("keyword") {
            out += " SHORTCUTURL=\""
            Entities.escape(keyword, to: &out)
            out += "\""
        }
        out += ">"
        Entities.escape(item.title, to: &out)
        out += "</A>\n"
        if let description = field("description") {
            out += indent + "<DD>"
            Entities.escape(description, to: &out)
            out += "\n"
        }
    }

    /// Seconds since 1970 of an ISO 8601 time (`2023-11-14T22:13:20Z`, fractions too).
    static func seconds(_ text: String) -> Int64? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return Int64(date.timeIntervalSince1970.rounded(.down)) }
        formatter.formatOptions.insert(.withFractionalSeconds)
        return formatter.date(from: text).map { Int64($0.timeIntervalSince1970.rounded(.down)) }
    }
}
