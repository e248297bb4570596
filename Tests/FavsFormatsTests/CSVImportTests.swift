import FavsModel
import Foundation
import Testing
@testable import FavsFormats

/// The message a user sees for a CSV file, or nil when it imports.
private func problem(_ text: String, file: String = "data.csv", id: String = "id", title: String? = nil) -> String? {
    do {
        _ = try ImportReader.read(contents: text, file: file, idField: id, titleField: title)
        return nil
    } catch {
        return String(describing: error)
    }
}

@Test func quotedCSVCellsKeepCommasQuotesAndLineBreaks() throws {
    let records = try ImportReader.read(contents: #"""
        id,title,note
        a,"Hello, world","She said ""hi"""
        b,Plain,"two
        lines"
        c,"x,y",
        """#, file: "songs.csv")
    #expect(records == [
        ImportRecord(id: "a", title: "Hello, world", fields: [Field("note", #"She said "hi""#)], line: 2),
        ImportRecord(id: "b", title: "Plain", fields: [Field("note", "two\nlines")], line: 3),
        ImportRecord(id: "c", title: "x,y", line: 5),
    ])
}

@Test func recordsAfterEmbeddedLineBreaksKnowTheirPhysicalLine() throws {
    let text = "id,title,note\n"
        + "a,A,\"one\ntwo\nthree\"\n"       // lines 2–4
        + "\"b\nb\",B,x\n"                   // lines 5–6, the break is in the id
        + "c,C,\"crlf\r\ninside\"\r\n"       // lines 7–8
        + "d,D,\"lone\rcr\"\n"               // lines 9–10: the package ends rows at a lone CR too
        + "e,E,last\n"
    let records = try ImportReader.read(contents: text, file: "x.csv")
    #expect(records.map(\.id) == ["a", "b\nb", "c", "d", "e"])
    #expect(records.map(\.line) == [2, 5, 7, 9, 11])
    #expect(problem(text + "f,F\n") == "data.csv:12:1: row has 2 cells, the header has 3")
}

@Test func aMultiLineHeaderCellMovesEveryLineDown() {
    #expect(problem("id,\"long\nname\"\na,b\nc\n") == "data.csv:4:1: row has 1 cell, the header has 2")
}

@Test func aByteOrderMarkAndCRLFLineEndsAreRead() throws {
    let records = try ImportReader.read(contents: "\u{FEFF}id,title\r\na,Alpha\r\nb,Beta\r\n", file: "x.csv")
    #expect(records == [ImportRecord(id: "a", title: "Alpha", line: 2), ImportRecord(id: "b", title: "Beta", line: 3)])
}

@Test func aShortOrLongRowNamesItsLine() {
    #expect(problem("id,name,year\na,Alpha,1\nb,Beta\n") == "data.csv:3:1: row has 2 cells, the header has 3")
    #expect(problem("id,name\na,Alpha,1\n") == "data.csv:2:1: row has 3 cells, the header has 2")
}

@Test func aColumnThatIsNotThereListsTheColumns() {
    #expect(problem("id,name,year\na,Alpha,1\n", title: "nmae") == "data.csv:1:1: no column 'nmae' (columns: id, name, year)")
    #expect(problem("key,name\nk,Alpha\n") == "data.csv:1:1: no column 'id' (columns: key, name)")
    #expect(problem("key,name\n", id: "nmae") == "data.csv:1:1: no column 'nmae' (columns: key, name)")
}

@Test func oneColumnCanBeBothIDAndTitle() throws {
    let records = try ImportReader.read(contents: "name,year\nAlpha,1994\nBeta,\n", file: "x.csv",
                                        idField: "name", titleField: "name")
    #expect(records == [ImportRecord(id: "Alpha", title: "Alpha", fields: [Field("year", "1994")], line: 2),
                        ImportRecord(id: "Beta", title: "Beta", line: 3)])
}

@Test func emptyCellsGiveNoFieldAndAMissingTitleIsTheID() throws {
    let records = try ImportReader.read(contents: "id,artist,year,note\na,,1994,\nb,Ann,,\" \"\n", file: "x.csv")
    #expect(records == [ImportRecord(id: "a", title: "a", fields: [Field("year", "1994")], line: 2),
                        ImportRecord(id: "b", title: "b", fields: [Field("artist", "Ann"), Field("note", " ")],
                                     line: 3)])
    let untitled = try ImportReader.read(contents: "id,title\nc,\n", file: "x.csv")
    #expect(untitled.map(\.title) == ["c"])
}

@Test func theFavoriteColumnMarksRecordsAndOtherValuesAreRefused() throws {
    let text = "id,favorite\na,true\nb,false\nc,1\nd,0\ne,★\nf,\ng,TRUE\n"
    let records = try ImportReader.read(contents: text, file: "x.csv")
    #expect(records.map(\.favorite) == [true, false, true, false, true, false, true])
    #expect(records.allSatisfy { $0.fields.isEmpty })
    #expect(problem("id,title,favorite\na,A,yes\n")
            == "data.csv:2:1: favorite must be true, false, 1, 0, ★ or empty, not 'yes' (cell 3)")
}

@Test func fieldPrefixedColumnsAreFieldsWithThePlainName() throws {
    let text = "id,title,favorite,field:id,field:title,field:favorite,field:field:x\na,A,false,1,2,3,4\n"
    let records = try ImportReader.read(contents: text, file: "x.csv")
    #expect(records.first?.fields == [Field("id", "1"), Field("title", "2"), Field("favorite", "3"),
                                      Field("field:x", "4")])
}

@Test func anEmptyIDCellNamesItsColumnAndCell() {
    #expect(problem("title,id\nA,a\nB,\n") == "data.csv:3:1: empty id in column 'id' (cell 2)")
    #expect(problem("title,id\nB,\"  \"\n") == "data.csv:2:1: empty id in column 'id' (cell 2)")
}

@Test func aRepeatedIDNamesTheFirstLine() {
    #expect(problem("id\na\nb\n\"a\"\n") == "data.csv:4:1: duplicate id 'a' (first at line 2)")
}

@Test func aHeaderThatRepeatsOrLeavesOutANameIsRefused() {
    #expect(problem("id,year,title,year\n") == "data.csv:1:1: the header repeats column 'year'")
    #expect(problem("id,a,b,a,b\n") == "data.csv:1:1: the header repeats columns 'a', 'b'")
    #expect(problem("id,,title\n") == "data.csv:1:1: column 2 of the header has no name")
}

@Test func anEmptyFileOrAHeaderAloneHasNoRecordsAndBlankLinesAreSkipped() throws {
    #expect(try ImportReader.read(contents: "", file: "x.csv").isEmpty)
    #expect(try ImportReader.read(contents: "\u{FEFF}\n", file: "x.csv").isEmpty)
    #expect(try ImportReader.read(contents: "id,title\n", file: "x.csv").isEmpty)
    #expect(try ImportReader.read(contents: "id,title", file: "x.csv").isEmpty)
    let records = try ImportReader.read(contents: "id,title\n\na,A\n\n\nb,B", file: "x.csv")
    #expect(records.map(\.line) == [3, 6])
}

@Test func anUnterminatedQuoteIsReportedWhereItOpens() {
    #expect(problem("id,title\na,A\nb,\"Be\nc,C\nd,D\n") == "data.csv:3:3: unterminated quoted field: this quote is never closed")
    #expect(problem("id,title\n\"日本\",\"x\n") == "data.csv:2:6: unterminated quoted field: this quote is never closed")
}

@Test func textAfterAClosingQuoteIsReportedInsteadOfMergingRows() {
    // A lenient reader (CSV.swift, which favs once used) drops the 'b' and reads the next two lines into this cell.
    #expect(problem("id,title\na,\"A\"b\nc,\"C\"\n")
            == #"data.csv:2:6: text after a closing quote (write a quote inside a quoted field as "")"#)
    #expect(problem("id,title\na,\"A\" \n") != nil)
    // A quote that does not start a cell is an ordinary character.
    #expect(problem("id,title\na,5\" floppy\n") == nil)
}

@Test func errorsAfterMultiLineQuotedCellsPointAtTheirPhysicalLine() {
    let multiLine = "id,title,note\na,\"x\ny\"\"\nz\",n\n"   // the record takes lines 2–4
    #expect(problem(multiLine + "b,\"B\"c,n\n")
            == #"data.csv:5:6: text after a closing quote (write a quote inside a quoted field as "")"#)
    #expect(problem("id,title\na,\"x\ny\"b\n")
            == #"data.csv:3:3: text after a closing quote (write a quote inside a quoted field as "")"#)
    #expect(problem("id,note\r\na,\"one\rtwo\"\r\nb,\"never\nends")
            == "data.csv:4:3: unterminated quoted field: this quote is never closed")
}

@Test func errorColumnsCountCharactersNotBytes() {
    #expect(problem("id,title\na,\"日本\"x\n")
            == #"data.csv:2:7: text after a closing quote (write a quote inside a quoted field as "")"#)
    #expect(problem("id,title\nü,\"open\n") == "data.csv:2:3: unterminated quoted field: this quote is never closed")
}
