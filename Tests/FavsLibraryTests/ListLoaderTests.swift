import FavsModel
@testable import FavsLibrary
import Foundation
import GRDB
import Testing

/// How a browser reads the list: in two halves on two connections for a large library, else on one.
@Suite struct ListLoaderTests {
    @Test func theListReadInTwoHalvesIsTheListReadInOne() throws {
        try withSampleLibrary { library, path throws in
            try library.persist(.delete(try #require(library.loadItems().first { $0.id == "rec-002" })))
            try library.persist(.setFavorite("rec-027", true))
            let halves = try library.writer.read { db in try ListLoader.load(db, path: path, parallelThreshold: 1).items }
            let whole = try library.writer.read { db in try ListLoader.load(db, path: path, parallelThreshold: .max).items }
            let expected = ItemCollection(try library.loadListItems())
            #expect(halves == expected)
            #expect(whole == expected)
            #expect(halves.count == 27)
            #expect(halves.id(atRow: 1) == "rec-003")
            #expect(halves.favoriteIDs == ["rec-001", "rec-004", "rec-008", "rec-027"])
        }
    }

    /// `favs list --query`: only the rows whose title may match are kept (on either path), and every row is counted.
    @Test(arguments: [1, Int.max])
    func aSearchAnsweredOnceKeepsOnlyTheTitlesThatMayMatch(_ parallelThreshold: Int) throws {
        try withSampleLibrary { library, path throws in
            try library.persist(.delete(try #require(library.loadItems().first { $0.id == "rec-025" })))
            func loaded(_ query: String) throws -> (ids: [String], listCount: Int) {
                let prefilter = try #require(ListQuery(filter: query).titlePrefilter)
                let (items, _, listCount) = try library.writer.read { db in
                    try ListLoader.load(db, path: path, parallelThreshold: parallelThreshold, passing: prefilter)
                }
                return (items.ids.map(\.rawValue), listCount)
            }
            // Café del Mar — Sunset, Clair de lune, Für Elise, Águas de março, Ode an die Freude: case and accents
            // folded as the search folds them (Übung macht den Meister is deleted; Naïve Melody has no u).
            #expect(try loaded("ue") == (["rec-003", "rec-005", "rec-007", "rec-016", "rec-021"], 27))
            // A title that starts with a character not ASCII is kept when it has an a: the prefilter reads bytes, the
            // store's matcher decides (Águas matches, 🎧 Lo-fi beats does not). A field term reads no title.
            let startsWithA = ["rec-004", "rec-010", "rec-012", "rec-014", "rec-016", "rec-017", "rec-018", "rec-020",
                               "rec-024", "rec-027"]
            #expect(try loaded("^a") == (startsWithA, 27))
            #expect(try loaded("^a genre:rock") == (startsWithA, 27))
            #expect(try loaded("zzz") == ([], 27))
            #expect(try loaded("sakura").ids == ["rec-027"])
        }
    }

    /// The list and a search answered once read the list's covering index, never the table with its fields (issue
    /// #36): the positions are the table's row ids (v8), so SQLite could as well walk the table in their order.
    @Test func theListAndASearchReadTheListIndexNotTheTable() throws {
        try withSampleLibrary { library, _ throws in
            let plans = try library.writer.read { db in
                try TitleTestFunction.lending({ _ in true }, to: db.sqliteConnection) {
                    try [false, true].flatMap { tested in
                        try [" AND position <= ?", " AND position > ?", ""].map { range in
                            let sql = "EXPLAIN QUERY PLAN " + ListLoader.scanSQL(range: range, tested: tested)
                            return try Row.fetchAll(db, sql: sql, arguments: range.isEmpty ? [] : [14])
                                .map { $0["detail"] as String }.joined(separator: "; ")
                        }
                    }
                }.0
            }
            #expect(plans == [
                "SEARCH items USING COVERING INDEX items_list (position<?)",
                "SEARCH items USING COVERING INDEX items_list (position>?)",
                "SCAN items USING COVERING INDEX items_list",
                "SEARCH items USING COVERING INDEX items_list (position<?)",
                "SEARCH items USING COVERING INDEX items_list (position>?)",
                "SCAN items USING COVERING INDEX items_list",
            ])
        }
    }

    /// Without the list index (a library from before v3, opened read-only) SQLite tests the titles of the table's
    /// rows, deleted ones among them: a deleted row is neither kept nor counted.
    @Test(arguments: [1, Int.max])
    func aSearchWithoutTheListIndexKeepsAndCountsNoDeletedRow(_ parallelThreshold: Int) throws {
        try withSampleLibrary { library, path throws in
            try library.persist(.delete(try #require(library.loadItems().first { $0.id == "rec-025" })))
            try library.writer.write { db in try db.execute(sql: "DROP INDEX items_list") }
            let prefilter = try #require(ListQuery(filter: "ue").titlePrefilter)
            let (items, _, listCount) = try library.writer.read { db in
                try ListLoader.load(db, path: path, parallelThreshold: parallelThreshold, passing: prefilter)
            }
            #expect(items.ids.map(\.rawValue) == ["rec-003", "rec-005", "rec-007", "rec-016", "rec-021"])
            #expect(listCount == 27)
        }
    }

    @Test func aLibraryOfOneItemIsReadOnOneConnection() throws {
        try withTemporaryDirectory { directory throws in
            let path = directory.appendingPathComponent("one.sqlite").path
            let library = try SQLiteLibrary.open(path: path, seedIfNew: false)
            _ = try library.importRecords([record("only", "The only song", favorite: true)])
            let list = try library.writer.read { db in try ListLoader.load(db, path: path, parallelThreshold: 1).items }
            #expect(list.ids == ["only"])
            #expect(list["only"]?.title == "The only song")
            #expect(list.favoriteCount == 1)
        }
    }

    /// A library made before the list index (schema v2) is listed read-only as it is, and gains the index
    /// the first time it is opened for writing.
    @Test func aLibraryWithoutTheListIndexIsReadAsItIsAndIndexedWhenOpenedForWriting() throws {
        try withTemporaryDirectory { directory throws in
            let path = directory.appendingPathComponent("v2.sqlite").path
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
            try Schema.migrator.migrate(queue, upTo: "v2: change origins")
            try queue.write { db in
                try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('name', 'old')")
                for item in SampleLibrary.items {
                    try db.execute(sql: "INSERT INTO items (id, title, fields, favorite, position) VALUES (?, ?, '[]', ?, ?)",
                                   arguments: [item.id.rawValue, item.title, item.favorite, item.position])
                }
            }
            let reader = try SQLiteLibrary.openExisting(path: path)
            #expect(try reader.loadList() == sampleList)
            #expect(try indexes(reader).contains("items_list") == false, "a reader never writes")
            let writer = try SQLiteLibrary.open(path: path, seedIfNew: true)
            #expect(try indexes(writer).contains("items_list"))
            #expect(try writer.loadList() == sampleList)
        }
    }

    /// The sample as the list loads it: without fields.
    private var sampleList: ItemCollection {
        ItemCollection(SampleLibrary.items.map { Item(id: $0.id, title: $0.title, favorite: $0.favorite, position: $0.position) })
    }

    private func indexes(_ library: SQLiteLibrary) throws -> [String] {
        try library.writer.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index'") }
    }
}

/// The preview a browser opens a large library on.
@Suite struct LibraryPreviewTests {
    @Test func aPreviewHoldsTheFirstRowsTheFirstFavoritesAndTheCounts() throws {
        try withSampleLibrary { library, _ throws in
            try library.persist(.setFavorite("rec-020", true))
            let preview = try #require(try library.loadPreview(rows: 5, minimum: 1))
            #expect(preview.isPreview)
            #expect(preview.count == 28 && preview.favoriteCount == 4)
            #expect((0..<6).map { preview.id(atRow: $0)?.rawValue } == ["rec-001", "rec-002", "rec-003", "rec-004", "rec-005", nil])
            #expect((0..<4).compactMap { preview.favoriteID(at: $0)?.rawValue } == ["rec-001", "rec-004", "rec-008", "rec-020"])
        }
    }

    @Test func aLibraryBelowTheMinimumHasNoPreview() throws {
        try withSampleLibrary { library, _ throws in
            #expect(try library.loadPreview(rows: 5, minimum: 29) == nil)
            #expect(try library.loadPreview(rows: 5, minimum: 28) != nil)
        }
    }
}
