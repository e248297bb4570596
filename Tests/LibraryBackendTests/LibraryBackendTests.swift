import FavsFormats
import FavsLibrary
import FavsModel
import FavsPostgres
import FavsTestFixtures
import Foundation
import Synchronization
import Testing

/// The library's interface, one suite for both backends: a SQLite file, and a fresh schema on the PostgreSQL
/// server `make test` starts (FAVS_TEST_POSTGRES). What the store, the commands and a follower see must not
/// depend on where the library lives.
enum Backend: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { rawValue }
}

/// A library location of one backend for one test, and a way to open it again (a second process's view).
final class Place {
    let backend: Backend
    let location: String

    init(_ backend: Backend) throws {
        self.backend = backend
        switch backend {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("favs-backend-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            _ = Self.removeFoldersAtExit
            Self.folders.withLock { $0.append(folder) }
            location = folder.appendingPathComponent("lib.sqlite").path
        case .postgres:
            guard let url = ProcessInfo.processInfo.environment["FAVS_TEST_POSTGRES"], url.hasPrefix("postgres") else {
                throw TestFailure("FAVS_TEST_POSTGRES is not set: run the tests with make test, which starts a PostgreSQL server")
            }
            location = url + "?schema=t_\(UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: ""))"
        }
    }

    /// The SQLite places' folders, removed when the test process ends rather than with their `Place`: a library
    /// outlives the `Place` that opened it (`try Place(backend).open()`), and a folder removed under an open
    /// library fails its next write that makes a file (an import's rollback journal: "disk I/O error").
    private static let folders = Mutex<[URL]>([])
    private static let removeFoldersAtExit: Void = {
        atexit { Place.folders.withLock { $0 }.forEach { try? FileManager.default.removeItem(at: $0) } }
    }()

    func open(seed: Bool = false) throws -> any ItemLibrary {
        switch backend {
        case .sqlite: try SQLiteLibrary.open(LibraryLocation(path: location), seedIfNew: seed)
        case .postgres: try PostgresLibrary.open(url: location, seedIfNew: seed)
        }
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The records of an import, with their places (here, their lines).
func importing(_ records: [ImportRecord], into library: any ItemLibrary) throws -> ImportSummary {
    try library.importRecords { add in for record in records { try add(record, record.line) } }
}

func record(_ id: String, _ title: String, _ fields: [Field] = [], favorite: Bool = false, line: Int) -> ImportRecord {
    ImportRecord(id: ItemID(id), title: title, fields: fields, favorite: favorite, line: line)
}

/// id, star and title of each item, in list order: what `favs list` shows.
func listed(_ library: any ItemLibrary) throws -> [String] {
    try library.loadItems().map { "\($0.id) \($0.favorite ? "★" : " ") \($0.title)" }
}

/// Polls `follower` until `done` holds for what arrived so far (`seconds` at most, 2 unless told).
func poll(_ follower: any LibraryFollowing, within seconds: TimeInterval = 2,
          until done: ([RemoteUpdate]) -> Bool) throws -> [RemoteUpdate] {
    var updates: [RemoteUpdate] = []
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
        updates += try follower.poll()
        if done(updates) { return updates }
        usleep(5000)
    }
    return updates
}

@Suite struct LibraryBackendTests {
    @Test(arguments: Backend.allCases)
    func aNewLibraryIsTheSampleOrEmpty(_ backend: Backend) throws {
        let seeded = try Place(backend).open(seed: true)
        #expect(seeded.name == SampleLibrary.name)
        #expect(try seeded.loadItems() == SampleLibrary.items)
        let empty = try Place(backend).open(seed: false)
        #expect(try empty.loadItems().isEmpty)
        #expect(try empty.loadListToFollow().items.count == 0)
    }

    @Test(arguments: Backend.allCases)
    func aChangeIsStoredAndAChangeToNothingChangesNothing(_ backend: Backend) throws {
        let library = try Place(backend).open(seed: true)
        try library.persist(.setFavorite("rec-002", true, at: 1_700_000_000_000))
        #expect(try library.item("rec-002")?.favorite == true)
        #expect(try library.item("rec-002")?.favoritedAt == 1_700_000_000_000)
        let before = try listed(library)
        #expect(throws: LibraryError.noItem("nope")) { try library.persist(.setFavorite("nope", true)) }
        // A batch is one transaction: its unknown part undoes its known one.
        #expect(throws: LibraryError.noItem("nope")) {
            try library.persist(.batch([.setFavorite("rec-003", true), .setFavorite("nope", true)]))
        }
        #expect(try listed(library) == before)
        let item = try #require(try library.item("rec-005"))
        try library.persist(.delete(item))
        #expect(try library.item("rec-005") == nil)
        #expect(try library.loadItems().count == 27)
        try library.persist(.restore(item))
        #expect(try library.item("rec-005") == item)
        #expect(try listed(library) == before)
    }

    @Test(arguments: Backend.allCases)
    func commandsCheckEveryIDBeforeChangingAny(_ backend: Backend) throws {
        let library = try Place(backend).open(seed: true)
        let before = try listed(library)
        #expect(throws: LibraryError.noItem("nope")) { try library.apply(.favorite, to: ["rec-002", "nope"]) }
        #expect(try listed(library) == before)
        #expect(try library.apply(.favorite, to: ["rec-002", "rec-002", "rec-001"]) == ["rec-002"])
        #expect(try library.apply(.delete, to: ["rec-003"]) == ["rec-003"])
        #expect(throws: LibraryError.noItem("rec-003")) { try library.apply(.favorite, to: ["rec-003"]) }
        #expect(try library.ids(changedBy: .restore) == ["rec-003"])
        #expect(try library.ids(changedBy: .unfavorite) == ["rec-001", "rec-002", "rec-004", "rec-008"])
        #expect(try library.ids(changedBy: .favorite).count == 23)
        #expect(try library.apply(.restore, to: ["rec-003", "rec-004"]) == ["rec-003"])
        #expect(try library.ids(changedBy: .delete).count == 28)
    }

    @Test(arguments: Backend.allCases)
    func favoritesMadeInOneMillisecondKeepTheOrderTheyWereMadeInForEveryProcess(_ backend: Backend) throws {
        let place = try Place(backend)
        let library = try place.open(seed: true)
        // Ten ids on one command line: made one after the other, so the last named is the most recent.
        let ids = (10...19).map { ItemID("rec-0\($0)") }
        try library.apply(.favorite, to: ids)
        // And a browser's favorites, stamped by a clock that stands still, after what the command made.
        let store = Store(collection: try library.loadListToFollow().items, sink: library, clock: { 1 })
        store.send(.toggleFavorite("rec-020"))
        store.send(.toggleFavorite("rec-021"))
        for reader in [library, try place.open()] {  // this process, and another one opening the library
            let recent = Store(collection: try reader.loadListToFollow().items, query: ListQuery(order: .recentlyFavorited))
            let top = (0..<12).compactMap { recent.list.id(at: $0) }
            #expect(top == ["rec-021", "rec-020"] + ids.reversed())
        }
    }

    @Test(arguments: Backend.allCases)
    func anImportAddsUpdatesAndKeepsEveryValueAsItCame(_ backend: Backend) throws {
        let library = try Place(backend).open()
        let odd = "tab\there\nnew line \\ back\\slash 青花瓷 🎧 \u{1B}[31m"
        let records = [
            record("a", "Alpha", [Field("rank", "1891", kind: .number), Field("ok", "true", kind: .bool),
                                  Field("none", "", kind: .null), Field("note", odd)], line: 1),
            record("b", odd, favorite: true, line: 2),
            record("c", "Gamma", line: 3),
        ]
        #expect(try importing(records, into: library) == ImportSummary(added: 3))
        #expect(try library.loadItems().map(\.id) == ["a", "b", "c"])
        #expect(try library.item("a")?.fields == records[0].fields)
        #expect(try library.item("b")?.title == odd)
        #expect(try library.item("b")?.favorite == true)
        #expect(try importing(records, into: library) == ImportSummary(unchanged: 3))

        try library.apply(.delete, to: ["c"])
        try library.apply(.favorite, to: ["a"])
        var changed = records
        changed[0].title = "Alpha 2"
        changed[0].favorite = false
        changed.append(record("d", "Delta", line: 4))
        #expect(try importing(changed, into: library) == ImportSummary(added: 1, updated: 2, unchanged: 1))
        #expect(try listed(library) == ["a ★ Alpha 2", "b ★ \(odd)", "c   Gamma", "d   Delta"])
    }

    /// Ids and titles that read as SQL (quotes, a `$1`, a statement's end) are values like any other: starred,
    /// deleted, restored and read back by id, every other item untouched (the PostgreSQL library binds every
    /// value it sends; none is spliced into a statement).
    @Test(arguments: Backend.allCases)
    func idsThatLookLikeSQLAreOnlyIDs(_ backend: Backend) throws {
        let library = try Place(backend).open()
        let ids = ["o'brien", "$1", "x'); DELETE FROM items; --", #"say "hi""#, "a\'b"]
        let records = ids.enumerated().map { record($1, "title of \($1)", [Field("note", "'; --")], line: $0 + 1) }
            + [record("plain", "Plain", line: ids.count + 1)]
        #expect(try importing(records, into: library) == ImportSummary(added: ids.count + 1))
        let itemIDs = ids.map { ItemID($0) }
        #expect(try library.apply(.favorite, to: itemIDs) == itemIDs)
        for id in ids {
            #expect(try library.item(ItemID(id))?.title == "title of \(id)")
            #expect(try library.fields(of: ItemID(id)) == [Field("note", "'; --")])
        }
        #expect(try library.apply(.delete, to: [ItemID(ids[2])]) == [ItemID(ids[2])])
        #expect(try library.item(ItemID(ids[2])) == nil)
        #expect(try library.apply(.restore, to: [ItemID(ids[2])]) == [ItemID(ids[2])])
        #expect(try listed(library) == ids.map { "\($0) ★ title of \($0)" } + ["plain   Plain"])
    }

    @Test(arguments: Backend.allCases)
    func aRepeatedIDOrAFailedReadChangesNothing(_ backend: Backend) throws {
        for seed in [false, true] {  // into an empty library, and into one with items
            let library = try Place(backend).open(seed: seed)
            let before = try listed(library)
            do {
                _ = try importing([record("x", "X", line: 4), record("y", "Y", line: 5), record("x", "X again", line: 7)],
                                  into: library)
                Issue.record("a repeated id was imported")
            } catch let duplicate as ImportDuplicate {
                #expect(duplicate.record.id == "x")
                #expect(duplicate.firstPlace == 4)
                #expect(duplicate.place == nil || duplicate.place == 7)
            }
            #expect(try listed(library) == before)
            #expect(throws: TestFailure.self) {
                try library.importRecords { add in
                    try add(record("z", "Z", line: 1), 1)
                    throw TestFailure("the file went away")
                }
            }
            #expect(try listed(library) == before)
        }
    }

    @Test(arguments: Backend.allCases)
    func theOrderIsRememberedAcrossOpens(_ backend: Backend) throws {
        let place = try Place(backend)
        #expect(try place.open(seed: true).rememberedOrder() == nil)
        try place.open().remember(order: .title)
        #expect(try place.open().rememberedOrder() == .title)
    }

    @Test(arguments: Backend.allCases)
    func aLargeLibraryOpensOnAPreviewOfItsFirstRowsAndItsCounts(_ backend: Backend) throws {
        let library = try Place(backend).open()
        _ = try importing((1...50).map { record("i\($0)", "Item \($0)", favorite: $0 % 10 == 0, line: $0) }, into: library)
        #expect(try library.loadPreview(rows: 5, minimum: 51) == nil)
        let preview = try #require(try library.loadPreview(rows: 5, minimum: 10))
        #expect(preview.count == 50)
        #expect(preview.favoriteCount == 5)
        let whole = try library.loadListToFollow().items
        #expect(whole.count == 50)
        #expect(whole.favoriteCount == 5)
        // Its last rows too (what G shows while the list loads), each at its row of the whole list.
        let ends = try #require(try library.loadPreview(rows: 5, last: 3, minimum: 10))
        #expect((44..<50).map { ends.id(atRow: $0) } == [nil, nil, nil] + (47..<50).map { whole.id(atRow: $0) })
        #expect(ends.items(fromRow: 47, count: 5).map(\.title) == ["Item 48", "Item 49", "Item 50"])

        // Deleted items, and an import into a library with items: the preview's counts are the list's.
        try library.apply(.delete, to: ["i1", "i10", "i11"])
        _ = try importing([record("i2", "Item 2 again", line: 1), record("n1", "New", favorite: true, line: 2)], into: library)
        try library.apply(.restore, to: ["i11"])
        let later = try #require(try library.loadPreview(rows: 5, minimum: 10))
        #expect(later.count == 49)
        #expect(later.favoriteCount == 5)
        #expect(try library.loadListToFollow().items.count == 49)
        // A copy counts what it brought.
        let copy = try Place(backend).open()
        _ = try copy.copyIn { add in try library.copyOut(add) }
        #expect(try copy.loadPreview(rows: 5, minimum: 10)?.count == 49)
    }

    @Test(arguments: Backend.allCases)
    func aFollowerSeesWhatAnotherProcessCommitsAndNotItsOwn(_ backend: Backend) throws {
        let place = try Place(backend)
        let mine = try place.open(seed: true), theirs = try place.open()
        let (_, lastChange) = try mine.loadListToFollow()
        let follower = try #require(try mine.follower(after: lastChange))
        try mine.persist(.setFavorite("rec-003", true))
        try theirs.apply(.favorite, to: ["rec-005"])
        // What the follower says comes as the item read (SQLite) or as the change its notification carried
        // (PostgreSQL): the same state either way.
        let updates = try poll(follower) { !$0.isEmpty }
        #expect(updates.map(Self.state) == ["rec-005 ★"])

        try theirs.apply(.delete, to: ["rec-006"])
        let deleted = try poll(follower) { !$0.isEmpty }
        #expect(deleted.map(Self.state) == ["rec-006 deleted"])

        _ = try importing([record("new", "New", line: 1)], into: theirs)
        let reloaded = try poll(follower) { !$0.isEmpty }
        guard case let .reload(items, _, _)? = reloaded.first else { Issue.record("\(reloaded)"); return }
        #expect(items.count == 28)
        #expect(try follower.poll().isEmpty)
    }

    /// An update as the state it brings an item to.
    static func state(_ update: RemoteUpdate) -> String { update.stateText }

    @Test(arguments: Backend.allCases)
    func aCopyCarriesEverythingToTheOtherBackend(_ backend: Backend) throws {
        let source = try Place(backend).open(seed: true)
        try source.apply(.delete, to: ["rec-003"])
        try source.apply(.favorite, to: ["rec-010"])
        try source.remember(order: .recentlyFavorited)
        var original: [StoredItem] = []
        let preferences = try source.copyOut { original.append($0) }
        #expect(original.count == 28)
        #expect(preferences == LibraryPreferences(name: SampleLibrary.name, order: .recentlyFavorited))

        let other = try Place(backend == .sqlite ? .postgres : .sqlite).open()
        #expect(try other.copyIn { add in try source.copyOut(add) } == 28)
        var copied: [StoredItem] = []
        #expect(try other.copyOut { copied.append($0) } == preferences)
        #expect(copied == original)
        #expect(try listed(other) == (try listed(source)))

        // Onto a library that holds items: refused, nothing changed.
        #expect(throws: LibraryError.notEmpty(path: other.location)) { try other.copyIn { add in try source.copyOut(add) } }
        #expect(try listed(other) == (try listed(source)))
    }
}

/// The URL and credentials, read as psql reads them (no server needed).
@Suite struct PostgresTargetTests {
    @Test func aURLNamesEverything() throws {
        let target = try PostgresTarget(url: "postgres://ana:p%40ss%2Fw@db.example:6543/team?schema=reading&sslmode=require",
                                        environment: [:])
        #expect(target.endpoint == .tcp(host: "db.example", port: 6543))
        #expect(target.user == "ana")
        #expect(target.password == "p@ss/w")
        #expect(target.database == "team")
        #expect(target.schema == "reading")
        #expect(target.sslMode == .require)
        #expect(target.display == "postgres://ana:***@db.example:6543/team?schema=reading&sslmode=require")
        #expect(target.member == "ana", "whose stars: the login role unless the URL names a member")
    }

