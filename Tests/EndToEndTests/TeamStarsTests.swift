import Foundation
import Testing

/// A team library where each member keeps their own stars (issue #38): who a member is comes from `member=NAME` in
/// the URL (the tests' server has one role, as a team sharing one login would), tags stay shared, and the browser
/// shows `★ Mine` beside `★ Team`, every item someone starred with how many did.
@Suite(.serialized) struct TeamStarsTests {
    /// The same library as one member sees it.
    static func library(_ schema: String, member: String) -> String { schema + "&member=" + member }

    /// `favs ARGS --library LIBRARY`, which must succeed; its stdout.
    static func favsOut(_ arguments: [String], library: String, in scratch: Scratch,
                        sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let result = try await run(try favsBinary(), arguments + ["--library", library],
                                   environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        #expect(result.status == 0, "favs \(arguments.joined(separator: " ")): \(result.err)", sourceLocation: sourceLocation)
        return result.out
    }

    @Test func eachMemberKeepsTheirOwnStarsAndSeesTheTeamsWithTheirCounts() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let schema = try Postgres.freshSchema("stars")
        let ana = Self.library(schema, member: "ana"), bo = Self.library(schema, member: "bo")
        // The sample's three stars are ana's, who made it; bo stars one of their own.
        try await LiveSync.createSample(ana, in: scratch)
        #expect(try await Self.favsOut(["fav", "rec-005"], library: bo, in: scratch) == "favorited 1 item\n")

        #expect(try await Self.favsOut(["list", "--favorites"], library: bo, in: scratch) == "rec-005 ★ Clair de lune\n")
        #expect(try await Self.favsOut(["list", "--favorites"], library: ana, in: scratch) == """
            rec-001 ★ お気に入りの曲
            rec-004 ★ 🎧 Lo-fi beats to study to
            rec-008 ★ 月亮代表我的心

            """)
        // Another member's stars, as bo sees them (bo's own star marks the rows), and bo's own asked by name.
        #expect(try await Self.favsOut(["list", "--favorites-of", "ana"], library: bo, in: scratch) == """
            rec-001   お気に入りの曲
            rec-004   🎧 Lo-fi beats to study to
            rec-008   月亮代表我的心

            """)
        #expect(try await Self.favsOut(["list", "--favorites-of", "bo"], library: bo, in: scratch) == "rec-005 ★ Clair de lune\n")
        #expect(try await Self.favsOut(["list", "--favorites-of", "cy"], library: bo, in: scratch) == "")

        // bo's browser: their own star, ★ Mine and ★ Team in the collections pane, who starred it in the detail.
        let browsed = try await favs("script", "--library", bo, stdin: "j j j j", in: scratch)
        #expect(browsed.status == 0, "\(browsed.err)")
        let screen = try #require(frames(browsed.out).last).lines
        #expect(Array(screen[2...6]) == [
            "┃   お気に入りの曲             ┃│ ★ Clair de lune                              │",
            "┃   录音 Recording 2           ┃│                                              │",
            "┃   Café del Mar — Sunset      ┃│ id: rec-005                                  │",
            "┃   🎧 Lo-fi beats to study to ┃│ stars: 1 ★  you                              │",
            "┃>★ Clair de lune              ┃│ artist: Claude Debussy                       │",
        ])
        #expect(Array(screen[15...18]) == [
            "┃   茉莉花 Jasmine Flower      ┃┌ Collections ─────────────────────────────────┐",
            "┃   Dansa kvadrat              ┃│ ★ Mine (1)                                   │",
            "┃   Águas de março             ┃│   ★ Clair de lune                            │",
            "┃   A very long title that wil…┃│ ★ Team (4)                                   │",
        ])
        #expect(screen[23] == " f fav · d delete · u undo · / filter · ? help            28 items · 1 favorite")

        // Enter on ★ Team: every item someone starred, each with how many did.
        let team = try await favs("script", "--library", bo, stdin: "tab tab j j enter", in: scratch)
        let teamScreen = try #require(frames(team.out).last).lines
        #expect(Array(teamScreen[1...5]) == [
            "┌ Items 1/4 · ★ team ──────────┐┌ Detail ──────────────────────────────────────┐",
            "│>  お気に入りの曲  1 ★        ││   お気に入りの曲                             │",
            "│   🎧 Lo-fi beats to study to ││                                              │",
            "│ ★ Clair de lune  1 ★         ││ id: rec-001                                  │",
            "│   月亮代表我的心  1 ★        ││ stars: 1 ★  ana                              │",
        ])
        #expect(teamScreen[23].hasPrefix(" The team's stars, counted — F for every item  "))
    }

    @Test func anUpgradedLibrarysStarsAreTheUpgradersSaidOnceAndClaimedByAnother() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let schema = try Postgres.freshSchema("claim")
        let ana = Self.library(schema, member: "ana"), bo = Self.library(schema, member: "bo")
        try await LiveSync.createSample(ana, in: scratch)
        // Back to format 4: one set of favorites, everyone's, and no picks.
        let name = try #require(schema.split(separator: "=").last)
        _ = try await Postgres.psql("""
            SET search_path = \(name); UPDATE members SET set_name = 'favorites' WHERE starts_with(set_name, '@');
            DROP TABLE picks; UPDATE meta SET value = '4' WHERE key = 'format'
            """, in: scratch)

        // bo's favs upgrades it: the stars are bo's, and bo is told, once.
        let first = try await run(try favsBinary(), ["list", "--favorites", "--library", bo],
                                  environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        #expect(first.status == 0)
        #expect(first.out == "rec-001 ★ お気に入りの曲\nrec-004 ★ 🎧 Lo-fi beats to study to\nrec-008 ★ 月亮代表我的心\n")
        #expect(first.err == """
            favs: Each member now keeps their own stars: the library's 3 stars are yours, bo (favs team claim-favorites \
            gives them to another member)

            """)
        let again = try await run(try favsBinary(), ["list", "--favorites", "--library", bo],
                                  environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        #expect(again.err == "" && again.out == first.out, "said once")
        #expect(try await Self.favsOut(["list", "--favorites"], library: ana, in: scratch) == "")

        // ana takes them, with their times: bo has none left; a second claim changes nothing.
        #expect(try await Self.favsOut(["team", "claim-favorites"], library: ana, in: scratch)
                == "3 stars from before members kept their own: bo's, now yours\n")
        #expect(try await Self.favsOut(["list", "--favorites"], library: ana, in: scratch) == first.out)
        #expect(try await Self.favsOut(["list", "--favorites"], library: bo, in: scratch) == "")
        let twice = try await favs("team", "claim-favorites", "--library", ana, in: scratch)
        #expect(twice.status == 1)
        #expect(twice.err == "favs: the library's stars from before members kept their own are yours already, ana\n")
    }

    @Test func aLibraryWithOneSetOfFavoritesRefusesMembersStars() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = scratch.path("lib.sqlite")
        try await LiveSync.createSample(file, in: scratch)
        let list = try await favs("list", "--favorites-of", "ana", "--library", file, in: scratch)
        #expect(list.status == 64 && list.out == "")
        #expect(list.err == "favs: --favorites-of: library \(file) keeps one set of favorites (members star apart only in a team library)\n")
        let claim = try await favs("team", "claim-favorites", "--library", file, in: scratch)
        #expect(claim.status == 64)
        #expect(claim.err == "favs: library \(file) keeps one set of favorites: members star apart only in a team library (postgres://)\n")
        let both = try await favs("list", "--favorites", "--favorites-of", "ana", "--library", file, in: scratch)
        #expect(both.status == 64 && both.err.contains("--favorites and --favorites-of: choose one"))
    }

    /// Two members' browsers: a star in one changes nothing on the other's screen but the team's count and who
    /// starred it, at once and without a key.
    @Test func aStarInOneMembersBrowserChangesOnlyTheTeamCountOnAnothers() async throws {
        let scratch = try Scratch(), otherScratch = try Scratch()
        defer { scratch.remove(); otherScratch.remove() }
        let schema = try Postgres.freshSchema("live")
        let ana = Self.library(schema, member: "ana"), bo = Self.library(schema, member: "bo")
        try await LiveSync.createSample(ana, in: scratch)
        _ = try await Self.favsOut(["fav", "rec-005"], library: bo, in: scratch)
        let first = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { first.close() }
        let second = try await Tmux(width: 80, height: 24, scratch: otherScratch)
        defer { second.close() }
        try await first.startFavs(["--library", ana])
        try await first.waitFor("28 items · 3 favorites")
        try await second.startFavs(["--library", bo])
        try await second.waitFor("28 items · 1 favorite")
        try await second.sendKeys("j")
        try await second.waitFor("│ ★ Team (4)")

        // ana stars rec-002, the item bo has selected.
        try await first.sendKeys("j", "f")
        try await first.waitFor("28 items · 4 favorites")
        try await LiveSync.waitUntil(second, "bo's team count and detail follow ana's star") { screen in
            screen.contains { $0.contains("│ ★ Team (5)") } && screen.contains { $0.contains("│ stars: 1 ★  ana") }
        }
        let screen = try await second.screen()
        #expect(screen[3].hasPrefix("┃>  录音 Recording 2"), "bo's row has no star of ana's")
        #expect(screen[23].hasSuffix("28 items · 1 favorite"))
        #expect(LiveSync.listPane(screen).filter(\.favorite).map(\.title) == ["Clair de lune"])

        // bo stars it too: two stars, bo's first.
        try await second.sendKeys("f")
        try await LiveSync.waitUntil(first, "ana's detail names bo beside her") { screen in
            screen.contains { $0.contains("│ stars: 2 ★  you, bo") }
        }
        #expect(try await second.screen().contains { $0.contains("│ stars: 2 ★  you, ana") })
    }

    /// A role PostgreSQL lets read and not write (GRANT SELECT only) opens the library read-only: the title says why,
    /// every change is refused with the reason (exit 77 for a command), and nothing is written. The member's own stars
    /// are kept on this machine (ReadOnlyStarsTests).
    @Test func aRoleThatMayOnlyReadOpensTheLibraryReadOnly() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let schema = try Postgres.freshSchema("reader")
        try await LiveSync.createSample(schema, in: scratch)
        let name = String(try #require(schema.split(separator: "=").last))
        let (reader, library, hidden) = try await Postgres.reader(of: name, in: scratch)
        let before = try await Postgres.psql("SELECT count(*) || ' ' || max(seq) FROM \(name).changes", in: scratch)

        let listed = try await favs("list", "--favorites-of", "favs", "--library", library, in: scratch)
        #expect(listed.status == 0 && listed.out.split(separator: "\n").count == 3, "\(listed.err)")
        let refusal = "favs: your role \(reader) may only read library \(hidden)\n"
        for command in [["delete", "rec-003"], ["restore", "rec-003"],
                        ["tag", "rec-002", "+work"], ["tag", "--delete", "work"], ["team", "claim-favorites"]] {
            let refused = try await run(try favsBinary(), command + ["--library", library],
                                        environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
            #expect(refused.status == 77, "favs \(command.joined(separator: " ")): \(refused.err)")
            #expect(refused.err == refusal, "favs \(command.joined(separator: " "))")
        }
        // The browser offers nothing that would fail: its hints name no change, and such a key says why at once.
        let browsed = try await favs("script", "--library", library, stdin: "j frame d frame t frame S", in: scratch)
        let shown = frames(browsed.out)
        try #require(shown.count == 4, "\(browsed.err)")
        #expect(shown[0].lines[0] == " favs — sample library (read-only: your role may only read it)")
        #expect(shown[0].lines[23] == " read-only · f fav · u undo · / filter · ? help · q quit 28 items · 0 favorites")
        for frame in shown.dropFirst() {
            #expect(frame.lines[23] == " Read-only: your role may only read this library         28 items · 0 favorites")
        }
        #expect(try await Postgres.psql("SELECT count(*) || ' ' || max(seq) FROM \(name).changes", in: scratch) == before,
                "nothing was written")
    }
}
