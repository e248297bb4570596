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

private func withEmptyLibrary(_ body: (Library) throws -> Void) throws {
    try withTemporaryDirectory { directory throws in
        try body(try Library.open(path: directory.appendingPathComponent("x.sqlite").path, seedIfNew: false))
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
        _ = try Library.open(path: path, seedIfNew: false).importRecords(records(2000))
        let indexes = try DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'items'")
        }
        #expect(indexes.contains("items_list"))
    }
}

@Test func aRepeatedIdInALargeImportIntoANewLibraryChangesNothing() throws {
    try withTemporaryDirectory { directory throws in
        let path = directory.appendingPathComponent("x.sqlite").path
        let library = try Library.open(path: path, seedIfNew: false)
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
