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
///
/// The rows are held compactly until the walk: their numbers in one array, their URLs and titles in one byte
/// buffer (rather than a struct of optional Strings each), and a folder's children found as the run of rows with
/// its id as parent, which the query's order makes contiguous (with the walk into a `BookmarkMerge`, a 100k
/// import's peak went from 103 to 67 MB).
struct PlacesTree {
    private struct Row {
        var id: Int64
        var fk: Int64
        /// Microseconds since 1970; `Int64.min` when there is none.
        var dateAdded: Int64
        var type: Int64
        var start: Int
        /// The byte counts of the URL, the bookmark's title and its place's title; -1 for none.
        var urlCount: Int32
        var titleCount: Int32
        var placeTitleCount: Int32
        /// Its keyword's index in `keywords`; -1 for none.
        var keyword: Int32
    }

    private var rows: [Row] = []
    private var text: [UInt8] = []
    private var keywords: [String] = []
    /// The guids of folders (the roots are known by them); other rows' are not read.
    private var guids: [Int64: String] = [:]
    /// Each parent's children: a run of `rows`.
    private var children: [Int64: Range<Int>] = [:]
    private var root: Int?

    /// An empty tree, for rows added one at a time as a cursor reads them.
    init() {}

    /// Adds the next row of `PlacesRow.query`, whose order (by parent) puts each folder's children together.
    mutating func add(_ row: PlacesRow) {
        let start = text.count
        func put(_ string: String?) -> Int32 {
            guard let string else { return -1 }
            text.append(contentsOf: string.utf8)
            return Int32(string.utf8.count)
        }
        var keyword: Int32 = -1
        if let word = row.keyword {
            keyword = Int32(keywords.count)
            keywords.append(word)
        }
        let at = rows.count
        rows.append(Row(id: row.id, fk: row.fk ?? -1, dateAdded: row.dateAdded ?? Int64.min, type: row.type, start: start,
                        urlCount: put(row.url), titleCount: put(row.title), placeTitleCount: put(row.placeTitle),
                        keyword: keyword))
        if row.type == 2, let guid = row.guid { guids[row.id] = guid }
        if row.guid == "root________" || (row.parent ?? 0) == 0 && root == nil { root = at }
        if let parent = row.parent {
            if let run = children[parent], run.upperBound == at {
                children[parent] = run.lowerBound..<(at + 1)
            } else if children[parent] == nil {
                children[parent] = at..<(at + 1)
            }
        }
    }

    /// The names Firefox shows for its roots, by guid and by internal title.
    private static let rootNames: [String: String] = [
        "menu________": "Bookmarks Menu", "toolbar_____": "Bookmarks Toolbar",
        "unfiled_____": "Other Bookmarks", "mobile______": "Mobile Bookmarks",
        "menu": "Bookmarks Menu", "toolbar": "Bookmarks Toolbar", "unfiled": "Other Bookmarks",
        "mobile": "Mobile Bookmarks",
    ]

    private func string(_ row: Row, _ offset: Int, _ count: Int32) -> String? {
        guard count >= 0 else { return nil }
        let start = row.start + offset
        return String(decoding: text[start..<(start + Int(count))], as: UTF8.self)
    }

    private func url(_ row: Row) -> String? { string(row, 0, row.urlCount) }
    private func title(_ row: Row) -> String? { string(row, max(Int(row.urlCount), 0), row.titleCount) }
    private func placeTitle(_ row: Row) -> String? {
        string(row, max(Int(row.urlCount), 0) + max(Int(row.titleCount), 0), row.placeTitleCount)
    }

    private func children(of id: Int64) -> ArraySlice<Row> { children[id].map { rows[$0] } ?? [] }

    private func isTagsRoot(_ row: Row) -> Bool { guids[row.id] == "tags________" || title(row) == "tags" }

    /// Puts every bookmark and separator under the roots but the tags root into `sink`, depth first, each
    /// folder numbered in it as it is met.
    func bookmarks(into sink: inout some BookmarkSink) {
        guard let root else { return }
        let tops = children(of: rows[root].id)
        var tagsOf: [Int64: [String]] = [:]
        for (place, tags) in tops.filter(isTagsRoot).flatMap(tagsByPlace) { tagsOf[place, default: []] += tags }
        // A damaged tree may loop through `parent`: each folder is walked once.
        var walked: Set<Int64> = [rows[root].id]
        func walk(_ id: Int64, folder: Int32) {
            for row in children(of: id) {
                switch row.type {
                case 1:
                    guard let url = url(row) else { continue }
                    let title = title(row).flatMap { $0.isEmpty ? nil : $0 } ?? placeTitle(row) ?? ""
                    sink.add(Bookmark(url: url, title: title, tags: row.fk >= 0 ? tagsOf[row.fk] ?? [] : [],
                                      added: row.dateAdded == Int64.min ? nil : row.dateAdded / 1000,
                                      keyword: row.keyword >= 0 ? keywords[Int(row.keyword)] : nil),
                             in: folder)
                case 2:
                    guard walked.insert(row.id).inserted else { continue }
                    walk(row.id, folder: sink.folders.open(in: folder, name: title(row) ?? ""))
                case 3:
                    sink.add(Bookmark(kind: .separator, url: "", title: ""), in: folder)
                default:
                    continue
                }
            }
        }
        for top in tops where !isTagsRoot(top) && top.type == 2 && walked.insert(top.id).inserted {
            let title = title(top)
            let name = guids[top.id].flatMap { Self.rootNames[$0] } ?? title.flatMap { Self.rootNames[$0] } ?? title
            walk(top.id, folder: sink.folders.open(in: nil, name: name ?? ""))
        }
    }

    /// Firefox's own tags, by the place they tag: each tag folder under `tags` names the places of its bookmark rows.
    private func tagsByPlace(_ tagsRoot: Row) -> [(Int64, [String])] {
        children(of: tagsRoot.id).filter { $0.type == 2 }.flatMap { folder in
            children(of: folder.id).compactMap { row in
                row.type == 1 && row.fk >= 0 ? (row.fk, [title(folder) ?? ""]) : nil
            }
        }
    }
}
