import FavsFormats
import FavsModel
import Foundation

/// A team library whose member's role may only read it, with that member's own stars kept on this machine: the
/// team's items, tags, fields and searches as the library holds them, and as favorites the stars of a file of the
/// member's own (a `PickMemory` at `LibraryLocation.personalStars`). The store, the panes and the commands see one
/// library, as ever: a star (`f`, `favs fav`) goes to the file, every other change to the team's library, which
/// refuses it (`LibraryError.readOnlyRole`); every read marks the favorites from the file. The member's picks (`favs
/// pick`'s frecency) are theirs as their stars are, and kept in the same file: picked, forgotten and followed there.
///
/// The rest of the team does not see these stars. On this member's screen they count in the team's stars as every
/// member's own do on theirs (`ItemCollection+Team`): `★ Team` is what this member sees starred. Stars the library
/// kept for the member from when their role could write stay the library's (counted by the others), unseen here.
public final class PersonalStarsLibrary: ItemLibrary {
    /// The library the team shares, opened read-only.
    public let team: any ItemLibrary
    /// The member's own stars.
    let stars: PickMemory
    /// Where `stars` is, for `reopenedForSearch`.
    private let starsLocation: LibraryLocation

    /// The team's library with the member's stars in the file at `location` (created, with its folders, when missing).
    public init(team: any ItemLibrary, starsAt location: LibraryLocation) throws {
        self.team = team
        starsLocation = location
        stars = try PickMemory(location)
    }

    /// The file's path.
    public var personalStars: String? { stars.library.path }

    public var location: String { team.location }
    public var name: String { team.name }
    public var isReadOnly: Bool { team.isReadOnly }
    public var isOnFullDisk: Bool { team.isOnFullDisk }
    public var pollInterval: Int32 { team.pollInterval }
    public var openingNotice: String? { team.openingNotice }
    public var readOnlyReason: String? { team.readOnlyReason }
    public var member: String? { team.member }

    // MARK: Reads, the favorites marked from the file

    /// The member's stars now, each with its time.
    func currentStars() throws -> [ItemID: Int64?] { try stars.favorites() }

    /// `item` starred as the file says.
    static func starred(_ item: Item, _ stars: [ItemID: Int64?]) -> Item {
        var item = item
        let time = stars[item.id]
        item.favorite = time != nil
        item.favoritedAt = time ?? nil
        return item
    }

    public func loadItems() throws -> [Item] {
        let items = try team.loadItems()
        let stars = try currentStars()
        return items.map { Self.starred($0, stars) }
    }

    public func itemTags() throws -> [ItemID: [String]] { try team.itemTags() }

    public func loadListItems() throws -> [Item] {
        let items = try team.loadListItems()
        let stars = try currentStars()
        return items.map { Self.starred($0, stars) }
    }

    /// The library's preview, its rows marked from the file and its favorites counted there (the list, read by the
    /// list follower, is marked whole).
    public func loadPreview(rows: Int, last: Int, minimum: Int) throws -> ItemCollection? {
        guard var preview = try team.loadPreview(rows: rows, last: last, minimum: minimum) else { return nil }
        preview.replaceFavorites(with: try currentStars())
        return preview
    }

    public func loadListToFollow() throws -> (items: ItemCollection, lastChange: Int64) {
        var (items, lastChange) = try team.loadListToFollow()
        items.replaceFavorites(with: try currentStars())
        return (items, lastChange)
    }

    public func loadList(titlesPassing prefilter: TitlePrefilter?) throws -> (items: ItemCollection, listCount: Int) {
        var (items, count) = try team.loadList(titlesPassing: prefilter)
        items.replaceFavorites(with: try currentStars())
        return (items, count)
    }

    public func item(_ id: ItemID) throws -> Item? {
        guard let item = try team.item(id) else { return nil }
        return Self.starred(item, try currentStars())
    }

    public func fields(of id: ItemID) throws -> [Field] { try team.fields(of: id) }

    public func copyOut(_ visit: (StoredItem) throws -> Void) throws -> LibraryPreferences {
        let stars = try currentStars()
        return try team.copyOut { stored in
            var stored = stored
            stored.item = Self.starred(stored.item, stars)
            try visit(stored)
        }
    }

    /// What the team's follower says, with the favorites as the file holds them: an item read again is marked from
    /// it, a list read again too, and the library's own record of this member's stars (which the role may not
    /// change) is left out.
    func marked(_ updates: [RemoteUpdate]) throws -> [RemoteUpdate] {
        guard !updates.isEmpty else { return [] }
        let stars = try currentStars()
        return updates.compactMap { update in
            switch update {
            case let .item(id, stored):
                return .item(id, stored.map { Self.starred($0, stars) })
            case let .reload(items, searches, asked):
                var items = items
                items.replaceFavorites(with: stars)
                return .reload(items, searches: searches, asked: asked)
            case let .member(set, _, _, _) where set == .favorites:
                return nil
            case .picks:
                return nil  // the member's picks are the file's
            default:
                return update
            }
        }
    }

    public func follower(after lastChange: Int64?) throws -> (any LibraryFollowing)? {
        try PersonalStarsFollower(self, team: team.follower(after: lastChange))
    }

    public func listFollower() throws -> (any LibraryFollowing)? {
        guard let team = try team.listFollower() else { return nil }
        return try PersonalStarsFollower(self, team: team)
    }

