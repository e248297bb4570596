import Foundation

/// The one place the model lives. Actions go in; the model changes, is persisted, and the events it caused come
/// back to the caller (`Outcome.events`), which repairs its view state from them: data flows one way, and nothing
/// calls back into the caller while it is inside `send`, `sync` or `settleBackground`.
///
/// A change is applied to the model first, then committed to the sink; if the commit fails the inverse
/// is applied, so every pane redraws the model as it is on disk, and the error is returned.
/// The list the user sees is derived here too: the result of the list query, updated in `apply`.
public final class Store {
    public private(set) var items: ItemCollection
    /// The list query's result, kept current with every change.
    var result = QueryResult()
    /// `shownMembers` of the set last asked, and the rows and slot numbering it was made from.
    private var shownMembersCache: (set: SetID, version: Int, generation: Int, slots: [Int32])?
    var undoStack: [ModelChange] = []
    var redoStack: [ModelChange] = []
    private let sink: ChangeSink?
    private let fieldSource: FieldSource?
    private let clock: () -> Int64
    /// The latest time an item joined a set, in the model: each new member is stamped after it (`FavoriteStamp`).
    private var latestFavoriteTime: Int64?
    /// Fields read from the source, kept for the few items recently shown.
    var fieldCache: [ItemID: [Field]] = [:]
    /// A library across a network: changes persisted and fields read off the input thread.
    let background: (any BackgroundLibrary)?
    /// Changes applied on screen and handed to the background library, not yet known to be saved, oldest first;
    /// each with the history as it was before it, which a rollback puts back.
    var pending: [Pending] = []
    private var nextTicket = 1
    /// Bumped by each rollback: changes of an epoch that failed are not tried after it.
    var epoch = 0
    /// The undo and redo history as the action being sent found it.
    private var historyBeforeSend: History = History()
    /// Changes taken back because saving them failed: should one turn out to be saved after all (its
    /// notification comes back), it is applied again.
    var takenBack: Set<Int> = []
    /// Items whose fields the background library is reading, and why it could not read some.
    var loadingFields: Set<ItemID> = []
    var fieldFailures: [ItemID: String] = [:]
    /// Answers the list query's field terms (see `Store+Fields.swift`); nil when nothing has fields to search.
    let fieldSearch: (any FieldSearch)?
    /// The field terms last asked and not yet answered, and the latest answer with the terms it is for.
    var fieldAsk: (groups: [[FieldTerm]], ticket: Int)?
    var fieldAnswer: (groups: [[FieldTerm]], matches: FieldMatches, ticket: Int)?
    /// Why the library could not answer the field terms, for the status line.
    var fieldFailure: String?
    var nextFieldTicket = 1
    /// The saved searches, A–Z by name (`Store+Searches.swift`).
    var searches: [SavedSearch] = []
    /// Counts every change to the model (applied or reloaded): a saved search's count is made once per change.
    var modelVersion = 0
    /// Each saved search's count and the `modelVersion` it was made at.
    var searchCounts: [SavedSearch: (version: Int, count: Int)] = [:]
    /// Counts the changes that may change which items are picked or present (`Store+Picked.swift`), and the most
    /// picked items as last asked, with the count and the limit they were made at.
    var picksVersion = 0
    var mostPickedKept: (version: Int, limit: Int, value: MostPicked)?

    /// `fieldSource`, when given, supplies the fields of items loaded without them (their `fields` empty).
    public convenience init(items: [Item], sink: ChangeSink? = nil, fieldSource: FieldSource? = nil,
                            fieldSearch: (any FieldSearch)? = nil, clock: @escaping () -> Int64 = Store.now) {
        self.init(collection: ItemCollection(items), sink: sink, fieldSource: fieldSource, fieldSearch: fieldSearch,
                  clock: clock)
    }

