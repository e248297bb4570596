import FavsFormats
import FavsLibrary
import FavsModel
@testable import FavsPostgres
import Foundation
import Testing

/// Picks are data, like stars (issue #37), on both backends: recorded and read back, forgotten as one change whose undo
/// puts back the very picks, bounded to 1,000 rows an item, followed by another process, and brought in by an import.
/// A team library keeps each member's own (format 6), apart from every other member's.
@Suite struct PicksBackendTests {
    /// The list with the library's picks, scored at `now`, as a picker opens on it.
    private func store(_ library: any ItemLibrary, at now: Int64 = 10, query: ListQuery = ListQuery()) throws -> Store {
        var items = try library.loadListToFollow().items
        items.setPicks(try library.picks(), frecency: Frecency(), at: now)
        return Store(collection: items, sink: library, query: query)
    }

    @Test(arguments: Backend.allCases)
    func aPickIsRecordedAndReadBackAndAnUnknownOrDeletedIdIsLeftOut(_ backend: Backend) throws {
        let place = try Place(backend)
        let library = try place.open(seed: true)
        #expect(library.remembersPicks)
        try library.apply(.delete, to: ["rec-004"])
        #expect(try library.recordPicks(["rec-002", "nope", "rec-004"], at: 1_000) == ["rec-002"])
        #expect(try library.recordPicks(["rec-002", "rec-003"], at: 2_000) == ["rec-002", "rec-003"])
        let reopened = try place.open()
        #expect(try reopened.picks() == ["rec-002": [Pick(at: 1_000), Pick(at: 2_000)], "rec-003": [Pick(at: 2_000)]])
        // A day's half-life, a day after: each pick counts about ½.
        let scores = try reopened.pickScores(Frecency(halfLife: Frecency.day), at: 2_000 + Frecency.day)
        #expect(scores.keys.sorted() == ["rec-002", "rec-003"] && scores["rec-003"] == 0.5)
        #expect(abs((scores["rec-002"] ?? 0) - 1) < 1e-4)
    }

    @Test(arguments: Backend.allCases)
    func aForgetIsOneChangeAndItsUndoPutsBackTheVeryPicks(_ backend: Backend) throws {
        let place = try Place(backend)
        let library = try place.open(seed: true)
        // A folded row's weight, which no decimal writes exactly, and two picks of the same time.
        let picks = [Pick(at: 1, weight: 1.0 / 3), Pick(at: 5), Pick(at: 5)]
        try library.persist(.picks("rec-002", from: [], to: picks))
        try library.recordPicks(["rec-003"], at: 7)
        #expect(try library.picks()["rec-002"] == picks)

        let store = try store(library)
        #expect(store.send(.forgetPicks("rec-002")).error == nil)
        #expect(store.items.pickScore(of: "rec-002") == 0)
        #expect(try place.open().picks() == ["rec-003": [Pick(at: 7)]])
        #expect(store.send(.undo).error == nil)
        #expect(try place.open().picks() == ["rec-002": picks, "rec-003": [Pick(at: 7)]])

        // From the shell: an unknown id changes nothing; an item with none is not counted; a deleted one is forgotten.
        #expect(throws: LibraryError.noItem("nope")) { try library.forgetPicks(["rec-002", "nope"]) }
        #expect(try library.picks().keys.sorted() == ["rec-002", "rec-003"])
        try library.apply(.delete, to: ["rec-003"])
        #expect(try library.forgetPicks(["rec-002", "rec-001", "rec-002", "rec-003"]) == ["rec-002", "rec-003"])
        #expect(try place.open().picks().isEmpty)
    }

    /// At most 1,000 rows an item: past them the oldest are one row at the newest of their times, weighing what they
    /// weigh then, so the score is the same at any later time.
    @Test(arguments: Backend.allCases)
    func anItemKeepsAThousandRowsItsOldestFoldedIntoOneThatScoresAsThey(_ backend: Backend) throws {
        let library = try Place(backend).open(seed: true)
        let hour: Int64 = 3_600_000
        try library.persist(.picks("rec-002", from: [], to: (0..<1_000).map { Pick(at: Int64($0) * hour) }))
        for index in 1_000..<1_005 { try library.recordPicks(["rec-002"], at: Int64(index) * hour) }
        try library.recordPicks(["rec-003"], at: 0)
        let picks = try library.picks()
        let kept = try #require(picks["rec-002"])
        #expect(kept.count == 1_000)
        let frecency = Frecency()
        let folded = (0...5).reduce(0.0) { $0 + frecency.decay(age: (5 - Int64($1)) * hour) }
        #expect(kept.first?.at == 5 * hour && abs((kept.first?.weight ?? 0) - folded) < 1e-9)
        #expect(kept.dropFirst().allSatisfy { $0.weight == 1 } && kept.last?.at == 1_004 * hour)
        let now = 1_100 * hour
        let unfolded = (0..<1_005).map { Pick(at: Int64($0) * hour) }
        #expect(abs(frecency.score(of: kept, at: now) - frecency.score(of: unfolded, at: now)) < 1e-9)
        #expect(picks["rec-003"] == [Pick(at: 0)])
    }

