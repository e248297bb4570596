@testable import FavsLibrary
import FavsModel
import Foundation
import GRDB
import Testing

/// v13: each picked item's picks summed at its latest pick (`pick_scores`), kept at every write, so a picker reads one
/// number a line before its first screen instead of every pick; the scores are those of the picks, whatever wrote them.
@Suite struct PickScoresTests {
    private let day = Frecency.day

    /// Each pick's weight halved every half-life of its age, summed: how the scores were read before v13.
    private func summed(_ picks: [Pick], at now: Int64, halfLife: Int64 = Frecency.defaultHalfLife) -> Double {
        picks.reduce(0) { $0 + $1.weight * exp2(-Double(max(0, now - $1.at)) / Double(halfLife)) }
    }

    /// The sums a library holds, by item.
    private func sums(_ library: SQLiteLibrary) throws -> [ItemID: PickSum] {
        try library.writer.read { db in
            var sums: [ItemID: PickSum] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT item_id, score, at FROM pick_scores") {
                sums[ItemID(row[0] as String)] = PickSum(score: row[1], at: row[2])
            }
            return sums
        }
    }

    @Test func aPicksFileFromBeforeV13OpensWithItsPicksAndTheSameScores() throws {
        try withTemporaryDirectory { directory throws in
            let path = directory.appendingPathComponent("branches.sqlite").path
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
            try Schema.migrator.migrate(queue, upTo: "v12: picks")
            // main: three picks and a folded row; dev: a pick added after a later one (a clock set back); gone: a
            // deleted line's pick, kept as its star would be.
            let picks: [ItemID: [Pick]] = [
                "main": [Pick(at: 2 * day, weight: 6.25), Pick(at: 10 * day), Pick(at: 11 * day), Pick(at: 17 * day)],
                "dev": [Pick(at: 3 * day), Pick(at: 12 * day)],
                "gone": [Pick(at: 5 * day)],
            ]
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO meta (key, value) VALUES ('name', 'branches');
                    INSERT INTO items (id, title, fields, position) VALUES ('main', 'main', '[]', 1), ('dev', 'dev', '[]', 2);
                    INSERT INTO items (id, title, fields, position, deleted) VALUES ('gone', 'gone', '[]', 3, 1);
                    """)
                for (id, at, weight) in [("main", 2 * day, 6.25), ("main", 10 * day, 1), ("dev", 12 * day, 1),
                                         ("main", 11 * day, 1), ("gone", 5 * day, 1), ("dev", 3 * day, 1),
                                         ("main", 17 * day, 1)] {
                    try db.execute(sql: "INSERT INTO picks (item_id, picked_at, weight) VALUES (?, ?, ?)",
                                   arguments: [id, at, weight])
                }
            }
            try queue.close()
            let ages: [Int64] = [17 * day, 17 * day + 1, 20 * day, 24 * day, 60 * day, 400 * day]
            let before = ages.map { now in picks.mapValues { summed($0, at: now) } }

            let memory = try PickMemory(LibraryLocation(path: path))
            #expect(try memory.picks() == picks)
            #expect(try sums(memory.library).keys.sorted() == ["dev", "gone", "main"])
            for (now, old) in zip(ages, before) {
                let scores = try memory.pickScores(Frecency(), at: now)
                #expect(scores.keys.sorted() == old.keys.sorted())
                for (id, score) in old {
                    #expect(abs((scores[id] ?? 0) - score) < 1e-9, "\(id) at day \(Double(now) / Double(day))")
                }
                #expect(scores == picks.mapValues { Frecency().score(of: $0, at: now) }, "the picks scored alike")
            }
            #expect(try memory.favorites().isEmpty)
            #expect(try memory.library.loadList().ids == ["main", "dev"])
        }
    }

    /// A reader of a file it may not migrate scores the picks themselves, alike.
    @Test func aPicksFileFromBeforeV13OpenedReadOnlyIsScoredFromItsPicks() throws {
        try withTemporaryDirectory { directory throws in
            let path = directory.appendingPathComponent("v12.sqlite").path
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
            try Schema.migrator.migrate(queue, upTo: "v12: picks")
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO meta (key, value) VALUES ('name', 'old');
                    INSERT INTO items (id, title, fields, position) VALUES ('a', 'Alpha', '[]', 1);
                    INSERT INTO picks (item_id, picked_at, weight) VALUES ('a', 0, 1), ('a', \(7 * day), 1);
                    """)
            }
            try queue.close()
            let library = try SQLiteLibrary.openExisting(path: path, readOnly: true)
            #expect(try library.pickScores(Frecency(), at: 14 * day) == ["a": 0.75])
        }
    }

    /// Picks a week apart, read at their latest, then a half-life and two later: the sum decays exactly, and a clock
    /// set back before the latest pick counts that pick 1, as the picks themselves say.
    @Test func theScoreAtChosenAgesWithAFixedClockHolds() throws {
        try withTemporaryDirectory { directory throws in
            let memory = try PickMemory(LibraryLocation(path: directory.appendingPathComponent("m.sqlite").path))
            try memory.recordPicks(["main"], at: 10 * day)
            try memory.recordPicks(["main", "dev"], at: 17 * day)
            try memory.recordPicks(["old"], at: 0)
            #expect(try sums(memory.library) == ["main": PickSum(score: 1.5, at: 17 * day), "dev": PickSum(score: 1, at: 17 * day),
                                                 "old": PickSum(score: 1, at: 0)])
            let frecency = Frecency()
            #expect(try memory.pickScores(frecency, at: 17 * day) == ["main": 1.5, "dev": 1, "old": exp2(-17.0 / 7)])
            #expect(try memory.pickScores(frecency, at: 24 * day) == ["main": 0.75, "dev": 0.5, "old": exp2(-24.0 / 7)])
            #expect(try memory.pickScores(frecency, at: 31 * day) == ["main": 0.375, "dev": 0.25, "old": exp2(-31.0 / 7)])
            // The clock back at day 14: main's pick of day 17 counts 1, its pick of day 10 four days' worth.
            let setBack = try memory.pickScores(frecency, at: 14 * day)
            #expect(setBack["main"] == 1 + exp2(-4.0 / 7) && setBack["dev"] == 1 && setBack["old"] == exp2(-2.0))
        }
    }

    /// ctrl-d's forget and its undo go through the store as one change each: the sum goes with the picks and comes
    /// back with them, to the same score.
    @Test func aForgetTakesTheSumAwayAndItsUndoBringsItBack() throws {
        try withTemporaryDirectory { directory throws in
            let memory = try PickMemory(LibraryLocation(path: directory.appendingPathComponent("m.sqlite").path))
            try memory.recordPicks(["main", "dev"], at: 1 * day)
            try memory.recordPicks(["main"], at: 3 * day)
            let now = 5 * day
            let before = try memory.pickScores(Frecency(), at: now)
            var lines = Data("dev\nmain\nother\n".utf8).withUnsafeBytes {
                ItemCollection.lines(of: $0, favorites: [:], picks: before)
            }
            lines.setPicks(try memory.picks(), frecency: Frecency(), at: now)
            let store = Store(collection: lines, sink: memory)
            #expect(store.send(.forgetPicks("main")).error == nil)
            #expect(store.finishBackground() == nil)
            #expect(try memory.pickScores(Frecency(), at: now) == ["dev": before["dev"]])
            #expect(try sums(memory.library).keys.sorted() == ["dev"])
            #expect(store.send(.undo).error == nil)
            #expect(store.finishBackground() == nil)
            #expect(try memory.pickScores(Frecency(), at: now) == before)
            #expect(try memory.picks() == ["main": [Pick(at: 1 * day), Pick(at: 3 * day)], "dev": [Pick(at: 1 * day)]])
            #expect(store.items.pickScore(of: "main") == before["main"])
        }
    }

    /// `favs forget` takes the sum away with the picks.
    @Test func forgettingFromTheShellTakesTheSumAway() throws {
        try withSampleLibrary { library, _ throws in
            try library.recordPicks(["rec-002", "rec-003"], at: 1)
            try library.forgetPicks(["rec-002"])
            #expect(try sums(library) == ["rec-003": PickSum(score: 1, at: 1)])
            #expect(try library.pickScores(Frecency(), at: 1) == ["rec-003": 1])
        }
    }

    /// A config with another half-life reads every pick until its next pick, which sums them again for it.
    @Test func anotherHalfLifeIsScoredFromThePicksUntilAPickSumsThemForIt() throws {
        try withTemporaryDirectory { directory throws in
            let memory = try PickMemory(LibraryLocation(path: directory.appendingPathComponent("m.sqlite").path))
            try memory.recordPicks(["main"], at: 0)
            try memory.recordPicks(["main", "dev"], at: 2 * day)
            let daily = Frecency(halfLife: day)
            #expect(try memory.pickScores(daily, at: 3 * day) == ["main": 0.5 + 0.125, "dev": 0.5])
            try memory.recordPicks(["dev"], at: 3 * day, frecency: daily)
            #expect(try memory.library.writer.read { try Schema.pickHalfLife($0) } == day)
            #expect(try sums(memory.library) == ["main": PickSum(score: 1.25, at: 2 * day), "dev": PickSum(score: 1.5, at: 3 * day)])
            #expect(try memory.pickScores(daily, at: 4 * day) == ["main": 0.3125, "dev": 0.75])
            #expect(try memory.pickScores(Frecency(), at: 3 * day)
                    == (try memory.picks()).mapValues { Frecency().score(of: $0, at: 3 * day) })
        }
    }
}