    /// `query`: what the list shows at first (a remembered order, say). `fieldSearch`: what answers the query's
    /// field terms (the library's index); without one they are left out. `clock`: the time a favorite is
    /// recorded at, in milliseconds since 1970.
    /// `searches`: the library's saved searches.
    public init(collection: ItemCollection, sink: ChangeSink? = nil, fieldSource: FieldSource? = nil,
                fieldSearch: (any FieldSearch)? = nil, query: ListQuery = ListQuery(), searches: [SavedSearch] = [],
                clock: @escaping () -> Int64 = Store.now) {
        self.items = collection
        self.searches = searches.sorted(by: SavedSearch.areInOrder)
        self.sink = sink
        self.fieldSource = fieldSource
        self.fieldSearch = fieldSearch
        background = sink as? any BackgroundLibrary
        self.clock = clock
        latestFavoriteTime = collection.latestFavoriteTime
        result.update(to: query, fields: fieldFilter(for: query), in: items)
    }

    // MARK: What panes show

    /// The list: the items the list query shows, by row.
    public var list: ListRows { ListRows(store: self) }
    /// A set's members, by row (what a pane showing the set draws).
    public func members(of set: SetID) -> MemberRows { MemberRows(store: self, set: set) }
    /// The favorites, by row.
    public var favorites: MemberRows { members(of: .favorites) }

    /// While a search is on, every member of a set in a pane's order: those the list shows, in its order (best
    /// first), then the others in library order (enter on one clears the search to show it). Nil otherwise: every
    /// member in library order. Made once per change of the list, from each member's row in it (a search in the
    /// result's order), not from a pass over every row the list shows; a search answered top first has its matched
    /// favorites in order already.
    func shownMembers(of set: SetID) -> [Int32]? {
        guard !result.query.filter.isEmpty else { return nil }
        if let cache = shownMembersCache, cache.set == set, cache.version == result.version,
           cache.generation == items.generation {
            return cache.slots
        }
        let slots: [Int32]
        if set == .favorites, let topFirst = result.topFirst {
            let shown = Set(topFirst.favorites)
            slots = topFirst.favorites + items.favoriteSlots.lazy.map(Int32.init).filter { !shown.contains($0) }
        } else {
            completeOrder()  // each member's row: the whole order
            var matched: [(row: Int, slot: Int32)] = []
            var others: [Int32] = []
            for slot in items.memberSlots(of: set) {
                if let row = result.row(ofSlot: slot, in: items) { matched.append((row, Int32(slot))) } else { others.append(Int32(slot)) }
            }
            matched.sort { $0.row < $1.row }
            slots = matched.map(\.slot) + others
        }
        shownMembersCache = (set, result.version, items.generation, slots)
        return slots
    }
    /// What the list shows.
    public var query: ListQuery { result.query }
    /// Gets the titles ready for a search's first key in the background (a search is about to be typed).
    public func prepareSearch() { items.prepareSearch() }
    /// Whether a search is answered top first (`TopFirst`): its first rows, the rest of its order when asked. What a
    /// browser wants after each key; a command that prints every match does not.
    public var answersSearchesTopFirst: Bool {
        get { result.answersTopFirst }
        set { result.answersTopFirst = newValue }
    }

    /// Makes the whole order of a search answered top first when a reader needs more than its first rows.
    func completeOrder(unlessKnown rows: Int) {
        if !result.knows(rowsBelow: rows) { result.completeOrder(in: items) }
    }

    func completeOrder(unlessPlaced id: ItemID) {
        if !result.knowsRow(of: id, in: items) { result.completeOrder(in: items) }
    }

    func completeOrder() { result.completeOrder(in: items) }
    /// The query's search over titles, as the list was answered with it (what the highlight asks where it matched).
    public var search: SearchPattern { result.search }
    /// What the query's reading left out (a malformed term, field terms with no library to search), or why the
    /// library could not answer its field terms, for the status line; nil when nothing.
    public var searchProblem: String? {
        ListQuery.problem(in: result.reading, fieldsSearched: fieldSearch != nil) ?? (searchesFields ? fieldFailure : nil)
    }

