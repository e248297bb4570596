import Foundation

/// What a user (or another process) did, named for the intent.
public enum Action: Hashable, Sendable {
    /// Put an item in a set (favorites: star it), or take it out when it is in.
    case toggleMember(SetID, ItemID)
    case delete(ItemID)
    /// Put every one of these items in a set, or take them all out when all are in already: one step.
    case toggleMembers(SetID, [ItemID])
    /// Put every one of these items in the sets of `join` and take them out of those of `leave` (a tag prompt's
    /// `+work -old`): one step, one undo; what already is as asked is left alone.
    case changeMembers([ItemID], join: [SetID], leave: [SetID])
    /// Rename a tag and every tag nested under it (`work` to `job`: `work/x` becomes `job/x`) on every present item:
    /// one step, one undo, persisted as the members' leaves and joins.
    case renameTag(String, to: String)
    /// Take a tag and every tag nested under it off every present item: one step, one undo.
    case deleteTag(String)
    /// Delete every one of these items: one step.
    case deleteAll([ItemID])
    /// Keep a search under a name, replacing the one the name had: one step, one undo.
    case saveSearch(SavedSearch)
    /// Take away the saved search of this name: one step, one undo.
    case deleteSearch(String)
    /// Give a saved search another name, one no other search has: one step, one undo.
    case renameSearch(String, to: String)
    /// Forget every pick of an item (ctrl-d in a picker), so it stops ranking first: one step, one undo.
    case forgetPicks(ItemID)
    case undo
    case redo
    /// A change already committed elsewhere (another process, the CLI): applied, not persisted, not undoable here.
    case external(ModelChange)
    /// Show what a query selects (a filter typed, the favorites view, a sort): not a change to the model, nothing
    /// to undo; a new order is remembered for the next run.
    case show(ListQuery)
    /// The detail shows this item: read its fields from the library unless they are at hand.
    case readFields(ItemID)
}

/// What changed in the model. Panes draw from the store every frame; an event is for repairing view
/// state: a cursor whose item went away, an offset to keep while rows above it come and go.
public enum StoreEvent: Hashable, Sendable {
    /// An item joined or left a set.
    case membershipChanged(SetID, ItemID)
    /// The item left the model; `at` is the row it had in the list, nil when the list did not show it.
    case removed(ItemID, at: Int?)
    /// The item came (back) into the model; `at` is its row in the list, nil when the list does not show it.
    case inserted(ItemID, at: Int?)
    /// The list query's result changed with the event before (a favorite toggled in the favorites view):
    /// the item's row went from `from` to `to`, nil where the list does not show it.
    case moved(ItemID, from: Int?, to: Int?)
    case reloaded
    /// The saved search of this name was saved, replaced or taken away.
    case searchChanged(String)
    /// The list query changed (`Action.show`): the list shows other rows.
    case queryChanged
    /// An item's fields were read (or the background library could not read them).
    case fieldsRead(ItemID)
    /// An item's picks changed (forgotten, or picked in another picker): its score, so its rank and row may have.
    case picksChanged(ItemID)
}

/// The result of sending an action: the change that stands, the events emitted, and an error to show.
public struct Outcome: Equatable, Sendable {
    /// The change now in effect (for undo: the inverse that was applied), nil when nothing changed.
    public var applied: ModelChange?
    public var events: [StoreEvent]
    public var error: String?

    public init(applied: ModelChange? = nil, events: [StoreEvent] = [], error: String? = nil) {
        self.applied = applied
        self.events = events
        self.error = error
    }
}
