import FavsModel
import FavsFormats
import Foundation
import GRDB
import Testing
@testable import FavsLibrary

/// Imports large enough to take the bulk paths: a new library (rows added with no lookup, the list index
/// built once at the end) and a library that already holds items (one upsert per record).

private func records(_ count: Int, title: (Int) -> String = { "Title \($0)" }) -> [ImportRecord] {
    (0..<count).map { index in
        // Scattered ids, as real ones are: a bijection of the index modulo a prime.
        ImportRecord(id: ItemID(String(index * 2_654_435_761 % 4_294_967_291, radix: 16)), title: title(index),
                     fields: [Field("n", String(index)), Field("note", "tab\t\"q\" \u{85} é")],
                     favorite: index % 7 == 0, line: index + 1)
    }
}

private func withEmptyLibrary(_ body: (SQLiteLibrary) throws -> Void) throws {
    try withTemporaryDirectory { directory throws in
        try body(try SQLiteLibrary.open(path: directory.appendingPathComponent("x.sqlite").path, seedIfNew: false))
    }
}

@Test func reimportingTheSameThousandRecordsFindsThemAllUnchanged() throws {
    try withEmptyLibrary { library throws in
        let file = records(1000)
        #expect(try library.importRecords(file) == ImportSummary(added: 1000))
        let before = try library.loadItems()
        let logged = try library.lastChangeSeq()
        #expect(try library.importRecords(file) == ImportSummary(unchanged: 1000))
        #expect(try library.loadItems() == before)
        #expect(try library.lastChangeSeq() == logged, "an import that changed nothing logs nothing")
    }
}

@Test func aReimportThatChangesSomeTitlesAndFieldsCountsExactlyThoseAsUpdated() throws {
    try withEmptyLibrary { library throws in
        #expect(try library.importRecords(records(1000)) == ImportSummary(added: 1000))
        var changed = records(1000) { $0 % 10 == 3 ? "Renamed \($0)" : "Title \($0)" }
        changed[5].fields = [Field("n", "five")]
        changed[5].favorite.toggle()  // a re-import never changes a favorite: not an update by itself
        changed[6].favorite.toggle()
        changed += records(1005).suffix(5)
        #expect(try library.importRecords(changed) == ImportSummary(added: 5, updated: 101, unchanged: 899))
        let items = try library.loadItems()
        #expect(items.count == 1005)
        #expect(items[3].title == "Renamed 3" && items[4].title == "Title 4")
        #expect(items[5].fields == [Field("n", "five")] && items[5].favorite == false)
        #expect(items[6].favorite == false)
        #expect(items.suffix(5).map(\.title) == (1000..<1005).map { "Title \($0)" })
        #expect(items.map(\.position) == Array(1...1005))
    }
}

@Test func aNewLibraryGetsTheSameItemsAsOneThatAlreadyHadSome() throws {
    let file = records(1500)
    try withEmptyLibrary { fresh throws in
        try withEmptyLibrary { used throws in
            #expect(try fresh.importRecords(file) == ImportSummary(added: 1500))
            // The other library has a row (a deleted one), so every record goes through the general path.
            let old = ImportRecord(id: "old", title: "Old", line: 1)
            _ = try used.importRecords([old])
            try used.persist(.delete(try #require(try used.loadItems().first)))
            #expect(try used.importRecords(file) == ImportSummary(added: 1500))

            let freshItems = try fresh.loadItems(), usedItems = try used.loadItems()
            #expect(freshItems.map(\.id) == file.map(\.id))
            #expect(freshItems.map(\.id) == usedItems.map(\.id))
            #expect(freshItems.map(\.title) == usedItems.map(\.title))
            #expect(freshItems.map(\.fields) == usedItems.map(\.fields))
            #expect(freshItems.map(\.favorite) == usedItems.map(\.favorite))
            #expect(freshItems.map(\.position) == Array(1...1500))
            #expect(try fresh.loadListItems().map(\.id) == file.map(\.id))
            #expect(try fresh.changes().map(\.kind) == [.reload])
        }
    }
}

@Test func aNewLibraryKeepsItsListIndexAfterALargeImport() throws {
    try withTemporaryDirectory { directory throws in
        let path = directory.appendingPathComponent("x.sqlite").path
        _ = try SQLiteLibrary.open(path: path, seedIfNew: false).importRecords(records(2000))
        let indexes = try DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'items'")
        }
        #expect(indexes.contains("items_list"))
    }
}

@Test func aRepeatedIdInALargeImportIntoANewLibraryChangesNothing() throws {
    try withTemporaryDirectory { directory throws in
        let path = directory.appendingPathComponent("x.sqlite").path
        let library = try SQLiteLibrary.open(path: path, seedIfNew: false)
        var file = records(1200)
        file.append(ImportRecord(id: file[17].id, title: "Again", line: 1201))
        #expect(message { _ = try library.importRecords(file) } == "duplicate id '\(file[17].id)' in the import")
        #expect(try library.loadItems().isEmpty)
        #expect(try library.changes().isEmpty)
        let indexes = try DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'items'")
        }
        #expect(indexes.contains("items_list"), "the list index dropped for the import came back with the rollback")
    }
}

