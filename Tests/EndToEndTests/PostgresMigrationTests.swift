import Foundation
import Testing

/// Team libraries made by an older favs: opened, they are migrated to this favs's tables (once, however many favs
/// open them at once) with every star and its time kept; one made by a newer favs is refused; a user who may not
/// change the tables reads them as they are.
@Suite struct PostgresMigrationTests {
    /// A new schema holding a library as favs made them at format 1 (stars in `items.favorite` and
    /// `items.favorited_at`): a, c, d and e starred (c imported, without a time; d deleted), b not.
    static func formatOneLibrary(_ scratch: Scratch, format: Int = 1, extraItems: Int = 0) async throws -> (library: String, schema: String) {
        let schema = "old_\(UUID().uuidString.prefix(8).lowercased())"
        _ = try await Postgres.psql("""
            CREATE SCHEMA \(schema);
            SET search_path TO \(schema);
            CREATE TABLE items (
                id text PRIMARY KEY,
                title text NOT NULL,
                fields text NOT NULL,
                favorite boolean NOT NULL DEFAULT false,
                position bigint NOT NULL UNIQUE,
                deleted boolean NOT NULL DEFAULT false,
                favorited_at bigint
            );
            CREATE INDEX items_list ON items (position) INCLUDE (id, title, favorite) WHERE NOT deleted;
            CREATE INDEX items_favorites ON items (position) WHERE favorite AND NOT deleted;
            CREATE INDEX items_deleted ON items (position) WHERE deleted;
            CREATE TABLE meta (key text PRIMARY KEY, value text NOT NULL);
            CREATE TABLE changes (seq bigserial PRIMARY KEY, item_id text NOT NULL, kind text NOT NULL, origin text NOT NULL);
            INSERT INTO items (id, title, fields, favorite, position, deleted, favorited_at) VALUES
                ('a', 'Alpha', '[]', true, 1, false, 1700000000001),
                ('b', 'Beta', '[["artist","Padilla"]]', false, 2, false, NULL),
                ('c', 'Gamma', '[]', true, 3, false, NULL),
                ('d', 'Delta', '[]', true, 4, true, 1700000000004),
                ('e', 'Epsilon', '[]', true, 5, false, 1700000000005);
            INSERT INTO items (id, title, fields, favorite, position, favorited_at)
                SELECT 'x' || n, 'Extra ' || n, '[]', n % 100 = 0, 5 + n, CASE WHEN n % 100 = 0 THEN n END
                FROM generate_series(1, \(extraItems)) n;
            INSERT INTO meta (key, value) VALUES ('format', '\(format)'), ('name', 'Old team'), ('rows', '\(5 + extraItems)');
            """, in: scratch)
        return (try Postgres.url + "?schema=\(schema)", schema)
    }

    /// The favorites as stored, `id time` each (`-` for none), in id order.
    static func members(_ schema: String, _ scratch: Scratch) async throws -> String {
        try await Postgres.psql("""
            SELECT string_agg(item_id || ' ' || coalesce(added_at::text, '-'), ',' ORDER BY item_id)
            FROM \(schema).members WHERE set_name = 'favorites'
            """, in: scratch)
    }

    static func format(_ schema: String, _ scratch: Scratch) async throws -> String {
        try await Postgres.psql("SELECT value FROM \(schema).meta WHERE key = 'format'", in: scratch)
    }

    @Test func aLibraryOfTheFirstFormatKeepsEveryStarAndTimeInItsNewMembersTable() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (library, schema) = try await Self.formatOneLibrary(scratch)

        let listed = try await favs("list", "--library", library, in: scratch)
        #expect(listed.status == 0, "\(listed.err)")
        #expect(listed.out == """
            a ★ Alpha
            b   Beta
            c ★ Gamma
            e ★ Epsilon

