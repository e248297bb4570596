import FavsCore
import FavsModel
@testable import FavsPostgres
import FavsTestFixtures
import Foundation
import Testing

/// A follower's reads, faked: each waits until the test releases it, then answers what the test gave it.
final class HeldReader: FollowerReader, @unchecked Sendable {
    private let released = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var lists: [[Item]]
    private var logs: [[RemoteUpdate]]
    /// How many list reads fail (the first ones), once released.
    private var failingLists: Int
    private(set) var interrupted = 0
    private var listsAskedSoFar = 0
    /// How many list reads were asked (read under the lock the reading queue counts them under).
    var listsAsked: Int { lock.withLock { listsAskedSoFar } }

    /// What a read that fails throws.
    struct ReadFailed: Error {}

    init(lists: [[Item]] = [], logs: [[RemoteUpdate]] = [], failingLists: Int = 0) {
        self.lists = lists
        self.logs = logs
        self.failingLists = failingLists
    }

    /// Lets `count` reads answer.
    func release(_ count: Int = 1) { for _ in 0..<count { released.signal() } }

    func readList() throws -> FollowerRead {
        lock.withLock { listsAskedSoFar += 1 }
        released.wait()
        let items = try lock.withLock {
            if failingLists > 0 {
                failingLists -= 1
                throw ReadFailed()
            }
            return lists.removeFirst()
        }
        return FollowerRead(updates: [.reload(ItemCollection(items))], lastSeq: 10)
    }

    func readLog(after: Int64, upTo: Int64?) throws -> FollowerRead {
        released.wait()
        return FollowerRead(updates: lock.withLock { logs.removeFirst() }, lastSeq: after + 1)
    }

    func interrupt() { lock.withLock { interrupted += 1 } }
}

/// A library across a network whose writes are handed over and never answered: each change stays pending.
final class UnansweredBackground: BackgroundLibrary {
    var submitted: [ModelChange] = []
    func submit(_ change: ModelChange, ticket: Int, epoch: Int) { submitted.append(change) }
    func requestFields(of id: ItemID) {}
    func requestItems(_ ids: [ItemID]) {}
    func takeResults() -> [BackgroundResult] { [] }
    func finish() {}
    func persist(_ change: ModelChange) throws {}
    func fields(of id: ItemID) throws -> [Field] { [] }
}

/// The input thread never waits on the network: what a PostgreSQL follower reads (a reconnect's whole list, a
/// batch's log) is read on a thread of its own while keys are answered and frames drawn, and its answer applies at
/// a later poll, as ordinary remote updates.
@Suite struct FollowerReadsTests {
    /// What the session reports at each poll: the test's list, then nothing.
    final class Arrivals: @unchecked Sendable {
        var next: [PostgresSession.Events] = []
        func take() -> PostgresSession.Events { next.isEmpty ? PostgresSession.Events() : next.removeFirst() }
    }

    func follower(_ reader: HeldReader, _ arrivals: Arrivals) -> PostgresFollower {
        PostgresFollower(events: { arrivals.take() }, reader: reader, origin: "us",
                         names: StarNames(member: "us", format: StarNames.membersFormat), after: 0)
    }