@Test func fieldsAreEncodedExactlyAsJSONValueWritesThem() throws {
    let texts = ["", "plain", "tab\there", "quote \" and \\ backslash", "\u{0}\u{1}\u{1F}\u{7F}", "\u{80}\u{85}\u{9F}",
                 "\u{A0}é¢", "日本 🎧", "line\nbreak\r\n", "\u{08}\u{0C}", "Ç\u{C2}"]
    let fields = texts.flatMap { text in [Field(text, "v"), Field("k", text)] }
    let expected = JSONValue.array(fields.map { .array([.string($0.name), .string($0.value)]) }).compactText
    #expect(FieldCoding.encode(fields) == expected)
    #expect(try FieldCoding.decode(FieldCoding.encode(fields), id: "x") == fields)
}

// MARK: The id index, built at the end of an import into an empty library (v5)

/// What SQLite says the items table and its indexes are.
private func shape(_ path: String) throws -> (table: String, uniqueIndexes: [String]) {
    try DatabaseQueue(path: path).read { db in
        let table = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'items'") ?? ""
        let unique = try Row.fetchAll(db, sql: "PRAGMA index_list(items)").filter { $0["unique"] == 1 }
            .map { $0["name"] as String }.sorted()
        return (table, unique)
    }
}

@Test func anImportIntoANewLibraryLeavesTheIdIndexInPlaceAndUnique() throws {
    try withTemporaryDirectory { directory throws in
        let path = directory.appendingPathComponent("x.sqlite").path
        let library = try SQLiteLibrary.open(path: path, seedIfNew: false)
        let file = records(1500)
        #expect(try library.importRecords(file) == ImportSummary(added: 1500))
        let (table, unique) = try shape(path)
        // The positions are the table's row ids (v8): no index of their own; the ids' index is apart (v5).
        #expect(table.contains("position INTEGER PRIMARY KEY") && !table.contains("id TEXT PRIMARY KEY"))
        #expect(unique == ["items_id"])
        #expect(try library.item(file[700].id)?.title == "Title 700")
        // The index answers the upsert's ON CONFLICT (id) of the next import, and refuses a repeat by hand.
        #expect(try library.importRecords(file) == ImportSummary(unchanged: 1500))
        #expect(throws: DatabaseError.self) {
            try DatabaseQueue(path: path).write { db in
                try db.execute(sql: "INSERT INTO items (id, title, fields, position) VALUES (?, 'x', '[]', 99999)",
                               arguments: [file[3].id.rawValue])
            }
        }
    }
}

@Test func aRepeatFoundOnceEveryRecordIsInIsTheFirstRepeatInFileOrder() throws {
    try withEmptyLibrary { library throws in
        // "b" repeats before "a" does, though "a" came first.
        let ids = ["a", "b", "c", "b", "a", "d"]
        let file = ids.enumerated().map { index, id in
            ImportRecord(id: ItemID(id), title: id, line: 10 + 2 * index, column: index == 3 ? 7 : 1)
        }
        do {
            _ = try library.importRecords { add in for record in file { try add(record, record.line) } }
            Issue.record("a repeated id was imported")
        } catch let duplicate as ImportDuplicate {
            #expect(duplicate.record.id == "b")
            #expect(duplicate.place == 16)
            #expect(duplicate.firstPlace == 12)
            #expect(duplicate.record.column == 7)
        }
        #expect(try library.loadItems().isEmpty)
        #expect(try library.changes().isEmpty)
        // The id index is back, as before the import.
        #expect(try library.importRecords(records(3)) == ImportSummary(added: 3))
        #expect(try library.importRecords(records(3)) == ImportSummary(unchanged: 3))
    }
}

@Test func aRepeatReadBeforeAFailingReadIsWhatTheImportReports() throws {
    try withEmptyLibrary { library throws in
        do {
            _ = try library.importRecords { add in
                for (line, id) in ["a", "b", "a", "c"].enumerated() {
                    try add(ImportRecord(id: ItemID(id), title: id, line: line + 1), line + 1)
                }
                throw ReadFailure("line 5 is not JSON")
            }
            Issue.record("the import went through")
        } catch let duplicate as ImportDuplicate {
            #expect(duplicate.record.id == "a")
            #expect(duplicate.place == 3)
            #expect(duplicate.firstPlace == 1)
        }
        // With no repeat, the read's own error comes out as it was thrown.
        #expect(throws: ReadFailure.self) {
            _ = try library.importRecords { add in
                try add(ImportRecord(id: "a", title: "a", line: 1), 1)
                throw ReadFailure("line 2 is not JSON")
            }
        }
        #expect(try library.loadItems().isEmpty)
    }
}

