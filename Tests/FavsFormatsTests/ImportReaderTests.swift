import Foundation
import Testing
@testable import FavsFormats
import FavsModel

/// The message a user sees for a file, or nil when it imports.
private func problem(_ text: String, file: String = "data.jsonl") -> String? {
    do {
        _ = try ImportReader.read(contents: text, file: file)
        return nil
    } catch {
        return String(describing: error)
    }
}

@Test func arrayFileGivesOneRecordPerObjectWithFieldsInFileOrder() throws {
    let records = try ImportReader.read(contents: """
        [
          {"zeta": "last letter", "id": "a", "title": "Alpha", "beta": "2", "alpha": "1"},
          {"id": "b", "title": "Beta"}
        ]
        """, file: "songs.json")
    #expect(records == [
        ImportRecord(id: "a", title: "Alpha", fields: [Field("zeta", "last letter"), Field("beta", "2"),
                                                       Field("alpha", "1")], line: 2, column: 3),
        ImportRecord(id: "b", title: "Beta", line: 3, column: 3),
    ])
}

@Test func jsonLinesFileGivesOneRecordPerLineSkippingBlankLines() throws {
    let records = try ImportReader.read(contents: "{\"id\":\"a\",\"title\":\"A\"}\r\n\n  {\"id\":\"b\"}\n", file: "x")
    #expect(records.map(\.id) == ["a", "b"])
    #expect(records.map(\.line) == [1, 3])
    #expect(records.map(\.column) == [1, 3])
}

@Test func nestedValuesBecomeCompactJSONWithKeysInOrderAndOtherValuesKeepTheirKind() throws {
    let records = try ImportReader.read(contents: """
        {"id": "a", "meta": { "z": 1, "a": [1, 2.50, {"k": null}] }, "ok": true, "none": null, "n": -1.5e3}
        """, file: "x")
    #expect(records.first?.fields == [
        Field("meta", #"{"z":1,"a":[1,2.50,{"k":null}]}"#), Field("ok", "true", kind: .bool),
        Field("none", "", kind: .null), Field("n", "-1.5e3", kind: .number),
    ])
}

@Test func numericIDsKeepTheTextAsWritten() throws {
    let records = try ImportReader.read(contents: "[{\"id\": 42}, {\"id\": 1.50}, {\"id\": -7}]", file: "x")
    #expect(records.map(\.id) == ["42", "1.50", "-7"])
}

@Test func aMissingOrEmptyTitleShowsTheID() throws {
    let text = "{\"id\":\"a\"}\n{\"id\":\"b\",\"title\":\"\"}\n{\"id\":\"c\",\"title\":null}"
    let records = try ImportReader.read(contents: text, file: "x")
    #expect(records.map(\.title) == ["a", "b", "c"])
}

@Test func otherFieldNamesCanServeAsIDAndTitle() throws {
    let records = try ImportReader.read(contents: #"{"id": "x", "sku": "S-1", "name": "Lamp"}"#, file: "x",
                                        idField: "sku", titleField: "name")
    #expect(records == [ImportRecord(id: "S-1", title: "Lamp", fields: [Field("id", "x")], line: 1)])
    let same = try ImportReader.read(contents: #"{"sku": "S-1", "n": 1}"#, file: "x", idField: "sku", titleField: "sku")
    #expect(same == [ImportRecord(id: "S-1", title: "S-1", fields: [Field("n", "1", kind: .number)], line: 1)])
}

@Test func aBooleanFavoriteMarksTheRecordAndAnyOtherFavoriteIsAField() throws {
    let text = "{\"id\":\"a\",\"favorite\":true}\n{\"id\":\"b\",\"favorite\":\"yes\"}"
    let records = try ImportReader.read(contents: text, file: "x")
    #expect(records.map(\.favorite) == [true, false])
    #expect(records.map(\.fields) == [[], [Field("favorite", "yes")]])
}

@Test func escapesAreDecodedIncludingSurrogatePairs() throws {
    let records = try ImportReader.read(contents: #"{"id":"a","t":"\"q\" \\ \/ \n\t \u00e9 \ud83c\udfa7"}"#, file: "x")
    #expect(records.first?.fields == [Field("t", "\"q\" \\ / \n\t é 🎧")])
}

@Test func aByteOrderMarkIsIgnoredAndColumnsCountFromAfterIt() throws {
    #expect(try ImportReader.read(contents: "\u{FEFF}[{\"id\":\"a\"}]", file: "x").map(\.id) == ["a"])
    #expect(problem("\u{FEFF}{\"id\" 1}") == "data.jsonl:1:7: expected ':' after object key")
}

@Test func anEmptyFileHasNoRecords() throws {
    #expect(try ImportReader.read(contents: "", file: "x").isEmpty)
    #expect(try ImportReader.read(contents: " \n\n", file: "x").isEmpty)
    #expect(try ImportReader.read(contents: "[ ]", file: "x").isEmpty)
}

@Test func writtenJSONReadsBackToTheSameRecord() throws {
    let fields = [Field("note", "line\nbreak\t\u{1B}[31m \"quoted\" \u{7F}\u{85}"), Field("日本", "語 🎧")]
    var line = ""
    JSONValue.object([JSONValue.Member("id", .string("a\\b")), JSONValue.Member("title", .string("T"))]
                     + fields.map { JSONValue.Member($0.name, .string($0.value)) }).write(to: &line)
    #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    #expect(try ImportReader.read(contents: line, file: "x") == [ImportRecord(id: "a\\b", title: "T", fields: fields,
                                                                               line: 1)])
}