    /// Polls until the follower answers something (at most 5 s: a sanity bound).
    func answer(_ follower: PostgresFollower) throws -> [RemoteUpdate] {
        let start = ContinuousClock.now
        while ContinuousClock.now - start < .seconds(5) {
            let updates = try follower.poll()
            if !updates.isEmpty { return updates }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return []
    }

    /// The updates with no list read's time of asking, to compare with what was read.
    func unstamped(_ updates: [RemoteUpdate]) -> [RemoteUpdate] {
        updates.map { update in
            guard case let .reload(items, searches, _) = update else { return update }
            return .reload(items, searches: searches)
        }
    }

    /// The frame's lines, without their trailing blanks.
    func screen(_ b: Browser) -> String {
        b.frameText().split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    static let fourItems = threeItems() + [Item(id: "d", title: "Delta", position: 4)]

    @Test func aReconnectsWholeListIsReadWhileKeysAreAnsweredAndAppliesAfterWithOurChangeOnTop() throws {
        let reader = HeldReader(lists: [Self.fourItems])
        let arrivals = Arrivals()
        arrivals.next = [PostgresSession.Events(reconnected: true)]
        let follower = follower(reader, arrivals)
        let background = UnansweredBackground()
        let b = Browser(store: Store(items: threeItems(), sink: background, fieldSource: background, clock: { 5 }),
                        libraryName: "team", width: 40, height: 8)
        // Were the read done here, the poll would wait for it: the test lets it go after 3 s at the latest.
        DispatchQueue.global().asyncAfter(deadline: .now() + 3) { reader.release() }
        let start = ContinuousClock.now
        #expect(try follower.poll().isEmpty, "nothing yet: the list is being read")
        #expect(ContinuousClock.now - start < .seconds(1), "the poll does not wait for the read")
        b.handle(.char("j"))
        b.handle(.char("f"))  // a change of ours, pending while the list is read
        #expect(screen(b) == """
             favs — team
            ┏ Items 2/3 ━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
            ┃ ★ Alpha                              ┃
            ┃>★ Bravo                              ┃
            ┃   Charlie                            ┃
            ┃                                      ┃
            ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
             saving…                         3 · ★2
            """, "drawn from the model as it is, the key answered")
        reader.release()
        let updates = try answer(follower)
        #expect(unstamped(updates) == [.reload(ItemCollection(Self.fourItems))])
        #expect(b.sync(updates))
        #expect(b.store.items.favoriteIDs == ["a", "b"], "ours put back on top of the list read, once")
        b.handle(.char("j"))
        #expect(screen(b) == """
             favs — team
            ┏ Items 3/4 ━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
            ┃ ★ Alpha                              ┃
            ┃ ★ Bravo                              ┃
            ┃>  Charlie                            ┃
            ┃   Delta                              ┃
            ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
             saving…                         4 · ★2
            """)
        #expect(background.submitted == [.setFavorite("b", true, at: 5)], "handed over once")
    }

    @Test func aBatchsLogIsReadWhileKeysAreAnsweredAndWhatCameMeanwhileAppliesAfterIt() throws {
        let reader = HeldReader(logs: [[.item("c", Item(id: "c", title: "Charlie!", position: 3))],
                                       [.item("b", nil)]])
        let arrivals = Arrivals()
        arrivals.next = [PostgresSession.Events(notified: true)]
        let follower = follower(reader, arrivals)
        DispatchQueue.global().asyncAfter(deadline: .now() + 3) { reader.release(2) }
        let start = ContinuousClock.now
        #expect(try follower.poll().isEmpty)
        #expect(ContinuousClock.now - start < .seconds(1), "the poll does not wait for the log")
        arrivals.next = [PostgresSession.Events(notified: true)]  // another batch, while the first is read
        #expect(try follower.poll().isEmpty, "held until the first read's answer")
        reader.release()
        #expect(try answer(follower) == [.item("c", Item(id: "c", title: "Charlie!", position: 3))])
        reader.release()
        #expect(try answer(follower) == [.item("b", nil)], "then the second batch, read after the first")
    }

    /// A large library followed from its whole list (it opened on a preview): a read that fails while the server
    /// is gone is not said (the status line says offline) and is asked again once it is back; one that fails while
    /// the server answers is said, and asked again a second later; what arrives before a list is read waits for it.
    @Test func aListFollowerAsksForTheListAgainOnceTheServerIsBackOrASecondAfterAFailureItSays() throws {
        let reader = HeldReader(lists: [Self.fourItems], failingLists: 2)
        let arrivals = Arrivals()
        let follower = PostgresFollower(events: { arrivals.take() }, reader: reader, origin: "us",
                                        names: StarNames(member: "us", format: StarNames.membersFormat), readingTheList: true)
        /// Lets the read under way answer, and waits until it has.
        func answered() { reader.release(); Thread.sleep(forTimeInterval: 0.1) }
        /// How many list reads were asked (given the reading queue time to start the last one).
        func asked() -> Int { Thread.sleep(forTimeInterval: 0.1); return reader.listsAsked }
        #expect(try follower.poll().isEmpty, "the list is asked at the first poll")
        answered()
        arrivals.next = [PostgresSession.Events(offline: true), PostgresSession.Events(notified: true, offline: true)]
        #expect(try follower.poll().isEmpty, "a read failed while offline is not said")
        #expect(follower.trouble == "offline — retrying")
        #expect(try follower.poll().isEmpty, "a notification before the list waits for it")
        #expect(asked() == 1, "not asked again while offline")

        arrivals.next = [PostgresSession.Events(reconnected: true)]
        #expect(try follower.poll().isEmpty)
        #expect(asked() == 2, "asked again once the server is back")
        answered()
        #expect(throws: HeldReader.ReadFailed.self, "a read failed while online is said") { try follower.poll() }
        #expect(follower.trouble == nil)
        #expect(try follower.poll().isEmpty)
        #expect(asked() == 2, "not at once")
        reader.release()
        #expect(unstamped(try answer(follower)) == [.reload(ItemCollection(Self.fourItems))], "a second later, the list")
        #expect(reader.listsAsked == 3)
    }

    @Test func aListReadAskedAgainDropsTheOlderAnswer() throws {
        let reader = HeldReader(lists: [threeItems(), Self.fourItems])
        let arrivals = Arrivals()
        arrivals.next = [PostgresSession.Events(reconnected: true), PostgresSession.Events(reconnected: true)]
        let follower = follower(reader, arrivals)
        #expect(try follower.poll().isEmpty)
        #expect(try follower.poll().isEmpty, "reconnected again: the list is asked anew")
        #expect(reader.interrupted == 1, "the older read is stopped")
        reader.release(2)
        #expect(unstamped(try answer(follower)) == [.reload(ItemCollection(Self.fourItems))], "the newer list only")
        Thread.sleep(forTimeInterval: 0.1)
        #expect(try follower.poll().isEmpty)
    }

    /// The server comes back; the list is asked; a star of ours is made and saved (its result settles) while the read
    /// is under way, from a snapshot older than the star's commit. The list read answers without the star: the star
    /// stays on screen, and leaves the pending list only when its own notice comes, in commit order. (The store once
    /// dropped every change known saved at a reload, and the star went from the screen while the library held it.)
    /// A change of ours whose notice came before the read was asked is committed, so in the list: said saved with it.
    @Test func aStarSavedWhileTheListIsReadStaysOnScreenThoughTheReadIsOlderThanItsCommit() throws {
        let reader = HeldReader(lists: [threeItems(), threeItems()])
        let arrivals = Arrivals()
        let follower = follower(reader, arrivals)
        let background = AnsweringBackground()
        let b = Browser(store: Store(items: threeItems(), sink: background, fieldSource: background, clock: { 5 }),
                        libraryName: "team", width: 40, height: 8)
        arrivals.next = [PostgresSession.Events(reconnected: true)]
        #expect(try follower.poll().isEmpty, "the list is asked")
        b.handle(.char("j"))
        b.handle(.char("f"))
        background.results = [.persisted(ticket: 1, error: nil)]
        #expect(b.settleBackground())
        #expect(b.store.unsavedCount == 0, "saved, says the library")
        // Its notice arrives while the list is read: held until the answer.
        arrivals.next = [PostgresSession.Events(notices: [ChangeNotice(
            library: "s", first: 11, seq: 11, origin: "us", kind: "join", id: "b", set: "@us", time: 5, ticket: 1)])]
        #expect(try follower.poll().isEmpty)
        reader.release()
        let updates = try answer(follower)
        guard case let .reload(_, _, asked)? = updates.first else { Issue.record("\(updates)"); return }
        #expect(asked != nil, "a list read says when it was asked")
        #expect(unstamped(updates) == [.reload(ItemCollection(threeItems())),
                                       .saved(ticket: 1, then: .member(.favorites, "b", true, at: 5))],
                "the list, then what arrived while it was read")
        b.sync(Array(updates.prefix(1)))
        #expect(b.store.items.favoriteIDs == ["a", "b"], "the star stays over the older list")
        b.sync(Array(updates.dropFirst()))
        #expect(b.store.items.favoriteIDs == ["a", "b"])
        #expect(screen(b).hasSuffix(" 3 · ★2"))

        // A second star, whose notice comes before the next reconnect's read is asked: the list holds it.
        b.handle(.char("j"))
        b.handle(.char("f"))  // ticket 2: c starred
        arrivals.next = [PostgresSession.Events(notices: [ChangeNotice(
            library: "s", first: 12, seq: 12, origin: "us", kind: "join", id: "c", set: "@us", time: 5, ticket: 2)],
            reconnected: true)]
        #expect(try follower.poll().isEmpty, "the list is asked again; the notice goes with its answer")
        reader.release()
        let second = try answer(follower)
        #expect(unstamped(second) == [.reload(ItemCollection(threeItems())), .saved(ticket: 2, then: nil)])
    }
}

/// A library across a network whose writes are answered with whatever results the test gives.
final class AnsweringBackground: BackgroundLibrary {
    var results: [BackgroundResult] = []
    func submit(_ change: ModelChange, ticket: Int, epoch: Int) {}
    func requestFields(of id: ItemID) {}
    func requestItems(_ ids: [ItemID]) {}
    func takeResults() -> [BackgroundResult] {
        defer { results.removeAll() }
        return results
    }
    func finish() {}
    func persist(_ change: ModelChange) throws {}
    func fields(of id: ItemID) throws -> [Field] { [] }
}
