import FavsFormats
import FavsModel

/// What the store, the commands, the follower and the import need of a library, wherever it lives: a SQLite
/// file on this machine (`SQLiteLibrary`) or a schema on a PostgreSQL server (`PostgresLibrary`, module FavsPostgres).
///
/// The two keep the same tables and the same promise: every change is committed together with a row of its
/// change log, and every other process applies the log's rows after the last one it saw, reading the items they
/// name as stored now. Panes never know which one they run on.
public protocol ItemLibrary: ChangeSink, FieldSource {
    /// Where the library is, fit for a message: a file's path, or a URL with its password hidden.
    var location: String { get }
    /// The name shown in the title bar.
    var name: String { get }
    /// True when changes will fail and be rolled back (a file this user cannot write, a full disk).
    var isReadOnly: Bool { get }
    /// True when it was opened for reading because its disk is full (`isReadOnly` is true too).
    var isOnFullDisk: Bool { get }
    /// How often a browser's run loop asks its follower for changes, in milliseconds.
    var pollInterval: Int32 { get }
    /// What opening it did that the user should hear of, once: a team library's upgrade giving its stars to the
    /// member who ran it. The browser shows it on the status line, a command on stderr.
    var openingNotice: String? { get }
    /// Why it opened read-only, when it is not the disk (a team library's role that may only read it); nil when
    /// writable, or for no reason worth naming.
    var readOnlyReason: String? { get }
    /// Whose stars the favorites are, in a team library where each member keeps their own; nil for a library with
    /// one set of favorites (every SQLite file).
    var member: String? { get }
    /// Where the member's own stars are kept when the library may not keep them (a team library their role may only
    /// read: `PersonalStarsLibrary`): that file's path; nil when the library keeps them.
    var personalStars: String? { get }

    /// The items not deleted, in list order, with their fields and tags.
    func loadItems() throws -> [Item]
    /// The tags of every item that has some (`members` rows named `#` and a path), each item's sorted A–Z without
    /// case, read in one query: what an export of items read otherwise gives them.
    func itemTags() throws -> [ItemID: [String]]
    /// The items not deleted, in list order, without their fields (read later through `fields(of:)`).
    func loadListItems() throws -> [Item]
    /// The first `rows` rows, the `last` last rows, the first favorites and the counts of a library of at least
    /// `minimum` items, read in a few milliseconds (what a browser shows while the list loads); nil for a smaller
    /// library.
    func loadPreview(rows: Int, last: Int, minimum: Int) throws -> ItemCollection?
    /// The list, and the point in the change log it was read at: where a follower starts.
    func loadListToFollow() throws -> (items: ItemCollection, lastChange: Int64)
    /// The list's items whose title passes `prefilter` (a search's: the others surely do not match it; every item when
    /// nil), and how many items the list has in all: what a search answered once needs (`favs list --query`). May hold
    /// items that do not pass; the SQLite file's holds none.
    func loadList(titlesPassing prefilter: TitlePrefilter?) throws -> (items: ItemCollection, listCount: Int)
    /// One item with its fields, as stored; nil when it is deleted or unknown.
    func item(_ id: ItemID) throws -> Item?