    /// `.show`: the items a new query selects. Not a change to the model: nothing is undone, and only a new
    /// order is remembered (by the sink, for the next run); a failure to remember it is the outcome's error.
    private func show(_ query: ListQuery) -> Outcome {
        guard query != result.query else { return Outcome() }
        let orderChanged = query.order != result.query.order
        result.update(to: query, fields: fieldFilter(for: query), in: items)
        guard orderChanged, let sink else { return Outcome(events: [.queryChanged]) }
        do {
            try sink.remember(order: query.order)
            return Outcome(events: [.queryChanged])
        } catch {
            return Outcome(events: [.queryChanged], error: "Order not remembered: \(Self.describe(error))")
        }
    }

    /// `.readFields`: an item's fields from the field source unless they are at hand: the I/O the detail pane
    /// needs, done when the selection changes, never while drawing. A failed read keeps nothing and is the
    /// outcome's error; a background library reads them later (`settleBackground` says when).
    private func readFields(of id: ItemID) -> Outcome {
        guard let item = items[id], item.fields.isEmpty, let fieldSource, fieldCache[id] == nil else { return Outcome() }
        if let background, background === fieldSource {
            fieldFailures[id] = nil
            if loadingFields.insert(id).inserted { background.requestFields(of: id) }
            return Outcome()
        }
        do {
            let fields = try fieldSource.fields(of: id)
            if fieldCache.count >= 64 { fieldCache.removeAll(keepingCapacity: true) }
            fieldCache[id] = fields
            return Outcome(events: [.fieldsRead(id)])
        } catch {
            return Outcome(error: "Cannot read the fields: \(Self.describe(error))")
        }
    }

    /// An item's fields, in order, as far as they have been read: nil when the field source holds them
    /// and `.readFields` has not read them (or could not).
    public func fields(of id: ItemID) -> [Field]? {
        guard let item = items[id] else { return nil }
        guard item.fields.isEmpty, fieldSource != nil else { return item.fields }
        return fieldCache[id]
    }

    /// Whether the background library is still reading an item's fields (the detail says `loading…`).
    public func isLoadingFields(of id: ItemID) -> Bool { loadingFields.contains(id) }

    /// Why the background library could not read an item's fields, the last time it was asked (the detail
    /// says so; the status line is left to say why the library cannot be reached, if that is why).
    public func fieldFailure(of id: ItemID) -> String? { fieldFailures[id] }