            """)
        #expect(try await Self.format(schema, scratch) == "6")
        #expect(try await Self.members(schema, scratch) == "a 1700000000001,c -,d 1700000000004,e 1700000000005")
        #expect(try await Postgres.psql("""
            SELECT string_agg(column_name, ',' ORDER BY ordinal_position) FROM information_schema.columns
            WHERE table_schema = '\(schema)' AND table_name = 'items'
            """, in: scratch) == "id,title,fields,position,deleted")

        // The deleted favorite comes back starred, with its time; the times travel in a copy.
        let restored = try await favs("restore", "d", "--library", library, in: scratch)
        #expect(restored.status == 0, "\(restored.err)")
        let copied = try await favs("copy", library, scratch.path("copy.sqlite"), in: scratch)
        #expect(copied.status == 0, "\(copied.err)")
        let times = try await run("/usr/bin/sqlite3", [scratch.path("copy.sqlite"),
                                                       """
                                                       SELECT i.id, f.item_id IS NOT NULL, f.added_at FROM items i
                                                       LEFT JOIN members f ON f.set_name = 'favorites' AND f.item_id = i.id
                                                       ORDER BY i.position
                                                       """],
                                  environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        #expect(times.out == """
            a|1|1700000000001
            b|0|
            c|1|
            d|1|1700000000004
            e|1|1700000000005

