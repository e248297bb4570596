import FavsGenerator
import Foundation
import GRDB

/// A Firefox profile's `places.sqlite`, made at run time from SQL: the tables as Firefox 153 creates them
/// (`toolkit/components/places/nsPlacesTables.h`) and a bookmark tree with folders, Firefox's own tags, a keyword,
/// a separator, a URL in two folders, non-ASCII titles, an empty title and a `place:` query.
enum FirefoxProfile {
    /// The tables (FavsGenerator's, which `favs-gen --shape bookmarks --format places` writes too).
    static let schema = FirefoxPlacesSchema.tables

    /// The roots, with the internal titles Firefox has given them since version 64.
    static let roots = FirefoxPlacesSchema.roots

    /// What a user added: folders, bookmarks, tags, a keyword.
    static let bookmarks = """
        INSERT INTO moz_origins (id, prefix, host, frecency) VALUES (1, 'https://', 'www.swift.org', 1);
        INSERT INTO moz_places (id, url, title, guid, origin_id) VALUES
            (1, 'https://www.swift.org/', 'Swift.org - Welcome', 'place1______', 1),
            (2, 'https://www.swift.org/documentation/', 'Documentation', 'place2______', 1),
            (3, 'https://ja.wikipedia.org/wiki/東京', '東京 - Wikipedia', 'place3______', NULL),
            (4, 'https://example.com/untitled', NULL, 'place4______', NULL),
            (5, 'place:parent=toolbar_____&sort=12', 'Most Visited', 'place5______', NULL),
            (6, 'https://news.ycombinator.com/', 'Hacker News', 'place6______', NULL),
            (7, 'https://m.example.org/', 'Mobile page', 'place7______', NULL);
        INSERT INTO moz_bookmarks (id, type, fk, parent, position, title, dateAdded, guid) VALUES
            (7, 2, NULL, 3, 0, 'dev', 1700000000000000, 'folderdev___'),
            (8, 2, NULL, 7, 0, 'swift', 1700000000000000, 'folderswift_'),
            (9, 2, NULL, 2, 0, 'Café Läsning', 1700000000000000, 'foldercafe__'),
            (10, 2, NULL, 4, 0, 'lang', 1700000000000000, 'taglang_____'),
            (11, 2, NULL, 4, 1, 'à lire', 1700000000000000, 'tagread_____'),
            (12, 1, 1, 8, 0, 'Swift', 1700000000123456, 'bmswift_____'),
            (13, 1, 2, 8, 1, NULL, 1700000001000000, 'bmdocs______'),
            (14, 3, NULL, 3, 1, NULL, 1700000002000000, 'separator___'),
            (15, 1, 6, 3, 2, 'HN', 1700000003000000, 'bmhn________'),
            (16, 1, 5, 3, 3, 'Most Visited', 1700000004000000, 'bmquery_____'),
            (17, 1, 3, 9, 0, '東京', 1700000005000000, 'bmtokyo_____'),
            (18, 1, 4, 5, 0, '', 1700000006000000, 'bmuntitled__'),
            (19, 1, 1, 5, 1, 'Swift again', 1700000007000000, 'bmswift2____'),
            (20, 1, 7, 6, 0, 'Mobile page', 1700000008000000, 'bmmobile____'),
            (21, 1, 1, 10, 0, '', 1700000009000000, 'tagrow1_____'),
            (22, 1, 3, 11, 0, '', 1700000009000000, 'tagrow2_____'),
            (23, 1, 1, 11, 1, '', 1700000009000000, 'tagrow3_____');
        INSERT INTO moz_keywords (keyword, place_id) VALUES ('hn', 6);
        """

    /// `favs list --format jsonl` after importing the profile: the tree's order (menu, toolbar, other, mobile),
    /// the place's title for an untitled bookmark, the URL for one with no title at all.
    static let listed = """
        {"id":"https://ja.wikipedia.org/wiki/東京","title":"東京","favorite":false,"tags":["Bookmarks-Menu/Café-Läsning","à-lire"],"url":"https://ja.wikipedia.org/wiki/東京","added":"2023-11-14T22:13:25Z"}
        {"id":"https://www.swift.org/","title":"Swift","favorite":false,"tags":["Bookmarks-Toolbar/dev/swift","lang","Other-Bookmarks","à-lire"],"url":"https://www.swift.org/","added":"2023-11-14T22:13:20Z"}
        {"id":"https://www.swift.org/documentation/","title":"Documentation","favorite":false,"tags":["Bookmarks-Toolbar/dev/swift"],"url":"https://www.swift.org/documentation/","added":"2023-11-14T22:13:21Z"}
        {"id":"https://news.ycombinator.com/","title":"HN","favorite":false,"tags":["Bookmarks-Toolbar"],"url":"https://news.ycombinator.com/","added":"2023-11-14T22:13:23Z","keyword":"hn"}
        {"id":"https://example.com/untitled","title":"https://example.com/untitled","favorite":false,"tags":["Other-Bookmarks"],"url":"https://example.com/untitled","added":"2023-11-14T22:13:26Z"}
        {"id":"https://m.example.org/","title":"Mobile page","favorite":false,"tags":["Mobile-Bookmarks"],"url":"https://m.example.org/","added":"2023-11-14T22:13:28Z"}

        """

    /// Writes the whole profile to `path` and checkpoints it: everything is in the main file.
    static func write(to path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: schema + roots + bookmarks)
        }
        try queue.close()
    }

    /// Writes a profile whose main file holds only the schema and the roots, its bookmarks only in the
    /// `-wal` beside it: as a running Firefox leaves it before a checkpoint. The files are copied while the
    /// writing connection still holds the WAL (closing it would checkpoint).
    static func writeWALOnly(to path: String) throws {
        let scratch = path + ".making"
        let queue = try DatabaseQueue(path: scratch)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: schema + roots)
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: bookmarks)
        }
        let manager = FileManager.default
        try manager.copyItem(atPath: scratch, toPath: path)
        try manager.copyItem(atPath: scratch + "-wal", toPath: path + "-wal")
        try queue.close()
        for suffix in ["", "-wal", "-shm"] { try? manager.removeItem(atPath: scratch + suffix) }
    }
}
