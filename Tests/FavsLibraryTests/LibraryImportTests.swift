import FavsModel
import FavsFormats
@testable import FavsLibrary
import Foundation
import Testing

@Test func importAddsNewItemsAtTheEndInFileOrder() throws {
    try withSampleLibrary { library, _ throws in
        let summary = try library.importRecords([
            record("new-b", "Bravo", [Field("z", "1"), Field("a", "2")]),
            record("new-a", "Alpha", favorite: true),
        ])
        #expect(summary == ImportSummary(added: 2))
        let items = try library.loadItems()
        #expect(Array(items.rows.suffix(3)) == ["  Voilà", "  Bravo", "★ Alpha"])
        #expect(items.last(where: { $0.id == "new-b" })?.fields == [Field("z", "1"), Field("a", "2")])
    }
}

@Test func importUpdatesTitleAndFieldsButKeepsFavoriteAndPlace() throws {
    try withSampleLibrary { library, _ throws in
        let summary = try library.importRecords([record("rec-001", "Renamed", [Field("mood", "calm")])])
        #expect(summary == ImportSummary(updated: 1))
        let first = try #require(try library.loadItems().first)
        #expect(first == Item(id: "rec-001", title: "Renamed", fields: [Field("mood", "calm")], favorite: true,
                              position: 1))
    }
}

@Test func importingTheSameRecordsTwiceChangesNothing() throws {
    try withTemporaryDirectory { directory throws in
        let library = try SQLiteLibrary.open(path: directory.appendingPathComponent("x.sqlite").path, seedIfNew: false)
        let records = [record("a", "A", [Field("k", "v")]), record("b", "B", favorite: true)]
        #expect(try library.importRecords(records) == ImportSummary(added: 2))
        try library.persist(.setFavorite("a", true))
        try library.persist(.setFavorite("b", false))
        let before = try library.loadItems()
        let logged = try library.lastChangeSeq()

        #expect(try library.importRecords(records) == ImportSummary(unchanged: 2))
        #expect(try library.loadItems() == before)
        #expect(before.rows == ["★ A", "  B"], "a re-import neither clears nor sets a favorite")
        #expect(try library.lastChangeSeq() == logged)
    }
}

@Test func importBringsBackADeletedItemInItsOldPlace() throws {
    try withSampleLibrary { library, _ throws in
        let first = try #require(SampleLibrary.items.first)
        try library.persist(.delete(first))
        let summary = try library.importRecords([record(first.id, first.title, first.fields)])
        #expect(summary == ImportSummary(updated: 1))
        #expect(try library.loadItems() == SampleLibrary.items)
    }
}

@Test func anImportThatChangedSomethingLogsOneReload() throws {
    try withSampleLibrary { library, _ throws in
        _ = try library.importRecords([record("x", "X"), record("y", "Y")])
        #expect(try library.changes().map(\.kind) == [.reload])
    }
}

@Test func aFailedImportLeavesTheLibraryUnchanged() throws {
    try withSampleLibrary { library, path throws in
        let records = [record("new", "New item"), record("rec-001", "Renamed"), record("new", "Again")]
        #expect(message { _ = try library.importRecords(records) } == "duplicate id 'new' in the import")
        #expect(try SQLiteLibrary.open(path: path, seedIfNew: true).loadItems() == SampleLibrary.items)
        #expect(try library.changes().isEmpty)
    }
}

@Test func importingNoRecordsChangesNothing() throws {
    try withSampleLibrary { library, _ throws in
        #expect(try library.importRecords([]) == ImportSummary())
        #expect(try library.loadItems() == SampleLibrary.items)
    }
}

@Test func aFileReadByTheImportReaderLandsInTheLibraryWithItsFieldOrder() throws {
    try withTemporaryDirectory { directory throws in
        let library = try SQLiteLibrary.open(path: directory.appendingPathComponent("x.sqlite").path, seedIfNew: false)
        let records = try ImportReader.read(contents: """
            {"id": 7, "title": "Seven", "year": 1999, "genres": ["a", "b"], "artist": "Ünïcødé 🎧"}
            """, file: "x.jsonl")
        _ = try library.importRecords(records)
        #expect(try library.loadItems() == [Item(id: "7", title: "Seven", fields: [
            Field("year", "1999", kind: .number), Field("genres", #"["a","b"]"#), Field("artist", "Ünïcødé 🎧"),
        ], position: 1)])
    }
}
