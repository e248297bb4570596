import FavsModel
@testable import FavsLibrary
import Foundation
import GRDB
import Testing

/// v12: every pick (enter in `favs pick`) is remembered with its time, in the library for its items and in the
/// memory of `--stdin NAME` for lines, each logged as a `pick` row; a library from before v12 has none.
@Suite struct PickLogTests {
    @Test func aPickIsKeptWithItsTimeAndLoggedAndAnUnknownOrDeletedIdIsLeftOut() throws {
        try withSampleLibrary { library, path throws in
            try library.apply(.delete, to: ["rec-004"])
            let before = try library.lastChangeSeq()
            #expect(try library.recordPicks(["rec-002", "nope", "rec-004"], at: 1_000) == ["rec-002"])
            try library.recordPicks(["rec-002", "rec-003"], at: 2_000)
            #expect(try library.changes(after: before).map(\.kind) == [.pick, .pick, .pick])
            #expect(try library.changes(after: before).map(\.itemID) == ["rec-002", "rec-002", "rec-003"])
            let reopened = try SQLiteLibrary.open(path: path, seedIfNew: false)
            #expect(try reopened.picks() == ["rec-002": [Pick(at: 1_000), Pick(at: 2_000)], "rec-003": [Pick(at: 2_000)]])
        }
    }

    @Test func aLibraryFromBeforeV12IsReadWithNoPicksAndRemembersThemOnceMigrated() throws {
        try withTemporaryDirectory { directory throws in
            let path = directory.appendingPathComponent("v11.sqlite").path
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
            try Schema.migrator.migrate(queue, upTo: "v11: saved searches")
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO meta (key, value) VALUES ('name', 'old');
                    INSERT INTO items (id, title, fields, position) VALUES ('a', 'Alpha', '[]', 1);
                    """)
            }
            try queue.close()
            #expect(try SQLiteLibrary.openExisting(path: path, readOnly: true).picks().isEmpty)
            let library = try SQLiteLibrary.open(path: path, seedIfNew: false)
            try library.recordPicks(["a"], at: 7)
            #expect(try library.picks() == ["a": [Pick(at: 7)]])
            #expect(try library.loadList().ids == ["a"])
        }
    }

    @Test func aPickedLineIsKeptInTheMemoryWithoutAStar() throws {
        try withTemporaryDirectory { directory throws in
            let location = try LibraryLocation.pickMemory(named: "branches", environment: ["XDG_DATA_HOME": directory.path])
            let memory = try PickMemory(location)
            try memory.persist(.setFavorite("main", true, at: 5))
            try memory.recordPicks(["dev", "main"], at: 10)
            try memory.recordPicks(["dev"], at: 20)
            let reopened = try PickMemory(location)
            #expect(try reopened.favorites() == ["main": 5])
            #expect(try reopened.picks() == ["dev": [Pick(at: 10), Pick(at: 20)], "main": [Pick(at: 10)]])
            #expect(try reopened.library.changes().map(\.kind) == [.join, .pick, .pick, .pick])
        }
    }

    /// The scores a picker ranks by, read from the items' sums of their picks, are each item's picks scored one by
    /// one, to the last bit: a pick a half-life old counts ½, a folded one its weight, an item never picked has none.
    @Test func theScoresAreEachItemsPicksScored() throws {
        try withSampleLibrary { library, _ throws in
            let day = Frecency.day
            try library.recordPicks(["rec-002", "rec-003"], at: 10 * day)
            try library.recordPicks(["rec-002"], at: 17 * day)
            try library.recordPicks(["rec-005"], at: 3 * day)
            try library.writer.write { db in
                try Schema.addPick("rec-003", at: 16 * day, weight: 2.5, db)
                // Added after a later one (a fold, or a clock set back): still summed oldest first.
                try Schema.addPick("rec-002", at: 3 * day, weight: 1.0 / 3, db)
            }
            let frecency = Frecency()
            let scores = try library.pickScores(frecency, at: 17 * day)
            let expected: [ItemID: Double] = ["rec-002": 1.0 / 3 * 0.25 + 0.5 + 1, "rec-003": 0.5 + 2.5 * exp2(-1.0 / 7), "rec-005": 0.25]
            #expect(scores.keys.sorted() == expected.keys.sorted())
            #expect(expected.allSatisfy { id, score in abs((scores[id] ?? 0) - score) < 1e-12 })
            #expect(scores == (try library.picks()).mapValues { frecency.score(of: $0, at: 17 * day) })
        }
    }
}

/// `favs forget`: an item's picks go, logged; an unknown id changes nothing.
@Suite struct ForgetPicksTests {
    @Test func forgettingTakesEveryPickOfTheItemsLogsItAndAnUnknownIdChangesNothing() throws {
        try withSampleLibrary { library, _ throws in
            try library.recordPicks(["rec-002", "rec-003"], at: 1)
            try library.recordPicks(["rec-002"], at: 2)
            #expect(message { try library.forgetPicks(["rec-002", "nope"]) } == "no item 'nope'")
            #expect(try library.picks().keys.sorted() == ["rec-002", "rec-003"])
            let before = try library.lastChangeSeq()
            #expect(try library.forgetPicks(["rec-002", "rec-001", "rec-002"]) == ["rec-002"])
            #expect(try library.picks() == ["rec-003": [Pick(at: 1)]])
            #expect(try library.changes(after: before).map(\.kind) == [.pick])
        }
    }
}

/// Bounded growth: at most 1,000 rows of picks an item, the oldest folded into one weighted row that scores as they did,
/// and one sum of them (v13) that does too.
@Suite struct PickFoldingTests {
    @Test func anItemKeepsAThousandRowsAndTheFoldedOnesScoreAsTheyDid() throws {
        try withSampleLibrary { library, _ throws in
            let hour: Int64 = 3_600_000
            for index in 0..<1_005 { try library.recordPicks(["rec-002"], at: Int64(index) * hour) }
            try library.recordPicks(["rec-003"], at: 0)
            let picks = try library.picks()
            let kept = try #require(picks["rec-002"])
            #expect(kept.count == 1_000)
            // The six oldest (hours 0 to 5) are one row at hour 5, weighing what they weigh then.
            let frecency = Frecency()
            let folded = (0...5).reduce(0.0) { $0 + frecency.decay(age: (5 - Int64($1)) * hour) }
            #expect(kept.first?.at == 5 * hour && abs((kept.first?.weight ?? 0) - folded) < 1e-9)
            #expect(kept.dropFirst().allSatisfy { $0.weight == 1 } && kept.last?.at == 1_004 * hour)
            let now = 1_100 * hour
            let unfolded = (0..<1_005).map { Pick(at: Int64($0) * hour) }
            #expect(abs(frecency.score(of: kept, at: now) - frecency.score(of: unfolded, at: now)) < 1e-9)
            #expect(picks["rec-003"] == [Pick(at: 0)])
            let sums = try library.writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM pick_scores") }
            #expect(sums == 2, "one sum an item")
            for at in [1_004 * hour, now, 3_000 * hour] {
                let score = try library.pickScores(frecency, at: at)["rec-002"] ?? 0
                #expect(abs(score - frecency.score(of: unfolded, at: at)) < 1e-9, "at hour \(at / hour)")
            }
        }
    }
}