    @Test(arguments: Backend.allCases)
    func anotherProcesssPickAndForgetReachAFollowerAsTheItemsPicks(_ backend: Backend) throws {
        let place = try Place(backend)
        let library = try place.open(seed: true)
        let store = try store(library, query: ListQuery(order: .frequent))
        let follower = try #require(try library.follower(after: library.loadListToFollow().lastChange))
        let other = try place.open()
        try other.recordPicks(["rec-005"], at: 10)
        let picked = try poll(follower, within: 20) { !$0.isEmpty }
        #expect(picked == [.picks("rec-005", [Pick(at: 10)])])
        store.sync(picked)
        // The frequent order: the favorites first, then the picked item, then the rest.
        #expect(store.list.id(at: store.items.favoriteCount) == "rec-005")
        try other.forgetPicks(["rec-005"])
        let forgotten = try poll(follower, within: 20) { !$0.isEmpty }
        #expect(forgotten == [.picks("rec-005", [])])
        store.sync(forgotten)
        #expect(store.items.pickScore(of: "rec-005") == 0)
    }

    /// An export's picks imported: added to the items', none twice, so importing the same file again changes nothing;
    /// into a library with items as into an empty one.
    @Test(arguments: Backend.allCases)
    func anImportAddsARecordsPicksOnceEach(_ backend: Backend) throws {
        let library = try Place(backend).open()
        func picked(_ id: String, _ picks: [Pick], line: Int) -> ImportRecord {
            var record = record(id, id.uppercased(), line: line)
            record.picks = picks
            return record
        }
        let records = [picked("a", [Pick(at: 1), Pick(at: 1), Pick(at: 2, weight: 2.5)], line: 1),
                       picked("b", [], line: 2), picked("c", [Pick(at: 3)], line: 3)]
        #expect(try importing(records, into: library) == ImportSummary(added: 3, picksAdded: 3))
        let expected: [ItemID: [Pick]] = ["a": [Pick(at: 1), Pick(at: 2, weight: 2.5)], "c": [Pick(at: 3)]]
        #expect(try library.picks() == expected)
        #expect(try importing(records, into: library) == ImportSummary(unchanged: 3))
        #expect(try library.picks() == expected)
        // Into a library with items: a new pick of a held item is added, the old ones once.
        let more = [picked("a", [Pick(at: 1), Pick(at: 4)], line: 1), picked("d", [Pick(at: 5)], line: 2)]
        #expect(try importing(more, into: library) == ImportSummary(added: 1, unchanged: 1, picksAdded: 2))
        #expect(try library.picks() == ["a": [Pick(at: 1), Pick(at: 2, weight: 2.5), Pick(at: 4)], "c": [Pick(at: 3)],
                                        "d": [Pick(at: 5)]])
    }
}

/// A team library's picks are each member's own (format 6), as their stars are.
@Suite struct TeamPicksTests {
    /// The library at `place` as `member` opens it.
    private func open(_ place: Place, member: String, seed: Bool = false) throws -> PostgresLibrary {
        try PostgresLibrary.open(url: place.location + "&member=" + member, seedIfNew: seed)
    }

    @Test func twoMembersPicksAreKeptApartAndAFollowerPassesTheOthersBy() throws {
        let place = try Place(.postgres)
        let ana = try open(place, member: "ana", seed: true)
        let bo = try open(place, member: "bo")
        let follower = try #require(try bo.follower(after: bo.loadListToFollow().lastChange))
        try ana.recordPicks(["rec-002"], at: 1)
        try open(place, member: "bo").recordPicks(["rec-003"], at: 2)
        // ana's pick came first in the log: bo's follower reads only bo's own.
        let updates = try poll(follower, within: 20) { !$0.isEmpty }
        #expect(updates == [.picks("rec-003", [Pick(at: 2)])])
        #expect(try ana.picks() == ["rec-002": [Pick(at: 1)]])
        #expect(try bo.picks() == ["rec-003": [Pick(at: 2)]])
        // ana forgets what only bo picked: nothing of bo's goes.
        #expect(try ana.forgetPicks(["rec-003"]) == [])
        #expect(try bo.picks() == ["rec-003": [Pick(at: 2)]])
    }

    /// A library of format 5 (before picks): migrated with its items, stars, tags and saved searches as they were,
    /// and keeping picks from then on.
    @Test func aFormatFiveLibraryIsMigratedKeepingEverythingAndThenKeepsPicks() throws {
        let place = try Place(.postgres)
        let made = try open(place, member: "ana", seed: true)
        try made.apply(.favorite, to: ["rec-002"])
        try made.persist(.setMember(.tag("work"), "rec-003", true, at: 5))
        try made.persist(.search("mine", from: nil, to: SavedSearch(name: "mine", filter: "lo", exact: false)))
        let items = try made.loadItems()
        let (list, _) = try made.loadListToFollow()
        // Back to format 5's tables.
        try made.session.transaction(writes: true) {
            try made.session.query("DROP TABLE picks")
            try made.session.query("UPDATE meta SET value = '5' WHERE key = 'format'")
        }
        let stale = try open(place, member: "ana")
        #expect(try PostgresLibrary.storedFormat(made.session) == PostgresLibrary.format)
        #expect(try stale.loadItems() == items)
        let (again, _) = try stale.loadListToFollow()
        #expect(again.favoriteIDs == list.favoriteIDs && again.memberCount(of: .tag("work")) == 1
                && again.memberID(of: .tag("work"), at: 0) == "rec-003")
        #expect(try stale.savedSearches() == [SavedSearch(name: "mine", filter: "lo", exact: false)])
        #expect(try stale.picks().isEmpty && stale.remembersPicks)
        #expect(try stale.recordPicks(["rec-003"], at: 9) == ["rec-003"])
        #expect(try open(place, member: "ana").picks() == ["rec-003": [Pick(at: 9)]])
    }
}
