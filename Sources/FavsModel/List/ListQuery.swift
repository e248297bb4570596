import Foundation

/// What the list shows, as one value: which items (the filter text and the scope) and in which order.
/// The store keeps its result current as the model changes (`QueryResult`); panes only ask it for rows.
/// The filter, the favorites view and the sort are fields of this one value, never code paths of their own.
public struct ListQuery: Hashable, Sendable {
    /// The search typed: fzf's syntax (`SearchPattern`), fuzzy unless `exact`; empty shows every item.
    public var filter: String
    /// Exact mode (fzf's `--exact`): a plain term is a substring, and `'` makes a term fuzzy.
    public var exact: Bool
    /// Every item, or the members of one set only (the favorites, say).
    public var scope: Scope
    public var order: Order
    /// Whether `#` begins a tag term (a library's items have tags) or is a character like the others (lines of
    /// stdin, searched as fzf does).
    public var searchesTags: Bool
    /// How a search ranks its matches: fzf's score with a bounded bonus for kept items (the default), fzf's alone,
    /// or frecency first.
    public var scheme: RankScheme

    public enum Scope: Hashable, Sendable {
        case all
        /// The items of one set.
        case members(SetID)

        /// The set shown; nil for every item.
        public var set: SetID? {
            if case let .members(set) = self { return set }
            return nil
        }
    }

    /// The orders `s` cycles through, in that order.
    public enum Order: String, Hashable, Sendable, CaseIterable {
        /// The library's own order (its positions).
        case library
        /// Titles A–Z, ignoring case, accents and width: "Éclair" sorts beside "eclair", before "zebra".
        case title
        /// Favorites first, the most recently favorited first (those with no time kept after them, in
        /// library order); then every other item in library order.
        case recentlyFavorited = "recent"
        /// Favorites first, then every other item; in each, the most picked first (`favs pick`'s frecency score),
        /// then library order. A picker over a library whose items were picked opens in it. The picked items'
        /// list (`SetID.picked`) is the most picked first, favorites among them.
        case frequent
        /// The items the most members starred first (a team library's `★ Team` count; elsewhere your favorites
        /// first), then library order.
        case mostStarred = "stars"

        /// The next order in the cycle.
        public var next: Order {
            let all = Self.allCases
            return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
        }
    }

    public init(filter: String = "", exact: Bool = false, scope: Scope = .all, order: Order = .library,
                searchesTags: Bool = true, scheme: RankScheme = .default) {
        self.scheme = scheme
        self.filter = filter
        self.exact = exact
        self.scope = scope
        self.order = order
        self.searchesTags = searchesTags
    }

    /// The filter read as a search box reads it while it is typed: malformed terms left out (`problem` says which).
    public var reading: SearchPattern { SearchPattern(reading: filter, exact: exact, tags: searchesTags) }

    /// The filter read as a search over titles: malformed terms left out, field terms too (the library answers them).
    public var search: SearchPattern { reading.titlesOnly }

    /// What a title must pass to be matched by the filter (whatever the field terms say): nil when every title may be.
    /// A one-shot answer (`favs list --query`) reads only the items whose title passes it.
    public var titlePrefilter: TitlePrefilter? {
        let prefilter = reading.prefilter
        return prefilter.isEmpty ? nil : prefilter
    }

    /// What a reading of the filter left out, for the status line: a malformed term, or field terms when there are
    /// no fields to search (`fieldsSearched` false: lines of stdin).
    static func problem(in reading: SearchPattern, fieldsSearched: Bool) -> String? {
        if let problem = reading.problem { return problem.message }
        guard !fieldsSearched else { return nil }
        return reading.fieldGroups.first?.first.map { notSearched($0).message }
    }

    /// A field term where there are no fields: lines of stdin are searched by their text alone.
    private static func notSearched(_ term: FieldTerm) -> SearchPatternError {
        let name = term.field.map { "\($0):" } ?? ":"
        return SearchPatternError(term: name, message: "\(name) searches fields, which only a library has: these lines are searched by their text")
    }

    /// Checks a search given on the command line, strictly: a malformed term throws its one-line message, and so
    /// does a field term when there are no fields to search (`fieldsSearched` false: lines of stdin).
    public static func validate(_ filter: String, exact: Bool, fieldsSearched: Bool = true) throws(SearchPatternError) {
        let pattern = try SearchPattern(parsing: filter, exact: exact, tags: fieldsSearched)
        if !fieldsSearched, let field = pattern.fieldGroups.first?.first { throw notSearched(field) }
    }

    /// True when the query shows every item in library order: its result is the collection itself.
    var showsEverything: Bool { filter.isEmpty && scope == .all && order == .library }

    /// Whether an item's membership of `set` decides if it is shown or where: then joining or leaving moves its row.
    /// The list shows one set's members; the favorites also order the recent order, and a ranked search puts a
    /// favorite before a non-favorite of the same score.
    /// A list of a tag folder depends on every tag nested in it.
    func depends(on set: SetID) -> Bool {
        if scope == .members(set) { return true }
        // The team's stars are kept from each member's (yours are the favorites).
        if scope == .members(.team) || order == .mostStarred, set == .favorites || set.isStars { return true }
        if let path = set.tagPath {
            if let folder = scope.set?.folderPath, TagPath.isWithin(path, folder) { return true }
            if filter.contains("#"), reading.tagGroups.joined().contains(where: { TagPath.isWithin(path, $0.path) }) { return true }
        }
        return set == .favorites && (order == .recentlyFavorited || order == .frequent || !filter.isEmpty)
    }

    /// Whether this query shows a subset of what `other` shows, so its result can be searched for among `other`'s
    /// instead of among every item: the same scope and order, and a search whose terms, as read, each imply one of
    /// `other`'s (`SearchPattern.narrowsTitles`) — not a longer text, which may mean another search (`s$` to `s$5`).
    /// `search` and `otherSearch`: the two filters read as searches over titles, when the caller has them.
    func narrows(_ other: ListQuery, search: SearchPattern? = nil, otherSearch: SearchPattern? = nil) -> Bool {
        !other.filter.isEmpty && scope == other.scope && order == other.order && scheme == other.scheme
            && (search ?? self.search).narrowsTitles(of: otherSearch ?? other.search)
            && narrowsTags(of: other)
    }

    /// Whether every tag group of `other` is one of this query's (each group narrows, so a query with more of them
    /// shows a subset). Read only when a filter has a `#`.
    private func narrowsTags(of other: ListQuery) -> Bool {
        guard filter.contains("#") || other.filter.contains("#") else { return true }
        return Set(other.reading.tagGroups).isSubset(of: Set(reading.tagGroups))
    }
}
