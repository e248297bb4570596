import FavsModel
import Foundation
import Testing
@testable import FavsFormats

/// JSON numbers, booleans and null keep their kind and their text from an import to an export.
@Suite struct FieldKindTests {
    private let line = #"""
        {"id":"k1","title":"Kinds","rank":1891,"price":1.50,"zero":-0,"big":1e3,"tiny":-2.5E-7,"ok":true,"no":false,"x":null,"text":"1891","word":"null","list":[1, true],"obj":{"a": null}}
        """#

    private let kinds = [
        Field("rank", "1891", kind: .number), Field("price", "1.50", kind: .number), Field("zero", "-0", kind: .number),
        Field("big", "1e3", kind: .number), Field("tiny", "-2.5E-7", kind: .number), Field("ok", "true", kind: .bool),
        Field("no", "false", kind: .bool), Field("x", "", kind: .null), Field("text", "1891"), Field("word", "null"),
        Field("list", "[1,true]"), Field("obj", #"{"a":null}"#),
    ]

    private func write(_ format: ExportFormat, _ items: [Item]) -> String {
        var writer = ItemWriter(format: format, items: items)
        var text = ""
        writer.begin(to: &text)
        for item in items { writer.append(item, to: &text) }
        writer.end(to: &text)
        return text
    }

    @Test func aJSONImportKeepsEachValuesKindAndItsTextAsWritten() throws {
        let records = try ImportReader.read(contents: line + "\n", file: "k.jsonl")
        #expect(records == [ImportRecord(id: "k1", title: "Kinds", fields: kinds, line: 1)])
    }

    @Test func jsonLinesWritesNumbersBooleansAndNullAsThoseValues() {
        let item = Item(id: "k1", title: "Kinds", fields: kinds, position: 1)
        #expect(write(.jsonl, [item]) == #"""
            {"id":"k1","title":"Kinds","favorite":false,"rank":1891,"price":1.50,"zero":-0,"big":1e3,"tiny":-2.5E-7,"ok":true,"no":false,"x":null,"text":"1891","word":"null","list":"[1,true]","obj":"{\"a\":null}"}

            """#)
    }

    @Test func jsonWritesTheSameValuesInItsArray() {
        let items = [Item(id: "a", title: "A", fields: [Field("n", "7", kind: .number), Field("x", "", kind: .null)],
                          position: 1),
                     Item(id: "b", title: "B", fields: [Field("ok", "true", kind: .bool)], favorite: true, position: 2)]
        #expect(write(.json, items) == #"""
            [
            {"id":"a","title":"A","favorite":false,"n":7,"x":null},
            {"id":"b","title":"B","favorite":true,"ok":true}
            ]

            """#)
    }

    @Test func anExportImportsBackAsTheSameFields() throws {
        let item = Item(id: "k1", title: "Kinds", fields: kinds, position: 1)
        for format in [ExportFormat.json, .jsonl] {
            let back = try ImportReader.read(contents: write(format, [item]), file: "out.\(format)")
            #expect(back.map(\.fields) == [kinds], "\(format)")
        }
    }

    @Test func csvAndTSVWriteTheTextAndNullAsAnEmptyCell() {
        let item = Item(id: "a", title: "A", fields: [Field("n", "1.50", kind: .number), Field("x", "", kind: .null),
                                                      Field("ok", "false", kind: .bool)], position: 1)
        #expect(write(.csv, [item]) == "id,title,favorite,n,x,ok\na,A,false,1.50,,false\n")
        #expect(write(.tsv, [item]) == "id\ttitle\tfavorite\tn\tx\tok\na\tA\tfalse\t1.50\t\tfalse\n")
    }

    @Test func csvAndTSVImportsGiveStringFields() throws {
        let csv = try ImportReader.read(contents: "id,n,ok,x\na,1891,true,null\n", file: "t.csv")
        let tsv = try ImportReader.read(contents: "id\tn\tok\tx\na\t1891\ttrue\tnull\n", file: "t.tsv")
        let strings = [Field("n", "1891"), Field("ok", "true"), Field("x", "null")]
        #expect(csv.map(\.fields) == [strings])
        #expect(tsv.map(\.fields) == [strings])
    }

    @Test func aValueThatIsNotWhatItsKindSaysIsWrittenAsAString() {
        let item = Item(id: "a", title: "A", fields: [Field("n", "12abc", kind: .number), Field("b", "yes", kind: .bool),
                                                      Field("x", "ignored", kind: .null)], position: 1)
        #expect(item.fields[2].value == "")
        #expect(write(.jsonl, [item]) == #"{"id":"a","title":"A","favorite":false,"n":"12abc","b":"yes","x":null}"# + "\n")
    }

    @Test(arguments: ["0", "-0", "1891", "1.50", "1e3", "1E+3", "-2.5e-7", "0.0"])
    func jsonNumbersAreNumbers(text: String) {
        #expect(FieldJSON.isNumber(text))
    }

    @Test(arguments: ["", "-", "01", "1.", ".5", "+1", "1e", "1e+", "0x1", "1 ", " 1", "NaN", "Infinity", "1.5.2", "١"])
    func otherTextIsNotANumber(text: String) {
        #expect(!FieldJSON.isNumber(text))
    }
}
