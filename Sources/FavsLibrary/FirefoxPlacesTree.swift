import FavsFormats
import GRDB

/// One row of `moz_bookmarks`, with its place's URL and title and its keyword.
struct PlacesRow: FetchableRecord, Decodable {
    var id: Int64
    var type: Int64
    var parent: Int64?
    var position: Int64?
    var title: String?
    var guid: String?
    var dateAdded: Int64?
    var fk: Int64?
    var url: String?
    var placeTitle: String?
    var keyword: String?

    /// Every row of the tree, the separators and folders with the bookmarks (type 1 bookmark, 2 folder, 3 separator).
    static func query(keywords: Bool) -> String {
        """
        SELECT b.id, b.type, b.parent, b.position, b.title, b.guid, b.dateAdded, b.fk,
               p.url, p.title AS placeTitle,
               \(keywords ? "(SELECT keyword FROM moz_keywords k WHERE k.place_id = b.fk ORDER BY k.id LIMIT 1)"
                          : "NULL") AS keyword
        FROM moz_bookmarks b LEFT JOIN moz_places p ON p.id = b.fk
        ORDER BY b.parent, b.position, b.id
        """
    }
}

/// The bookmark tree of a `places.sqlite` walked from its root, in the order Firefox shows it.
///
/// The roots keep internal titles since Firefox 64 (`menu`, `toolbar`, `unfiled`, `mobile`, `tags`), and older
/// profiles have localised ones: they are known by their fixed `guid`, else by those titles, and named as Firefox
/// names them. A tag of Firefox's own is a folder under the tags root holding an untitled bookmark row of the
/// tagged place.
struct PlacesTree {
    private var children: [Int64: [PlacesRow]] = [:]
    private var root: PlacesRow?

    /// An empty tree, for rows added one at a time as a cursor reads them (not all held twice, array and tree).
    init() {}

    mutating func add(_ row: PlacesRow) {
        if row.guid == "root________" || (row.parent ?? 0) == 0 && root == nil { root = row }
        if let parent = row.parent { children[parent, default: []].append(row) }
    }

    /// The names Firefox shows for its roots, by guid and by internal title.
    private static let rootNames: [String: String] = [
        "menu________": "Bookmarks Menu", "toolbar_____": "Bookmarks Toolbar",
        "unfiled_____": "Other Bookmarks", "mobile______": "Mobile Bookmarks",
        "menu": "Bookmarks Menu", "toolbar": "Bookmarks Toolbar", "unfiled": "Other Bookmarks",
        "mobile": "Mobile Bookmarks",
    ]

    private static func isTagsRoot(_ row: PlacesRow) -> Bool { row.guid == "tags________" || row.title == "tags" }

    /// Every bookmark and separator under the roots but the tags root, depth first.
    func bookmarks() -> [Bookmark] {
        guard let root else { return [] }
        let tops = children[root.id] ?? []
        let tags = tops.filter(Self.isTagsRoot).flatMap(tagsByPlace)
        let tagsOf = Dictionary(tags, uniquingKeysWith: +)
        var bookmarks: [Bookmark] = []
        // A damaged tree may loop through `parent`: each folder is walked once.
        var walked: Set<Int64> = [root.id]
        func walk(_ folder: Int64, path: [String]) {
            for row in children[folder] ?? [] {
                switch row.type {
                case 1:
                    guard let url = row.url else { continue }
                    let title = row.title.flatMap { $0.isEmpty ? nil : $0 } ?? row.placeTitle ?? ""
                    bookmarks.append(Bookmark(url: url, title: title, folders: path,
                                              tags: row.fk.flatMap { tagsOf[$0] } ?? [],
                                              added: row.dateAdded.map { $0 / 1000 }, keyword: row.keyword))
                case 2:
                    guard walked.insert(row.id).inserted else { continue }
                    walk(row.id, path: path + [row.title ?? ""])
                case 3:
                    bookmarks.append(Bookmark(kind: .separator, url: "", title: "", folders: path))
                default:
                    continue
                }
            }
        }
        for top in tops where !Self.isTagsRoot(top) && top.type == 2 && walked.insert(top.id).inserted {
            let name = top.guid.flatMap { Self.rootNames[$0] } ?? top.title.flatMap { Self.rootNames[$0] } ?? top.title
            walk(top.id, path: [name ?? ""])
        }
        return bookmarks
    }

    /// Firefox's own tags, by the place they tag: each tag folder under `tags` names the places of its bookmark rows.
    private func tagsByPlace(_ tagsRoot: PlacesRow) -> [(Int64, [String])] {
        (children[tagsRoot.id] ?? []).filter { $0.type == 2 }.flatMap { folder in
            (children[folder.id] ?? []).compactMap { row in
                row.type == 1 ? row.fk.map { ($0, [folder.title ?? ""]) } : nil
            }
        }
    }
}
