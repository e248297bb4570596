@testable import FavsLibrary
import FavsModel
import Foundation
import Testing

/// `SQLiteLibrary.apply`, behind `favs fav|unfav|delete|restore ID...`: all or nothing, one transaction.
@Suite struct ItemCommandTests {
    private func favorites(_ library: SQLiteLibrary) throws -> [ItemID] {
        try library.loadItems().filter(\.favorite).map(\.id)
    }

    @Test func anUnknownIdChangesNothingAtAll() throws {
        try withSampleLibrary { library, _ throws in
            for command in ItemCommand.allCases {
                #expect(throws: LibraryError.noItem("nope")) {
                    try library.apply(command, to: ["rec-002", "rec-003", "nope", "rec-005"])
                }
            }
            #expect(try library.loadItems() == SampleLibrary.items)
            #expect(try library.changes().isEmpty)
        }
    }

    @Test func theFirstBadIdIsTheOneReported() throws {
        try withSampleLibrary { library, _ throws in
            #expect(throws: LibraryError.noItem("second")) {
                try library.apply(.favorite, to: ["rec-002", "second", "third"])
            }
        }
    }

    @Test func itemsAlreadyInTheAskedForStateAreLeftAloneAndNotReturned() throws {
        try withSampleLibrary { library, _ throws in
            #expect(try library.apply(.favorite, to: ["rec-001", "rec-002", "rec-004", "rec-003"]) == ["rec-002", "rec-003"])
            #expect(try favorites(library) == ["rec-001", "rec-002", "rec-003", "rec-004", "rec-008"])
            #expect(try library.changes().map(\.kind) == [.join, .join])
            #expect(try library.changes().map(\.itemID) == ["rec-002", "rec-003"])

            #expect(try library.apply(.unfavorite, to: ["rec-005", "rec-008"]) == ["rec-008"])
            #expect(try library.apply(.unfavorite, to: ["rec-005"]) == [])
            #expect(try library.apply(.restore, to: ["rec-005"]) == [], "restoring an item that is there")
            #expect(try library.changes().count == 3)
        }
    }

    @Test func anIdTwiceIsChangedOnce() throws {
        try withSampleLibrary { library, _ throws in
            #expect(try library.apply(.favorite, to: ["rec-002", "rec-002"]) == ["rec-002"])
            #expect(try library.apply(.delete, to: ["rec-009", "rec-009"]) == ["rec-009"])
            #expect(try library.changes().map(\.kind) == [.join, .delete])
        }
    }

    @Test func aDeletedItemIsRefusedByEveryCommandButRestore() throws {
        try withSampleLibrary { library, _ throws in
            #expect(try library.apply(.delete, to: ["rec-003"]) == ["rec-003"])
            for command in [ItemCommand.favorite, .unfavorite, .delete] {
                #expect(throws: LibraryError.noItem("rec-003"), "\(command)") {
                    try library.apply(command, to: ["rec-002", "rec-003"])
                }
            }
            #expect(try favorites(library) == ["rec-001", "rec-004", "rec-008"])
            #expect(try library.loadItems().count == 27)
            #expect(try library.changes().map(\.kind) == [.delete])
        }
    }

    @Test func restoreBringsItemsBackInTheirPlacesWithTheirStars() throws {
        try withSampleLibrary { library, path throws in
            #expect(try library.apply(.delete, to: ["rec-008", "rec-001", "rec-020"]) == ["rec-008", "rec-001", "rec-020"])
            #expect(try library.loadItems().first?.id == "rec-002")
            #expect(try library.apply(.restore, to: ["rec-020", "rec-001", "rec-008"]) == ["rec-020", "rec-001", "rec-008"])
            #expect(try SQLiteLibrary.open(path: path, seedIfNew: true).loadItems() == SampleLibrary.items)
            #expect(try library.changes().map(\.kind) == [.delete, .delete, .delete, .restore, .restore, .restore])
        }
    }

    @Test func commandsCanBeUndoneByTheInverseCommand() throws {
        try withSampleLibrary { library, _ throws in
            let ids: [ItemID] = ["rec-001", "rec-002", "rec-003"]
            try library.apply(.favorite, to: ids)
            try library.apply(.unfavorite, to: ids)
            try library.apply(.favorite, to: ["rec-001"])
            let items = try library.loadItems()
            #expect(items.first?.favoritedAt != nil, "favorited again: now with the time it was")
            #expect(items.map { item in var item = item; item.favoritedAt = nil; return item } == SampleLibrary.items)
        }
    }

    @Test func aReadOnlyLibraryRefusesACommandAndStaysAsItWas() throws {
        try withSampleLibrary { _, path throws in
            let readOnly = try SQLiteLibrary.openExisting(path: path, readOnly: true)
            #expect(readOnly.isReadOnly)
            #expect(throws: LibraryError.database("attempt to write a readonly database")) {
                try readOnly.apply(.favorite, to: ["rec-002"])
            }
            #expect(try favorites(readOnly) == ["rec-001", "rec-004", "rec-008"])
        }
    }
}
