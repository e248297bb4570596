import FavsLibrary
import FavsModel

/// A team library's saved searches (format 4): read when it is opened, by a follower after a `search` log row, and
/// by `favs list --search`.
extension PostgresLibrary {
    /// The saved searches, A–Z by name without case; none in a library read as it is from before format 4.
    static func searches(on session: PostgresSession, format: Int) throws -> [SavedSearch] {
        guard format >= 4 else { return [] }
        return try session.query("SELECT name, filter, exact FROM searches").map { row in
            let (name, filter, exact) = try row.decode((String, String, Bool).self)
            return SavedSearch(name: name, filter: filter, exact: exact)
        }.sorted(by: SavedSearch.areInOrder)
    }

    public func savedSearches() throws -> [SavedSearch] { try Self.searches(on: session, format: tableFormat) }
}
