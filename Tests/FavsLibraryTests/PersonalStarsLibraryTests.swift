@testable import FavsLibrary
import FavsModel
import Foundation
import Testing

/// A member's own stars kept beside a library they may only read (`PersonalStarsLibrary`), whatever the library: here
/// a file stands in for the team's, which keeps the sample's three stars as its own record. Every read is marked from
/// the member's file, a star goes there and nowhere else, and another process on the same file follows it.
@Suite struct PersonalStarsLibraryTests {
    private func withTeamAndStars(_ body: (SQLiteLibrary, LibraryLocation) throws -> Void) throws {
        try withSampleLibrary { team, path in
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            try body(team, try LibraryLocation.personalStars(server: "db:5432", database: "team", schema: "public",
                                                             member: "carol", environment: ["XDG_DATA_HOME": folder]))
        }
    }

    @Test func aStarGoesToTheFileAndEveryReadIsMarkedFromIt() throws {
        try withTeamAndStars { team, stars in
            let library = try PersonalStarsLibrary(team: team, starsAt: stars)
            #expect(library.personalStars == stars.path && FileManager.default.fileExists(atPath: stars.path))
            #expect(try library.loadListToFollow().items.favoriteIDs == [], "the library's record of stars is not the member's")

            #expect(try library.apply(.favorite, to: ["rec-002", "rec-005"]) == ["rec-002", "rec-005"])
            try library.persist(.setMember(.favorites, "rec-003", true, at: 42))
            #expect(try library.loadListToFollow().items.favoriteIDs == ["rec-002", "rec-003", "rec-005"])
            #expect(try library.item("rec-003")?.favoritedAt == 42)
            #expect(try library.loadItems().filter(\.favorite).map(\.id) == ["rec-002", "rec-003", "rec-005"])
            #expect(try team.loadItems().filter(\.favorite).map(\.id) == ["rec-001", "rec-004", "rec-008"], "unchanged")
            #expect(try library.ids(changedBy: .unfavorite) == ["rec-002", "rec-003", "rec-005"])
            #expect(try library.ids(changedBy: .favorite).count == 25)

            // An id the library does not hold changes nothing.
            #expect(message { _ = try library.apply(.favorite, to: ["rec-001", "nope"]) } == "no item 'nope'")
            #expect(try library.loadListToFollow().items.favoriteIDs == ["rec-002", "rec-003", "rec-005"])
        }
    }

    @Test func anotherProcessOnTheFileFollowsEachStarAsItComesAndGoes() throws {
        try withTeamAndStars { team, stars in
            let mine = try PersonalStarsLibrary(team: team, starsAt: stars)
            let other = try PersonalStarsLibrary(team: team, starsAt: stars)
            let (_, lastChange) = try mine.loadListToFollow()
            let follower = try #require(try mine.follower(after: lastChange))
            #expect(try follower.poll() == [])

            try other.persist(.batch([.setMember(.favorites, "rec-002", true, at: 7), .setMember(.favorites, "rec-006", true, at: 8)]))
            #expect(try follower.poll() == [.member(.favorites, "rec-002", true, at: 7), .member(.favorites, "rec-006", true, at: 8)])
            try other.persist(.setMember(.favorites, "rec-002", false, at: 7))
            #expect(try follower.poll() == [.member(.favorites, "rec-002", false, at: nil)])
            // Its own stars are not told back to it.
            try mine.persist(.setMember(.favorites, "rec-009", true, at: 9))
            #expect(try follower.poll() == [])
        }
    }

    /// The member's picks are theirs as their stars are: kept in the file, never the library's, forgotten and put back
    /// there, and followed by another process on the file.
    @Test func aPickGoesToTheFileAndIsForgottenUndoneAndFollowedThere() throws {
        try withTeamAndStars { team, stars in
            try team.recordPicks(["rec-001"], at: 1)  // the library's own record, not the member's
            let library = try PersonalStarsLibrary(team: team, starsAt: stars)
            let other = try PersonalStarsLibrary(team: team, starsAt: stars)
            #expect(library.remembersPicks)
            #expect(try library.picks().isEmpty)
            let follower = try #require(try library.follower(after: library.loadListToFollow().lastChange))
            #expect(try other.recordPicks(["rec-002", "nope", "rec-002"], at: 5) == ["rec-002", "rec-002"])
            #expect(try follower.poll() == [.picks("rec-002", [Pick(at: 5), Pick(at: 5)])])
            #expect(try library.picks() == ["rec-002": [Pick(at: 5), Pick(at: 5)]])
            #expect(try library.pickScores(Frecency(), at: 5) == ["rec-002": 2])
            #expect(try team.picks() == ["rec-001": [Pick(at: 1)]], "the library is not changed")

            // ctrl-d and its undo, through the store, in the file.
            var items = try library.loadListToFollow().items
            items.setPicks(try library.picks(), frecency: Frecency(), at: 5)
            let store = Store(collection: items, sink: library)
            #expect(store.send(.forgetPicks("rec-002")).error == nil)
            #expect(try other.picks().isEmpty)
            #expect(store.send(.undo).error == nil)
            #expect(try other.picks() == ["rec-002": [Pick(at: 5), Pick(at: 5)]])
            #expect(try follower.poll() == [], "its own changes are not told back to it")

            // From the shell: an id neither the library nor the file knows changes nothing.
            #expect(message { _ = try other.forgetPicks(["rec-002", "nope"]) } == "no item 'nope'")
            #expect(try other.forgetPicks(["rec-002", "rec-003"]) == ["rec-002"])
            #expect(try follower.poll() == [.picks("rec-002", [])])
            #expect(try team.picks() == ["rec-001": [Pick(at: 1)]])
        }
    }
}
