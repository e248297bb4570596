import Foundation

/// What a user (or another process) did, named for the intent.
public enum Action: Hashable, Sendable {
    case toggleFavorite(ItemID)
    case delete(ItemID)
    case undo
    case redo
    /// A change already committed elsewhere (another process, the CLI): applied, not persisted, not undoable here.
    case external(ModelChange)
}

/// What changed in the model. It tells a pane *whether* to redraw; what it draws comes from the store.
public enum StoreEvent: Hashable, Sendable {
    case favoriteChanged(ItemID)
    case removed(ItemID, at: Int)
    case inserted(ItemID, at: Int)
    case reloaded
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
