import Testing
@testable import FavsCore
@testable import FavsModel

/// A library's field index, faked: it records what it is asked, and answers (by the rule, over the items' fields)
/// when the test says, as a search on another thread would.
final class FakeFieldSearch: FieldSearch {
    var items: [Item]
    var asked: [(groups: [[FieldTerm]], ticket: Int)] = []
    var answers: [FieldAnswer] = []
    var answersAtOnce = false

    init(_ items: [Item]) { self.items = items }

    func request(_ groups: [[FieldTerm]], ticket: Int) {
        asked.append((groups, ticket))
        if answersAtOnce { answer() }
    }

    /// Answers a request (the latest unless `ticket` says which).
    func answer(_ ticket: Int? = nil) {
        let chosen = ticket.map { t in asked.first { $0.ticket == t } } ?? asked.last
        guard let request = chosen else { return }
        let ids = items.filter { item in request.groups.allSatisfy { $0.contains { $0.accepts(item.fields) } } }.map(\.id)
        answers.append(FieldAnswer(ticket: request.ticket, result: .success(FieldMatches(Set(ids)))))
    }

    func takeAnswers() -> [FieldAnswer] {
        defer { answers.removeAll() }
        return answers
    }
}

/// Field terms in the browser: answered off the input thread, the list saying `searching fields…` until then.
@Suite struct FieldSearchTests {
    func browser(_ search: FakeFieldSearch, width: Int = 70, height: Int = 8) -> Browser {
        Browser(store: Store(items: SampleLibrary.items, fieldSearch: search), libraryName: "sample",
                width: width, height: height)
    }

    func type(_ text: String, into b: Browser) {
        for character in text { b.handle(.char(character)) }
    }

    func rows(_ store: Store) -> [String] { (0..<store.list.count).compactMap { store.list.id(at: $0)?.rawValue } }