    @Test func aMemberNamedInTheURLIsWhoseStarsTheConnectionKeeps() throws {
        let target = try PostgresTarget(url: "postgres://team@db.example/lists?schema=reading&member=bo%20k", environment: [:])
        #expect(target.user == "team" && target.member == "bo k")
        #expect(throws: LibraryError.self) { try PostgresTarget(url: "postgres://team@h/db?member=", environment: [:]) }
        #expect(throws: LibraryError.self) { try PostgresTarget(url: "postgres://team@h/db?member=a%0Ab", environment: [:]) }
    }

    @Test func whatTheURLLeavesOutComesFromTheEnvironmentAsForPsql() throws {
        let target = try PostgresTarget(url: "postgresql:///", environment: [
            "PGUSER": "bo", "PGPORT": "5433", "PGDATABASE": "lists", "PGPASSWORD": "from-env", "PGSSLMODE": "disable",
        ])
        #expect(target.endpoint == .socket(path: "/var/run/postgresql/.s.PGSQL.5433"))
        #expect(target.user == "bo")
        #expect(target.database == "lists")
        #expect(target.password == "from-env")
        #expect(target.schema == "public")
        #expect(target.sslMode == .disable)
        let socket = try PostgresTarget(url: "postgres://bo@/lists?host=/tmp/pg&port=7000", environment: [:])
        #expect(socket.endpoint == .socket(path: "/tmp/pg/.s.PGSQL.7000"))
        #expect(socket.database == "lists")
    }

