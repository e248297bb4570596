import Testing
@testable import FavsCore
@testable import FavsModel
import FavsTestFixtures

/// A library across a network, faked: it records what it is handed and reports what the test says.
final class FakeBackground: BackgroundLibrary {
    var submitted: [(change: ModelChange, ticket: Int, epoch: Int)] = []
    var requested: [ItemID] = []
    var results: [BackgroundResult] = []

    func submit(_ change: ModelChange, ticket: Int, epoch: Int) { submitted.append((change, ticket, epoch)) }
    func requestFields(of id: ItemID) { requested.append(id) }
    var reread: [[ItemID]] = []
    func requestItems(_ ids: [ItemID]) { reread.append(ids.sorted()) }
    func takeResults() -> [BackgroundResult] {
        defer { results.removeAll() }
        return results
    }
    func finish() {}
    func persist(_ change: ModelChange) throws { Issue.record("a background library is never asked to wait for a write") }
    func fields(of id: ItemID) throws -> [Field] {
        Issue.record("a background library is never asked to wait for fields")
        return []
    }
}

/// Changes applied on screen at once and saved in the background; a refused one taken back with its reason.
@Suite struct BackgroundLibraryTests {
    func browser(_ library: FakeBackground, width: Int = 60) -> Browser {
        Browser(store: Store(items: threeItems(), sink: library, fieldSource: library, clock: { 5 }),
                libraryName: "team", width: width, height: 10)
    }

    func favorites(_ b: Browser) -> [ItemID] { b.store.items.favoriteIDs }

    @Test func aChangeIsOnScreenAtOnceAndSaysSavingUntilTheLibrarySavedIt() {
        let library = FakeBackground()
        let b = browser(library)
        b.handle(.char("j"))
        b.handle(.char("f"))
        #expect(favorites(b) == ["a", "b"], "on screen before anything is saved")
        #expect(library.submitted.map(\.change) == [.setFavorite("b", true, at: 5)])
        #expect(b.frame().lines.last == " saving…                              3 items · 2 favorites")
        library.results = [.persisted(ticket: 1, error: nil)]
        #expect(b.settleBackground())
        #expect(b.store.unsavedCount == 0)
        #expect(b.frame().lines.last == " f fav · d del · u undo · ? help      3 items · 2 favorites")
        #expect(!b.settleBackground(), "nothing new: no new frame")
    }

    /// Its notification can say ours is saved before the library's own result comes (the commit's NOTIFY reaches
    /// the listening connection first): `saving…` goes then, and the sync asks for the frame that says so, though
    /// no item changed. (It did not: the screen kept `saving…` until the next key.)
    @Test func aChangeSavedByItsNotificationBeforeItsResultClearsSavingOnTheNextFrame() {
        let library = FakeBackground()
        let b = browser(library)
        b.handle(.char("j"))
        b.handle(.char("f"))
        #expect(b.frame().lines.last == " saving…                              3 items · 2 favorites")
        #expect(b.sync([.saved(ticket: 1, then: nil)]), "a new frame: the status line changed")
        #expect(b.frame().lines.last == " f fav · d del · u undo · ? help      3 items · 2 favorites")
        library.results = [.persisted(ticket: 1, error: nil)]
        #expect(!b.settleBackground(), "the result, come after, changes nothing")
        #expect(favorites(b) == ["a", "b"])
    }

    @Test func aRefusedChangeIsTakenBackWithEveryLaterOneNewestFirstAndTheHistoryAsItWas() {
        let library = FakeBackground()
        let b = browser(library)
        b.send(.toggleFavorite("c"))  // saved
        library.results = [.persisted(ticket: 1, error: nil)]
        b.settleBackground()
        b.send(.toggleFavorite("b"))  // ticket 2: refused
        b.send(.delete("a"))          // 3: made on top of it
        b.send(.undo)                 // 4: puts a back
        #expect(b.store.unsavedCount == 3)
        #expect(favorites(b) == ["a", "b", "c"])
        library.results = [.persisted(ticket: 2, error: "offline: the server does not answer (retrying)"),
                           .persisted(ticket: 3, error: "offline: the server does not answer (retrying)")]
        #expect(b.settleBackground())
        #expect(b.message?.text == "Not saved (3 changes): offline: the server does not answer (retrying)")
        #expect(favorites(b) == ["a", "c"] && b.store.items.count == 3, "as it was before the refused change")
        #expect(b.store.unsavedCount == 0)
        // The history is as it was: one undo, of the change that was saved.
        #expect(b.send(.undo).applied == .setFavorite("c", false, at: 5))
        #expect(!b.store.canUndo)
        #expect(library.reread == [["a", "b"]], "what was taken back is read again as stored")
        // Later changes belong to a new epoch: the library tries them even though one of the old one failed.
        #expect(library.submitted.map(\.epoch) == [0, 0, 0, 0, 1])
    }