    @Test func theListSaysSearchingFieldsUntilTheLibraryAnswersAndKeysAreAnsweredMeanwhile() {
        let search = FakeFieldSearch(SampleLibrary.items)
        let b = browser(search)
        type("/artist:padilla", into: b)
        #expect(b.frame().lines == [
            " favs — sample",
            "┏ Items · /artist:padilla ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓",
            "┃ searching fields…                                                  ┃",
            "┃                                                                    ┃",
            "┃                                                                    ┃",
            "┃                                                                    ┃",
            "┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛",
            " /artist:padilla▏  enter keeps · esc clears    28 items · 3 favorites",
        ])
        // Each key typed asked the library again (a newer question makes the older answers worthless).
        #expect(search.asked.map { $0.groups.first?.first?.term.text } == ["p", "pa", "pad", "padi", "padil", "padill", "padilla"])
        b.handle(.enter)  // keys are answered while the library works
        #expect(b.frame().lines[2] == "┃ searching fields…                                                  ┃")
        search.answer()
        #expect(b.settleBackground())
        #expect(b.frame().lines[1...3] == [
            "┏ Items 1/1 · /artist:padilla ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓",
            "┃>  Café del Mar — Sunset                                            ┃",
            "┃                                                                    ┃",
        ])
        #expect(!b.settleBackground(), "nothing new: no new frame")
    }

    @Test func anOlderAnswerThatComesLateIsIgnored() {
        let search = FakeFieldSearch(SampleLibrary.items)
        let store = Store(items: SampleLibrary.items, fieldSearch: search)
        store.send(.show(ListQuery(filter: "genre:rock")))
        store.send(.show(ListQuery(filter: "genre:^rock$")))
        search.answer(1)
        #expect(store.settleBackground().events.isEmpty)
        #expect(store.isSearchingFields)
        search.answer(2)
        #expect(store.settleBackground().events == [.queryChanged])
        #expect(rows(store) == ["rec-023", "rec-024"])
    }

    @Test func titleTermsRankAndFieldTermsOnlyFilter() {
        let search = FakeFieldSearch(SampleLibrary.items)
        search.answersAtOnce = true
        let store = Store(items: SampleLibrary.items, fieldSearch: search)
        store.send(.show(ListQuery(filter: "genre:classical")))
        #expect(rows(store) == ["rec-005", "rec-007", "rec-018", "rec-020", "rec-021"], "library order, as `!` alone")
        store.send(.show(ListQuery(filter: "genre:classical de")))
        #expect(rows(store) == ["rec-005", "rec-021"], "best title first: “de” in Clair de lune, then Ode an die Freude")
        store.send(.show(ListQuery(filter: "genre:classical", order: .title)))
        #expect(rows(store) == ["rec-005", "rec-007", "rec-021", "rec-020", "rec-018"], "the chosen order")
        #expect(search.asked.count == 1, "the same field terms are not asked again")
    }

    @Test func aDeleteAndItsUndoRePlaceTheItemAndAFavoriteAsksNothing() {
        let search = FakeFieldSearch(SampleLibrary.items)
        search.answersAtOnce = true
        let store = Store(items: SampleLibrary.items, fieldSearch: search)
        store.send(.show(ListQuery(filter: "genre:rock")))
        #expect(rows(store) == ["rec-012", "rec-023", "rec-024"])
        #expect(store.send(.delete("rec-023")).events == [.removed("rec-023", at: 1)])
        #expect(rows(store) == ["rec-012", "rec-024"])
        #expect(store.send(.undo).events == [.inserted("rec-023", at: 1)])
        store.send(.toggleFavorite("rec-024"))
        #expect(rows(store) == ["rec-012", "rec-023", "rec-024"])
        #expect(search.asked.count == 1)
    }

    @Test func aReloadAsksAgainAndKeepsTheMatchesUntilTheAnswerComes() {
        let search = FakeFieldSearch(SampleLibrary.items)
        let store = Store(items: SampleLibrary.items, fieldSearch: search)
        store.send(.show(ListQuery(filter: "artist:padilla")))
        search.answer()
        store.settleBackground()
        // An import elsewhere gave another item the artist.
        var items = SampleLibrary.items
        items[5].fields = [Field("artist", "Eva Padilla")]
        search.items = items
        #expect(store.sync([.reload(ItemCollection(items))]) == [.reloaded])
        #expect(rows(store) == ["rec-003"], "the answer it had, until the new one comes")
        #expect(!store.isSearchingFields)
        search.answer()
        #expect(store.settleBackground().events == [.reloaded])
        #expect(rows(store) == ["rec-003", "rec-006"])
    }

    @Test func withoutALibraryFieldTermsAreLeftOutAndTheStatusLineSaysSo() {
        let b = Browser(store: Store(items: SampleLibrary.items), libraryName: "lines", width: 150, height: 8)
        type("/artist:x", into: b)
        #expect(b.store.list.count == 28)
        #expect(b.frame().lines.last?.hasPrefix(
            " /artist:x▏  artist: searches fields, which only a library has: these lines are searched by their text   ") == true)
    }

    @Test func aLibraryThatCannotAnswerIsSaid() {
        final class Failing: FieldSearch {
            var ticket = 0
            func request(_ groups: [[FieldTerm]], ticket: Int) { self.ticket = ticket }
            func takeAnswers() -> [FieldAnswer] {
                [FieldAnswer(ticket: ticket, result: .failure(FieldReadError("offline: the server does not answer")))]
            }
        }
        let store = Store(items: SampleLibrary.items, fieldSearch: Failing())
        store.send(.show(ListQuery(filter: "artist:x")))
        #expect(store.list.count == 0)
        #expect(store.searchProblem == "Fields not searched: offline: the server does not answer")
        store.send(.show(ListQuery(filter: "cafe")))
        #expect(store.searchProblem == nil, "a search of titles alone has nothing to say about fields")
    }
}
