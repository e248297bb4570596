import FavsModel
import Foundation

/// A row of the collections pane, known by what it shows, never by its number: a collection (the favorites'
/// header, the picked items', or a tag's folder), one favorite or one of the most picked items.
public enum CollectionRow: Hashable, Sendable {
    /// A collection, as the list is scoped to it: `.favorites`, the team's stars (`SetID.team`), the picked items
    /// (`SetID.picked`), or a tag's folder (`SetID.tagFolder`: the tag and every tag nested under it).
    case set(SetID)
    /// A favorite, shown under the favorites' header.
    case item(ItemID)
    /// One of the most picked items, shown under `↻ Frequent`.
    case picked(ItemID)
    /// A saved search, by its name, listed after the tags.
    case search(String)

    /// The favorite this row shows; nil for any other row.
    var item: ItemID? {
        if case let .item(id) = self { return id }
        return nil
    }

    /// The item this row shows (a favorite, or one of the most picked): what the detail shows and `f` or `d` act on
    /// while the pane has focus; nil for a collection.
    var subject: ItemID? {
        switch self {
        case let .item(id), let .picked(id): id
        case .set, .search: nil
        }
    }
}

/// The rows of the collections pane, made from the store whenever they are asked for (never kept, so a count is
/// never stale): `★ Favorites`, its favorites while it or one of them is selected, then the tag tree with the
/// folders `open` names opened, then the saved searches A–Z. In a team library where others star, the favorites are
/// `★ Mine`, and `★ Team` (every item someone starred) comes after them. Once an item has been picked (`favs pick`),
/// `↻ Frequent` comes next, before the tags, with the most picked items under it while it or one of them is selected
/// (the `mostPickedShown` highest frecency scores, equal ones in library order). With no tags, no saved searches and
/// no picks there is nothing but favorites to choose: the rows are the favorites alone, as the pane was before tags.
struct CollectionRows: KeyedRows {
    /// How many of the most picked items `↻ Frequent` lists under it: a screenful of a small pane, the few a user
    /// goes back to (enter on the header lists them all).
    static let mostPickedShown = 10

    /// A tag or a folder as the tree shows it.
    struct Shown {
        var node: TagNode
        /// Whether tags are nested under it: it opens and closes.
        var isFolder: Bool
        var isOpen: Bool
    }

    /// The row the selection was last seen on: where one of the most picked that went lands (`row(placing:)`).
    private let lastRow: Int
    let favorites: MemberRows
    /// The tags and folders shown, A–Z (those in a closed folder left out).
    let tags: [Shown]
    /// The saved searches, A–Z.
    let searches: [SavedSearch]
    /// Whether the `★ Favorites` row is there: only beside tags, saved searches, the team's stars or picks.
    let hasHeader: Bool
    /// How many items the team starred, when others star in this library (the `★ Team` row); nil otherwise.
    let team: Int?
    /// How many items have been picked and the most picked, when any has been (the `↻ Frequent` row); nil otherwise.
    let picked: MostPicked?
    /// Whether the favorites themselves are shown.
    let showsFavorites: Bool
    /// Whether the most picked items are shown under `↻ Frequent`.
    let showsPicked: Bool

    /// The rows for the store as it is now, with the folders in `open` opened, around the row `selected`, last seen
    /// at `lastRow`; `↻ Frequent` among them unless `picks` is false.
    init(_ store: Store, open: Set<SetID>, selected: CollectionRow?, lastRow: Int = 0, picks: Bool = true) {
        self.lastRow = lastRow
        favorites = store.favorites
        let tree = store.items.tagTree
        searches = store.savedSearches
        team = store.items.hasTeamStars ? store.items.memberCount(of: .team) : nil
        let mostPicked = picks ? store.mostPicked(limit: Self.mostPickedShown) : MostPicked()
        picked = mostPicked.count > 0 ? mostPicked : nil
        hasHeader = !tree.isEmpty || !searches.isEmpty || team != nil || picked != nil
        showsFavorites = !hasHeader || selected.map { $0 == .set(.favorites) || $0.item != nil } ?? true
        showsPicked = picked != nil && selected.map { if case .picked = $0 { true } else { $0 == .set(.picked) } } ?? false
        var shown: [Shown] = []
        var closed: String?  // the closed folder whose tags are being left out
        for (index, node) in tree.enumerated() {
            if let folder = closed, TagPath.isWithin(node.path, folder) { continue }
            closed = nil
            // The tree lists a folder right before what is nested in it.
            let isFolder = index + 1 < tree.count && TagPath.isWithin(tree[index + 1].path, node.path)
            let isOpen = isFolder && open.contains(.tagFolder(node.path))
            if isFolder, !isOpen { closed = node.path }
            shown.append(Shown(node: node, isFolder: isFolder, isOpen: isOpen))
        }
        tags = shown
    }

