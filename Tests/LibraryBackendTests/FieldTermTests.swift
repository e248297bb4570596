import FavsFormats
import FavsLibrary
import FavsModel
import Foundation
import Testing

/// The ids of the items listed (in list order) that a search's field terms accept, as the library answers them.
func found(_ pattern: String, in library: any ItemLibrary) throws -> [String] {
    let matches = try library.fieldMatches(try SearchPattern(parsing: pattern).fieldGroups)
    return try library.loadListItems().map(\.id).filter(matches.contains).map(\.rawValue)
}

/// Field terms (`artist:padilla`), answered by each library's trigram index: the same answers on both.
@Suite struct FieldTermTests {
    @Test(arguments: Backend.allCases)
    func aFieldTermFindsTheItemsWhoseFieldHoldsTheText(_ backend: Backend) throws {
        let library = try Place(backend).open(seed: true)
        #expect(try found("artist:padilla", in: library) == ["rec-003"])
        #expect(try found(":padilla", in: library) == ["rec-003"], "any field")
        #expect(try found("Artist:PADILLA", in: library).isEmpty, "an upper-case letter makes the text case-sensitive")
        #expect(try found("ARTIST:Padilla", in: library) == ["rec-003"], "a name's case never matters")
        #expect(try found("genre:rock", in: library) == ["rec-012", "rec-023", "rec-024"])
        #expect(try found("genre:Rock", in: library) == ["rec-023", "rec-024"])
        #expect(try found("year:^19", in: library)
            == ["rec-003", "rec-005", "rec-008", "rec-009", "rec-012", "rec-013", "rec-016", "rec-023", "rec-024"])
        #expect(try found("year:94$", in: library) == ["rec-003", "rec-023"])
        #expect(try found("genre:^j-pop$", in: library) == ["rec-001", "rec-006", "rec-027"])
        #expect(try found("genre:^j-po$", in: library).isEmpty, "^…$ is the whole value")
        #expect(try found("album:n'enferme", in: library) == ["rec-028"])
        #expect(try found("note:rain\\ on", in: library) == ["rec-002"], "\\ is a space inside a term")
    }

    @Test(arguments: Backend.allCases)
    func groupsAllMatchAndABarJoinsTerms(_ backend: Backend) throws {
        let library = try Place(backend).open(seed: true)
        #expect(try found("artist:padilla | artist:bowie", in: library) == ["rec-003", "rec-024"])
        #expect(try found("genre:classical year:^18", in: library) == ["rec-007", "rec-020", "rec-021"])
    }

    @Test(arguments: Backend.allCases)
    func aNegatedTermKeepsTheItemsWithoutSuchAField(_ backend: Backend) throws {
        let library = try Place(backend).open(seed: true)
        let all = try library.loadListItems().map(\.id.rawValue)
        #expect(try found("!note:list", in: library) == all.filter { $0 != "rec-001" })
        #expect(try found("!mood:calm", in: library) == all, "no item has the field")
        #expect(try found("mood:calm", in: library).isEmpty, "an unknown field matches nothing")
        #expect(try found("genre:classical !artist:claude", in: library) == ["rec-007", "rec-018", "rec-020", "rec-021"])
        #expect(try found("artist:padilla | !genre:^j-pop$", in: library).count == 25)
    }

    @Test(arguments: Backend.allCases)
    func accentsCountAndOnlyASCIILettersCaseIsSetAside(_ backend: Backend) throws {
        let library = try Place(backend).open(seed: true)
        #expect(try found("artist:rós", in: library) == ["rec-012"])
        #expect(try found("artist:ros", in: library).isEmpty, "accents are compared as they are")
        #expect(try found("artist:Ölands", in: library) == ["rec-019"])
        #expect(try found("artist:ölands", in: library).isEmpty, "only ASCII letters' case is set aside")
        #expect(try found("album:我很", in: library) == ["rec-022"], "two characters: read row by row")
    }

    @Test(arguments: Backend.allCases)
    func aShortTermIsAnsweredToo(_ backend: Backend) throws {
        let library = try Place(backend).open(seed: true)
        #expect(try found(":j-", in: library) == ["rec-001", "rec-006", "rec-027"])
        #expect(try found("genre:^j", in: library) == ["rec-001", "rec-006", "rec-027"])
        #expect(try found("note:,", in: library) == ["rec-002"])
    }

    @Test(arguments: Backend.allCases)
    func everyKindOfValueIsMatchedAsWrittenAndWildcardsAreText(_ backend: Backend) throws {
        let library = try Place(backend).open()
        _ = try importing([
            record("a", "A", [Field("rank", "1.50", kind: .number), Field("ok", "true", kind: .bool),
                              Field("none", "", kind: .null), Field("code", "a_c"), Field("path", #"C:\temp "x""#)], line: 1),
            record("b", "B", [Field("rank", "150", kind: .number), Field("code", "abc"), Field("share", "50%")], line: 2),
            record("c", "C", [Field("share", "500"), Field("path", "C:/temp")], line: 3),
        ], into: library)
        #expect(try found("rank:1.50", in: library) == ["a"])
        #expect(try found("rank:^1.5$", in: library).isEmpty, "a number is its text as written")
        #expect(try found("rank:50", in: library) == ["a", "b"])
        #expect(try found("ok:^true$", in: library) == ["a"])
        #expect(try found("!none:x", in: library) == ["a", "b", "c"], "a null field is empty")
        #expect(try found("code:a_c", in: library) == ["a"])
        #expect(try found("share:50%", in: library) == ["b"])
        #expect(try found(#"path:\temp"#, in: library) == ["a"])
        #expect(try found(#"path:"x"$"#, in: library) == ["a"])
    }

    @Test(arguments: Backend.allCases)
    func everyWriteIsFoundAtOnceHereAndByAnotherProcess(_ backend: Backend) throws {
        let place = try Place(backend)
        let mine = try place.open(seed: true), theirs = try place.open()
        // An import adds and updates: the new fields are found, the old ones no more.
        _ = try importing([
            record("rec-003", "Café del Mar — Sunset", [Field("artist", "Padilla & friends")], line: 1),
            record("new", "New", [Field("artist", "Nova Padilla")], line: 2),
        ], into: theirs)
        #expect(try found("artist:padilla", in: mine) == ["rec-003", "new"])
        #expect(try found("album:del\\ mar", in: mine).isEmpty)
        // A favorite changes no field; a delete takes the item off the list, a restore brings it back.
        try theirs.apply(.favorite, to: ["new"])
        try theirs.apply(.delete, to: ["rec-003"])
        #expect(try found("artist:padilla", in: mine) == ["new"])
        try theirs.apply(.restore, to: ["rec-003"])
        #expect(try found("artist:padilla", in: mine) == ["rec-003", "new"])
        // A copy brings its index along on the other backend.
        let other = try Place(backend == .sqlite ? .postgres : .sqlite).open()
        _ = try other.copyIn { add in try mine.copyOut(add) }
        #expect(try found("artist:padilla", in: other) == ["rec-003", "new"])
        #expect(try found("genre:rock", in: other) == ["rec-012", "rec-023", "rec-024"])
    }

    @Test(arguments: Backend.allCases)
    func aLibraryOpenedAgainForSearchingAnswersTheSame(_ backend: Backend) throws {
        let place = try Place(backend)
        let library = try place.open(seed: true)
        let reopen = try #require(library.reopenedForSearch())
        #expect(try found("artist:padilla", in: try reopen()) == ["rec-003"])
    }

    /// The list's rows by id.
    static func rows(_ store: Store) -> [String] { (0..<store.list.count).compactMap { store.list.id(at: $0)?.rawValue } }

    /// Takes in the background answer (2 s at most); the events it brought.
    static func settle(_ store: Store) -> [StoreEvent] {
        let end = Date().addingTimeInterval(2)
        while Date() < end {
            let events = store.settleBackground().events
            if !events.isEmpty { return events }
            usleep(2000)
        }
        return []
    }

    @Test(arguments: Backend.allCases)
    func aBrowserAsksOffTheInputThreadAndSeesEveryWrite(_ backend: Backend) throws {
        let place = try Place(backend)
        let library = try place.open(seed: true), theirs = try place.open()
        let (items, lastChange) = try library.loadListToFollow()
        let follower = try #require(try library.follower(after: lastChange))
        let store = Store(collection: items, sink: library, fieldSearch: LibraryFieldSearch(library, inBackground: true),
                          query: ListQuery(filter: "genre:rock"))
        // Asked on another thread: the answer comes at a poll (unless it was quick enough to be there at once).
        if store.isSearchingFields { #expect(Self.settle(store) == [.queryChanged]) }
        #expect(Self.rows(store) == ["rec-012", "rec-023", "rec-024"])
        // A delete is gone at once, its undo back; a favorite asks nothing.
        store.send(.delete("rec-023"))
        #expect(Self.rows(store) == ["rec-012", "rec-024"])
        store.send(.undo)
        store.send(.toggleFavorite("rec-012"))
        #expect(Self.rows(store) == ["rec-012", "rec-023", "rec-024"])
        // Another process imports an item with the genre: the reload asks again.
        _ = try importing([record("new", "New", [Field("genre", "Art rock")], line: 1)], into: theirs)
        let updates = try poll(follower) { !$0.isEmpty }
        _ = store.sync(updates)
        // The list keeps the answer it had until the new one comes (it may have come already).
        if Self.rows(store).count == 3 { #expect(Self.settle(store) == [.reloaded]) }
        #expect(Self.rows(store) == ["rec-012", "rec-023", "rec-024", "new"])
    }
}
