import Foundation

/// What the list shows, as one value: which items (the filter text and the scope) and in which order.
/// The store keeps its result current as the model changes (`QueryResult`); panes only ask it for rows.
/// The filter, the favorites view and the sort are fields of this one value, never code paths of their own.
public struct ListQuery: Hashable, Sendable {
    /// Text every shown title contains, ignoring case; empty shows every item.
    public var filter: String
    /// Every item, or the favorites only.
    public var scope: Scope
    public var order: Order

    public enum Scope: String, Hashable, Sendable, CaseIterable {
        case all, favorites
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

        /// The next order in the cycle.
        public var next: Order {
            let all = Self.allCases
            return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
        }
    }

    public init(filter: String = "", scope: Scope = .all, order: Order = .library) {
        self.filter = filter
        self.scope = scope
        self.order = order
    }

    /// True when the query shows every item in library order: its result is the collection itself.
    var showsEverything: Bool { filter.isEmpty && scope == .all && order == .library }

    /// Whether an item's favorite flag decides if it is shown or where: then a toggle moves its row.
    var dependsOnFavorites: Bool { scope == .favorites || order == .recentlyFavorited }

    /// Whether this query shows a subset of what `other` shows, in the same order, so its result can be
    /// searched for among `other`'s instead of among every item (a filter typed further).
    func narrows(_ other: ListQuery) -> Bool {
        !other.filter.isEmpty && filter.hasPrefix(other.filter) && scope == other.scope && order == other.order
    }
}
