@testable import FavsLibrary
import FavsModel
import Foundation
import GRDB
import Testing

/// Two `SQLiteLibrary` objects on one file stand for two processes: `mine` is followed, `theirs` writes.
@Suite struct FollowerTests {
    private func withTwoProcesses(
        _ body: (_ mine: SQLiteLibrary, _ theirs: SQLiteLibrary, _ follower: LibraryFollower, _ path: String) throws -> Void
    ) throws {
        try withSampleLibrary { mine, path throws in
            let theirs = try SQLiteLibrary.open(path: path, seedIfNew: true)
            let follower = try #require(try LibraryFollower(mine))
            try body(mine, theirs, follower, path)
        }
    }

    private func sample(_ id: ItemID) throws -> Item { try #require(SampleLibrary.items.first { $0.id == id }) }

    /// Makes the log long quickly: `count` rows straight into it, as another process's changes to rec-002
    /// (which stays as it is), then real changes past seq 11,000, where the library trims everything up to 1,000.
    private func fillTheLog(_ count: Int, path: String, then theirs: SQLiteLibrary) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            let insert = try db.makeStatement(sql: """
                INSERT INTO changes (item_id, kind, origin) VALUES ('rec-002', 'unfavorite', 'filler')
                """)
            for _ in 0..<count { try insert.execute() }
        }
        while try theirs.lastChangeSeq() < 11_000 {
            try theirs.apply(.favorite, to: ["rec-003"])
            try theirs.apply(.unfavorite, to: ["rec-003"])
        }
    }

    @Test func nothingChangedMeansNoUpdates() throws {
        try withTwoProcesses { _, _, follower, _ throws in
            #expect(try follower.poll() == [])
            #expect(try follower.poll() == [])
        }
    }

    @Test func aFavoriteByAnotherProcessArrivesAsTheItemsStateOnDisk() throws {
        try withTwoProcesses { _, theirs, follower, _ throws in
            try theirs.persist(.setFavorite("rec-002", true))
            var favorite = try sample("rec-002")
            favorite.favorite = true
            #expect(try follower.poll() == [.item("rec-002", favorite)])
            #expect(try follower.poll() == [], "an update is reported once")

            try theirs.apply(.unfavorite, to: ["rec-002", "rec-001"])
            var unfavorite = try sample("rec-001")
            unfavorite.favorite = false
            #expect(try follower.poll() == [.item("rec-002", try sample("rec-002")), .item("rec-001", unfavorite)])
        }
    }

    @Test func aDeleteArrivesAsNoItemAndARestoreAsTheItemInItsPlace() throws {
        try withTwoProcesses { _, theirs, follower, _ throws in
            try theirs.apply(.delete, to: ["rec-003"])
            #expect(try follower.poll() == [.item("rec-003", nil)])
            try theirs.apply(.restore, to: ["rec-003"])
            let restored = try #require(try follower.poll().first)
            #expect(restored == .item("rec-003", try sample("rec-003")))
            if case let .item(_, item?) = restored { #expect(item.position == 3) }
        }
    }

    @Test func ownChangesAreSkipped() throws {
        try withTwoProcesses { mine, _, follower, _ throws in
            try mine.persist(.setFavorite("rec-002", true))
            try mine.apply(.delete, to: ["rec-005"])
            #expect(try follower.poll() == [])
        }
    }

    @Test func ownAndOtherChangesTogetherReportOnlyTheOthers() throws {
        try withTwoProcesses { mine, theirs, follower, _ throws in
            try mine.persist(.setFavorite("rec-002", true))
            try theirs.persist(.setFavorite("rec-003", true))
            try mine.persist(.setFavorite("rec-005", true))
            var third = try sample("rec-003")
            third.favorite = true
            #expect(try follower.poll() == [.item("rec-003", third)])
        }
    }

    @Test func manyChangesToOneItemArriveAsItsLatestState() throws {
        try withTwoProcesses { _, theirs, follower, _ throws in
            try theirs.persist(.setFavorite("rec-002", true))
            try theirs.persist(.setFavorite("rec-002", false))
            try theirs.apply(.delete, to: ["rec-002"])
            try theirs.apply(.restore, to: ["rec-002"])
            let before = Store.now()
            try theirs.apply(.favorite, to: ["rec-002"])
            var latest = try sample("rec-002")
            latest.favorite = true
            let updates = try follower.poll()
            guard case let .item(_, polled?)? = updates.first else { Issue.record("no update"); return }
            let time = try #require(polled.favoritedAt, "a favorite from the command line records its time")
            #expect(time >= before && time <= Store.now())
            latest.favoritedAt = time
            #expect(updates == [.item("rec-002", latest)])
        }
    }

    @Test func anImportByAnotherProcessReloadsEverything() throws {
        try withTwoProcesses { _, theirs, follower, _ throws in
            try theirs.persist(.setFavorite("rec-002", true))
            let summary = try theirs.importRecords([record("new-1", "Brand new song", favorite: true)])
            #expect(summary == ImportSummary(added: 1))
            let updates = try follower.poll()
            #expect(updates == [.reload(try theirs.loadList(), searches: [])])
            if case let .reload(items, _, _) = updates.first {
                #expect(items.count == 29)
                #expect(items.ids.last.flatMap { items[$0]?.title } == "Brand new song")
                #expect(items.favoriteCount == 5)
            }
        }
    }

    @Test func anImportThatChangedNothingIsNotAReload() throws {
        try withTwoProcesses { _, theirs, follower, _ throws in
            let first = try sample("rec-001")
            let summary = try theirs.importRecords([
                record(first.id, first.title, first.fields, favorite: first.favorite),
            ])
            #expect(summary == ImportSummary(unchanged: 1))
            #expect(try follower.poll() == [])
        }
    }

    /// The log keeps about the last 10,000 rows. A follower that slept through more than that cannot know
    /// every item that changed, so it must reload: here rec-028's only change was trimmed from the log
    /// (this follower started on an empty log, which once made it miss that it fell behind).
    @Test func aFollowerStartedOnAnEmptyLogThatFellBehindTheTrimmedLogReloads() throws {
        try withTwoProcesses { _, theirs, follower, path throws in
            try theirs.apply(.favorite, to: ["rec-028"])
            try fillTheLog(10_990, path: path, then: theirs)
            #expect(try theirs.changes().first?.itemID != "rec-028", "rec-028's change was trimmed")
            let updates = try follower.poll()
            let items = try theirs.loadItems()
            #expect(updates.map(summary) == ["reload of \(items.count) items"])
        }
    }

    @Test func aFollowerThatFellBehindAfterSeeingChangesReloads() throws {
        try withTwoProcesses { _, theirs, follower, path throws in
            try theirs.apply(.favorite, to: ["rec-005"])
            #expect(try follower.poll().count == 1)
            try theirs.apply(.favorite, to: ["rec-028"])
            try fillTheLog(10_990, path: path, then: theirs)
            #expect(try theirs.changes().first?.itemID != "rec-028", "rec-028's change was trimmed")
            let updates = try follower.poll()
            #expect(updates.map(summary) == ["reload of 28 items"])
            #expect(updates == [.reload(try theirs.loadList(), searches: [])])
        }
    }

    /// An update in a line, for readable failures when there are thousands.
    private func summary(_ update: RemoteUpdate) -> String {
        switch update {
        case let .item(id, item?): "\(id) \(item.favorite ? "★" : "☆")"
        case let .item(id, nil): "\(id) deleted"
        case let .reload(items, _, _): "reload of \(items.count) items"
        case let .member(set, id, value, _): "\(id) \(value ? "★" : "☆")\(set == .favorites ? "" : " \(set)") (notice)"
        case let .deleted(id): "\(id) deleted (notice)"
        case let .saved(ticket, _): "ours \(ticket) saved"
        case .search, .picks: update.stateText
        }
    }

    @Test func anInMemoryLibraryHasNothingToFollow() throws {
        let library = try SQLiteLibrary.open(path: ":memory:", seedIfNew: false)
        #expect(try LibraryFollower(library) == nil)
    }
}
