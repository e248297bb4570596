import FavsModel
import Foundation
import Testing
@testable import FavsFormats

/// The message a user sees for a TSV file, or nil when it imports.
private func problem(_ text: String, file: String = "data.tsv", title: String? = nil) -> String? {
    do {
        _ = try ImportReader.read(contents: text, file: file, titleField: title)
        return nil
    } catch {
        return String(describing: error)
    }
}

@Test func strayQuotesInTSVAreOrdinaryCharactersAndEveryRowIsKept() throws {
    let text = """
        id\ttitle\tnote
        1\t5" floppy\tsize
        2\t"quoted\tno closing quote
        3\t"both"\t"a""b"
        4\tlast\t
        """
    let records = try ImportReader.read(contents: text, file: "disks.tsv")
    #expect(records == [
        ImportRecord(id: "1", title: #"5" floppy"#, fields: [Field("note", "size")], line: 2),
        ImportRecord(id: "2", title: #""quoted"#, fields: [Field("note", "no closing quote")], line: 3),
        ImportRecord(id: "3", title: #""both""#, fields: [Field("note", #""a""b""#)], line: 4),
        ImportRecord(id: "4", title: "last", line: 5),
    ])
}

@Test func crlfAndALoneCREachEndATSVRowAsInCSV() throws {
    let records = try ImportReader.read(contents: "\u{FEFF}id\ttitle\r\na\tAlpha\r\nb\tBeta\r\r\n", file: "x.tab")
    #expect(records == [ImportRecord(id: "a", title: "Alpha", line: 2),
                        ImportRecord(id: "b", title: "Beta", line: 3)])
    // Old Mac line ends: three rows, not one header whose later rows became column names.
    let mac = try ImportReader.read(contents: "id\ttitle\ra\tAlpha\rb\tBeta\r", file: "x.tsv")
    #expect(mac == [ImportRecord(id: "a", title: "Alpha", line: 2), ImportRecord(id: "b", title: "Beta", line: 3)])
}

@Test func aNULInAnIDOrTitleIsRefusedAndOneInAFieldIsKept() throws {
    #expect(problem("{\"id\":\"x\"}\n {\"id\":\"a\\u0000b\"}", file: "x.jsonl")
            == "x.jsonl:2:2: id field 'id' holds a NUL character, which cannot be stored")
    #expect(problem("{\"id\":\"a\",\"title\":\"t\\u0000\"}", file: "x.jsonl")
            == "x.jsonl:1:1: title field 'title' holds a NUL character, which cannot be stored")
    #expect(problem("id\tname\na\tb\u{0}\n", file: "x.tsv", title: "name")
            == "x.tsv:2:1: column 'name' (cell 2) holds a NUL character, which cannot be stored")
    #expect(problem("id,title\na\u{0},b\n", file: "x.csv")
            == "x.csv:2:1: column 'id' (cell 1) holds a NUL character, which cannot be stored")
    let kept = try ImportReader.read(contents: "id,title,note\na,b,c\u{0}d\n", file: "x.csv")
    #expect(kept.first?.fields == [Field("note", "c\u{0}d")])
}

@Test func tsvRowsAreCheckedLikeCSVRows() {
    #expect(problem("id\ttitle\tyear\na\tA\t1\n\nb\tB\n") == "data.tsv:4:1: row has 2 cells, the header has 3")
    #expect(problem("key\ttitle\n") == "data.tsv:1:1: no column 'id' (columns: key, title)")
    #expect(problem("id\ttitle\na\tA\n\"a\"\tB\na\tC\n") == "data.tsv:4:1: duplicate id 'a' (first at line 2)")
    #expect(problem("title\tid\nA\t\n") == "data.tsv:2:1: empty id in column 'id' (cell 2)")
}

@Test func tsvReadsTheSameMappingAsCSV() throws {
    let text = "name\tyear\tfavorite\tfield:favorite\tempty\nAlpha\t1994\t★\tyes\t\n"
    let records = try ImportReader.read(contents: text, file: "x.tsv", idField: "name", titleField: "name")
    #expect(records == [ImportRecord(id: "Alpha", title: "Alpha",
                                     fields: [Field("year", "1994"), Field("favorite", "yes")],
                                     favorite: true, line: 2)])
    #expect(try ImportReader.read(contents: "", file: "x.tsv").isEmpty)
    #expect(try ImportReader.read(contents: "id\ttitle\n", file: "x.tsv").isEmpty)
}

@Test(arguments: [
    ("a.csv", ImportFormat.csv), ("A.CSV", .csv), ("b.tsv", .tsv), ("b.tab", .tsv), ("c.json", .json),
    ("c.jsonl", .jsonl), ("c.ndjson", .jsonl),
])
func theExtensionNamesTheFormat(name: String, format: ImportFormat) {
    #expect(ImportFormat(fileName: name) == format)
}

@Test func withoutAKnownExtensionTheContentDecides() throws {
    #expect(ImportFormat(fileName: "<stdin>") == nil)
    #expect(ImportFormat(fileName: "dir.csv/data") == nil)
    let tsv = try ImportReader.read(contents: "id\ttitle\na\t\"A\n", file: "<stdin>")
    #expect(tsv.map(\.title) == ["\"A"])
    let csv = try ImportReader.read(contents: "id,title\na,\"A,B\"\n", file: "data.txt")
    #expect(csv.map(\.title) == ["A,B"])
    let json = try ImportReader.read(contents: " {\"id\": \"a\", \"title\": \"A,\\tB\"}", file: "<stdin>")
    #expect(json.map(\.title) == ["A,\tB"])
}

@Test func anExplicitFormatWinsOverTheExtension() throws {
    let records = try ImportReader.read(contents: "id,title\na,\"A\tB\"\n", file: "data.tsv", format: .csv)
    #expect(records.map(\.title) == ["A\tB"])
    let tsv = try ImportReader.read(contents: "id\ttitle\na\tA,B\n", file: "data.csv", format: .tsv)
    #expect(tsv.map(\.title) == ["A,B"])
}

@Test func anIdOfOnlyUnicodeSpacesIsEmptyInTSVAndJSON() {
    #expect(problem("id\ttitle\n\u{3000}\u{A0}\tA\n") == "data.tsv:2:1: empty id in column 'id' (cell 1)")
    #expect(problem(#"{"id": " \u3000", "title": "A"}"# + "\n", file: "x.jsonl") == "x.jsonl:1:1: id field 'id' is empty")
    #expect(problem(#"{"id": " \u3000x", "title": "A"}"# + "\n", file: "x.jsonl") == nil)
    #expect(problem("id\ttitle\n \u{3000}é\tA\n") == nil)
}
