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

    /// Titles read apart from the fields (issue #36): over items whose fields each fill pages of their own, a title
    /// search gives the same rows in the same order on both backends (fzf's order over the same names), deleted items
    /// left out.
    @Test(arguments: Backend.allCases)
    func aTitleSearchOverLargeFieldsGivesTheSameRowsOnBothBackends(_ backend: Backend) throws {
        let library = try Place(backend).open()
        let names = ["django", "django-rest-framework", "flask", "flask-login", "json5", "jsonschema", "py-test-utils",
                     "pytest", "requests", "simplejson"]
        let summary = String(repeating: "a summary long enough to fill a page of its own, ", count: 100)
        _ = try importing(names.enumerated().map { line, name in
            record(name, name, [Field("version", "1.0.\(line)"), Field("summary", summary + name)],
                   favorite: name == "simplejson", line: line + 2)
        }, into: library)
        try library.apply(.delete, to: ["flask-login"])
        let expected: [(String, [String])] = [
            ("^flask", ["flask"]),
            ("jsn", ["json5", "jsonschema", "simplejson"]),
            ("djgrst", ["django-rest-framework"]),
            ("py test", ["py-test-utils", "pytest"]),
            ("r", ["requests", "django-rest-framework"]),
        ]
        for (filter, ids) in expected {
            let query = ListQuery(filter: filter)
            let (items, listCount) = try library.loadList(titlesPassing: query.titlePrefilter)
            #expect(listCount == 9)
            #expect(rows(query, over: items, library) == ids, "\(filter)")
        }
    }
}