    /// How many changes are on screen and not yet known to be saved (the status line says `saving…`).
    public var unsavedCount: Int { pending.count { $0.savedAt == nil } }

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Applies an action; the outcome holds every event it caused, in order, for the caller's view state.
    @discardableResult
    public func send(_ action: Action) -> Outcome {
        if background != nil { historyBeforeSend = History(undo: undoStack, redo: redoStack) }  // what a rollback puts back
        var outcome: Outcome
        switch action {
        case let .toggleMember(set, id):
            guard items.contains(id) else { return Outcome(error: "no item '\(id)'") }
            if let refusal = Self.refusal(toChange: [set]) { return Outcome(error: refusal) }
            let member = items.isMember(id, of: set)
            outcome = commitNew([.setMember(items.spelling(of: set), id, !member, at: member ? items.memberSince(id, in: set) : stamp(for: set))])
        case let .delete(id):
            guard let item = items[id] else { return Outcome(error: "no item '\(id)'") }
            outcome = commitNew([.delete(item)])
        case let .toggleMembers(set, ids):
            if let refusal = Self.refusal(toChange: [set]) { return Outcome(error: refusal) }
            let marked = ids.filter(items.contains)
            let value = !marked.allSatisfy { items.isMember($0, of: set) }
            // Made one after the other, in the order given: the last is the most recent.
            let parts = marked.filter { items.isMember($0, of: set) != value }.map { id in
                ModelChange.setMember(items.spelling(of: set), id, value, at: value ? stamp(for: set) : items.memberSince(id, in: set))
            }
            guard !parts.isEmpty else { return Outcome(error: "Nothing to change") }
            outcome = commitNew(parts)
        case let .changeMembers(ids, join, leave):
            if let refusal = Self.refusal(toChange: join + leave) { return Outcome(error: refusal) }
            var parts: [ModelChange] = []
            for id in ids where items.contains(id) {
                for set in join where !items.isMember(id, of: set) {
                    parts.append(.setMember(items.spelling(of: set), id, true, at: stamp(for: set)))
                }
                for set in leave where items.isMember(id, of: set) {
                    parts.append(.setMember(items.spelling(of: set), id, false, at: items.memberSince(id, in: set)))
                }
            }
            guard !parts.isEmpty else { return Outcome(error: "Nothing to change") }
            outcome = commitNew(parts)
        case let .renameTag(old, new):
            outcome = renameTag(old, to: new)
        case let .deleteTag(old):
            outcome = renameTag(old, to: nil)
        case let .deleteAll(ids):
            let parts = ids.compactMap { items[$0] }.map(ModelChange.delete)
            guard !parts.isEmpty else { return Outcome(error: "Nothing to delete") }
            outcome = commitNew(parts)
        case let .saveSearch(search):
            let current = savedSearch(named: search.name)
            guard current != search else { return Outcome(error: "“\(search.name)” is saved as it is already") }
            outcome = commitNew([.search(search.name, from: current, to: search)])
        case let .deleteSearch(name):
            guard let current = savedSearch(named: name) else { return Outcome(error: "No saved search “\(name)”") }
            outcome = commitNew([.search(name, from: current, to: nil)])
        case let .renameSearch(name, new):
            guard let current = savedSearch(named: name) else { return Outcome(error: "No saved search “\(name)”") }
            guard new != name else { return Outcome(error: "“\(name)” is its name already") }
            guard savedSearch(named: new) == nil else { return Outcome(error: "“\(new)” names another search") }
            // As the library writes it: the old name's row taken away, then the new one's.
            outcome = commitNew([.search(name, from: current, to: nil), .search(new, from: nil, to: current.renamed(new))])
        case let .forgetPicks(id):
            guard let item = items[id] else { return Outcome(error: "no item '\(id)'") }
            let picks = items.picks(of: id)
            guard !picks.isEmpty else { return Outcome(error: "“\(item.title)” has no picks to forget") }
            outcome = commitNew([.picks(id, from: picks, to: [])])
        case .undo:
            guard let last = undoStack.last else { return Outcome(error: "Nothing to undo") }
            outcome = commit(last.inverse)
            if outcome.applied != nil {
                redoStack.append(undoStack.removeLast())
            } else if outcome.events.isEmpty {
                undoStack.removeLast()  // its item changed elsewhere: this step can never apply again
            }
        case .redo:
            guard let next = redoStack.last else { return Outcome(error: "Nothing to redo") }
            outcome = commit(next)
            if outcome.applied != nil {
                undoStack.append(redoStack.removeLast())
            } else if outcome.events.isEmpty {
                redoStack.removeLast()
            }
        case let .external(change):
            let events = apply(change)
            outcome = Outcome(applied: events.isEmpty ? nil : change, events: events)
        case let .show(query):
            outcome = show(query)
        case let .readFields(id):
            outcome = readFields(of: id)
        }
        return outcome
    }

    /// Why a folder of tags is not joined or left by itself: its members are its tags'.
    static let folderRefusal = "A folder holds what its tags hold: tag the item instead"

    /// Why a change of these sets is refused; nil when it may be made. A folder and the team's stars are kept from
    /// other sets; another member's stars are theirs to change (your own are the favorites).
    static func refusal(toChange sets: [SetID]) -> String? {
        if sets.contains(where: \.isTagFolder) { return folderRefusal }
        if sets.contains(where: \.isTeam) { return "The team's stars are each member's: star it as yours" }
        if sets.contains(where: \.isPicked) { return "An item is picked in favs pick, and forgotten there with ctrl-d" }
        if let member = sets.lazy.compactMap(\.starsMember).first { return "Those are \(member)'s stars: only \(member) changes them" }
        return nil
    }

