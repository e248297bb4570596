import FavsModel
import Foundation

/// Follows a team library and a member's own stars beside it (`PersonalStarsLibrary`): the team's changes with the
/// favorites marked from the member's file, and the file's own changes (a star made in another browser of the member's,
/// or by `favs fav`), as each star that came or went, and each item's picks as the file holds them now (a pick or a
/// forget in another picker of the member's).
final class PersonalStarsFollower: LibraryFollowing {
    private let library: PersonalStarsLibrary
    private let team: (any LibraryFollowing)?
    /// Follows the file's change log; the stars this process writes itself are left out by their origin.
    private let mine: LibraryFollower?
    /// The stars as last compared: a change in the file is told as the stars that differ from them.
    private var known: [ItemID: Int64?]

    init(_ library: PersonalStarsLibrary, team: (any LibraryFollowing)?) throws {
        self.library = library
        self.team = team
        mine = try LibraryFollower(library.stars.library)
        known = try library.currentStars()
    }

    func poll() throws -> [RemoteUpdate] {
        var updates = try library.marked(team?.poll() ?? [])
        guard let mine else { return updates }
        let own = try mine.poll()
        guard !own.isEmpty else { return updates }
        updates += own.filter { update in
            if case .picks = update { return true }
            return false
        }
        // The stars are few: the file's whole set, compared, says every star another process gave or took away,
        // whatever its log said (a row, or "read everything again").
        // In the order of their ids, so that the same change is told the same way.
        let now = try library.currentStars()
        for (id, time) in now.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where known[id] != .some(time) {
            updates.append(.member(.favorites, id, true, at: time))
        }
        for id in known.keys.sorted(by: { $0.rawValue < $1.rawValue }) where now[id] == nil {
            updates.append(.member(.favorites, id, false, at: nil))
        }
        known = now
        return updates
    }

    var trouble: String? { team?.trouble }
}

/// A team library worked off the input thread (`PersonalStarsLibrary.inBackground`), with a member's own stars:
/// fields and items read by the team's background library, a star written to the file on this machine at once (a
/// commit takes well under a millisecond) and known saved then, with no notification to wait for. Any other change
/// goes to the team's library, which refuses it.
final class PersonalStarsBackground: BackgroundLibrary {
    private let library: PersonalStarsLibrary
    private let team: any BackgroundLibrary
    /// What finished here, not yet taken.
    private var finished: [BackgroundResult] = []
    /// The epoch whose change failed, and why: the later changes of that epoch were made on top of it and fail too.
    private var failed: (epoch: Int, reason: String)?

    init(_ library: PersonalStarsLibrary, team: any BackgroundLibrary) {
        self.library = library
        self.team = team
    }

    func submit(_ change: ModelChange, ticket: Int, epoch: Int) {
        if let failed, failed.epoch == epoch {
            finished.append(.persisted(ticket: ticket, error: failed.reason))
            return
        }
        do {
            try library.persist(change)
            finished.append(.items([.saved(ticket: ticket, then: nil)]))
        } catch {
            let reason = String(describing: error)
            failed = (epoch, reason)
            finished.append(.persisted(ticket: ticket, error: reason))
        }
    }

    func requestFields(of id: ItemID) { team.requestFields(of: id) }
    func requestItems(_ ids: [ItemID]) { team.requestItems(ids) }

    func takeResults() -> [BackgroundResult] {
        var results = finished
        finished = []
        for result in team.takeResults() {
            guard case let .items(updates) = result else {
                results.append(result)
                continue
            }
            // Items read again are marked from the file; one that cannot be read now is left as the library said.
            results.append(.items((try? library.marked(updates)) ?? updates))
        }
        return results
    }

    func finish() { team.finish() }

    func persist(_ change: ModelChange) throws { try library.persist(change) }
    func remember(order: ListQuery.Order) throws { try library.remember(order: order) }
    func fields(of id: ItemID) throws -> [Field] { try team.fields(of: id) }
}
