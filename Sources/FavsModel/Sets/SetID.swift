import Foundation

/// A named set of items. An item belongs to any number of sets; favorites is the first of them, and every set is
/// held, changed, counted, undone, synced and shown the same way: one change kind (`ModelChange.setMember`), one
/// event (`StoreEvent.membershipChanged`), one scope of the list (`ListQuery.Scope.members`), one count structure
/// (`Membership`). What sets favorites apart is only what is *done* with it: a search ranks a favorite before an
/// equal match, the recently favorited order reads its times, and the favorites pane shows it.
public struct SetID: Hashable, Sendable, CustomStringConvertible {
    /// The set's name as stored and logged.
    public let name: String

    public init(_ name: String) { self.name = name }

    /// The favorites: what `f` stars.
    public static let favorites = SetID("favorites")

    public var description: String { name }
}
