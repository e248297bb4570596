import FavsModel

/// How a team library names one member's stars in its tables (format 5): the model knows your stars as the
/// favorites (`SetID.favorites`) and another member's as `@name` (`SetID.stars`); the tables keep every member's
/// under `@name`, your own included. Every name read from or written to `members` and `changes` goes through here,
/// so the rest of favs, and both backends' shared rules (`LibraryWriteTransaction`), never learn who is who.
///
/// Before format 5 the library had one set of stars, `favorites`, everyone's. The upgrade gives them to the member
/// who ran it and keeps the old rows under `favorites` as the record `favs team claim-favorites` reads; from then on
/// a `favorites` row is no set anyone sees.
struct StarNames: Sendable, Equatable {
    /// The member this process stars for.
    let member: String
    /// The format of the library's tables as this process reads them.
    let format: Int

    /// The format from which each member keeps stars of their own.
    static let membersFormat = 5

    /// The stored name of your stars: `@` and your name (`favorites` in an older library read as it is).
    var favorites: String { format >= Self.membersFormat ? "@" + member : "favorites" }

    /// What the tables call a set of the model.
    func stored(_ set: SetID) -> String { set == .favorites ? favorites : set.name }

    /// What the model calls a set the tables name; nil for a name no one sees (the record of the stars from before
    /// members had their own).
    func shown(_ name: String) -> SetID? {
        if name == favorites { return .favorites }
        if name == "favorites" { return nil }
        return SetID(name)
    }

    /// The same for a name a log row or a notice carries: a set's name (nil stays nil).
    func shown(optional name: String?) -> String? { name.flatMap(shown)?.name }

    /// The memberships of an item as stored, as the model names them.
    func shown(_ memberships: [(name: String, since: Int64?)]) -> [(name: String, since: Int64?)] {
        memberships.compactMap { row in shown(row.name).map { (name: $0.name, since: row.since) } }
    }
}
