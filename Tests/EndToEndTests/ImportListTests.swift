import Foundation
import Testing

/// `favs import` and `favs list`: files in, items out, and a bad file changes nothing.
@Suite struct ImportListTests {
    static let jsonLines = """
        {"id": "a1", "title": "Alpha", "artist": "Ann"}
        {"id": "a2", "title": "Beta"}

        """
    static let jsonArray = """
        [
          {"id": "b1", "title": "Gamma"},
          {"id": 42, "title": "Delta", "favorite": true}
        ]

        """

    @Test func jsonLinesAndAJSONArrayImportIntoANewLibraryInFileOrder() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("good.jsonl", Self.jsonLines)
        try scratch.write("good.json", Self.jsonArray)

        let imported = try await favs("import", "good.jsonl", "good.json", "--library", "lib.sqlite", in: scratch)
        #expect(imported.status == 0)
        #expect(imported.err == "")
        #expect(imported.out == "imported 4 items from good.jsonl, good.json (4 added, 0 updated, 0 unchanged)\n")

        let list = try await favs("list", "--library", "lib.sqlite", in: scratch)
        #expect(list.status == 0)
        #expect(list.out == """
            a1   Alpha
            a2   Beta
            b1   Gamma
            42 ★ Delta

            """)
        let favorites = try await favs("list", "--favorites", "--library", "lib.sqlite", in: scratch)
        #expect(favorites.out == "42 ★ Delta\n")
        let jsonl = try await favs("list", "--format", "jsonl", "--library", "lib.sqlite", in: scratch)
        #expect(jsonl.out.split(separator: "\n").first
                == #"{"id":"a1","title":"Alpha","favorite":false,"artist":"Ann"}"#)

        // The browser shows what was imported.
        let screen = try #require(frames(try await favs("script", "--library", "lib.sqlite", in: scratch).out).first)
        #expect(screen.lines[0] == " favs — lib")
        #expect(screen.lines[2].hasPrefix("┃>  Alpha "))
        #expect(screen.lines[23].hasSuffix("4 items · 1 favorite"))
    }

    @Test func otherMembersCanBeTheIDAndTitle() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("songs.jsonl", #"{"key": "k1", "name": "Keyed", "id": "ignored"}"# + "\n")
        let imported = try await favs("import", "songs.jsonl", "--id", "key", "--title", "name",
                                      "--library", "lib.sqlite", in: scratch)
        #expect(imported.status == 0)
        let list = try await favs("list", "--library", "lib.sqlite", in: scratch)
        #expect(list.out == "k1   Keyed\n")
    }

    @Test(arguments: [
        // A syntax error on line 3: a trailing comma before the closing brace.
        BadFile(name: "bad.jsonl", text: """
            {"id": "c1", "title": "One"}
            {"id": "c2", "title": "Two"}
            {"id": "c3", "title": "Three",}

            """, message: "favs: bad.jsonl:3:31: expected a string key\n"),
        BadFile(name: "bad.json", text: """
            [
              {"id": "c1", "title": "One"},
              {"id": "c2" "title": "Two"}
            ]

            """, prefix: "favs: bad.json:3:"),
        BadFile(name: "noid.jsonl", text: """
            {"id": "d1", "title": "One"}
            {"title": "No id here"}

            """, message: "favs: noid.jsonl:2:1: missing id field 'id'\n"),
        // Both lines of a repeated id are named.
        BadFile(name: "dup.jsonl", text: """
            {"id": "e1", "title": "One"}
            {"id": "e2", "title": "Two"}
            {"id": "e1", "title": "One again"}

            """, message: "favs: dup.jsonl:3:1: duplicate id 'e1' (first at line 1)\n"),
    ])
    func aBadFileExitsWith65AndChangesNothing(_ bad: BadFile) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("good.jsonl", Self.jsonLines)
        try #require(try await favs("import", "good.jsonl", "--library", "lib.sqlite", in: scratch).status == 0)
        let before = try await favs("list", "--format", "jsonl", "--library", "lib.sqlite", in: scratch)

        try scratch.write(bad.name, bad.text)
        // The good file first: nothing of it may land either, since all files are one transaction.
        try scratch.write("more.jsonl", #"{"id": "new", "title": "Would be new"}"# + "\n")
        let result = try await favs("import", "more.jsonl", bad.name, "--library", "lib.sqlite", in: scratch)
        #expect(result.status == 65)
        #expect(result.out == "")
        if let message = bad.message {
            #expect(result.err == message)
        } else {
            #expect(result.err.hasPrefix(bad.prefix), "got \(result.err)")
        }
        #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")

        let after = try await favs("list", "--format", "jsonl", "--library", "lib.sqlite", in: scratch)
        #expect(after.status == 0)
        #expect(after.out == before.out)
    }

    @Test func aDuplicateIDAcrossFilesNamesBothPlaces() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("one.jsonl", #"{"id": "x", "title": "First"}"# + "\n")
        try scratch.write("two.jsonl", """
            {"id": "y", "title": "Other"}
            {"id": "x", "title": "Second"}