    /// The first favorite's row.
    var favoritesStart: Int { hasHeader ? 1 : 0 }
    /// The `★ Team` row (when there is one).
    var teamRow: Int { favoritesStart + (showsFavorites ? favorites.count : 0) }
    /// The `↻ Frequent` row (when there is one).
    var pickedRow: Int { teamRow + (team == nil ? 0 : 1) }
    /// The first of the most picked items' rows.
    var pickedStart: Int { pickedRow + (picked == nil ? 0 : 1) }
    /// The most picked items shown under `↻ Frequent`, in order.
    var pickedShown: [ItemID] { showsPicked ? picked?.top ?? [] : [] }
    /// The first tag's row.
    var tagsStart: Int { pickedStart + pickedShown.count }
    /// The first saved search's row.
    var searchesStart: Int { tagsStart + tags.count }
    var count: Int { searchesStart + searches.count }

    func id(at row: Int) -> CollectionRow? {
        if row < 0 { return nil }
        if row < favoritesStart { return .set(.favorites) }
        if row < teamRow { return favorites.id(at: row - favoritesStart).map(CollectionRow.item) }
        if row < pickedRow { return .set(.team) }
        if row < pickedStart { return .set(.picked) }
        if row < tagsStart { return .picked(pickedShown[row - pickedStart]) }
        if row < searchesStart { return tag(at: row).map { .set(.tagFolder($0.node.path)) } }
        return search(at: row).map { .search($0.name) }
    }

    /// The saved search at a row; nil for a row that shows none.
    func search(at row: Int) -> SavedSearch? {
        searches.indices.contains(row - searchesStart) ? searches[row - searchesStart] : nil
    }

    /// The tag or folder at a row; nil for a row that shows none.
    func tag(at row: Int) -> Shown? {
        tags.indices.contains(row - tagsStart) ? tags[row - tagsStart] : nil
    }

    func row(of id: CollectionRow) -> Int? {
        switch id {
        case let .item(item): return showsFavorites ? favorites.row(of: item).map { favoritesStart + $0 } : nil
        case let .set(set) where set == .favorites: return hasHeader ? 0 : nil
        case let .set(set) where set == .team: return team == nil ? nil : teamRow
        case let .set(set) where set == .picked: return picked == nil ? nil : pickedRow
        case let .picked(item): return pickedShown.firstIndex(of: item).map { pickedStart + $0 }
        case let .set(set): return tags.firstIndex { SetID.tagFolder($0.node.path) == set }.map { tagsStart + $0 }
        case let .search(name): return searches.firstIndex { $0.name == name }.map { searchesStart + $0 }
        }
    }

    /// A favorite gone lands on the favorite that took its row (the last one when it was last: never on a tag),
    /// or on the header when none is left; one of the most picked gone (forgotten, deleted, or passed by others), on
    /// the one that took its row (the last one when it was last: never on a tag), or where the header was when no
    /// item is picked any more; a tag gone, on the tag after it A–Z.
    func row(placing id: CollectionRow) -> Int? {
        switch id {
        case let .item(item):
            let shown = showsFavorites ? favorites.count : 0
            guard shown > 0 else { return 0 }
            return favorites.row(placing: item).map { favoritesStart + min($0, shown - 1) }
        case let .set(set) where set == .favorites: return 0
        case let .set(set) where set == .team: return team == nil ? 0 : teamRow
        case let .set(set) where set == .picked: return max(0, min(pickedRow, count - 1))
        case .picked:
            // Its rank went with its score (forgotten) or with others' (passed by them): its last row is what is known.
            let shown = pickedShown
            guard !shown.isEmpty else { return max(0, min(pickedRow, count - 1)) }
            return min(max(lastRow, pickedStart), pickedStart + shown.count - 1)
        case let .set(set):
            guard let path = set.folderPath else { return nil }
            return tagsStart + tags.count { TagPath.areInOrder($0.node.path, path) }
        case let .search(name):
            // A search gone lands on the one after it A–Z, or the last one (the last row) when it was last.
            let after = searches.count { SavedSearch.areInOrder($0, SavedSearch(name: name, filter: "")) }
            return min(searchesStart + after, count - 1)
        }
    }
}
