import Foundation
import Testing

/// `favs list --query`: the matches best first, as `fzf --filter` prints them, in every format; a pattern that
/// cannot be read is refused with its reason and exit 64.
@Suite struct SearchCommandTests {
    /// Titles where fzf's scores decide the order (the same as `fzf --filter cld` prints them, but for the favorite):
    /// a match at a word's start beats one inside a word, a favorite wins a tie, then the shorter title.
    static let items = """
        {"id": "scattered", "title": "river of calm deep now"}
        {"id": "inside", "title": "thundercloud"}
        {"id": "boundary", "title": "the cloud"}
        {"id": "long-tie", "title": "cloud nine and more"}
        {"id": "starred-tie", "title": "cloud nine and mor", "favorite": true}
        {"id": "none", "title": "sunny day"}

        """

    @Test func listQueryPrintsTheMatchesBestFirstInEveryFormat() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("items.jsonl", Self.items)
        #expect(try await favs("import", "items.jsonl", "--library", "lib.sqlite", in: scratch).status == 0)

        let text = try await favs("list", "--library", "lib.sqlite", "--query", "cld", in: scratch)
        #expect(text.status == 0)
        #expect(text.err == "")
        // "cloud nine…" and "the cloud" score alike (their c starts a word): the favorite first, then the shorter
        // title (fzf, which knows no favorites, puts "the cloud" first); "thundercloud" matches inside a word.
        #expect(text.out == """
            starred-tie ★ cloud nine and mor
            boundary      the cloud
            long-tie      cloud nine and more
            scattered     river of calm deep now
            inside        thundercloud

            """)
        let tsv = try await favs("list", "--library", "lib.sqlite", "--query", "'cloud !thunder", "--format", "tsv",
                                 in: scratch)
        #expect(tsv.status == 0)
        #expect(tsv.out.split(separator: "\n").dropFirst().map { $0.split(separator: "\t")[0] }
                == ["starred-tie", "boundary", "long-tie"], "exact term, inverse term: \(tsv.out)")
        let exact = try await favs("list", "--library", "lib.sqlite", "--query", "cld", "--exact", in: scratch)
        #expect(exact.status == 0 && exact.out == "", "no title holds “cld” as it is")
        let favorites = try await favs("list", "--library", "lib.sqlite", "--query", "cld", "--favorites",
                                       "--format", "jsonl", in: scratch)
        #expect(favorites.out.split(separator: "\n").count == 1 && favorites.out.contains("\"starred-tie\""))
    }

    @Test func listQueryWithFieldTermsPrintsTheItemsWhoseFieldsHoldTheText() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("items.jsonl", """
            {"id": "a", "title": "cloud nine", "artist": "Ana Padilla", "year": 1994}
            {"id": "b", "title": "the cloud", "artist": "Bo", "year": 2001, "favorite": true}
            {"id": "c", "title": "sunny day", "artist": "José Padilla", "year": 1994}

            """)
        #expect(try await favs("import", "items.jsonl", "--library", "lib.sqlite", in: scratch).status == 0)
        let found = try await favs("list", "--library", "lib.sqlite", "--query", "artist:padilla", in: scratch)
        #expect(found.status == 0 && found.err == "")
        #expect(found.out == "a   cloud nine\nc   sunny day\n")
        let both = try await favs("list", "--library", "lib.sqlite", "--query", "year:^199 cld", "--format", "jsonl",
                                  in: scratch)
        #expect(both.out == #"{"id":"a","title":"cloud nine","favorite":false,"artist":"Ana Padilla","year":1994}"# + "\n")
        let others = try await favs("list", "--library", "lib.sqlite", "--query", "!artist:padilla", "--exact", in: scratch)
        #expect(others.out == "b ★ the cloud\n")
        let none = try await favs("list", "--library", "lib.sqlite", "--query", "mood:calm", in: scratch)
        #expect(none.status == 0 && none.out == "", "no item has the field")
        // Lines of stdin have no fields: a field term there is refused.
        let lines = try await favs("pick", "--stdin", "lines", "--query", "artist:ann", stdin: "a\n", in: scratch)
        #expect(lines.status == 64)
        #expect(lines.err.hasPrefix(
            "Error: --query: artist: searches fields, which only a library has: these lines are searched by their text\n"))
    }

    /// Titles a pattern that begins with a dash finds: `-dn-e` the first alone (a dash, d, n, a dash, e, in order),
    /// `-x` the third alone.
    static let dashed = """
        {"id": "hyphen", "title": "hyphen-dawn-edge"}
        {"id": "plain", "title": "dawn edge"}
        {"id": "xmas", "title": "pre-xmas"}
        {"id": "ray", "title": "x-ray"}

