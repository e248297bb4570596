import FavsModel
import Foundation
import Testing
@testable import FavsFormats

/// A small library with everything a table has to quote, replace or rename.
private let items = [
    Item(id: "a1", title: "Plain", fields: [Field("artist", "Ann"), Field("year", "1994")], favorite: true,
         position: 1),
    Item(id: "a,2", title: #"Say "hi""#, fields: [Field("year", "2001"), Field("note", "two\nlines")], position: 2),
    Item(id: "a3", title: "Tab\there", fields: [Field("id", "inner"), Field("note", "cr\r\nlf")], position: 3),
]

/// Everything a writer writes for `items`, and the writer, for its counts.
private func written(_ format: ExportFormat, _ items: [Item] = items) -> (text: String, writer: ItemWriter) {
    var writer = ItemWriter(format: format, items: items)
    var text = ""
    writer.begin(to: &text)
    for item in items { writer.append(item, to: &text) }
    writer.end(to: &text)
    return (text, writer)
}

@Test func csvHasOneColumnPerFieldNameAndQuotesWhatRFC4180Says() {
    let (text, writer) = written(.csv)
    #expect(text == #"""
        id,title,favorite,artist,year,note,field:id
        a1,Plain,true,Ann,1994,,
        "a,2","Say ""hi""",false,,2001,"two
        lines",
        a3,Tab\#there,false,,,"cr\#r
        lf",inner

        """#)
    #expect(writer.flattenedValues == 0)
}

@Test func tsvWritesTabsAndLineBreaksAsSpacesAndCountsThem() {
    let (text, writer) = written(.tsv)
    #expect(text == """
        id\ttitle\tfavorite\tartist\tyear\tnote\tfield:id
        a1\tPlain\ttrue\tAnn\t1994\t\t
        a,2\tSay "hi"\tfalse\t\t2001\ttwo lines\t
        a3\tTab here\tfalse\t\t\tcr lf\tinner

        """)
    #expect(writer.flattenedValues == 3)
}

@Test func jsonIsAnArrayWithOneObjectPerLineAndJSONLinesTheSameObjects() {
    #expect(written(.json).text == #"""
        [
        {"id":"a1","title":"Plain","favorite":true,"artist":"Ann","year":"1994"},
        {"id":"a,2","title":"Say \"hi\"","favorite":false,"year":"2001","note":"two\nlines"},
        {"id":"a3","title":"Tab\there","favorite":false,"id":"inner","note":"cr\r\nlf"}
        ]

        """#)
    #expect(written(.jsonl).text == #"""
        {"id":"a1","title":"Plain","favorite":true,"artist":"Ann","year":"1994"}
        {"id":"a,2","title":"Say \"hi\"","favorite":false,"year":"2001","note":"two\nlines"}
        {"id":"a3","title":"Tab\there","favorite":false,"id":"inner","note":"cr\r\nlf"}

        """#)
}

@Test func anEmptyLibraryWritesAnEmptyArrayAndABareHeader() {
    #expect(written(.json, []).text == "[\n]\n")
    #expect(written(.jsonl, []).text == "")
    #expect(written(.csv, []).text == "id,title,favorite\n")
    #expect(written(.tsv, []).text == "id\ttitle\tfavorite\n")
}

@Test func namesThatClashWithFixedColumnsOrThePrefixGetThePrefix() {
    let item = Item(id: "x", title: "X", fields: [Field("title", "t"), Field("favorite", "f"), Field("field:y", "y"),
                                                  Field("fieldy", "z")], position: 1)
    #expect(written(.csv, [item]).text
            == "id,title,favorite,field:title,field:favorite,field:field:y,fieldy\nx,X,false,t,f,y,z\n")
}

@Test func quotesAndCommasFollowedByCombiningMarksAreStillQuoted() throws {
    // CSV.swift's CSVWriter compares characters, and "\u{301} is one character: it would write this unquoted.
    let item = Item(id: "q", title: "a\"\u{301}b", fields: [Field("n", ",\u{301}")], position: 1)
    let text = written(.csv, [item]).text
    #expect(text == "id,title,favorite,n\nq,\"a\"\"\u{301}b\",false,\",\u{301}\"\n")
    let back = try ImportReader.read(contents: text, file: "x.csv")
    #expect(back == [ImportRecord(id: "q", title: "a\"\u{301}b", fields: [Field("n", ",\u{301}")], line: 2)])
}

@Test func twoSpellingsOfANameAreTwoColumns() {
    let composed = Item(id: "1", title: "A", fields: [Field("caf\u{E9}", "x")], position: 1)
    let decomposed = Item(id: "2", title: "B", fields: [Field("cafe\u{301}", "y")], position: 2)
    let text = written(.csv, [composed, decomposed]).text
    #expect(text.unicodeScalars.split(separator: "\n").first.map { String(String.UnicodeScalarView($0)) }
            == "id,title,favorite,caf\u{E9},cafe\u{301}")
}

@Test func aNameRepeatedWithinAnItemKeepsItsFirstValueAndIsCounted() {
    let item = Item(id: "r", title: "R", fields: [Field("tag", "one"), Field("tag", "two")], position: 1)
    let (text, writer) = written(.csv, [item])
    #expect(text == "id,title,favorite,tag\nr,R,false,one\n")
    #expect(writer.droppedFields == 1)
}

@Test(arguments: [ExportFormat.json, .jsonl, .csv, .tsv])
func everyFormatReadsBackAsTheSameRecords(format: ExportFormat) throws {
    let library = [
        Item(id: "a1", title: "Plain", fields: [Field("artist", "Ann"), Field("year", "1994")], favorite: true,
             position: 1),
        Item(id: "a,2", title: #"Say "hi" \ 'x'"#, fields: [Field("year", "2001"), Field("title", "inner")],
             position: 2),
        Item(id: "日本", title: "🎧 \u{1B}[31m", fields: [Field("field:x", "v"), Field("favorite", "no")], position: 3),
    ]
    let text = written(format, library).text
    let records = try ImportReader.read(contents: text, file: "export.\(format.rawValue)")
    #expect(records.map(\.id) == library.map(\.id))
    #expect(records.map(\.title) == library.map(\.title))
    #expect(records.map(\.favorite) == library.map(\.favorite))
    #expect(records.map(\.fields) == library.map(\.fields))
}

@Test func onlyControlsThatCanDrawOnATerminalMakeATableUnsafe() {
    let safe = Item(id: "s", title: "tab\tand\nnewline", position: 1)
    let escape = Item(id: "e", title: "t", fields: [Field("n", "\u{1B}]0;pwned\u{07}")], position: 2)
    let carriageReturn = Item(id: "c", title: "safe\rEVIL", position: 3)
    let c1 = Item(id: "c1\u{9B}", title: "t", position: 4)
    #expect(!DelimitedCell.showsRawControls(safe, as: .csv))
    #expect(DelimitedCell.showsRawControls(escape, as: .tsv))
    #expect(DelimitedCell.showsRawControls(carriageReturn, as: .csv))
    #expect(!DelimitedCell.showsRawControls(carriageReturn, as: .tsv), "TSV writes the CR as a space")
    #expect(DelimitedCell.showsRawControls(c1, as: .csv))
}
