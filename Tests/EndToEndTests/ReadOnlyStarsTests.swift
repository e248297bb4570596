import Foundation
import Testing

/// A member whose role may only read a team library (GRANT SELECT only) keeps their own stars on this machine, in a
/// file of their own (issue #38, item 2): `f`, `favs fav` and `favs unfav` star there, `favs list --favorites` and
/// every screen show them, another process of the member's follows them, and the team's tables never change.
@Suite(.serialized) struct ReadOnlyStarsTests {
    /// The file the member's stars are kept in, under the scratch folder (the tests' HOME): named by the server, the
    /// database, the schema and the member.
    static func starsFile(schema: String, member: String, in scratch: Scratch) throws -> String {
        let server = try #require(URLComponents(string: try Postgres.url))
        let host = try #require(server.host), port = try #require(server.port)
        return scratch.path(".local/share/favs/stars/\(host):\(port)+\(server.path.dropFirst())+\(schema)+\(member).sqlite")
    }

    /// The sample in a new schema, a reader of it, and what the team's tables hold: the change log's size and last
    /// row, and the members' rows.
    static func readerOfTheSample(_ prefix: String, in scratch: Scratch) async throws
        -> (schema: String, reader: String, library: String, hidden: String, tables: String) {
        let url = try Postgres.freshSchema(prefix)
        try await LiveSync.createSample(url, in: scratch)
        let schema = String(try #require(url.split(separator: "=").last))
        let (reader, library, hidden) = try await Postgres.reader(of: schema, in: scratch)
        return (schema, reader, library, hidden, try await tables(of: schema, in: scratch))
    }

    static func tables(of schema: String, in scratch: Scratch) async throws -> String {
        try await Postgres.psql("""
            SELECT (SELECT count(*) || ' ' || coalesce(max(seq), 0) FROM \(schema).changes) || ' / '
                || (SELECT string_agg(set_name || ' ' || item_id, ', ' ORDER BY set_name, item_id) FROM \(schema).members)
            """, in: scratch)
    }

    @Test func aMemberWhoMayOnlyReadStarsFromTheShellInAFileOfTheirOwn() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (schema, reader, library, hidden, tables) = try await Self.readerOfTheSample("ownstars", in: scratch)
        let file = try Self.starsFile(schema: schema, member: reader, in: scratch)

        let starred = try await favs("fav", "rec-002", "rec-005", "--library", library, in: scratch)
        #expect(starred.status == 0)
        #expect(starred.out == "favorited 2 items\n")
        #expect(starred.err == """
            favs: your role \(reader) may only read library \(hidden): your stars are kept on this machine, in \(file)

            """)
        #expect(try await TeamStarsTests.favsOut(["list", "--favorites"], library: library, in: scratch)
                == "rec-002 ★ 录音 Recording 2\nrec-005 ★ Clair de lune\n")
        // The file is a library of favs's own: the ids starred (their titles are the team's).
        #expect(try await TeamStarsTests.favsOut(["list", "--favorites"], library: file, in: scratch)
                == "rec-002 ★ rec-002\nrec-005 ★ rec-005\n")

        #expect(try await TeamStarsTests.favsOut(["fav", "rec-002"], library: library, in: scratch)
                == "favorited 0 items (1 already favorited)\n")
        #expect(try await TeamStarsTests.favsOut(["unfav", "rec-002"], library: library, in: scratch) == "unfavorited 1 item\n")
        // An id the team's library does not hold changes nothing.
        let unknown = try await favs("fav", "rec-003", "rec-999", "--library", library, in: scratch)
        #expect(unknown.status == 1 && unknown.out == "")
        #expect(unknown.err == "favs: no item 'rec-999'\n")
        #expect(try await TeamStarsTests.favsOut(["list", "--favorites"], library: library, in: scratch)
                == "rec-005 ★ Clair de lune\n")

        // Everything else is refused as before, and the team's tables are as they were: the stars are the member's.
        for command in [["delete", "rec-003"], ["restore", "rec-003"], ["tag", "rec-002", "+work"], ["team", "claim-favorites"]] {
            let refused = try await run(try favsBinary(), command + ["--library", library],
                                        environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
            #expect(refused.status == 77, "favs \(command.joined(separator: " ")): \(refused.err)")
            #expect(refused.err == "favs: your role \(reader) may only read library \(hidden)\n")
        }
        #expect(try await Self.tables(of: schema, in: scratch) == tables, "the team's tables changed")
        #expect(tables == "0 0 / @favs rec-001, @favs rec-004, @favs rec-008")

        // Where no file of stars can be made (favs's data folder is a file), the library still reads, read-only as it
        // was; a star says why it cannot be kept, and changes nothing.
        let blocked = pinnedEnvironment(home: scratch.url).merging(["XDG_DATA_HOME": try scratch.write("data", "")]) { $1 }
        let read = try await run(try favsBinary(), ["list", "--favorites", "--library", library], environment: blocked,
                                 in: scratch.url)
        #expect(read.status == 0 && read.out == "" && read.err == "")
        let notKept = try await run(try favsBinary(), ["fav", "rec-003", "--library", library], environment: blocked,
                                    in: scratch.url)
        #expect(notKept.status == 74 && notKept.out == "", "\(notKept.err)")
        #expect(notKept.err.hasPrefix("favs: cannot open library \(scratch.path("data"))/favs/stars/"), "\(notKept.err)")
        let writer = try Postgres.url + "?schema=\(schema)"
        #expect(try await TeamStarsTests.favsOut(["list", "--favorites-of", reader], library: writer, in: scratch) == "",
                "the team does not see them")
    }

    /// The browser of a member who may only read the library (scripted): the status line says where the stars go,
    /// once; `f`, `u` and `ctrl-r` work on them, every other change is refused, and only the file changes.
    @Test func aMemberWhoMayOnlyReadStarsAndUndoesInTheBrowser() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (schema, reader, library, _, tables) = try await Self.readerOfTheSample("ownbrowse", in: scratch)

        let browsed = try await favs("script", "--library", library, stdin: "frame j frame f frame u frame ctrl-r frame d frame",
                                     in: scratch)
        let shown = frames(browsed.out)
        try #require(shown.count == 6, "\(browsed.err)")
        #expect(shown[0].lines[0] == " favs — sample library (read-only: your role may only read it)")
        #expect(shown[0].lines[23] == " Your stars are kept in ~/.local/share/favs/stars/       28 items · 0 favorites")
        #expect(shown[1].lines[23] == " read-only · f fav · u undo · / filter · ? help · q quit 28 items · 0 favorites")
        // Starred: the row, ★ Mine, and the team's count, which on this member's screen counts their star too.
        #expect(Array(shown[2].lines[2...3]) == [
            "┃   お気に入りの曲             ┃│ ★ 录音 Recording 2                           │",
            "┃>★ 录音 Recording 2           ┃│                                              │",
        ])
        #expect(Array(shown[2].lines[15...18]) == [
            "┃   茉莉花 Jasmine Flower      ┃┌ Collections ─────────────────────────────────┐",
            "┃   Dansa kvadrat              ┃│ ★ Mine (1)                                   │",
            "┃   Águas de março             ┃│   ★ 录音 Recording 2                         │",
            "┃   A very long title that wil…┃│ ★ Team (4)                                   │",
        ])
        #expect(shown[2].lines[23].hasSuffix("28 items · 1 favorite"))
        #expect(shown[3].lines[23] == " Undo: unfavorited “录音 Recording 2”                    28 items · 0 favorites")
        #expect(shown[3].lines[3].hasPrefix("┃>  录音 Recording 2"))
        #expect(shown[4].lines[23].hasPrefix(" Redo: favorited “录音 Recording 2”"))
        #expect(shown[4].lines[23].hasSuffix("28 items · 1 favorite"))
        #expect(shown[5].lines[23] == " Read-only: your role may only read this library          28 items · 1 favorite")

        let file = try Self.starsFile(schema: schema, member: reader, in: scratch)
        #expect(try await TeamStarsTests.favsOut(["list", "--favorites"], library: file, in: scratch) == "rec-002 ★ rec-002\n")
        #expect(try await TeamStarsTests.favsOut(["list", "--favorites"], library: library, in: scratch)
                == "rec-002 ★ 录音 Recording 2\n")
        #expect(try await Self.tables(of: schema, in: scratch) == tables, "the team's tables changed")
    }

    /// Two browsers of the member's and the shell: a star made in one is on the other's screen at once, without a
    /// key, and so is one `favs unfav` took away; an undo too. The first opens on a preview, its list read after by its
    /// follower, as a large library's is; both show the star made before they opened.
    @Test func anotherProcessOfTheMembersFollowsTheirStars() async throws {
        let scratch = try Scratch(), otherScratch = try Scratch()
        defer { scratch.remove(); otherScratch.remove() }
        let (schema, _, library, _, tables) = try await Self.readerOfTheSample("ownfollow", in: scratch)
        #expect(try await TeamStarsTests.favsOut(["fav", "rec-005"], library: library, in: scratch) == "favorited 1 item\n")
        let first = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { first.close() }
        let second = try await Tmux(width: 80, height: 24, scratch: otherScratch)
        defer { second.close() }
        try await first.startFavs(["--library", library], before: "FAVS_PREVIEW_MINIMUM=1")
        try await first.waitFor("Your stars are kept in ~/.local/share/favs/stars/")
        // The second runs in a folder of its own, with favs's data where the first keeps it: the member's on this machine.
        try await second.startFavs(["--library", library], before: "XDG_DATA_HOME=" + scratch.path(".local/share"))
        for browser in [first, second] {
            try await LiveSync.waitUntil(browser, "each browser shows the star made before it opened", within: .seconds(15)) { screen in
                screen[23].hasSuffix("28 items · 1 favorite") && LiveSync.listPane(screen).filter(\.favorite).map(\.title) == ["Clair de lune"]
            }
        }

        try await first.sendKeys("j", "f")
        try await first.waitFor("28 items · 2 favorites")
        try await LiveSync.waitUntil(second, "the second browser shows the first one's star", within: .seconds(15)) { screen in
            screen[23].hasSuffix("28 items · 2 favorites") && screen.contains { $0.contains("│   ★ 录音 Recording 2") }
        }
        #expect(try await TeamStarsTests.favsOut(["unfav", "rec-005"], library: library, in: scratch) == "unfavorited 1 item\n")
        for browser in [first, second] {
            try await LiveSync.waitUntil(browser, "each browser shows the shell's unstar", within: .seconds(15)) { screen in
                screen[23].hasSuffix("28 items · 1 favorite") && screen.contains { $0.contains("│ ★ Mine (1)") }
            }
        }
        try await first.sendKeys("u")
        try await LiveSync.waitUntil(second, "the second browser shows the first one's undo", within: .seconds(15)) { screen in
            screen[23].hasSuffix("28 items · 0 favorites") && LiveSync.listPane(screen).filter(\.favorite).isEmpty
        }
        #expect(try await TeamStarsTests.favsOut(["list", "--favorites"], library: library, in: scratch) == "")
        #expect(try await Self.tables(of: schema, in: scratch) == tables, "the team's tables changed")
    }
}
