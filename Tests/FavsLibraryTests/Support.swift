import FavsModel
import FavsFormats
@testable import FavsLibrary
import Foundation

/// A fresh directory for one test, removed when the test's body returns.
func withTemporaryDirectory(_ body: (URL) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("favs-library-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(directory)
}

/// Runs a test body against a new library file seeded with the sample.
func withSampleLibrary(_ body: (SQLiteLibrary, String) throws -> Void) throws {
    try withTemporaryDirectory { directory throws in
        let path = directory.appendingPathComponent("library.sqlite").path
        try body(try SQLiteLibrary.open(path: path, seedIfNew: true), path)
    }
}

/// The one-line message of a thrown error, or nil when nothing was thrown.
func message(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return String(describing: error)
    }
}

func record(_ id: ItemID, _ title: String, _ fields: [Field] = [], favorite: Bool = false) -> ImportRecord {
    ImportRecord(id: id, title: title, fields: fields, favorite: favorite, line: 1)
}

extension Array where Element == Item {
    /// The list as a user reads it: favorite mark and title, in order.
    var rows: [String] { map { ($0.favorite ? "★ " : "  ") + $0.title } }
}
