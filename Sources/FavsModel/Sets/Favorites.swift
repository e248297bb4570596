import Foundation

/// Favorites, the first set, by their own names: what `f`, `favs fav` and the favorites pane say, each the general
/// form for `SetID.favorites`.
extension ModelChange {
    /// Star an item (at a time) or unstar it (remembering the time it had, for the inverse).
    public static func setFavorite(_ id: ItemID, _ value: Bool, at: Int64? = nil) -> ModelChange {
        .setMember(.favorites, id, value, at: at)
    }
}

extension Action {
    public static func toggleFavorite(_ id: ItemID) -> Action { .toggleMember(.favorites, id) }
    /// Favorite every one of these items, or unfavorite them all when all are favorites already: one step.
    public static func toggleFavorites(_ ids: [ItemID]) -> Action { .toggleMembers(.favorites, ids) }
}

extension StoreEvent {
    public static func favoriteChanged(_ id: ItemID) -> StoreEvent { .membershipChanged(.favorites, id) }
}

extension ListQuery.Scope {
    /// The favorites only.
    public static let favorites = ListQuery.Scope.members(.favorites)
}

extension RemoteUpdate {
    /// An item was favorited (at that time) or unfavorited, as a notification says.
    public static func favorite(_ id: ItemID, _ value: Bool, at: Int64?) -> RemoteUpdate {
        .member(.favorites, id, value, at: at)
    }
}
