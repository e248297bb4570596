import Testing
@testable import FavsFormats

/// Every row the CSV reader reads from `text`.
private func rows(_ text: String) throws -> [DelimitedRow] {
    var text = text
    return try text.withUTF8 { bytes in
        var reader = CSVRowReader(bytes: bytes, file: "t.csv")
        var row = DelimitedRow(), all: [DelimitedRow] = []
        while try reader.read(into: &row) { all.append(row) }
        return all
    }
}

@Test func quotedCellsKeepCRLFLoneCRLineFeedsAndDoubledQuotesLiterally() throws {
    let text = "a,\"crlf\r\nin\",\"cr\rin\"\r\n"          // lines 1–3
        + "\"lf\nin\",\"say \"\"hi\"\"\",\"\"\"\"\r"      // lines 4–5, ended by a lone CR
        + "last,,\"\"\n"                                    // line 6
    #expect(try rows(text) == [
        DelimitedRow(cells: ["a", "crlf\r\nin", "cr\rin"], line: 1),
        DelimitedRow(cells: ["lf\nin", #"say "hi""#, "\""], line: 4),
        DelimitedRow(cells: ["last", "", ""], line: 6),
    ])
}

@Test func rowsEndAtLFCRLFOrALoneCR() throws {
    #expect(try rows("h\nx\r\ny\rz") == [DelimitedRow(cells: ["h"], line: 1), DelimitedRow(cells: ["x"], line: 2),
                                          DelimitedRow(cells: ["y"], line: 3), DelimitedRow(cells: ["z"], line: 4)])
}

@Test func aQuoteInsideAnUnquotedCellIsAnOrdinaryCharacter() throws {
    #expect(try rows("5\" floppy,a\"b\"\n") == [DelimitedRow(cells: [#"5" floppy"#, #"a"b""#], line: 1)])
}

@Test func aBlankLineIsOneEmptyCellAndATrailingCommaAnEmptyLastCell() throws {
    #expect(try rows("a,\n\nb,") == [DelimitedRow(cells: ["a", ""], line: 1), DelimitedRow(cells: [""], line: 2),
                                      DelimitedRow(cells: ["b", ""], line: 3)])
}

@Test func aQuotedCellMayEndTheFileWithoutALineBreak() throws {
    #expect(try rows("\"a\nb\"") == [DelimitedRow(cells: ["a\nb"], line: 1)])
    #expect(try rows("\"\"") == [DelimitedRow(cells: [""], line: 1)])
}
