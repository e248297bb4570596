@testable import FavsLibrary
import Foundation
import Testing

/// Opening a library creates folders only at the default location: a folder the user named must exist.
@Suite struct LibraryFolderTests {
    @Test func aLibraryInAFolderThatIsNotThereIsRefusedAndNothingIsCreated() throws {
        try withTemporaryDirectory { directory throws in
            let folder = directory.appendingPathComponent("nope/deeper").path
            let path = folder + "/x.sqlite"
            let refusal = LibraryError.noFolder(path: path, folder: folder)
            #expect(refusal.description == "cannot open library '\(path)': folder '\(folder)' does not exist")
            #expect(throws: refusal) { try SQLiteLibrary.open(path: path, seedIfNew: true) }
            #expect(throws: refusal) { try SQLiteLibrary.openExisting(path: path, readOnly: false) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
        }
    }

    @Test func aMissingDefaultLibraryIsNotFoundRatherThanFolderless() throws {
        try withTemporaryDirectory { directory throws in
            let location = try LibraryLocation.resolve(option: nil, environment: ["HOME": directory.path])
            #expect(throws: LibraryError.notFound(path: location.path)) { try SQLiteLibrary.openExisting(location) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
        }
    }

    @Test func aURLIsNotOpenedAsAFile() {
        // As a file path, this URL used to become a folder `postgres:` in the current directory.
        #expect(throws: LibraryError.unsupportedLocation("postgres://u:***@h/db")) {
            try SQLiteLibrary.open(path: "postgres://u:secret@h/db", seedIfNew: true)
        }
        #expect(throws: LibraryError.unsupportedLocation("postgres://u@h/db")) {
            try SQLiteLibrary.openExisting(path: "postgres://u@h/db")
        }
        #expect(!FileManager.default.fileExists(atPath: "postgres:"))
    }
}
