import Foundation

/// A named set of items. An item belongs to any number of sets; favorites is the first of them, and every set is
/// held, changed, counted, undone, synced and shown the same way: one change kind (`ModelChange.setMember`), one
/// event (`StoreEvent.membershipChanged`), one scope of the list (`ListQuery.Scope.members`), one count structure
/// (`Membership`). What sets favorites apart is only what is *done* with it: a search ranks a favorite before an
/// equal match, the recently favorited order reads its times, and the favorites pane shows it.
///
/// A tag is a set named `#` and its path (`#reading/2026`): stored, logged and synced under that name like any
/// other. Tags keep their case but are compared without it, so two `SetID`s of one tag in other cases are equal
/// and hash alike.
public struct SetID: Hashable, Sendable, CustomStringConvertible {
    /// The set's name as stored and logged: `favorites`, or `#` and a tag's path.
    public let name: String
    /// What equality and hashing read: the name, case-folded for a tag.
    private let key: String

    public init(_ name: String) {
        self.name = name
        key = name.hasPrefix("#") ? name.lowercased() : name
    }

    /// The favorites: what `f` stars.
    public static let favorites = SetID("favorites")

    /// The tag at this path (`work`, `reading/2026`), as written: no check (`TagPath.parse` checks).
    public static func tag(_ path: String) -> SetID { SetID("#" + path) }

    /// A tag folder: the items carrying the tag at `path` or one nested under it (`work` holds what `work` and
    /// `work/done` hold). Named `#work/`, a name no tag has (`TagPath` refuses an empty last name): the collection
    /// keeps it from its tags (`ItemCollection`), and it is never written, logged or changed by itself.
    public static func tagFolder(_ path: String) -> SetID { SetID("#" + path + "/") }

    /// A member's stars in a team library (`@alice`): that member's favorites, as another member's favs holds them.
    /// Your own are `favorites` (a team library's backend names them by member when it stores them); another
    /// member's are shown and counted, never changed here.
    public static func stars(of member: String) -> SetID { SetID("@" + member) }

    /// The team's stars: the items someone starred, each counted by how many did (your favorites and every member's
    /// stars the collection holds). Named `@`, which no member's set is: the collection keeps it once another
    /// member's stars are in it (`ItemCollection`), and it is never written, logged or changed by itself.
    public static let team = SetID("@")

    /// The picked items: those with a frecency score (`favs pick` remembered them, and they were not forgotten), the
    /// collections pane's `↻ Frequent`. Named `%`, which no stored set is: the collection keeps it from the picks'
    /// scores (`ItemCollection+Picked`), and it is never written, logged or changed by itself.
    public static let picked = SetID("%")

    /// The member whose stars this set is (`alice` for `@alice`); nil for any other set.
    public var starsMember: String? { isStars ? String(name.dropFirst()) : nil }

    public var isStars: Bool { name.hasPrefix("@") && name.count > 1 }
    public var isTeam: Bool { name == "@" }
    public var isPicked: Bool { name == "%" }

    /// A set the collection keeps from others and that no change names: a tag folder, the team's stars, the picked.
    public var isDerived: Bool { isTagFolder || isTeam || isPicked }

    /// A tag's path (`reading/2026`); nil for a set that is not a tag (a folder is not).
    public var tagPath: String? { isTag ? String(name.dropFirst()) : nil }

    /// A folder's path (`reading`); nil for a set that is not a folder.
    public var folderPath: String? { isTagFolder ? String(name.dropFirst().dropLast()) : nil }

    public var isTag: Bool { name.hasPrefix("#") && !name.hasSuffix("/") }
    public var isTagFolder: Bool { name.hasPrefix("#") && name.hasSuffix("/") && name.count > 2 }

    /// What a screen calls it: the name, a folder as its tag (`#work`), a member's stars as `★ alice`.
    public var description: String {
        if isTeam { return "★ team" }
        if isPicked { return "↻ frequent" }
        if let member = starsMember { return "★ " + member }
        return folderPath.map { "#" + $0 } ?? name
    }

    public static func == (a: SetID, b: SetID) -> Bool { a.key == b.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}
