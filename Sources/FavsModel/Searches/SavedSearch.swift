import Foundation

/// A search kept under a name (`S` while a search is on): its filter text and whether it matches exactly. The
/// collections pane lists the saved searches with the number of items each finds now, and enter on one shows it;
/// `favs list --search NAME` prints what it finds. Stored, logged, synced and undone as any other change
/// (`ModelChange.search`).
public struct SavedSearch: Hashable, Sendable {
    public var name: String
    public var filter: String
    public var exact: Bool

    public init(name: String, filter: String, exact: Bool = false) {
        self.name = name
        self.filter = filter
        self.exact = exact
    }

    /// The same search under another name.
    public func renamed(_ name: String) -> SavedSearch { SavedSearch(name: name, filter: filter, exact: exact) }

    /// The list query it shows: its filter over every item.
    public var query: ListQuery { ListQuery(filter: filter, exact: exact) }

    /// A name as given, trimmed, or the one-line reason it cannot be one: not empty, no control characters (a name is
    /// shown on screens and in messages), at most 64 characters, as a tag.
    public static func parseName(_ text: String) throws(SavedSearchError) -> String {
        let name = text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw SavedSearchError(message: "a search's name cannot be empty") }
        if name.unicodeScalars.contains(where: \.isControlCharacter) {
            throw SavedSearchError(message: "search name “\(TagPath.shown(name))” has a control character")
        }
        guard name.count <= 64 else { throw SavedSearchError(message: "a search's name is at most 64 characters") }
        return name
    }

    /// Saved searches in the order the pane lists them: by name A–Z, without case.
    public static func areInOrder(_ a: SavedSearch, _ b: SavedSearch) -> Bool {
        let (x, y) = (a.name.lowercased(), b.name.lowercased())
        return x != y ? x < y : a.name < b.name
    }
}

/// Why a name cannot be a saved search's, in one line.
public struct SavedSearchError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
