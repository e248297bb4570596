import FavsLibrary
import FavsModel
import FavsPostgres
import Foundation
import Testing

/// The trips to the server that a team library's change costs, counted by the project's delay proxy in front of the
/// test server (scripts/delay-proxy.py --trip-log: each message the client waits on, a pipeline's Sync, a login's
/// step). Over a slow link every trip is the link's delay, so these counts are what a user waits for
/// (docs/performance.md).
@Suite struct TripCountTests {
    /// The test server's login: the start-up message, then SCRAM's two answers.
    static let login = 3

    @Test func aCommandCostsTwoTripsAfterTheLogin() throws {
        let place = try Place(.postgres)
        _ = try place.open(seed: true)
        let proxy = try CountingProxy(for: place.location)
        defer { proxy.stop() }
        #expect(try PostgresLibrary.apply(.favorite, to: ["rec-002"], url: proxy.location).changed == ["rec-002"])
        #expect(try proxy.trips(ofConnection: 1) == Self.login + 2)
        #expect(try PostgresLibrary.apply(.unfavorite, to: ["rec-002", "rec-001"], url: proxy.location).changed == ["rec-002", "rec-001"])
        #expect(try proxy.trips(ofConnection: 2) == Self.login + 2)
        // An unknown id: the same two trips, and nothing changed.
        #expect(throws: LibraryError.noItem("nope")) {
            try PostgresLibrary.apply(.delete, to: ["rec-003", "nope"], url: proxy.location)
        }
        #expect(try proxy.trips(ofConnection: 3) == Self.login + 2)
        #expect(try listed(place.open()).prefix(3) == ["rec-001   お気に入りの曲", "rec-002   录音 Recording 2",
                                                       "rec-003   Café del Mar — Sunset"])
    }

    /// `favs tag` as `favs fav`: its tables checked with the change, two trips after the login (five before: the
    /// library was opened first).
    @Test func aTagCommandCostsTwoTripsAfterTheLogin() throws {
        let place = try Place(.postgres)
        _ = try place.open(seed: true)
        let proxy = try CountingProxy(for: place.location)
        defer { proxy.stop() }
        let tagged = try PostgresLibrary.changeMembers(["rec-002", "rec-003"], join: [SetID.tag("work/urgent")],
                                                       leave: [], url: proxy.location)
        #expect(tagged.changed == ["rec-002", "rec-003"] && tagged.notice == nil)
        #expect(try proxy.trips(ofConnection: 1) == Self.login + 2)
        #expect(try PostgresLibrary.changeMembers(["rec-002"], join: [], leave: [SetID.tag("work/urgent")],
                                                  url: proxy.location).changed == ["rec-002"])
        #expect(try proxy.trips(ofConnection: 2) == Self.login + 2)
        #expect(throws: LibraryError.noItem("nope")) {
            try PostgresLibrary.changeMembers(["nope"], join: [SetID.tag("x")], leave: [], url: proxy.location)
        }
        #expect(try place.open().itemTags()["rec-003"] == ["work/urgent"])
        #expect(try place.open().itemTags()["rec-002"] == nil)
    }

    @Test func theBrowsersWriteCostsOneTrip() throws {
        let place = try Place(.postgres)
        _ = try place.open(seed: true)
        let proxy = try CountingProxy(for: place.location)
        defer { proxy.stop() }
        let library = try PostgresLibrary.open(url: proxy.location, seedIfNew: false)
        let background = try #require(library.inBackground())
        // The background writer's own connection is the second one.
        background.submit(.setFavorite("rec-002", true, at: 1_700_000_000_000), ticket: 1, epoch: 1)
        background.finish()
        #expect(try proxy.trips(ofConnection: 2) == Self.login + 1)
        background.submit(.delete(Item(id: "rec-003", title: "Café del Mar — Sunset", position: 3)), ticket: 2, epoch: 1)
        background.finish()
        #expect(try proxy.trips(ofConnection: 2) == Self.login + 2)
        // A tag's write reads how the item spells it first: one trip more.
        background.submit(.setMember(SetID("#work"), "rec-002", true, at: 1_700_000_000_001), ticket: 3, epoch: 1)
        background.finish()
        #expect(try proxy.trips(ofConnection: 2) == Self.login + 4)
        // One that finds its item gone fails, and takes nothing with it: its trip, and one to roll it back.
        background.submit(.setFavorite("rec-003", true, at: 1_700_000_000_002), ticket: 4, epoch: 2)
        background.finish()
        #expect(try proxy.trips(ofConnection: 2) == Self.login + 6)
        #expect(background.takeResults().map(describe) == ["saved 1", "saved 2", "saved 3", "4: no item 'rec-003'"])
        let items = try place.open().loadItems()
        #expect(items.first { $0.id == "rec-002" }?.favorite == true)
        #expect(!items.contains { $0.id == "rec-003" })
    }

    @Test func aLargeBatchGoesInTripsOfAThousandStatements() throws {
        let place = try Place(.postgres)
        _ = try place.open(seed: true)
        let proxy = try CountingProxy(for: place.location)
        defer { proxy.stop() }
        let library = try PostgresLibrary.open(url: proxy.location, seedIfNew: false)
        let opening = try proxy.trips(ofConnection: 1)
        // 601 writes and their log rows, after BEGIN and the lock: a thousand statements, then the other 204 with the
        // notification and COMMIT.
        try library.persist(.batch((0...600).map { .setFavorite("rec-002", $0 % 2 == 0, at: 1_700_000_000_000 + Int64($0)) }))
        #expect(try proxy.trips(ofConnection: 1) == opening + 2)
        #expect(try library.loadItems().first { $0.id == "rec-002" }?.favorite == true)
    }

    private func describe(_ result: BackgroundResult) -> String {
        guard case let .persisted(ticket, error) = result else { return "\(result)" }
        return error.map { "\(ticket): \($0)" } ?? "saved \(ticket)"
    }
}

/// scripts/delay-proxy.py with no delay in front of the test server, logging each trip a client makes.
final class CountingProxy {
    let location: String
    private let process = Process()
    private let folder: URL

    init(for location: String) throws {
        guard let url = URLComponents(string: location), let host = url.host, let serverPort = url.port else {
            throw TestFailure("not a server URL: \(location)")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("favs-trips-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/delay-proxy.py")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path, host, String(serverPort), "0", folder.appendingPathComponent("port").path,
                             "--lifetime", "300", "--while-exists", folder.path, "--trip-log", folder.appendingPathComponent("trips").path]
        try process.run()
        let end = Date().addingTimeInterval(10)
        var written: String?
        while written == nil, Date() < end {
            written = (try? String(contentsOf: folder.appendingPathComponent("port"), encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if written == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        guard let written, let port = Int(written) else { throw TestFailure("the delay proxy did not start") }
        var proxied = url
        proxied.host = "127.0.0.1"
        proxied.port = port
        guard let proxiedLocation = proxied.string else { throw TestFailure("cannot make the proxy's URL") }
        self.location = proxiedLocation
    }

    private var log: URL { folder.appendingPathComponent("trips") }

    /// The round trips of the `number`th connection (from 1), every one of them answered by the time the call that
    /// made them returned; not libpq's goodbye (`Terminate`), which waits for nothing.
    func trips(ofConnection number: Int) throws -> Int {
        let lines = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return lines.split(separator: "\n").filter { $0.hasPrefix("\(number) ") && $0 != "\(number) X" }.count
    }

    /// Stops the proxy: SIGKILL, since a child of the test runner may be started with SIGTERM blocked (the proxy
    /// also ends by itself within a second of its folder going).
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        try? FileManager.default.removeItem(at: folder)
    }
}