    @Test func anotherProcessChangeToAnItemWithOursOnTheWayLandsUnderOurs() {
        let library = FakeBackground()
        let b = browser(library)
        b.send(.toggleFavorite("a"))  // ours: a unfavorited, on its way
        // Theirs, read before ours is saved: a stored as a favorite (they starred it again at 9).
        b.sync([.item("a", Item(id: "a", title: "Alpha", favorite: true, position: 1, favoritedAt: 9))])
        #expect(favorites(b) == [], "ours is saved after theirs: the screen shows what the library will hold")
        library.results = [.persisted(ticket: 1, error: "refused")]
        b.settleBackground()
        #expect(favorites(b) == ["a"], "taken back, ours lands on the stored state: theirs")
        #expect(b.store.items["a"]?.favoritedAt == 9)
    }

    /// The library said ours is saved before the notification of another process's earlier change came: ours
    /// stays over it until ours comes back too, in commit order.
    @Test func aSavedChangeStaysOverAnEarlierChangeOfAnotherProcessThatIsSeenAfterIt() {
        let library = FakeBackground()
        let b = browser(library)
        b.send(.toggleFavorite("b"))  // ours: b starred (committed second)
        library.results = [.persisted(ticket: 1, error: nil)]
        b.settleBackground()
        #expect(b.store.unsavedCount == 0)
        b.sync([.favorite("b", false, at: nil)])  // theirs, committed first: b unstarred
        #expect(favorites(b) == ["a", "b"])
        b.sync([.saved(ticket: 1, then: .favorite("b", true, at: 5))])
        #expect(favorites(b) == ["a", "b"])
        b.sync([.favorite("b", false, at: nil)])  // theirs again, now after ours
        #expect(favorites(b) == ["a"])
    }

    @Test func aReloadKeepsOurChangesOnTheWayOnTop() {
        let library = FakeBackground()
        let b = browser(library)
        b.send(.toggleFavorite("b"))
        b.sync([.reload(ItemCollection(threeItems()))])
        #expect(favorites(b) == ["a", "b"])
        library.results = [.persisted(ticket: 1, error: nil)]
        b.settleBackground()
        #expect(favorites(b) == ["a", "b"])
    }

    @Test func fieldsAreReadInTheBackgroundAndTheDetailSaysLoadingUntilTheyCome() {
        let library = FakeBackground()
        let items = threeItems().map { Item(id: $0.id, title: $0.title, favorite: $0.favorite, position: $0.position) }
        let b = Browser(store: Store(items: items, sink: library, fieldSource: library), libraryName: "team",
                        width: 70, height: 16)
        #expect(library.requested == ["a"])
        #expect(b.frame().lines[2...5].map { String($0.dropFirst(28)) } == [
            "│ ★ Alpha                                │", "│                                        │",
            "│ id: a                                  │", "│ loading…                               │",
        ])
        library.results = [.fields("a", .success([Field("artist", "Ana")]))]
        #expect(b.settleBackground())
        #expect(b.frame().lines[5].hasSuffix("│ artist: Ana                            │"))
        b.handle(.char("j"))
        library.results = [.fields("b", .failure(FieldReadError("offline: the server does not answer (retrying)")))]
        b.settleBackground()
        #expect(b.message == nil, "the status line is left to say why the server cannot be reached")
        #expect(b.frame().lines[5...6].map { String($0.dropFirst(28)) }
                == ["│ (fields not read: offline: the server  │", "│ does not answer (retrying))            │"])
        #expect(library.requested == ["a", "b"])
    }

    /// A batch favorite on 20 marked items that is taken back (`Not saved: offline…`) leaves them marked, so that
    /// `f` tries again. (The marks went with the batch, and the user had to mark the 20 again.)
    @Test func theMarksOfABatchThatIsTakenBackAreKeptToTryAgain() {
        let library = FakeBackground()
        let items = (1...24).map { Item(id: ItemID("i\($0)"), title: "Item \($0)", position: $0) }
        let b = Browser(store: Store(items: items, sink: library, fieldSource: library, clock: { 5 }),
                        libraryName: "team", width: 64, height: 8)
        b.handle(.char("v"))
        for _ in 1...19 { b.handle(.char("j")) }
        b.handle(.char("f"))
        #expect(favorites(b).count == 20, "on screen at once")
        #expect(b.marks.isEmpty)
        library.results = [.persisted(ticket: 1, error: "offline: the server does not answer (retrying)")]
        #expect(b.settleBackground())
        #expect(favorites(b) == [])
        #expect(b.marks.ids == Set((1...20).map { ItemID("i\($0)") }))
        #expect(b.frame().lines == [
            " favs — team",
            "┏ Items 20/24 ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓",
            "┃•  Item 17                                                    ┃",
            "┃•  Item 18                                                    ┃",
            "┃•  Item 19                                                    ┃",
            "┃»  Item 20                                                    ┃",
            "┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛",
            " Not saved: offline: the server does no… 24 items · 0 favorites",
        ])
        b.handle(.char("k"))  // the next key clears the message: the status line counts the marks
        #expect(b.frame().lines.last == " 20 marked · f · d · esc clears          24 items · 0 favorites")
        b.handle(.char("f"))
        #expect(favorites(b).count == 20, "f again favorites the 20")
        #expect(library.submitted.map(\.change.parts.count) == [20, 20])
        #expect(b.marks.isEmpty)
    }
}
