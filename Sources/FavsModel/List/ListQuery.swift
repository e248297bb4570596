import Foundation

/// What the list shows, as one value: the items whose title contains `filter` (ignoring case), in list
/// order. The store keeps its result current as the model changes (`QueryResult`); panes only ask it for
/// rows. A scope and an order belong here too, so that they never become code paths of their own.
public struct ListQuery: Hashable, Sendable {
    /// Text every shown title contains, ignoring case; empty shows every item.
    public var filter: String

    public init(filter: String = "") {
        self.filter = filter
    }

    /// Whether this query shows a subset of what `other` shows, so its result can be searched for among
    /// `other`'s instead of among every item (a filter typed further).
    func narrows(_ other: ListQuery) -> Bool {
        !other.filter.isEmpty && filter.hasPrefix(other.filter)
    }
}