/// Two named libraries as favs made them when `migration` was its last: one holding an item (`item`: the values of
/// id, title, fields and position), one empty; their paths.
private func librariesMade(upTo migration: String, in directory: URL, item: String) throws -> (used: String, empty: String) {
    let used = directory.appendingPathComponent("used.sqlite").path
    let empty = directory.appendingPathComponent("empty.sqlite").path
    for path in [used, empty] {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
        try Schema.migrator.migrate(queue, upTo: migration)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('name', 'old')")
            if path == used { try db.execute(sql: "INSERT INTO items (id, title, fields, position) VALUES \(item)") }
        }
    }
    return (used, empty)
}

@Test func aLibraryThatHeldItemsBeforeTheIdIndexWasApartKeepsItsPrimaryKey() throws {
    try withTemporaryDirectory { directory throws in
        let (used, empty) = try librariesMade(upTo: "v4: favorite times", in: directory, item: "('a', 'A', '[]', 1)")
        let library = try SQLiteLibrary.open(path: used, seedIfNew: false)
        #expect(try shape(used).table.contains("id TEXT PRIMARY KEY"))
        #expect(try library.importRecords([ImportRecord(id: "a", title: "A2", line: 1),
                                           ImportRecord(id: "b", title: "B", line: 2)])
                == ImportSummary(added: 1, updated: 1))
        #expect(try library.loadItems().map(\.title) == ["A2", "B"])

        _ = try SQLiteLibrary.open(path: empty, seedIfNew: false)
        #expect(try shape(empty).uniqueIndexes == ["items_id"])
        #expect(try shape(empty).table.contains("position INTEGER PRIMARY KEY"))
        #expect(try !shape(empty).table.contains("id TEXT PRIMARY KEY"))
    }
}

/// v8: an empty library's positions become its row ids (no index of their own); a library that holds items keeps
/// its table (position UNIQUE), and both are read and written the same.
@Test func aLibraryThatHeldItemsBeforePositionsWereRowIdsKeepsItsTable() throws {
    try withTemporaryDirectory { directory throws in
        let (used, empty) = try librariesMade(upTo: "v7: field index built after an import", in: directory,
                                              item: #"('a', 'A', '[["k","river"]]', 1)"#)
        for path in [used, empty] {
            let library = try SQLiteLibrary.open(path: path, seedIfNew: false)
            #expect(try library.importRecords([ImportRecord(id: "a", title: "A2", line: 1),
                                               ImportRecord(id: "b", title: "B", fields: [Field("artist", "padilla")],
                                                            line: 2)])
                    == (path == used ? ImportSummary(added: 1, updated: 1) : ImportSummary(added: 2)))
            #expect(try library.loadItems().map(\.title) == ["A2", "B"])
            #expect(try library.loadItems().map(\.position) == [1, 2])
            let term = try #require(try SearchPattern(parsing: "artist:padilla").fieldGroups.first?.first)
            #expect(try library.ids(withField: term) == ["b"])
        }
        #expect(try shape(used).table.contains("position INTEGER NOT NULL UNIQUE"))
        #expect(try shape(used).uniqueIndexes == ["items_id", "sqlite_autoindex_items_1"])
        #expect(try shape(empty).table.contains("position INTEGER PRIMARY KEY"))
        #expect(try shape(empty).uniqueIndexes == ["items_id"])
        // A position is still given once: the row id refuses a second item at it.
        #expect(throws: DatabaseError.self) {
            try DatabaseQueue(path: empty).write { db in
                try db.execute(sql: "INSERT INTO items (id, title, fields, position) VALUES ('c', 'C', '[]', 2)")
            }
        }
    }
}

private struct ReadFailure: Error {
    init(_ reason: String) {}
}

/// Ids sorted as a dump is (byte order): the id index takes them as they come and is not built again; a sorted
/// file with a repeat (next to its first) is refused naming both, and a sorted file that turns unsorted halfway
/// imports as any other.
@Test func sortedIdsKeepTheIdIndexAndARepeatInThemIsStillFound() throws {
    let sorted = records(1500).sorted { $0.id.rawValue.utf8.lexicographicallyPrecedes($1.id.rawValue.utf8) }
    try withEmptyLibrary { library throws in
        #expect(try library.importRecords(sorted) == ImportSummary(added: 1500))
        #expect(try library.loadItems().map(\.id) == sorted.map(\.id))
        #expect(try library.importRecords(sorted) == ImportSummary(unchanged: 1500))
    }
    try withEmptyLibrary { library throws in
        var repeated = Array(sorted.prefix(900))
        repeated.insert(ImportRecord(id: sorted[600].id, title: "again", line: 2000), at: 601)
        #expect(throws: LibraryError.duplicateID(sorted[600].id)) { try library.importRecords(repeated) }
        #expect(try library.loadItems().isEmpty)
    }
    try withEmptyLibrary { library throws in
        let halfway = Array(sorted.prefix(700)) + Array(sorted[700...].reversed())
        #expect(try library.importRecords(halfway) == ImportSummary(added: 1500))
        #expect(try library.item(sorted[1200].id)?.title == sorted[1200].title)
        #expect(try library.importRecords(halfway) == ImportSummary(unchanged: 1500))
    }
}