    /// Commits a new change (one part, or several as one batch) and, when it stands, makes it the next undo.
    func commitNew(_ parts: [ModelChange]) -> Outcome {
        let outcome = commit(parts.count == 1 ? parts[0] : .batch(parts))
        if let applied = outcome.applied {
            undoStack.append(applied)
            redoStack.removeAll()
        }
        return outcome
    }

    /// Applies, persists, and on a failed write applies the inverse: the model always matches the disk.
    private func commit(_ change: ModelChange) -> Outcome {
        let events = apply(change)
        guard !events.isEmpty else {
            if case let .batch(parts) = change { return Outcome(error: "Some of these \(parts.count) items have changed elsewhere") }
            if case let .search(name, _, _) = change { return Outcome(error: "Search “\(name)” has changed elsewhere") }
            return Outcome(error: "“\(items[change.itemID]?.title ?? change.itemID.readable)” has changed elsewhere")
        }
        if let background {
            pending.append(Pending(ticket: nextTicket, change: change, history: historyBeforeSend))
            background.submit(change, ticket: nextTicket, epoch: epoch)
            nextTicket += 1
            return Outcome(applied: change, events: events)
        }
        do {
            try sink?.persist(change)
            return Outcome(applied: change, events: events)
        } catch {
            let undo = apply(change.inverse)
            return Outcome(events: events + undo, error: "Not saved: \(Self.describe(error))")
        }
    }

    /// The time an item joins a set now: for a favorite, `nextStamp`; for another set, the clock's.
    private func stamp(for set: SetID) -> Int64 { set == .favorites ? nextStamp() : clock() }

    /// The time of a favorite made now: never the time of an earlier one, never before it.
    private func nextStamp() -> Int64 {
        let stamp = FavoriteStamp.next(now: clock(), after: latestFavoriteTime)
        latestFavoriteTime = stamp
        return stamp
    }

    /// Keeps `latestFavoriteTime` at the latest favorite time the model has held (made here or elsewhere).
    private func noteFavoriteTime(_ time: Int64?) {
        guard let time else { return }
        latestFavoriteTime = max(latestFavoriteTime ?? time, time)
    }

