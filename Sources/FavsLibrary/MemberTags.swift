import FavsModel

/// The set names an import writes an item's tags under, for either kind of library: a tag the library already
/// holds in another case is written as the library spells it, and a new one as the file first spells it, so one
/// tag is one set (`SetID` compares tags without case) whatever case each record gives it in.
///
/// The library's tag names are read once, when the first tag comes: a file without tags reads nothing.
package struct ImportTagNames {
    /// Between the tags of one record on their way from the reader to the writer (`TagPath` refuses it in a tag).
    package static let separator = UInt8(ascii: ";")

    private let existing: () throws -> [String]
    private var names: [SetID: String]?

    /// `existing` reads the names of the tags the library holds (`#` and a path), when the first tag comes.
    package init(existing: @escaping () throws -> [String]) {
        self.existing = existing
    }

    /// The set names of the tags of one record, joined by `separator` (checked and given once by the reader).
    package mutating func names(of joined: UnsafeBufferPointer<UInt8>) throws -> [String] {
        guard !joined.isEmpty else { return [] }
        return try joined.split(separator: Self.separator, omittingEmptySubsequences: false).map { path in
            try name(of: String(decoding: UnsafeBufferPointer(rebasing: path), as: UTF8.self))
        }
    }

    /// The set name of the tag at `path`: the library's spelling, or this import's first.
    package mutating func name(of path: String) throws -> String {
        var names = try self.names ?? Dictionary(try existing().map { (SetID($0), $0) }) { first, _ in first }
        defer { self.names = names }
        let set = SetID.tag(path)
        if let known = names[set] { return known }
        names[set] = set.name
        return set.name
    }
}

/// Items' tags as `members` holds them (rows whose set name starts with `#`), for an export: read in one query
/// and handed to the items, each item's tags in the order the collection lists them (`TagPath.areInOrder`: A–Z without case, a folder
/// before what is nested in it).
package enum ItemTags {
    /// Rows of `item_id, path` (the set name without its `#`) for SQLite, whose `BINARY` order makes the tags
    /// one range of the members' key.
    static let sqliteRows = "SELECT item_id, substr(set_name, 2) FROM members WHERE set_name >= '#' AND set_name < '$'"

    /// The tags of each item that has some, from rows of (item id, path).
    package static func grouped(_ rows: some Sequence<(String, String)>) -> [ItemID: [String]] {
        var tags: [ItemID: [String]] = [:]
        for (id, path) in rows { tags[ItemID(id), default: []].append(path) }
        for id in tags.keys { tags[id]?.sort(by: TagPath.areInOrder) }
        return tags
    }

    /// Gives each item its tags.
    package static func fill(_ items: inout [Item], from tags: [ItemID: [String]]) {
        guard !tags.isEmpty else { return }
        for index in items.indices { items[index].tags = tags[items[index].id] ?? [] }
    }
}