    @Test func onlyLoopbackIsLoopback() throws {
        for host in ["localhost", "127.0.0.1", "127.1.2.3", "[::1]"] {
            #expect(try PostgresTarget(url: "postgres://\(host)/db", environment: [:]).isLoopback, "\(host)")
        }
        for host in ["db.example", "10.0.0.1", "128.0.0.1", "[::2]"] {
            #expect(try !PostgresTarget(url: "postgres://\(host)/db", environment: [:]).isLoopback, "\(host)")
        }
        #expect(try !PostgresTarget(url: "postgres:///db?host=/tmp", environment: [:]).isLoopback, "a socket is no TCP")
    }

    @Test func theConnectTimeoutIsReadAsPsqlReadsIt() throws {
        #expect(try PostgresTarget(url: "postgres://h/db", environment: [:]).connectTimeout == 5, "5 s unless said")
        #expect(try PostgresTarget(url: "postgres://h/db?connect_timeout=12", environment: ["PGCONNECT_TIMEOUT": "3"])
            .connectTimeout == 12, "the URL wins over the environment")
        #expect(try PostgresTarget(url: "postgres://h/db", environment: ["PGCONNECT_TIMEOUT": "3"]).connectTimeout == 3)
        #expect(try PostgresTarget(url: "postgres://h/db?connect_timeout=1", environment: [:]).connectTimeout == 2,
                "less than 2 is 2, as in libpq")
        #expect(try PostgresTarget(url: "postgres://h/db?connect_timeout=0", environment: [:]).connectTimeout == nil,
                "0 waits as long as it takes")
        #expect(throws: LibraryError.badURL(location: "postgres://h/db?connect_timeout=soon",
                                            reason: "connect_timeout must be a whole number of seconds")) {
            try PostgresTarget(url: "postgres://h/db?connect_timeout=soon", environment: [:])
        }
    }

    @Test func aPasswordFileIsReadOnlyWhenOthersCannotReadIt() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pgpass-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try "# comment\nother:5432:*:ana:wrong\ndb.example:5432:team:ana:s\\:cret\n*:*:*:*:fallback\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o600)
        let url = "postgres://ana@db.example/team"
        #expect(try PostgresTarget(url: url, environment: ["PGPASSFILE": file]).password == "s:cret")
        #expect(try PostgresTarget(url: "postgres://ana@elsewhere/x", environment: ["PGPASSFILE": file]).password == "fallback")
        #expect(try PostgresTarget(url: url, environment: ["PGPASSFILE": file, "PGPASSWORD": "env"]).password == "env")
        chmod(file, 0o644)
        #expect(try PostgresTarget(url: url, environment: ["PGPASSFILE": file]).password == nil)
    }

    @Test func aMalformedURLIsRefusedWithItsPasswordHidden() {
        #expect(throws: LibraryError.badURL(location: "postgres://a:***@h:0/db", reason: "the port must be a number from 1 to 65535")) {
            try PostgresTarget(url: "postgres://a:secret@h:0/db", environment: [:])
        }
        #expect(throws: LibraryError.badURL(location: "postgres://a:***@h/db?sslmode=always",
                                            reason: "unknown sslmode 'always' (disable, allow, prefer, require, verify-ca, verify-full)")) {
            try PostgresTarget(url: "postgres://a:secret@h/db?sslmode=always", environment: [:])
        }
        #expect(throws: LibraryError.badURL(location: "postgres://h/db?colour=blue",
                                            reason: "unknown parameter 'colour' (known: schema, member, sslmode, host, port, user, password, dbname)")) {
            try PostgresTarget(url: "postgres://h/db?colour=blue", environment: [:])
        }
        #expect(throws: LibraryError.badURL(location: "postgres://h/db?password=***&schema=x",
                                            reason: "unknown parameter after the password (an '&' in a password is written %26)")) {
            try PostgresTarget(url: "postgres://h/db?password=Wr0ng&Secret&schema=x", environment: [:])
        }
        #expect(throws: LibraryError.badURL(location: "postgres://h:0/db?password=***",
                                            reason: "the port must be a number from 1 to 65535")) {
            try PostgresTarget(url: "postgres://h:0/db?password=Wr0ngSecret", environment: [:])
        }
        #expect(LibraryError.badURL(location: "postgres://a:***@h:0/db", reason: "x").description
                == "bad library URL 'postgres://a:***@h:0/db': x")
    }
}