    /// Applies a change to the model and to the list query's result; returns the events, none when the
    /// change does not apply.
    func apply(_ change: ModelChange) -> [StoreEvent] {
        modelVersion &+= 1
        if movesPicked(change) { picksVersion &+= 1 }
        if case let .search(name, from, to) = change { return applySearch(name, from: from, to: to) }
        // The result follows a change by where the item was and is in the whole order: made now, before the items change.
        result.itemsWillChange(in: items)
        switch change {
        case let .setMember(set, id, value, at):
            guard !set.isDerived, let slot = items.presentSlot(of: id) else { return [] }
            let hadTeam = items.hasTeamStars
            let index = items.setIndex(making: set)
            // The first other member's stars make the team's set, from every favorite at once: a list showing it
            // is answered afresh rather than followed by one row.
            if !hadTeam, items.hasTeamStars, result.query.scope == .members(.team) {
                if items.isMember(slot: slot, ofSet: index) != value { items.setMember(slot: slot, ofSet: index, value, at: at) }
                result.recompute(in: items)
                return [.membershipChanged(set, id), .reloaded]
            }
            guard items.isMember(slot: slot, ofSet: index) != value else { return [] }
            if value, set == .favorites { noteFavoriteTime(at) }
            let from = result.membershipWillChange(of: set, slot: slot, in: items)
            items.setMember(slot: slot, ofSet: index, value, at: at)
            let to = result.membershipDidChange(of: set, slot: slot, in: items)
            let changed = StoreEvent.membershipChanged(set, id)
            return from == to ? [changed] : [changed, .moved(id, from: from, to: to)]
        case let .delete(item):
            guard let row = items.remove(item.id), let slot = items.slot(of: item.id) else { return [] }
            return [.removed(item.id, at: result.removed(slot: slot, row: row, in: items))]
        case let .restore(item):
            let neverHeld = items.slot(of: item.id) == nil
            guard let row = items.insert(item) else { return [] }
            noteFavoriteTime(item.favoritedAt)
            let inserted = StoreEvent.inserted(item.id, at: result.inserted(item.id, row: row, in: items))
            // An item the collection never held (another process's): the field answer knows nothing of it.
            guard neverHeld, searchesFields else { return [inserted] }
            askFieldsAgain()
            return [inserted, .reloaded]
        case let .batch(parts):
            var events: [StoreEvent] = []
            for (index, part) in parts.enumerated() {
                let partEvents = apply(part)
                guard !partEvents.isEmpty else {
                    // A part no longer applies: take back the parts before it, so a batch is all or nothing.
                    for done in parts[..<index].reversed() { _ = apply(done.inverse) }
                    return []
                }
                events += partEvents
            }
            return events
        case .search:
            return []  // applied above: it changes no item
        case let .picks(id, from, to):
            // Only from the picks the model holds (a change elsewhere since then makes it not apply).
            guard items.contains(id), items.picks(of: id) == from, items.replacePicks(of: id, with: to) else { return [] }
            // A score decides a row only in a ranked search, an order by picks or the picked items' list: the list is
            // made again then.
            if !result.query.filter.isEmpty || result.query.order == .frequent || result.query.scope == .members(.picked) {
                result.recompute(in: items)
            }
            return [.picksChanged(id)]
        }
    }

    /// Replaces the whole model (a reload from disk: another process imported, a server came back). The history
    /// is kept: each step names its items by id, so an undo after the reload takes back the same change, and one
    /// whose item changed meanwhile says so and is dropped, as after any other process's change. Changes still on
    /// their way to the library are applied again on top: the list read may not hold them yet. `newSearches`, when
    /// read with the list, replace the saved searches: a search saved or taken away meanwhile is in them.
    ///
    /// A change of ours known saved before the read was `asked` (nil: just now) is in the list and leaves the
    /// pending list; one saved after it may have been committed after the read's snapshot, so it stays on top until
    /// its notification comes (`.saved`). (Dropping it too once took a star off the screen that the library held:
    /// a list read asked as the server came back answered after the star's result, without it.)
    func reload(_ newItems: ItemCollection, searches newSearches: [SavedSearch]?,
                asked: ContinuousClock.Instant? = nil) -> [StoreEvent] {
        let (scores, history) = (items.pickScores, items.pickHistory)
        items = newItems
        // A list read again (the whole list after a preview, an import) keeps the picks read at the picker's start,
        // and those changed since.
        if newItems.pickHistory == nil, let history {
            items.setPicks(history)
        } else if items.pickScores.isEmpty, !scores.isEmpty {
            items.setPickScores(scores)
        }
        if let newSearches { searches = newSearches.sorted(by: SavedSearch.areInOrder) }
        modelVersion &+= 1
        picksVersion &+= 1
        noteFavoriteTime(newItems.latestFavoriteTime)
        result.recompute(in: items)
        askFieldsAgain()
        fieldCache.removeAll()
        loadingFields.removeAll()
        fieldFailures.removeAll()
        pending.removeAll { change in change.savedAt.map { saved in asked.map { saved < $0 } ?? true } ?? false }
        for index in pending.indices { _ = apply(pending[index].change) }
        return [.reloaded]
    }

    /// The time now, in milliseconds since 1970: when a favorite is recorded.
    public static func now() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }

    /// The first line of an error's description, for the status line.
    public static func describe(_ error: Error) -> String {
        let text = String(describing: error)
        return text.split(separator: "\n").first.map(String.init) ?? text
    }
}
