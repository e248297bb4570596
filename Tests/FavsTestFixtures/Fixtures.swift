import FavsModel

// What the model's tests and the browser's tests both start from: one module of fixtures, since one test target
// cannot import another's files.

/// Three items: a (favorite), b, c.
public func threeItems() -> [Item] {
    [Item(id: "a", title: "Alpha", favorite: true, position: 1),
     Item(id: "b", title: "Bravo", position: 2),
     Item(id: "c", title: "Charlie", position: 3)]
}

/// A sink that keeps what it is asked to persist, and fails the next write when told to (a full disk).
public final class RecordingSink: ChangeSink {
    public var persisted: [ModelChange] = []
    public var failNext = false
    public struct DiskFull: Error, CustomStringConvertible { public var description: String { "disk is full" } }

    public init() {}

    public func persist(_ change: ModelChange) throws {
        if failNext { failNext = false; throw DiskFull() }
        persisted.append(change)
    }
}

extension RemoteUpdate {
    /// The state an update brings an item to, as the library tests write it: `id ★`, `id ☆ #tag`, `id deleted`.
    public var stateText: String {
        switch self {
        case let .item(id, item?): "\(id) \(item.favorite ? "★" : "☆")"
        case let .item(id, nil), let .deleted(id): "\(id) deleted"
        case let .member(set, id, value, _): "\(id) \(value ? "★" : "☆")\(set == .favorites ? "" : " \(set)")"
        case let .reload(items, _, _): "reload of \(items.count)"
        case let .saved(ticket, _): "ours \(ticket) saved"
        case let .search(name, search?): "search \(name) = \(search.exact ? "exact " : "")/\(search.filter)"
        case let .search(name, nil): "search \(name) deleted"
        case let .picks(id, picks): "\(id) \(picks.count) picks"
        }
    }
}
