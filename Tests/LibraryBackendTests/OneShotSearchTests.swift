import FavsLibrary
import FavsModel
import Testing

/// A search answered once (`favs list --query`, in every format): the library reads the items whose title may
/// match, and the store answers the query over them exactly as over the whole list.
@Suite struct OneShotSearchTests {
    /// The ids the query shows, best first, over `items`.
    private func rows(_ query: ListQuery, over items: ItemCollection, _ library: any ItemLibrary) -> [String] {
        let store = Store(collection: items, fieldSearch: LibraryFieldSearch(library, inBackground: false), query: query)
        return (0..<store.list.count).compactMap { store.list.id(at: $0)?.rawValue }
    }

    @Test(arguments: Backend.allCases)
    func theItemsThatMayMatchAnswerAsTheWholeList(_ backend: Backend) throws {
        let library = try Place(backend).open(seed: true)
        try library.persist(.setFavorite("rec-005", true))
        let whole = try library.loadListToFollow().items
        let expected: [(String, ListQuery.Scope, [String])] = [
            ("ue", .all, ["rec-007", "rec-005", "rec-021", "rec-003", "rec-016", "rec-025"]),
            ("^a", .all, ["rec-016", "rec-017"]),
            ("de genre:classical", .all, ["rec-005", "rec-021"]),
            ("n 'de | ocean !lune", .all, ["rec-010", "rec-003", "rec-025", "rec-021"]),
            ("ue", .favorites, ["rec-005"]),
        ]
        for (filter, scope, ids) in expected {
            let query = ListQuery(filter: filter, scope: scope)
            let prefilter = try #require(query.titlePrefilter, "\(filter) has a title test")
            let (items, listCount) = try library.loadList(titlesPassing: prefilter)
            #expect(listCount == 28)
            #expect(rows(query, over: items, library) == ids, "\(filter)")
            #expect(rows(query, over: whole, library) == ids, "\(filter) over the whole list")
        }
    }
}