            """)
        let result = try await favs("import", "one.jsonl", "two.jsonl", "--library", "lib.sqlite", in: scratch)
        #expect(result.status == 65)
        #expect(result.err == "favs: two.jsonl:2:1: duplicate id 'x' (first at one.jsonl:1)\n")
        #expect(try await favs("list", "--library", "lib.sqlite", in: scratch).out == "")
    }

    @Test func reimportingKeepsFavoritesAndBringsBackDeletedItems() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("good.jsonl", Self.jsonLines)
        try #require(try await favs("import", "good.jsonl", "--library", "lib.sqlite", in: scratch).status == 0)

        // Star Alpha and delete Beta in the browser.
        let edit = try await favs("script", "--library", "lib.sqlite", stdin: "f j d\n", in: scratch)
        #expect(try #require(frames(edit.out).last).lines[23].hasSuffix("1 item · 1 favorite"))

        let again = try await favs("import", "good.jsonl", "--library", "lib.sqlite", in: scratch)
        #expect(again.status == 0)
        #expect(again.out == "imported 2 items from good.jsonl (0 added, 1 updated, 1 unchanged)\n")
        let list = try await favs("list", "--library", "lib.sqlite", in: scratch)
        #expect(list.out == "a1 ★ Alpha\na2   Beta\n")
    }

    @Test func aLargeFileImportsIntoANewLibraryAndAgainAsUnchangedOrUpdated() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let ids = (0..<1500).map { String($0 * 7919 % 1_000_003, radix: 16) }
        // The year is a JSON string, as a TSV cell is text: a JSON number would be a different value (and
        // the TSV below would update every item, turning the number into text).
        try scratch.write("big.jsonl", ids.enumerated().map { index, id in
            #"{"id":"\#(id)","title":"Song \#(index)","year":"\#(1950 + index % 70)"}"#
        }.joined(separator: "\n") + "\n")
        let first = try await favs("import", "big.jsonl", "--library", "lib.sqlite", in: scratch)
        #expect(first.out == "imported 1500 items from big.jsonl (1500 added, 0 updated, 0 unchanged)\n")
        let again = try await favs("import", "big.jsonl", "--library", "lib.sqlite", in: scratch)
        #expect(again.out == "imported 1500 items from big.jsonl (0 added, 0 updated, 1500 unchanged)\n")

        // The same items as TSV, every tenth renamed, plus two new ones.
        try scratch.write("big.tsv", "id\ttitle\tyear\n" + (ids + ["new1", "new2"]).enumerated().map { index, id in
            "\(id)\t\(index % 10 == 0 ? "Renamed" : "Song") \(index)\t\(1950 + index % 70)"
        }.joined(separator: "\n") + "\n")
        let tsv = try await favs("import", "big.tsv", "--library", "lib.sqlite", in: scratch)
        #expect(tsv.status == 0)
        #expect(tsv.out == "imported 1502 items from big.tsv (2 added, 150 updated, 1350 unchanged)\n")
        let list = try await favs("list", "--library", "lib.sqlite", in: scratch)
        let rows = list.out.split(separator: "\n")
        #expect(rows.count == 1502)
        #expect(rows.first?.hasSuffix("Renamed 0") == true && rows[1].hasSuffix("Song 1"))
        #expect(rows.last?.hasSuffix("Song 1501") == true)
    }

    @Test func importingAFileThatIsNotThereExitsWith66() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = try await favs("import", "nowhere.jsonl", "--library", "lib.sqlite", in: scratch)
        #expect(result.status == 66)
        #expect(result.err == "favs: nowhere.jsonl: cannot read: No such file or directory\n")
    }

    @Test func listingALibraryThatDoesNotExistExitsWith66AndCreatesNothing() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = try await favs("list", "--library", "missing.sqlite", in: scratch)
        #expect(result.status == 66)
        #expect(result.err.hasPrefix("favs: no library at missing.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("missing.sqlite")))
    }

    @Test func listingLeavesTheLibraryFileUntouched() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("good.jsonl", Self.jsonLines)
        try #require(try await favs("import", "good.jsonl", "--library", "lib.sqlite", in: scratch).status == 0)
        let before = try Data(contentsOf: scratch.url.appendingPathComponent("lib.sqlite"))

        let list = try await favs("list", "--library", "lib.sqlite", in: scratch)
        #expect(list.status == 0)
        let after = try Data(contentsOf: scratch.url.appendingPathComponent("lib.sqlite"))
        // `list` opens the library read-only: not a byte of it changes, so it works where the file is not writable.
        #expect(after == before, """
            the library file changed: \(before.count) → \(after.count) bytes, \
            first difference at offset \(firstDifference(before, after) ?? -1)
            """)
    }

    private func firstDifference(_ a: Data, _ b: Data) -> Int? {
        if let offset = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset { return offset }
        return a.count == b.count ? nil : min(a.count, b.count)
    }

    @Test func controlCharactersInItemsNeverReachTheTerminal() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("evil.jsonl", #"""
            {"id": "evil", "title": "\u001b[31mRED\u0007", "favorite": true, "note": "\u001b]0;pwned\u0007tab\there"}

