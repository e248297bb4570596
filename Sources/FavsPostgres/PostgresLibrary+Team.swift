import FavsLibrary
import FavsModel

/// A team library's members (format 5): each keeps their own stars (`StarNames`).
extension PostgresLibrary {
    /// What `favs team claim-favorites` did: how many stars from before members had their own moved, and from whom.
    /// Why a claim changed nothing: the library has no stars from before, or they are yours already.
    public struct NothingToClaim: Error, CustomStringConvertible {
        public var description: String
    }

    public struct Claim: Equatable, Sendable {
        public var count: Int
        public var from: String
    }

    /// Gives the stars the library had before each member kept their own (format 5's upgrade gave them to the member
    /// who ran it) to this member: they leave that member's stars and join yours, each with its time; a star you
    /// had already stays as it was. One transaction, with a reload row: every favs following the library reads it
    /// again. Throws `NothingToClaim` when the library has no such stars, and when they are yours already.
    public func claimFavorites() throws -> Claim {
        try refuseOlderFormat()
        let you = session.target.member
        return try session.transaction(writes: true) {
            guard let holder = try session.query("SELECT value FROM meta WHERE key = 'favorites_given_to'").first?
                .decode(String.self) else {
                throw NothingToClaim(description: "library \(location) has no stars from before members kept their own")
            }
            guard holder != you else {
                throw NothingToClaim(description: "the library's stars from before members kept their own are yours already, \(you)")
            }
            let count = try Self.starsFromBefore(session)
            try session.query("""
                DELETE FROM members m USING members old
                WHERE old.set_name = 'favorites' AND m.item_id = old.item_id AND m.set_name = \(SetID.stars(of: holder).name)
                """)
            try session.query("""
                INSERT INTO members (set_name, item_id, added_at) SELECT \(names.favorites), item_id, added_at FROM members
                WHERE set_name = 'favorites' ON CONFLICT DO NOTHING
                """)
            try session.query("UPDATE meta SET value = \(you) WHERE key = 'favorites_given_to'")
            try log(.reload, "")
            return Claim(count: Int(count), from: holder)
        }
    }

    /// The role this library is opened as (the login's), for a message.
    public var role: String { session.target.user }

    /// Where this member keeps their own stars when their role may only read the library (`PersonalStarsLibrary`,
    /// `LibraryLocation.personalStars`): named by the server, the database, the schema and the member. Nil when the
    /// role may write it, or when its tables are older than members' own stars (format 5).
    public func personalStarsLocation(environment: [String: String]) throws -> LibraryLocation? {
        guard !writable, tableFormat >= StarNames.membersFormat else { return nil }
        let target = session.target
        let server = switch target.endpoint {
        case let .tcp(host, port): "\(host):\(port)"
        case let .socket(path): path
        }
        return try LibraryLocation.personalStars(server: server, database: target.database, schema: target.schema,
                                                 member: target.member, environment: environment)
    }
}