    /// Applies a command to items by id in one transaction, logging each change; every id is checked before
    /// anything changes. Returns the ids that changed.
    @discardableResult
    func apply(_ command: ItemCommand, to ids: [ItemID]) throws -> [ItemID]
    /// Puts items in sets and takes them out (`favs tag`), as one change; returns the items changed, once each per
    /// membership written. Every id is checked first: an unknown or deleted one throws `noItem` and nothing changes.
    func changeMembers(_ ids: [ItemID], join: [SetID], leave: [SetID]) throws -> [ItemID]
    /// Takes away what a followed bookmark file no longer holds (`favs import --watch`), as one change: each removed
    /// bookmark is deleted unless favs starred or tagged it (then it is kept, and said), and each dropped folder tag
    /// is left; every write logged. Read and decided inside the write transaction.
    func withdrawBookmarks(_ withdrawal: BookmarkWithdrawal) throws -> BookmarksWithdrawn
    /// Renames a tag and every tag nested under it (`favs tag --rename`), or takes them off every item (`new` nil:
    /// `--delete`), as one change; returns the items changed (none: no present item carries it).
    func renameTag(_ old: String, to new: String?) throws -> [ItemID]
    /// The saved searches, A–Z by name without case.
    func savedSearches() throws -> [SavedSearch]
    /// Renames a saved search (`favs searches --rename`), or takes it away (`new` nil: `--delete`), as one logged
    /// change; throws `noSearch` when there is none of that name, `searchExists` when `new` names another.
    func renameSearch(_ name: String, to new: String?) throws
    /// The ids `command` can change, in list order (shell completion).
    func ids(changedBy command: ItemCommand) throws -> [ItemID]
    /// The order the list was last shown in; nil when none was chosen.
    func rememberedOrder() throws -> ListQuery.Order?
    /// Whether the library remembers picks (`favs pick`'s frecency): a SQLite file does; a team library does each
    /// member's own (from format 6, when the role may write them); a member whose role may only read keeps theirs in
    /// their file of stars (`PersonalStarsLibrary`).
    var remembersPicks: Bool { get }
    /// Remembers that these items were picked at `time` (ms since 1970), as one logged change; returns the ids
    /// remembered (none where picks are not kept).
    @discardableResult
    func recordPicks(_ ids: [ItemID], at time: Int64) throws -> [ItemID]
    /// Every item's picks, oldest first (none where picks are not kept); a team library's member's own.
    func picks() throws -> [ItemID: [Pick]]
    /// Each picked item's frecency score at `now` (ms since 1970): what a list ranks kept items by.
    func pickScores(_ frecency: Frecency, at now: Int64) throws -> [ItemID: Double]
    /// Forgets every pick of these items, as one logged change; an unknown id throws `noItem` and nothing changes.
    /// Returns the ids that had picks.
    @discardableResult
    func forgetPicks(_ ids: [ItemID]) throws -> [ItemID]

    /// The ids of the items, deleted ones included, that have a field `term` matches, its `!` set aside
    /// (`FieldTerm.matches`): answered by the library's trigram index over the fields (SQLite's FTS5,
    /// PostgreSQL's `pg_trgm`), which every write keeps (on SQLite, an import leaves it to `indexFields(rows:)`).
    func ids(withField term: FieldTerm) throws -> Set<ItemID>
    /// Opens the same library again, for a thread of its own to answer field terms on (`FieldSearchQueue`) or to
    /// read the whole list on (`BackgroundListLoad`), so neither holds up the input thread; nil for a library no
    /// other connection can see.
    func reopenedForSearch() -> (@Sendable () throws -> any ItemLibrary)?
    /// Opens the same library again, writable, for a thread of its own to index the fields an import left out
    /// (`indexFields(rows:)`); nil when there are none, or they cannot be indexed from here (a library opened
    /// read-only or `:memory:`; PostgreSQL's import builds its index whole).
    func reopenedForIndexing() -> (@Sendable () throws -> any ItemLibrary)?
    /// Indexes the fields of up to `rows` more items an import left out; returns whether every item is indexed.
    func indexFields(rows: Int) throws -> Bool
    /// Stops the statement this library runs now, from another thread (its `ids(withField:)` then throws): a field
    /// search a newer one made worthless. Nil when it cannot be stopped (it runs to its end).
    func interrupter() -> (@Sendable () -> Void)?

    /// Adds or updates the records that `read` hands to `add` (each with its place, see `ImportPlaces`), in one
    /// transaction: on any error nothing changes. A repeated id throws `ImportDuplicate`; an error thrown by
    /// `read` is rethrown as it is.
    func importRecords(
        reading read: (_ add: (ImportRecord, _ place: Int) throws -> Void) throws -> Void
    ) throws -> ImportSummary

