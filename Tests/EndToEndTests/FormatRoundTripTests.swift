import Foundation
import Testing

/// `favs export` and `favs list` in every format, and `favs import` of CSV and TSV: what goes out comes back.
@Suite struct FormatRoundTripTests {
    /// The sample library with rec-003 starred and rec-004 deleted, as a user would leave it.
    private func editedSample(in scratch: Scratch) async throws -> String {
        try #require(try await favs("script", "--library", "A.sqlite", in: scratch).status == 0)
        let edit = try await favs("script", "--library", "A.sqlite", stdin: "j j f j d\n", in: scratch)
        try #require(edit.status == 0)
        let list = try await favs("list", "--format", "jsonl", "--library", "A.sqlite", in: scratch)
        try #require(list.status == 0)
        return list.out
    }

    @Test(arguments: ["json", "jsonl", "csv", "tsv"])
    func anExportImportedIntoANewLibraryGivesTheSameLibrary(format: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let original = try await editedSample(in: scratch)
        #expect(original.contains(#"{"id":"rec-003","title":"Café del Mar — Sunset","favorite":true,"#))
        #expect(!original.contains(#""id":"rec-004""#))

        let export = try await favs("export", "--format", format, "--output", "out.\(format)",
                                    "--library", "A.sqlite", in: scratch)
        #expect(export.status == 0)
        #expect(export.out == "")
        #expect(export.err == "")

        let imported = try await favs("import", "out.\(format)", "--library", "B.sqlite", in: scratch)
        #expect(imported.status == 0)
        #expect(imported.out == "imported 27 items from out.\(format) (27 added, 0 updated, 0 unchanged)\n")
        let copy = try await favs("list", "--format", "jsonl", "--library", "B.sqlite", in: scratch)
        #expect(copy.out == original, "\(difference(lines(copy.out), lines(original)))")
    }

    @Test(arguments: ["json", "jsonl", "csv", "tsv"])
    func exportToStdoutIsWhatListPrintsAndWhatTheFileHolds(format: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try await editedSample(in: scratch)
        let list = try await favs("list", "--format", format, "--favorites", "--library", "A.sqlite", in: scratch)
        let export = try await favs("export", "--format", format, "--favorites", "--library", "A.sqlite", in: scratch)
        #expect(list.status == 0 && export.status == 0)
        #expect(export.out == list.out)
        // Three favorites, and a header row or the two brackets.
        #expect(lines(export.out).count == ["json": 5, "jsonl": 3, "csv": 4, "tsv": 4][format])
        try scratch.write("old.\(format)", "something longer than nothing, to be replaced\n")
        let file = try await favs("export", "--format", format, "--favorites", "--output", "old.\(format)",
                                  "--library", "A.sqlite", in: scratch)
        #expect(file.status == 0)
        #expect(try String(contentsOfFile: scratch.path("old.\(format)"), encoding: .utf8) == list.out)
    }