@Test(arguments: [
    ("{\"id\":\"a\"}\n{\"id\":\"b\" \"x\":1}", "data.jsonl:2:11: expected ',' or '}' after object member"),
    ("{\"id\":\"a\"", "data.jsonl:1:10: line ends inside an object"),
    ("{\"id\":\"a}\n{\"id\":\"b\"}", "data.jsonl:1:10: line ends inside a string"),
    (#"{"id":"a\q"}"#, #"data.jsonl:1:9: invalid escape '\q'"#),
    (#"{"id":"\u12G4"}"#, #"data.jsonl:1:8: invalid escape: expected 4 hex digits after '\u'"#),
    (#"{"id":"\uD800x"}"#, #"data.jsonl:1:8: unpaired surrogate '\uD800'"#),
    ("{\"id\":\"a\tb\"}", "data.jsonl:1:9: control character U+0009 in a string must be escaped"),
    ("[{\"id\":\"a\"}, 3]", "data.jsonl:1:14: expected a JSON object"),
    ("{\"id\":\"a\"}\n\"b\"", "data.jsonl:2:1: expected a JSON object"),
    ("{\"id\":\"a\"}\n\n{\"id\":\"a\"}", "data.jsonl:3:1: duplicate id 'a' (first at line 1)"),
    ("{\"title\":\"t\"}", "data.jsonl:1:1: missing id field 'id'"),
    ("  {\"id\":null}", "data.jsonl:1:3: missing id field 'id'"),
    ("{\"id\":\" \"}", "data.jsonl:1:1: id field 'id' is empty"),
    ("{\"id\":true}", "data.jsonl:1:1: id field 'id' must be a string or number"),
    ("{\"id\":\"a\",\"title\":[]}", "data.jsonl:1:1: title field 'title' must be a string"),
    ("{\"id\":\"a\",}", "data.jsonl:1:11: expected a string key"),
    ("{id:1}", "data.jsonl:1:2: expected a string key or '}'"),
    ("[{\"id\":\"a\"},]", "data.jsonl:1:13: expected a value, found ']'"),
    ("{\"id\":tru}", "data.jsonl:1:7: expected a value, found 't'"),
    ("{\"id\":\u{A0}1}", "data.jsonl:1:7: expected a value, found U+00A0"),
    ("{\"id\":", "data.jsonl:1:7: line ends inside an object"),
    ("{\"id\":01}", "data.jsonl:1:8: invalid number: leading zeros are not allowed"),
    ("{\"id\":1.}", "data.jsonl:1:9: invalid number: expected a digit after '.'"),
    ("{\"id\":-x}", "data.jsonl:1:8: invalid number: expected a digit after '-'"),
    ("{\"id\":\"a\"} {\"id\":\"b\"}", "data.jsonl:1:12: expected a line break after the object"),
    ("[{\"id\":\"a\"}] x", "data.jsonl:1:14: unexpected content after the array"),
    ("[{\"id\":\"a\"}", "data.jsonl:1:12: expected ',' or ']' after array element"),
    ("{\"t\":\"日本語\" \"x\"}", "data.jsonl:1:12: expected ',' or '}' after object member"),
    (String(repeating: "[", count: 600), "data.jsonl:1:513: nested deeper than 512 levels"),
])
func aBrokenFileIsReportedAtTheOffendingCharacter(text: String, message: String) {
    #expect(problem(text) == message)
}

@Test func bytesThatAreNotUTF8AreReportedWhereTheyStart() {
    let data = Data("{\"id\":\"a\"}\n{\"id\":\"".utf8) + Data([0xFF]) + Data("\"}".utf8)
    #expect(throws: ImportError(file: "x.jsonl", line: 2, column: 8, message: "not UTF-8 text")) {
        try ImportReader.read(data: data, file: "x.jsonl")
    }
}

@Test func errorsOnAVeryLongLineKeepCountingColumnsCorrectly() {
    let objects = (1...2000).map { "{\"id\":\"\($0)\"}" }.joined(separator: ",")
    let text = "[" + objects + ",{\"id\":\"7\"}]"
    #expect(problem(text) == "data.jsonl:1:\(objects.count + 3): duplicate id '7' (first at line 1)")
}

/// In JSON Lines a record never spans lines: one cut short is reported where its own line ends, naming what the
/// line left open, and never by reading on into the records below it.
@Test(arguments: [
    ("{\"id\":\"x1\"}\n{\"id\":\"x2\",\"title\":\"broken\"\n{\"id\":\"x3\"}\n",
     "data.jsonl:2:28: line ends inside an object"),
    ("{\"id\":\"x1\"}\n{\"id\":\"x2\",\"title\":\"broken\"\n", "data.jsonl:2:28: line ends inside an object"),
    ("{\"id\":\"x1\"}\r\n{\"id\":\"x2\",\"title\":\"broken\"\r\n{\"id\":\"x3\"}\r\n",
     "data.jsonl:2:28: line ends inside an object"),
    ("{\"id\":\"x1\",\"tags\":[\"a\",\n\"b\"]}\n", "data.jsonl:1:24: line ends inside an array"),
    ("{\"id\":\"x1\",\"tags\":[{\"k\":1},\n{\"k\":2}]}\n", "data.jsonl:1:28: line ends inside an array"),
    ("{\"id\":\"x1\",\"tags\":[{\"k\":[]\n}]}\n", "data.jsonl:1:27: line ends inside an object"),
    ("{\"id\":\"x1\",\"title\":\"two\nlines\"}\n", "data.jsonl:1:24: line ends inside a string"),
    ("{\"id\":\"x1\",\"title\":\"a \\\"} {\"\n", "data.jsonl:1:29: line ends inside an object"),
    ("{\"id\":\"x1\",\"title\":\"esc\\\n\"}\n", "data.jsonl:1:25: line ends inside a string"),
    ("{\"id\":\"x1\",\"title\":\"\\u00\n\"}\n", "data.jsonl:1:25: line ends inside a string"),
    ("{\"id\":\"x1\",\"n\":1.\n}\n", "data.jsonl:1:18: line ends inside an object"),
    ("{\"id\":\"日本\",\n", "data.jsonl:1:12: line ends inside an object"),
    ("{\n\"id\":\"x1\"}\n", "data.jsonl:1:2: line ends inside an object"),
    ("-\n", "data.jsonl:1:2: invalid number: expected a digit after '-'"),
])
func aJSONLinesRecordCutShortIsReportedWhereItsLineEnds(text: String, message: String) {
    #expect(problem(text) == message)
}

@Test func aJSONArrayMaySpanLinesAndStillReportsAnUnclosedStringWhereItOpens() throws {
    #expect(try ImportReader.read(contents: "[\n{\"id\":\n\"a\"}\n]", file: "x.json").map(\.id) == ["a"])
    #expect(problem("[{\"id\":\"a}\n]", file: "x.json") == "x.json:1:8: unterminated string")
}
