import FavsFormats
import FavsModel
import Foundation
import GRDB
import Testing
@testable import FavsLibrary

/// The ids of the items a field term accepts, sorted.
private func found(_ pattern: String, in library: SQLiteLibrary) throws -> [String] {
    try library.ids(withField: try #require(try SearchPattern(parsing: pattern).fieldGroups.first?.first))
        .map(\.rawValue).sorted()
}

/// FTS5's own check of an external-content index against its rows: throws when they differ.
private func checkFieldIndex(_ path: String) throws {
    try DatabaseQueue(path: path).write { db in
        try db.execute(sql: "INSERT INTO items_fields (items_fields, rank) VALUES ('integrity-check', 1)")
    }
}

@Test func aLibraryMadeBeforeTheFieldIndexGetsItWhenOpenedAndIsSearchedMeanwhile() throws {
    try withSampleLibrary { _, path throws in
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                DROP TABLE items_fields;
                DROP TRIGGER IF EXISTS items_fields_insert;
                DROP TRIGGER IF EXISTS items_fields_update;
                DROP TRIGGER IF EXISTS items_fields_delete;
                DELETE FROM grdb_migrations WHERE identifier = 'v6: field index';
                """)
        }
        // Read-only (another user's file), it is answered row by row.
        chmod(path, 0o444)
        #expect(try found("artist:padilla", in: try SQLiteLibrary.openExisting(path: path, readOnly: true)) == ["rec-003"])
        chmod(path, 0o644)
        let library = try SQLiteLibrary.open(path: path, seedIfNew: true)
        #expect(try found("artist:padilla", in: library) == ["rec-003"])
        try checkFieldIndex(path)
    }
}

@Test func anImportIntoAnEmptyLibraryBuildsTheFieldIndexOnceAndWritesKeepIt() throws {
    try withTemporaryDirectory { directory throws in
        let path = directory.appendingPathComponent("x.sqlite").path
        let library = try SQLiteLibrary.open(path: path, seedIfNew: false)
        _ = try library.importRecords(numbered(2000))
        try checkFieldIndex(path)
        #expect(try found("n:^number\\ 1234$", in: library) == ["i1234"])
        // The trigger left out during the import is back: an import into a library with items, a copy of one.
        _ = try library.importRecords([ImportRecord(id: "new", title: "N", fields: [Field("n", "number 99999")], line: 1),
                                       ImportRecord(id: "i5", title: "T5", fields: [Field("n", "five")], line: 2)])
        #expect(try found("n:99999", in: library) == ["new"])
        #expect(try found("n:^number\\ 5$", in: library).isEmpty)
        #expect(try found("n:five", in: library) == ["i5"])
        try checkFieldIndex(path)
    }
}

@Test func anImportIndexesTheSameTextAsTheTriggersMakeOfTheStoredJSON() throws {
    // The index keeps no copy of the text: a row is taken out by telling it the text again, made by the triggers
    // from the JSON, so the text the import made from the record must be the same.
    let fields = [Field("rank", "1.50", kind: .number), Field("e", "1e3", kind: .number), Field("ok", "true", kind: .bool),
                  Field("x", "", kind: .null), Field("q", "tab\t\"q\" \u{85} é\nline \\ 日本"), Field("bad", "12x", kind: .number),
                  Field("", "")]
    let made = try DatabaseQueue().read { db in
        try String.fetchOne(db, sql: "SELECT \(Schema.fieldText("?1"))", arguments: [FieldCoding.encode(fields)])
    }
    #expect(made == FieldCoding.indexText(fields))
    #expect(made == "1.50\n1e3\ntrue\n\ntab\t\"q\" \u{85} é\nline \\ 日本\n12x\n")
    let damaged = try DatabaseQueue().read { db in
        try String.fetchAll(db, sql: "SELECT \(Schema.fieldText("?1"))", arguments: [#"{"not": "pairs"}"#])
    }
    #expect(damaged == [""], "damaged fields are indexed as none, and no write fails on them")
}

@Test func aNewerFieldSearchStopsAndReplacesTheOneBeingAnswered() throws {
    try withTemporaryDirectory { directory throws in
        let path = directory.appendingPathComponent("x.sqlite").path
        let library = try SQLiteLibrary.open(path: path, seedIfNew: false)
        _ = try library.importRecords(numbered(20_000))
        let search = LibraryFieldSearch(library, inBackground: true)
        func terms(_ pattern: String) throws -> [[FieldTerm]] { try SearchPattern(parsing: pattern).fieldGroups }
        // One character: read row by row. Then two more questions while it is answered: only the last is answered.
        search.request(try terms("n:1"), ticket: 1)
        search.request(try terms("n:12"), ticket: 2)
        search.request(try terms("n:^number\\ 1234$"), ticket: 3)
        var answers: [FieldAnswer] = []
        let end = Date().addingTimeInterval(5)
        while Date() < end, !answers.contains(where: { $0.ticket == 3 }) {
            answers += search.takeAnswers()
            usleep(1000)
        }
        #expect(answers.map(\.ticket).allSatisfy { $0 == 1 || $0 == 3 }, "the one that only waited is never answered")
        #expect(answers.last == FieldAnswer(ticket: 3, result: .success(FieldMatches(["i1234"]))))
    }
}

/// Records `i0`, `i1`, … whose one field `n` reads `number 0`, `number 1`, …
private func numbered(_ count: Int) -> [ImportRecord] {
    (0..<count).map { ImportRecord(id: ItemID("i\($0)"), title: "T\($0)", fields: [Field("n", "number \($0)")], line: $0 + 1) }
}