        """

    /// As `fzf --filter -x`: the value after --query is the pattern, whatever it begins with.
    @Test func listQueryTakesAPatternThatBeginsWithADash() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("items.jsonl", Self.dashed)
        #expect(try await favs("import", "items.jsonl", "--library", "lib.sqlite", in: scratch).status == 0)
        let fuzzy = try await favs("list", "--library", "lib.sqlite", "--query", "-dn-e", in: scratch)
        #expect(fuzzy.status == 0 && fuzzy.err == "", "\(fuzzy.err)")
        #expect(fuzzy.out == "hyphen   hyphen-dawn-edge\n")
        let exact = try await favs("list", "--library", "lib.sqlite", "--query", "-x", "--exact", "--format", "jsonl",
                                   in: scratch)
        #expect(exact.status == 0 && exact.err == "", "\(exact.err)")
        #expect(exact.out == #"{"id":"xmas","title":"pre-xmas","favorite":false}"# + "\n")
    }

    @Test(arguments: [
        ("a |", "--query: a | must stand between two terms (to find a |, write '|)"),
        ("'", "--query: the term ' has nothing to search for: write text after it"),
        ("artist:ann | cloud", "--query: artist:ann | cloud joins a field term and a title term with |: a group is all fields or all titles"),
    ])
    func aPatternThatCannotBeReadIsRefusedWithItsReason(pattern: String, message: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = try await favs("list", "--library", ":memory:", "--query", pattern, in: scratch)
        #expect(result.status == 64)
        #expect(result.out == "")
        #expect(result.err.hasPrefix("Error: \(message)\n"), "\(result.err)")
    }
}

/// The browser's search on a real terminal: typing a fuzzy pattern ranks the list as it goes, and the characters
/// the scorer chose are the underlined ones (the match role without colour).
@Suite struct SearchTerminalTests {
    /// The characters of `line` drawn underlined, from tmux's capture with escapes (SGR 4 on, 24 or 0 off).
    static func underlined(_ line: Substring) -> String {
        var result = "", underline = false
        var rest = line[...]
        while let character = rest.first {
            if character == "\u{1B}", rest.dropFirst().first == "[", let end = rest.firstIndex(of: "m") {
                let parameters = rest[rest.index(rest.startIndex, offsetBy: 2)..<end].split(separator: ";", omittingEmptySubsequences: false)
                for parameter in parameters {
                    switch parameter {
                    case "4": underline = true
                    case "24", "0", "": underline = false
                    default: break
                    }
                }
                rest = rest[rest.index(after: end)...]
                continue
            }
            if underline { result.append(character) }
            rest = rest.dropFirst()
        }
        return result
    }

    @Test func typingAFuzzyPatternRanksTheListAndUnderlinesTheCharactersTheScorerChose() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", try scratch.library(in: "tmux")], before: "env NO_COLOR=1")
        try await tmux.waitFor("28 items · 3 favorites")
        try await tmux.sendKeys("/", "c", "d", "m")
        try await tmux.waitFor("Items 1/2 · /cdm")
        let screen = try await tmux.screen()
        #expect(screen[2].hasPrefix("┃>  Café del Mar — Sunset      ┃"), "\(screen[2])")
        #expect(screen[3].hasPrefix("┃   Übung macht den Meister    ┃"), "\(screen[3])")
        let rows = try await tmux.screenWithEscapes().split(separator: "\n")
        #expect(Self.underlined(rows[2]) == "CdM", "C of Café, d of del, M of Mar: \(rows[2].debugDescription)")
        #expect(Self.underlined(rows[3]) == "cdM", "c of macht, d of den, M of Meister: \(rows[3].debugDescription)")
        try await tmux.sendKeys("Escape", "q")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test func aFieldTermTypedInTheBrowserIsAnsweredByTheLibrary() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.startFavs(["--library", try scratch.library(in: "tmux")], before: "env NO_COLOR=1")
        try await tmux.waitFor("28 items · 3 favorites")
        try await tmux.sendKeys("/", "genre:rock")
        try await tmux.waitFor("Items 1/3 · /genre:rock")
        let screen = try await tmux.screen()
        #expect(screen[2].hasPrefix("┃>  Ég anda                    ┃"), "\(screen[2])")
        #expect(screen[3].hasPrefix("┃   Hallelujah                 ┃"), "\(screen[3])")
        #expect(screen[4].hasPrefix("┃   🚀 Space Oddity            ┃"), "\(screen[4])")
        try await tmux.sendKeys("Escape", "q")
        #expect(try await tmux.exitStatus() == 0)
    }
}

/// A field term over a library just imported (its field index left to build) is answered at once, and the same
/// after `favs index` has built the index.
@Suite struct FieldIndexCommandTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "reads the library's meta with sqlite3"))
    func aFieldTermIsAnsweredTheSameBeforeAndAfterFavsIndex() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let rows = (0..<3000).map { n in
            "p\(n)\tpackage \(n)\t\(n % 1000 == 7 ? "a versioned store" : "plain text")\t\(n).0"
        }
        try scratch.write("items.tsv", (["name\ttitle\tsummary\tversion"] + rows).joined(separator: "\n") + "\n")
        let imported = try await favs("import", "items.tsv", "--id", "name", "--library", "lib.sqlite", in: scratch)
        #expect(imported.status == 0, "\(imported.err)")
        let expected = """
            p7      package 7
            p1007   package 1007
            p2007   package 2007

            """
        func indexedThrough() async throws -> String {
            try await run("/usr/bin/sqlite3", ["-readonly", scratch.path("lib.sqlite"),
                                               "SELECT value FROM meta WHERE key = 'fields_indexed_through'"],
                          environment: pinnedEnvironment(home: scratch.url), in: scratch.url).out
        }
        #expect(try await indexedThrough() == "0\n", "the import left the index to build")
        let before = try await favs("list", "--library", "lib.sqlite", "--query", "summary:vers", in: scratch)
        #expect(before.status == 0 && before.err == "")
        #expect(before.out == expected, "summary:vers, not the version field")
        #expect(try await indexedThrough() == "0\n", "the command answered without building it")
        let index = try await favs("index", "--library", "lib.sqlite", in: scratch)
        #expect(index.status == 0 && index.err == "" && index.out == "")
        #expect(try await indexedThrough() == "\(Int64.max)\n", "every row indexed")
        let after = try await favs("list", "--library", "lib.sqlite", "--query", "summary:vers", in: scratch)
        #expect(after.out == expected)
        let again = try await favs("index", "--library", "lib.sqlite", in: scratch)
        #expect(again.status == 0 && again.out == "", "nothing left to build")
        let missing = try await favs("index", "--library", "none.sqlite", in: scratch)
        #expect(missing.status == 66)
        #expect(missing.err == "favs: no library at none.sqlite (run favs to create the sample, or favs import FILE)\n")
    }
}