    /// Follows the changes other processes commit after `lastChange` (nil: after everything so far); nil for a
    /// library no other process can see (`:memory:`).
    func follower(after lastChange: Int64?) throws -> (any LibraryFollowing)?
    /// Follows the library from its whole list, read off the input thread: its first poll asks for the list, a
    /// later one answers it (`.reload`), and changes are followed from where it was read. Meanwhile it is watched as
    /// a followed library is (a server gone silent is said offline, and the read cut), and a read that fails is asked
    /// again. Nil for a library whose list is read otherwise (`BackgroundListLoad`).
    func listFollower() throws -> (any LibraryFollowing)?

    /// The same library worked off the input thread (changes persisted and fields read in the background), for a
    /// library across a network; nil for one that answers at once (a file on this machine), whose writes stay
    /// synchronous: a commit takes well under a millisecond, and a failed one (a full disk) is said at once.
    func inBackground() -> (any BackgroundLibrary)?

    /// Every item ever stored, deleted ones included, in list order, and what the library remembers: what
    /// `favs copy` reads.
    func copyOut(_ visit: (StoredItem) throws -> Void) throws -> LibraryPreferences
    /// Fills an empty library with the items `read` hands to `add` (another library's `copyOut`), and what
    /// `read` returns, in one transaction; refuses a library that holds items. Returns how many were copied.
    func copyIn(reading read: (_ add: (StoredItem) throws -> Void) throws -> LibraryPreferences) throws -> Int
}

/// Follows a library's change log: what other processes committed, as the items' current state.
public protocol LibraryFollowing: AnyObject {
    /// What changed since the last poll, made by other processes; empty when nothing did.
    func poll() throws -> [RemoteUpdate]
    /// What the status line says while changes cannot be followed (the server went away), nil otherwise.
    var trouble: String? { get }
}

/// An item as `favs copy` carries it: everything stored, deleted or not, and every set it belongs to.
public struct StoredItem: Equatable, Sendable {
    public var item: Item
    public var deleted: Bool
    /// The sets it belongs to besides favorites (which `item` carries), by name as stored, with the time each joined.
    public var sets: [StoredMember]

    public init(item: Item, deleted: Bool, sets: [StoredMember] = []) {
        self.item = item
        self.deleted = deleted
        self.sets = sets
    }

    /// Its rows of the members table, favorites first.
    public var memberRows: [StoredMember] {
        (item.favorite ? [StoredMember(.favorites, since: item.favoritedAt)] : []) + sets
    }
}

/// An item's membership of one set, as stored: the set (its name as stored) and when the item joined.
public struct StoredMember: Equatable, Sendable {
    public var set: SetID
    public var since: Int64?

    public init(_ set: SetID, since: Int64?) {
        self.set = set
        self.since = since
    }
}

/// What a library remembers besides its items.
public struct LibraryPreferences: Equatable, Sendable {
    public var name: String
    public var order: ListQuery.Order?

    public init(name: String, order: ListQuery.Order?) {
        self.name = name
        self.order = order
    }
}

extension ItemLibrary {
    /// The whole list: a library that does not test its rows as it reads them passes every one.
    public func loadList(titlesPassing prefilter: TitlePrefilter?) throws -> (items: ItemCollection, listCount: Int) {
        let items = try loadListToFollow().items
        return (items, items.count)
    }

    public func inBackground() -> (any BackgroundLibrary)? { nil }

    public var openingNotice: String? { nil }

    public var readOnlyReason: String? { nil }

    public var member: String? { nil }

    public var personalStars: String? { nil }
    public func listFollower() throws -> (any LibraryFollowing)? { nil }

    public func interrupter() -> (@Sendable () -> Void)? { nil }

    public func reopenedForIndexing() -> (@Sendable () throws -> any ItemLibrary)? { nil }

    public func indexFields(rows: Int) throws -> Bool { true }

    /// The items a search's field groups accept: every group must match (one of its terms).
    public func fieldMatches(_ groups: [[FieldTerm]]) throws -> FieldMatches {
        try FieldMatches.answering(groups) { try ids(withField: $0) }
    }
}
