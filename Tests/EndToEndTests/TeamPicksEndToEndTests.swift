import Foundation
import Testing

/// A team library remembers each member's picks (issue #37), as it keeps each member's stars: `favs pick` records
/// them, the picker ranks by them next time, `favs forget` forgets them, and `favs export`/`favs import` carry them,
/// every member's apart.
@Suite struct TeamPicksEndToEndTests {
    /// The same library as one member sees it.
    private func library(_ schema: String, member: String) -> String { schema + "&member=" + member }

    /// `favs ARGS`, which must succeed; its stdout.
    private func favsOut(_ arguments: [String], stdin: String? = nil, in scratch: Scratch,
                         sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let result = try await run(try favsBinary(), arguments, stdin: stdin, environment: pinnedEnvironment(home: scratch.url),
                                   in: scratch.url)
        #expect(result.status == 0, "favs \(arguments.joined(separator: " ")): \(result.err)", sourceLocation: sourceLocation)
        return result.out
    }

    /// The pane runs `favs pick ARGS > out.txt`; returns what it printed once it exited, and the exit status.
    private func pick(_ arguments: [String], keys: [String], in scratch: Scratch) async throws -> (out: String, status: Int32) {
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["pick"] + arguments, after: "> out.txt")
        try await tmux.waitFor("enter pick")
        try await tmux.sendKeys(keys)
        let status = try await tmux.exitStatus()
        return (try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8), status)
    }

    /// A member's picks as the library stores them: `id` each, in the order they were made.
    private func picks(_ schema: String, member: String, in scratch: Scratch) async throws -> String {
        let name = try #require(schema.split(separator: "=").last)
        return try await Postgres.psql("""
            SELECT coalesce(string_agg(item_id, ',' ORDER BY id), '') FROM \(name).picks WHERE member = '\(member)'
            """, in: scratch)
    }

    /// `favs pick --select-1` (and `--filter`) on a team library print and exit while the browser's side connection
    /// may still be logging in to read the selected item's fields: OpenSSL's cleanup at exit crashed under it (exit 139
    /// after the output, seven runs in ten). Twenty runs each, every one exit 0 with its line.
    @Test func aOneShotPickOnATeamLibraryExitsCleanlyWhileASideConnectionLogsIn() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let library = try Postgres.freshSchema("oneshot")
        try await LiveSync.createSample(library, in: scratch)
        for run in 1...20 {
            let selected = try await favsOut(["pick", "--library", library, "--query", "Elise", "--select-1"], in: scratch)
            #expect(selected == "rec-007\n", "run \(run)")
            let filtered = try await favsOut(["pick", "--library", library, "--filter", "'elise"], in: scratch)
            #expect(filtered == "rec-007\n", "run \(run)")
        }
    }

    @Test func aPickIsTheMembersRanksTheirPickerAndIsForgottenFromTheShell() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let schema = try Postgres.freshSchema("picks")
        let ana = library(schema, member: "ana"), bo = library(schema, member: "bo")
        try await LiveSync.createSample(ana, in: scratch)

        let chosen = try await pick(["--library", ana], keys: ["Down", "Tab", "Down", "Tab", "Enter"], in: scratch)
        #expect(chosen.status == 0 && chosen.out == "rec-002\nrec-003\n")
        #expect(try await picks(schema, member: "ana", in: scratch) == "rec-002,rec-003")
        #expect(try await picks(schema, member: "bo", in: scratch) == "")
        // ana's picker opens in the frequent order: the three favorites, then the two picked, then the rest.
        let frequent = try await pick(["--library", ana], keys: ["Down", "Down", "Down", "Down", "Enter"], in: scratch)
        #expect(frequent.status == 0 && frequent.out == "rec-003\n")
        #expect(try await picks(schema, member: "ana", in: scratch) == "rec-002,rec-003,rec-003")
        // bo has picked nothing: bo's picker opens in library order.
        let bos = try await pick(["--library", bo], keys: ["Down", "Enter"], in: scratch)
        #expect(bos.status == 0 && bos.out == "rec-002\n")
        #expect(try await picks(schema, member: "bo", in: scratch) == "rec-002")

        // favs forget: an unknown id changes nothing; a known one loses ana's picks, bo's kept.
        let unknown = try await favs("forget", "--library", ana, "rec-002", "nope", in: scratch)
        #expect(unknown.status == 1 && unknown.err == "favs: no item 'nope'\n" && unknown.out.isEmpty)
        #expect(try await favsOut(["forget", "--library", ana, "rec-002", "rec-001"], in: scratch)
                == "forgot the picks of 1 item (1 had none)\n")
        #expect(try await picks(schema, member: "ana", in: scratch) == "rec-003,rec-003")
        #expect(try await picks(schema, member: "bo", in: scratch) == "rec-002")
    }

    /// Picks export as a `picks` member, the exporting member's; imported into a team library they are the importing
    /// member's, each once.
    @Test func anExportOfAMembersPicksImportedIntoAnotherTeamLibraryGivesTheSamePicks() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = #"""
            {"id":"a","title":"Alpha","favorite":false,"picks":[{"at":1700000000000},{"at":1700000500000}],"url":"https://a.example"}
            {"id":"b","title":"Bravo","favorite":true,"tags":["work"],"picks":[{"at":1600000000000,"weight":2.5},{"at":1700000000000}]}
            {"id":"c","title":"Charlie","favorite":false}

            """#
        try scratch.write("in.jsonl", file)
        let schema = try Postgres.freshSchema("pickexport")
        let ana = library(schema, member: "ana"), bo = library(schema, member: "bo")
        #expect(try await favsOut(["import", "in.jsonl", "--library", ana], in: scratch)
                == "imported 3 items from in.jsonl (3 added, 0 updated, 0 unchanged; 4 picks added)\n")
        let exported = try await favsOut(["export", "--library", ana], in: scratch)
        #expect(exported == file)
        // bo's export: no picks, and no star (ana's).
        #expect(try await favsOut(["export", "--library", bo], in: scratch) == """
            {"id":"a","title":"Alpha","favorite":false,"url":"https://a.example"}
            {"id":"b","title":"Bravo","favorite":false,"tags":["work"]}
            {"id":"c","title":"Charlie","favorite":false}

            """)

        try scratch.write("out.json", "")
        _ = try await favsOut(["export", "--format", "json", "--output", "out.json", "--library", ana], in: scratch)
        let other = library(try Postgres.freshSchema("pickcopy"), member: "cy")
        _ = try await favsOut(["import", "out.json", "--library", other], in: scratch)
        #expect(try await favsOut(["export", "--library", other], in: scratch) == exported)
        // The same picks imported again are not added twice.
        #expect(try await favsOut(["import", "out.json", "--library", other], in: scratch)
                == "imported 3 items from out.json (0 added, 0 updated, 3 unchanged)\n")
        #expect(try await favsOut(["export", "--library", other], in: scratch) == exported)
    }

    /// A member's role granted the tables before an upgrade added `picks` (not their owner) keeps no picks until it is
    /// granted it: its changes are saved as before, `favs forget` says what to grant, and once granted it keeps them.
    @Test func aRoleNotGrantedThePicksTableKeepsNoneAndForgetSaysWhatToGrant() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let owned = try Postgres.freshSchema("pickgrant")
        try await LiveSync.createSample(owned, in: scratch)
        let schema = String(try #require(owned.split(separator: "=").last))
        let writer = "writer_\(UUID().uuidString.prefix(8).lowercased())"
        _ = try await Postgres.psql("""
            CREATE ROLE \(writer) LOGIN PASSWORD 'writes';
            GRANT USAGE ON SCHEMA \(schema) TO \(writer);
            GRANT SELECT, INSERT, UPDATE, DELETE ON \(schema).items, \(schema).members, \(schema).changes, \(schema).meta,
                \(schema).searches TO \(writer);
            GRANT USAGE ON ALL SEQUENCES IN SCHEMA \(schema) TO \(writer);
            """, in: scratch)
        let password = URLComponents(string: try Postgres.url)?.password ?? ""
        let library = owned.replacingOccurrences(of: "favs:\(password)@", with: "\(writer):writes@")
        let hidden = library.replacingOccurrences(of: ":writes@", with: ":***@")

        #expect(try await favsOut(["fav", "rec-002", "--library", library], in: scratch) == "favorited 1 item\n")
        let refused = try await favs("forget", "rec-002", "--library", library, in: scratch)
        #expect(refused.status == 74 && refused.out.isEmpty)
        #expect(refused.err == """
            favs: your role \(writer) may not keep picks in library \(hidden): its owner grants them with GRANT SELECT, \
            INSERT, DELETE ON picks

            """)
        _ = try await Postgres.psql("GRANT SELECT, INSERT, DELETE ON \(schema).picks TO \(writer)", in: scratch)
        #expect(try await favsOut(["forget", "rec-002", "--library", library], in: scratch)
                == "forgot the picks of 0 items (1 had none)\n")
    }

    /// Waits (generously: a loaded machine) until the pane's list shows `first` on its 4th row and `second` on its 5th,
    /// right after the sample's three favorites: the two most picked, in the frequent order.
    private func waitForPicked(_ tmux: Tmux, _ first: String, _ second: String, _ why: String,
                               sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let shown = try await eventually(within: .seconds(30)) {
            let screen = try await tmux.screen()
            return screen[5].contains(first) && screen[6].contains(second)
        }
        let screen = try await tmux.screen().joined(separator: "\n")
        #expect(shown, "\(why): \(screen)", sourceLocation: sourceLocation)
    }

    /// Two pickers of one member on a team library: a forget (ctrl-d) in one moves the ranks in the other while both
    /// run, and its undo (ctrl-y) moves them back; the picks follow through the library's change log and NOTIFY.
    @Test func aForgetAndItsUndoInOnePickerMoveTheRanksInTheMembersOtherPicker() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let other = try Scratch()
        defer { other.remove() }
        let schema = try Postgres.freshSchema("picksync")
        let ana = library(schema, member: "ana")
        try await LiveSync.createSample(ana, in: scratch)
        let chosen = try await pick(["--library", ana], keys: ["Down", "Tab", "Down", "Tab", "Enter"], in: scratch)
        #expect(chosen.status == 0 && chosen.out == "rec-002\nrec-003\n")

        let one = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { one.close() }
        let two = try await Tmux(width: 80, height: 24, scratch: other)
        defer { two.close() }
        try await one.startFavs(["pick", "--library", ana])
        try await one.waitFor("frequent")
        try await waitForPicked(one, "录音 Recording 2", "Café del Mar", "both picked once: library order")
        try await two.startFavs(["pick", "--library", ana])
        try await two.waitFor("frequent")
        try await two.sendKeys("Down", "Down", "Down", "C-d")
        try await two.waitFor("Forgot 1 pick of “录音 Recording 2”")
        try await waitForPicked(one, "Café del Mar", "录音 Recording 2", "the forget, in the other picker")
        try await two.sendKeys("C-y")
        try await two.waitFor("Undo: remembered again 1 pick")
        try await waitForPicked(one, "录音 Recording 2", "Café del Mar", "the undo, in the other picker")
        try await one.sendKeys("Escape")
        try await two.sendKeys("Escape")
        #expect(try await one.exitStatus() == 1)
        #expect(try await two.exitStatus() == 1)
    }
}