    public func inBackground() -> (any BackgroundLibrary)? {
        team.inBackground().map { PersonalStarsBackground(self, team: $0) }
    }

    // MARK: Writes: a star to the file, anything else to the team's library (which refuses it)

    /// Whether a single change is the member's own to keep: a star given or taken away, or an item's picks
    /// forgotten or put back.
    static func isOwn(_ change: ModelChange) -> Bool {
        switch change {
        case let .setMember(set, _, _, _): set == .favorites
        case .picks: true
        default: false
        }
    }

    public func persist(_ change: ModelChange) throws {
        guard change.parts.allSatisfy(Self.isOwn) else { return try team.persist(change) }
        try stars.persist(change)
    }

    /// Kept in the file: the team's library may not remember it for this member.
    public func remember(order: ListQuery.Order) throws { try stars.remember(order: order) }

    public func rememberedOrder() throws -> ListQuery.Order? {
        try stars.library.rememberedOrder() ?? team.rememberedOrder()
    }

    /// A star or an unstar goes to the file, each id checked in the team's library first (an unknown or deleted one
    /// throws `noItem` and nothing changes); a delete or a restore goes to the team's library, which refuses it.
    public func apply(_ command: ItemCommand, to ids: [ItemID]) throws -> [ItemID] {
        guard command == .favorite || command == .unfavorite else { return try team.apply(command, to: ids) }
        for id in Set(ids) where try team.item(id) == nil { throw LibraryError.noItem(id) }
        return try stars.apply(command, to: ids)
    }

    public func changeMembers(_ ids: [ItemID], join: [SetID], leave: [SetID]) throws -> [ItemID] {
        try team.changeMembers(ids, join: join, leave: leave)
    }

    public func withdrawBookmarks(_ withdrawal: BookmarkWithdrawal) throws -> BookmarksWithdrawn {
        try team.withdrawBookmarks(withdrawal)
    }

    public func renameTag(_ old: String, to new: String?) throws -> [ItemID] { try team.renameTag(old, to: new) }
    public func savedSearches() throws -> [SavedSearch] { try team.savedSearches() }
    public func renameSearch(_ name: String, to new: String?) throws { try team.renameSearch(name, to: new) }
    /// The ids `command` can change, in list order: for a star, those the file does not star (for an unstar, those it
    /// does) among the library's items.
    public func ids(changedBy command: ItemCommand) throws -> [ItemID] {
        guard command == .favorite || command == .unfavorite else { return try team.ids(changedBy: command) }
        let stars = try currentStars()
        return try team.ids(changedBy: .delete).filter { (stars[$0] != nil) == (command == .unfavorite) }
    }

    // MARK: Picks: the member's own, in the file beside their stars

    /// Kept in the file, as the stars are: the team's library may not keep them for this member.
    public var remembersPicks: Bool { true }

    /// Remembers picks of the team's present items in the file, one transaction, logged there; an id the library does
    /// not hold, or holds deleted, is left out, as a library leaves it out.
    @discardableResult
    public func recordPicks(_ ids: [ItemID], at time: Int64) throws -> [ItemID] {
        var present: [ItemID: Bool] = [:]
        let kept = try ids.filter { id in
            if let known = present[id] { return known }
            let found = try team.item(id) != nil
            present[id] = found
            return found
        }
        try stars.recordPicks(kept, at: time)
        return kept
    }

    public func picks() throws -> [ItemID: [Pick]] { try stars.picks() }

    public func pickScores(_ frecency: Frecency, at now: Int64) throws -> [ItemID: Double] {
        try stars.library.pickScores(frecency, at: now)
    }

    /// Forgets the file's picks of these items, as one change logged there. Every id is checked first: one neither the
    /// team's library holds nor the file has picks of throws `noItem`, and nothing changes. Returns the ids that had
    /// picks.
    @discardableResult
    public func forgetPicks(_ ids: [ItemID]) throws -> [ItemID] {
        let picked = try stars.picks()
        for id in ids where try picked[id] == nil && team.item(id) == nil { throw LibraryError.noItem(id) }
        return try stars.library.forgetPicks(ids.filter { picked[$0] != nil })
    }
    public func ids(withField term: FieldTerm) throws -> Set<ItemID> { try team.ids(withField: term) }

    /// The team's library opened again, with the same file of stars.
    public func reopenedForSearch() -> (@Sendable () throws -> any ItemLibrary)? {
        guard let reopen = team.reopenedForSearch() else { return nil }
        let location = starsLocation
        return { try PersonalStarsLibrary(team: reopen(), starsAt: location) }
    }

    public func reopenedForIndexing() -> (@Sendable () throws -> any ItemLibrary)? { nil }
    public func indexFields(rows: Int) throws -> Bool { try team.indexFields(rows: rows) }
    public func interrupter() -> (@Sendable () -> Void)? { team.interrupter() }

    public func importRecords(
        reading read: (_ add: (ImportRecord, _ place: Int) throws -> Void) throws -> Void
    ) throws -> ImportSummary {
        try team.importRecords(reading: read)
    }

    public func copyIn(reading read: (_ add: (StoredItem) throws -> Void) throws -> LibraryPreferences) throws -> Int {
        try team.copyIn(reading: read)
    }
}