            """)
        // Starred and unstarred in the new table, and found by a field term as before.
        _ = try await favs("fav", "b", "--library", library, in: scratch)
        _ = try await favs("unfav", "a", "--library", library, in: scratch)
        let after = try await favs("list", "--library", library, in: scratch)
        #expect(after.out == "a   Alpha\nb ★ Beta\nc ★ Gamma\nd ★ Delta\ne ★ Epsilon\n")
        let found = try await favs("list", "--library", library, "--query", "artist:padilla", in: scratch)
        #expect(found.out == "b ★ Beta\n")
    }

    /// Two favs open an older library at once: both wait for the write lock another client holds, the first to
    /// get it migrates, the second finds the library migrated. Both succeed and the favorites are there once.
    /// (Without the format read again under the lock, the second fails: `relation "members" already exists`.)
    @Test func twoProcessesOpeningAnOlderLibraryAtOnceMigrateItOnce() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // Waits on the lock may take longer than the default 5 s under make test's load.
        try FileManager.default.createDirectory(atPath: scratch.path(".config/favs"), withIntermediateDirectories: true)
        _ = try scratch.write(".config/favs/config.toml", "timeout = 60\n")
        let (library, schema) = try await Self.formatOneLibrary(scratch, extraItems: 3000)
        let holder = Task {
            try await Postgres.psql("BEGIN; SELECT pg_advisory_xact_lock(hashtext('favs:\(schema)')); SELECT pg_sleep(60); COMMIT;",
                                    in: scratch)
        }
        // This library's lock only: other tests beside this one take their libraries' locks on the same server.
        func locks(granted: Bool) async throws -> String {
            try await Postgres.psql("""
                SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted = \(granted)
                AND objid::bigint = (hashtext('favs:\(schema)')::bigint & 4294967295)
                """, in: scratch)
        }
        // The holder first: favs started before it holds the lock would migrate at once, waiting for nothing.
        let held = try await eventually(within: .seconds(30)) { try await locks(granted: true) == "1" }
        #expect(held, "the holder did not take the library's lock")
        async let first = favs("list", "--library", library, in: scratch)
        async let second = favs("list", "--library", library, in: scratch)
        // A passing wait costs what it takes: two debug processes starting beside the rest of the suite.
        let bothWait = try await eventually(within: .seconds(30)) { try await locks(granted: false) == "2" }
        #expect(bothWait, "the two favs did not both wait for the library's lock")
        _ = try await Postgres.psql("""
            SELECT pg_cancel_backend(pid) FROM pg_stat_activity
            WHERE query LIKE '%pg_sleep(60)%' AND pid <> pg_backend_pid()
            """, in: scratch)
        _ = try? await holder.value
        let (one, two) = try await (first, second)
        #expect(one.status == 0, "\(one.err)")
        #expect(two.status == 0, "\(two.err)")
        #expect(one.out == two.out)
        #expect(one.out.split(separator: "\n").count == 3004)
        #expect(one.out.split(separator: "\n").filter { $0.contains("★") }.count == 33)
        #expect(try await Self.format(schema, scratch) == "6")
        #expect(try await Postgres.psql("SELECT count(*) FROM \(schema).members WHERE set_name = 'favorites'", in: scratch) == "34")
    }

    @Test func aLibraryOfANewerFormatIsRefusedAndLeftAsItIs() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (library, schema) = try await Self.formatOneLibrary(scratch, format: 99)
        let hidden = try #require(URLComponents(string: library).map { components in
            library.replacingOccurrences(of: ":\(components.password ?? "")@", with: ":***@")
        })
        for command in [["list"], ["fav", "b"], ["import", "--format", "jsonl", "-"]] {
            let refused = try await run(try favsBinary(), command + ["--library", library], stdin: "{\"id\":\"x\",\"title\":\"X\"}\n",
                                        environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
            #expect(refused.status == 76, "favs \(command[0])")
            #expect(refused.err == "favs: cannot open library \(hidden): made by a newer version of favs\n")
            #expect(refused.out == "")
        }
        #expect(try await Self.format(schema, scratch) == "99")
        #expect(try await Postgres.psql("""
            SELECT count(*) FROM information_schema.tables WHERE table_schema = '\(schema)' AND table_name = 'members'
            """, in: scratch) == "0")
    }

    /// A role that may only read opens an older library as it is: its stars are shown, a change is refused with
    /// the reason, and the tables stay at their format until their owner opens the library.
    @Test func aReaderOpensAnOlderLibraryAsItIsAndItsOwnerMigratesIt() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (library, schema) = try await Self.formatOneLibrary(scratch)
        let (reader, readerLibrary, hidden) = try await Postgres.reader(of: schema, in: scratch)

        let listed = try await favs("list", "--library", readerLibrary, in: scratch)
        #expect(listed.status == 0, "\(listed.err)")
        #expect(listed.out == "a ★ Alpha\nb   Beta\nc ★ Gamma\ne ★ Epsilon\n")
        let starred = try await favs("list", "--library", readerLibrary, "--query", "gam", in: scratch)
        #expect(starred.out == "c ★ Gamma\n")
        let refused = try await favs("fav", "b", "--library", readerLibrary, in: scratch)
        #expect(refused.status == 74)
        #expect(refused.err == """
            favs: cannot change library \(hidden): its tables are from an older favs, and only their owner may upgrade \
            them (by opening it with this favs)

            """)
        #expect(try await Self.format(schema, scratch) == "1")

        // The owner's favs upgrades it, and the library's stars become the owner's (format 5: each member's own).
        let owned = try await favs("list", "--library", library, in: scratch)
        #expect(owned.out == listed.out)
        #expect(owned.err.hasPrefix("favs: Each member now keeps their own stars: the library's 3 stars are yours, favs"))
        #expect(try await Self.format(schema, scratch) == "6")
        // The new table is the owner's: the reader is granted it as the owner grants anything. The reader has no
        // stars of their own, and sees the owner's by name.
        _ = try await Postgres.psql("GRANT SELECT ON ALL TABLES IN SCHEMA \(schema) TO \(reader)", in: scratch)
        let again = try await favs("list", "--library", readerLibrary, in: scratch)
        #expect(again.out == "a   Alpha\nb   Beta\nc   Gamma\ne   Epsilon\n", "\(again.err)")
        let owners = try await favs("list", "--favorites-of", "favs", "--library", readerLibrary, in: scratch)
        #expect(owners.out == "a   Alpha\nc   Gamma\ne   Epsilon\n", "\(owners.err)")
    }
}
