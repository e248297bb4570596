import Foundation

/// The saved searches: held here as data, A–Z by name, so the collections pane draws them from the store like any
/// set; each with a count of what it finds now.
extension Store {
    /// The saved searches, A–Z by name without case.
    public var savedSearches: [SavedSearch] { searches }

    /// The saved search of this name (exactly as saved); nil when there is none.
    public func savedSearch(named name: String) -> SavedSearch? { searches.first { $0.name == name } }

    /// The saved search the list shows now: the first whose filter and exact mode are the list query's (the list's
    /// title names it); nil when none is.
    public var shownSearch: SavedSearch? {
        let query = result.query
        guard !query.filter.isEmpty else { return nil }
        return searches.first { $0.filter == query.filter && $0.exact == query.exact }
    }

    /// How many items a saved search finds now. The list's own count when it shows that search (its field terms
    /// answered by the library); else the search run over every item once per change to the model and kept until
    /// the next, so a pane that draws it every frame searches only after a change. Nil for a search with field terms
    /// the list does not show: only the library's index answers those, off the input thread.
    public func count(of search: SavedSearch) -> Int? {
        let query = search.query
        if shownSearch == search, result.query.scope == .all { return list.count }
        if let kept = searchCounts[search], kept.version == modelVersion { return kept.count }
        guard query.reading.fieldGroups.isEmpty || fieldSearch == nil else { return nil }
        var answer = QueryResult()
        answer.update(to: query, in: items)
        let count = answer.count(in: items)
        if searchCounts.count > 64 { searchCounts.removeAll(keepingCapacity: true) }
        searchCounts[search] = (modelVersion, count)
        return count
    }

    /// Puts a saved search under its name, or takes it away, when the name holds `from` now; returns the event, none
    /// when it holds something else (changed elsewhere).
    func applySearch(_ name: String, from: SavedSearch?, to: SavedSearch?) -> [StoreEvent] {
        guard savedSearch(named: name) == from else { return [] }
        searches.removeAll { $0.name == name }
        if let to {
            let index = searches.firstIndex { SavedSearch.areInOrder(to, $0) } ?? searches.endIndex
            searches.insert(to, at: index)
        }
        return [.searchChanged(name)]
    }
}
