@testable import FavsLibrary
import FavsModel
import Foundation
import Testing

@Test func aNewLibraryAtTheDefaultLocationIsSeededWithTheSampleInItsNewFolders() throws {
    try withTemporaryDirectory { directory throws in
        let dataHome = directory.appendingPathComponent("data/home").path
        let location = try LibraryLocation.resolve(option: nil, environment: ["XDG_DATA_HOME": dataHome])
        let library = try SQLiteLibrary.open(location, seedIfNew: true)
        #expect(library.name == "sample library")
        #expect(try library.loadItems() == SampleLibrary.items)
        #expect(FileManager.default.fileExists(atPath: dataHome + "/favs/library.sqlite"))
    }
}

@Test func aNewUnseededLibraryIsEmptyAndNamedAfterItsFile() throws {
    try withTemporaryDirectory { directory throws in
        let path = directory.appendingPathComponent("my-songs.sqlite").path
        let library = try SQLiteLibrary.open(path: path, seedIfNew: false)
        #expect(library.name == "my-songs")
        #expect(try library.loadItems().isEmpty)
        let reopened = try SQLiteLibrary.open(path: path, seedIfNew: true)
        #expect(try reopened.loadItems().isEmpty, "an existing library is never seeded")
    }
}

@Test func favoritesAndDeletionsSurviveReopeningTheLibrary() throws {
    try withSampleLibrary { library, path throws in
        try library.persist(.setFavorite("rec-002", true))
        try library.persist(.setFavorite("rec-001", false))
        let third = try #require(SampleLibrary.items.first { $0.id == "rec-003" })
        try library.persist(.delete(third))

        let reopened = try SQLiteLibrary.open(path: path, seedIfNew: true)
        let items = try reopened.loadItems()
        #expect(Array(items.rows.prefix(4)) == [
            "  お気に入りの曲", "★ 录音 Recording 2", "★ 🎧 Lo-fi beats to study to", "  Clair de lune",
        ])
        #expect(items.count == SampleLibrary.items.count - 1)
        #expect(try reopened.integrityCheck() == "ok")
    }
}

@Test func restoringADeletedItemBringsBackItsFavoriteMarkAndPlace() throws {
    try withSampleLibrary { library, _ throws in
        let first = try #require(try library.loadItems().first)
        #expect(first.favorite)
        try library.persist(.delete(first))
        #expect(try library.loadItems().first?.title == "录音 Recording 2")

        try library.persist(.restore(first))
        #expect(try library.loadItems() == SampleLibrary.items)
    }
}

@Test func everyChangeAppendsOneRowToTheChangeLog() throws {
    try withSampleLibrary { library, _ throws in
        let item = try #require(SampleLibrary.items.first)
        try library.persist(.setFavorite(item.id, false))
        try library.persist(.setFavorite(item.id, true))
        try library.persist(.delete(item))
        try library.persist(.restore(item))
        let log = try library.changes()
        #expect(log.map(\.kind) == [.leave, .join, .delete, .restore])
        #expect(log.map(\.set) == [.favorites, .favorites, nil, nil])
        #expect(log.map(\.itemID) == Array(repeating: item.id, count: 4))
        #expect(try library.changes(after: log[1].seq).map(\.kind) == [.delete, .restore])
        #expect(try library.lastChangeSeq() == log[3].seq)
    }
}

@Test func aChangeToAnItemThatIsNotThereFailsAndLogsNothing() throws {
    try withSampleLibrary { library, _ throws in
        let item = try #require(SampleLibrary.items.first)
        #expect(message { try library.persist(.setFavorite("nope", true)) } == "no item 'nope'")
        try library.persist(.delete(item))
        #expect(message { try library.persist(.delete(item)) } == "no item 'rec-001'")
        #expect(message { try library.persist(.setFavorite(item.id, false)) } == "no item 'rec-001'")
        #expect(try library.changes().map(\.kind) == [.delete])
    }
}

@Test func aChangeMadeStaleByAnotherProcessIsRolledBackWithAMessage() throws {
    try withSampleLibrary { library, path throws in
        let store = Store(items: try library.loadItems(), sink: library)
        let other = try SQLiteLibrary.open(path: path, seedIfNew: true)
        try other.persist(.delete(try #require(SampleLibrary.items.dropFirst().first)))

        let outcome = store.send(.toggleFavorite("rec-002"))
        #expect(outcome.error == "Not saved: no item 'rec-002'")
        #expect(store.items["rec-002"]?.favorite == false)
        #expect(store.send(.toggleFavorite("rec-003")).error == nil)
        #expect(try other.loadItems().first { $0.id == "rec-003" }?.favorite == true)
    }
}

@Test func aFileThatIsNotADatabaseGivesOneLineNamingThePath() throws {
    try withTemporaryDirectory { directory throws in
        let path = directory.appendingPathComponent("notes.sqlite").path
        try Data("just some text, not SQLite\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(message { _ = try SQLiteLibrary.open(path: path, seedIfNew: true) }
                == "cannot open library \(path): file is not a database")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "just some text, not SQLite\n")
    }
}

@Test func aDirectoryIsNotALibrary() throws {
    try withTemporaryDirectory { directory throws in
        #expect(message { _ = try SQLiteLibrary.open(path: directory.path, seedIfNew: true) }
                == "cannot open library \(directory.path): it is a directory")
    }
}

@Test func openingAnExistingLibraryNeverCreatesOne() throws {
    try withTemporaryDirectory { directory throws in
        let path = directory.appendingPathComponent("missing.sqlite").path
        #expect(throws: LibraryError.notFound(path: path)) { try SQLiteLibrary.openExisting(path: path) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

@Test func anInMemoryLibraryShowsTheSampleAndWritesNoFile() throws {
    let library = try SQLiteLibrary.open(path: ":memory:", seedIfNew: false)
    #expect(library.name == "sample library (in memory)")
    try library.persist(.setFavorite("rec-002", true))
    #expect(try library.loadItems().filter(\.favorite).count == 4)
    #expect(!FileManager.default.fileExists(atPath: ":memory:"))
    #expect(try SQLiteLibrary.open(path: ":memory:", seedIfNew: false).loadItems() == SampleLibrary.items)
}
