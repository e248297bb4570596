import FavsGenerator
import Foundation
import GRDB

/// The generated bookmarks as Firefox's `places.sqlite` (`FirefoxPlacesSchema`): a `moz_places` row per URL (and
/// per `place:` query) with its origin, a `moz_bookmarks` row per folder, bookmark and separator, Firefox's tags as
/// folders under the tags root holding an untitled row per tagged place, and keywords in `moz_keywords`. Written
/// in WAL mode as Firefox keeps it, and checkpointed when closed.
enum PlacesFile {
    static func write(_ tree: GeneratedBookmarks, to path: String) throws {
        try? FileManager.default.removeItem(atPath: path)
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: FirefoxPlacesSchema.tables + FirefoxPlacesSchema.roots)
        }
        try queue.write { db in
            var origins: [String: Int64] = [:]
            let origin = try db.makeStatement(sql: "INSERT INTO moz_origins (id, prefix, host, frecency) VALUES (?, 'https://', ?, 1)")
            let place = try db.makeStatement(sql: """
                INSERT INTO moz_places (id, url, title, rev_host, guid, foreign_count, origin_id) VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            let bookmark = try db.makeStatement(sql: """
                INSERT INTO moz_bookmarks (id, type, fk, parent, position, title, dateAdded, lastModified, guid)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let keyword = try db.makeStatement(sql: "INSERT INTO moz_keywords (keyword, place_id) VALUES (?, ?)")
            func guid(_ id: Int64) -> String {
                let code = String(id, radix: 36)
                return "gen" + String(repeating: "_", count: max(0, 9 - code.count)) + code
            }
            // Place ids: the links' 1...n, then the queries'.
            for (index, link) in tree.links.enumerated() {
                let host = link.url.dropFirst("https://".count).prefix { $0 != "/" }
                let originID: Int64
                if let known = origins[String(host)] {
                    originID = known
                } else {
                    originID = Int64(origins.count + 1)
                    origins[String(host)] = originID
                    try origin.execute(arguments: [originID, String(host)])
                }
                let id = Int64(index + 1)
                try place.execute(arguments: [id, link.url, link.title.isEmpty ? nil : link.title,
                                              String(host.reversed()) + ".", "p" + guid(id).dropFirst(), 1, originID])
                if let word = link.keyword { try keyword.execute(arguments: [word, id]) }
            }
            let queryBase = Int64(tree.links.count)
            for (index, query) in GeneratedBookmarks.queries.enumerated() {
                try place.execute(arguments: [queryBase + Int64(index) + 1, query.url, query.title, nil,
                                              "q" + guid(Int64(index)).dropFirst(), 1, nil])
            }
            // Bookmark ids: the roots 1–6 (menu 2, toolbar 3, tags 4, unfiled 5, mobile 6), then as written.
            var nextID: Int64 = 7
            func add(type: Int, fk: Int64?, parent: Int64, position: Int, title: String?, added: Int64) throws -> Int64 {
                let id = nextID
                nextID += 1
                try bookmark.execute(arguments: [id, type, fk, parent, position, title, added, added, guid(id)])
                return id
            }
            func write(_ folder: Int, as folderID: Int64) throws {
                for (position, entry) in tree.folders[folder].entries.enumerated() {
                    switch entry {
                    case let .link(index):
                        let link = tree.links[index]
                        _ = try add(type: 1, fk: Int64(index + 1), parent: folderID, position: position, title: link.title,
                                    added: link.added)
                    case let .folder(index):
                        let child = tree.folders[index]
                        let id = try add(type: 2, fk: nil, parent: folderID, position: position, title: child.name,
                                         added: child.added)
                        try write(index, as: id)
                    case .separator:
                        _ = try add(type: 3, fk: nil, parent: folderID, position: position, title: nil,
                                    added: tree.folders[folder].added)
                    case let .query(index):
                        _ = try add(type: 1, fk: queryBase + Int64(index) + 1, parent: folderID, position: position,
                                    title: GeneratedBookmarks.queries[index].title, added: tree.folders[folder].added)
                    }
                }
            }
            let rootIDs: [(GeneratedBookmarks.Root, Int64)] = [(.menu, 2), (.toolbar, 3), (.other, 5), (.mobile, 6)]
            for (root, id) in rootIDs { try write(root.rawValue, as: id) }
            var tagged: [String: [Int]] = [:]
            for (index, link) in tree.links.enumerated() { for tag in link.tags { tagged[tag, default: []].append(index) } }
            for (position, tag) in tagged.keys.sorted().enumerated() {
                let folderID = try add(type: 2, fk: nil, parent: 4, position: position, title: tag, added: tree.folders[0].added)
                for (row, index) in (tagged[tag] ?? []).enumerated() {
                    _ = try add(type: 1, fk: Int64(index + 1), parent: folderID, position: row, title: "",
                                added: tree.links[index].added)
                }
            }
        }
        try queue.close()
    }
}
