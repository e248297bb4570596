import Testing
@testable import FavsCore
@testable import FavsModel

// The same fixtures as FavsModelTests' StoreTests.swift: one test target cannot import another's files, and
// the browser's tests start from these items and this sink as the store's do.

/// Three items: a (favorite), b, c.
func threeItems() -> [Item] {
    [Item(id: "a", title: "Alpha", favorite: true, position: 1),
     Item(id: "b", title: "Bravo", position: 2),
     Item(id: "c", title: "Charlie", position: 3)]
}

final class RecordingSink: ChangeSink {
    var persisted: [ModelChange] = []
    var failNext = false
    struct DiskFull: Error, CustomStringConvertible { var description: String { "disk is full" } }
    func persist(_ change: ModelChange) throws {
        if failNext { failNext = false; throw DiskFull() }
        persisted.append(change)
    }
}