    @Test func exportWritesJSONLinesByDefault() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let original = try await editedSample(in: scratch)
        let export = try await favs("export", "--library", "A.sqlite", in: scratch)
        #expect(export.status == 0)
        #expect(export.out == original)
    }

    @Test(arguments: ["json", "jsonl"])
    func jsonNumbersBooleansAndNullComeBackAsTheSameValues(format: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("kinds.jsonl", #"""
            {"id": "k1", "title": "Numbers", "rank": 1891, "price": 1.50, "zero": -0, "big": 1e3, "text": "1891"}
            {"id": "k2", "title": "The rest", "ok": true, "no": false, "x": null, "word": "null", "favorite": true}

            """#)
        try #require(try await favs("import", "kinds.jsonl", "--library", "A.sqlite", in: scratch).status == 0)
        let export = try await favs("export", "--format", format, "--output", "out.\(format)",
                                    "--library", "A.sqlite", in: scratch)
        #expect(export.status == 0)
        let objects = [
            #"{"id":"k1","title":"Numbers","favorite":false,"rank":1891,"price":1.50,"zero":-0,"big":1e3,"text":"1891"}"#,
            #"{"id":"k2","title":"The rest","favorite":true,"ok":true,"no":false,"x":null,"word":"null"}"#,
        ]
        let expected = format == "json" ? "[\n" + objects.joined(separator: ",\n") + "\n]\n"
            : objects.joined(separator: "\n") + "\n"
        #expect(try String(contentsOfFile: scratch.path("out.\(format)"), encoding: .utf8) == expected)
        let list = try await favs("list", "--format", format, "--library", "A.sqlite", in: scratch)
        #expect(list.out == expected)

        let imported = try await favs("import", "out.\(format)", "--library", "B.sqlite", in: scratch)
        #expect(imported.out == "imported 2 items from out.\(format) (2 added, 0 updated, 0 unchanged)\n")
        let copy = try await favs("export", "--format", format, "--library", "B.sqlite", in: scratch)
        #expect(copy.out == expected)
        let again = try await favs("import", "out.\(format)", "--library", "B.sqlite", in: scratch)
        #expect(again.out == "imported 2 items from out.\(format) (0 added, 0 updated, 2 unchanged)\n")

        let csv = try await favs("export", "--format", "csv", "--library", "A.sqlite", in: scratch)
        #expect(csv.out == """
            id,title,favorite,rank,price,zero,big,text,ok,no,x,word
            k1,Numbers,false,1891,1.50,-0,1e3,1891,,,,
            k2,The rest,true,,,,,,true,false,,null

            """)
    }

    @Test func theDetailPaneShowsNullAsAnEmptyValueAndANumberAsWritten() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("kinds.jsonl", #"{"id": "k1", "title": "Kinds", "price": 1.50, "x": null}"# + "\n")
        try #require(try await favs("import", "kinds.jsonl", "--library", "A.sqlite", in: scratch).status == 0)
        let screen = try await favs("script", "--library", "A.sqlite", "--size", "60x16", stdin: "", in: scratch)
        #expect(screen.status == 0)
        #expect(lines(screen.out)[5...7] == [
            "┃                      ┃│ id: k1                           │",
            "┃                      ┃│ price: 1.50                      │",
            "┃                      ┃│ x:                               │",
        ])
    }

    @Test func aTSVWithStrayQuotesImportsEveryRowWithItsQuotes() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("disks.tsv", """
            id\ttitle\tnote
            d1\t5" floppy\t1.2 MB
            d2\t"quoted\tno closing quote
            d3\t3½" disk\t"even" here

            """)
        let imported = try await favs("import", "disks.tsv", "--library", "lib.sqlite", in: scratch)
        #expect(imported.status == 0)
        #expect(imported.out == "imported 3 items from disks.tsv (3 added, 0 updated, 0 unchanged)\n")
        let list = try await favs("list", "--format", "jsonl", "--library", "lib.sqlite", in: scratch)
        #expect(list.out == #"""
            {"id":"d1","title":"5\" floppy","favorite":false,"note":"1.2 MB"}
            {"id":"d2","title":"\"quoted","favorite":false,"note":"no closing quote"}
            {"id":"d3","title":"3½\" disk","favorite":false,"note":"\"even\" here"}

            """#)
    }

    @Test func aCSVWithAShortRowExitsWith65AndChangesNothing() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let before = try await editedSample(in: scratch)
        try scratch.write("short.csv", """
            id,title,year
            n1,"New, one",2001
            n2,"New
            two"
            n3,Three,2003

            """)
        let result = try await favs("import", "short.csv", "--library", "A.sqlite", in: scratch)
        #expect(result.status == 65)
        #expect(result.out == "")
        #expect(result.err == "favs: short.csv:3:1: row has 2 cells, the header has 3\n")
        let after = try await favs("list", "--format", "jsonl", "--library", "A.sqlite", in: scratch)
        #expect(after.out == before)
    }

    @Test func standardInputTakesAFormatAndAColumnCanBeIDAndTitle() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let csv = "name,year,favorite\nAlpha,1994,★\n\"Beta, the second\",,false\n"
        let imported = try await favs("import", "-", "--format", "csv", "--id", "name", "--title", "name",
                                      "--library", "lib.sqlite", stdin: csv, in: scratch)
        #expect(imported.status == 0)
        #expect(imported.out == "imported 2 items from <stdin> (2 added, 0 updated, 0 unchanged)\n")
        let list = try await favs("list", "--library", "lib.sqlite", in: scratch)
        #expect(list.out == "Alpha            ★ Alpha\nBeta, the second   Beta, the second\n")

        let wrong = try await favs("import", "-", "--format", "csv", "--title", "nmae", "--library", "lib.sqlite",
                                   stdin: "id,name,year\n", in: scratch)
        #expect(wrong.status == 65)
        #expect(wrong.err == "favs: <stdin>:1:1: no column 'nmae' (columns: id, name, year)\n")
    }

    @Test func tsvExportWarnsOnceAboutTabsAndNewlinesAndStillSucceeds() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("odd.jsonl", #"""
            {"id": "t1", "title": "tab\there", "note": "two\nlines"}
            {"id": "t2", "title": "plain", "note": "crlf\r\nend"}

            """#)
        try #require(try await favs("import", "odd.jsonl", "--library", "lib.sqlite", in: scratch).status == 0)
        let export = try await favs("export", "--format", "tsv", "--library", "lib.sqlite", in: scratch)
        #expect(export.status == 0)
        #expect(export.out == "id\ttitle\tfavorite\tnote\nt1\ttab here\tfalse\ttwo lines\nt2\tplain\tfalse\tcrlf end\n")
        #expect(export.err == "favs: warning: 3 values had tabs or newlines, written as spaces (TSV cannot hold them)\n")
    }

    @Test func exportingALibraryThatDoesNotExistFailsLikeList() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let list = try await favs("list", "--library", "missing.sqlite", in: scratch)
        let export = try await favs("export", "--output", "out.jsonl", "--library", "missing.sqlite", in: scratch)
        #expect(export.status == 66)
        #expect(export.err == list.err)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("missing.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out.jsonl")))
    }

    @Test func anOutputFileThatCannotBeWrittenExitsWith73() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try await editedSample(in: scratch)
        let result = try await favs("export", "--output", "no/such/dir/out.csv", "--library", "A.sqlite", in: scratch)
        #expect(result.status == 73)
        #expect(result.err == "favs: cannot write no/such/dir/out.csv: No such file or directory\n")
        let directory = try await favs("export", "--output", ".", "--library", "A.sqlite", in: scratch)
        #expect(directory.status == 73)
        #expect(directory.err == "favs: cannot write .: Is a directory\n")
    }

    @Test func csvToATerminalIsRefusedOnlyWhenAValueHoldsAControlCharacter() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("evil.jsonl", #"{"id": "evil", "title": "\u001b]2;pwned\u0007!"}"# + "\n")
        try scratch.write("fine.jsonl", #"{"id": "fine", "title": "two\nlines, and \"quotes\""}"# + "\n")
        try #require(try await favs("import", "evil.jsonl", "--library", "evil.sqlite", in: scratch).status == 0)
        try #require(try await favs("import", "fine.jsonl", "--library", "fine.sqlite", in: scratch).status == 0)
        let tmux = try await Tmux(width: 100, height: 10, scratch: scratch)
        defer { tmux.close() }

        try await tmux.startFavs(["list", "--format", "csv", "--library", "evil.sqlite"])
        #expect(try await tmux.exitStatus() == 1)
        #expect(try await tmux.screen().first
                == "favs: csv output to a terminal would show raw control characters; redirect it or use --output")

        try await tmux.startFavs(["export", "--format", "csv", "--library", "fine.sqlite"])
        #expect(try await tmux.exitStatus() == 0)
        #expect(try await tmux.screen().prefix(3) == ["id,title,favorite", #"fine,"two"#, #"lines, and ""quotes""",false"#])
    }

    private func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }
}