            """#)
        try #require(try await favs("import", "evil.jsonl", "--library", "lib.sqlite", in: scratch).status == 0)

        let result = try await favs("script", "--library", "lib.sqlite", in: scratch)
        #expect(result.status == 0)
        #expect(!result.stdout.contains(0x1B), "no ESC byte in the frames")
        #expect(!result.stdout.contains(0x07), "no BEL byte in the frames")
        let screen = try #require(frames(result.out).first)
        #expect(screen.lines[2].hasPrefix("┃>★ ␛[31mRED␇ "), "the list row")
        #expect(screen.lines.contains { $0.contains("│ ★ ␛[31mRED␇ ") }, "the favorites row")
        #expect(screen.lines.contains { $0.contains("note: ␛]0;pwned␇tab␉here") }, "the detail field")

        let list = try await favs("list", "--library", "lib.sqlite", in: scratch)
        #expect(list.out == "evil ★ ␛[31mRED␇\n")
    }

    /// `favs list` prints a printable-ASCII row as stored and any other made visible and measured in columns: in
    /// one list the two kinds line up (wide ids, a control character in an id, DEL, bidi, an id past the 24-column
    /// limit), with a query and without, the favorites alone too.
    @Test func plainAndOtherRowsLineUpInOneList() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("mixed.jsonl", #"""
            {"id": "a1", "title": "plain title", "favorite": true}
            {"id": "日本", "title": "日本語 title 🎧"}
            {"id": "t\tab", "title": "tab\tin title"}
            {"id": "averyveryveryverylongidentifier", "title": "long id"}
            {"id": "del", "title": "x\u007fy and a\u202eb", "favorite": true}
            {"id": "z9", "title": "Zebra ~ tilde"}

            """#)
        try #require(try await favs("import", "mixed.jsonl", "--library", "lib.sqlite", in: scratch).status == 0)
        let list = try await favs("list", "--library", "lib.sqlite", in: scratch)
        #expect(list.status == 0)
        #expect(list.out == """
            a1                       ★ plain title
            日本                       日本語 title 🎧
            t␉ab                       tab␉in title
            averyveryveryverylongidentifier   long id
            del                      ★ x␡y and a�b
            z9                         Zebra ~ tilde

            """)
        let query = try await favs("list", "--query", "title", "--library", "lib.sqlite", in: scratch)
        #expect(query.out == """
            a1   ★ plain title
            日本   日本語 title 🎧
            t␉ab   tab␉in title

            """)
        let favorites = try await favs("list", "--favorites", "--library", "lib.sqlite", in: scratch)
        #expect(favorites.out == "a1  ★ plain title\ndel ★ x␡y and a�b\n")
    }
}

/// An import file that must be refused, and the error it must produce.
struct BadFile: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let message: String?
    let prefix: String

    init(name: String, text: String, message: String) {
        (self.name, self.text, self.message, self.prefix) = (name, text, message, message)
    }

    init(name: String, text: String, prefix: String) {
        (self.name, self.text, self.message, self.prefix) = (name, text, nil, prefix)
    }

    var testDescription: String { name }
}
