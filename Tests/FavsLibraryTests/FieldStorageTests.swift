import FavsModel
import FavsFormats
import Foundation
import GRDB
import Testing
@testable import FavsLibrary

@Test func fieldsAreStoredAsAJSONArrayOfPairsThatFoundationReadsToo() throws {
    let fields = [Field("note", "tab\there \"q\" \u{85}"), Field("日本", "🎧"), Field("empty", "")]
    let stored = FieldCoding.encode(fields)
    #expect(stored.hasPrefix(#"[["note","tab\there \"q\" \u0085"],["日本","🎧"]"#))
    #expect(try JSONDecoder().decode([[String]].self, from: Data(stored.utf8)) == fields.map { [$0.name, $0.value] })
    let written = String(decoding: try JSONEncoder().encode(fields.map { [$0.name, $0.value] }), as: UTF8.self)
    #expect(try FieldCoding.decode(written, id: "a") == fields)
}

@Test func anItemWithDamagedFieldsIsReportedByIDWhenLoading() throws {
    try withSampleLibrary { library, _ throws in
        try library.writer.write { db in
            try db.execute(sql: "UPDATE items SET fields = '{\"not\": \"pairs\"}' WHERE id = 'rec-002'")
        }
        #expect(message { _ = try library.loadItems() }
                == "item 'rec-002' is unreadable: its fields are not a JSON array of [name, value] pairs")
    }
}

@Test func numbersBooleansAndNullAreStoredAsJSONValuesAndReadBackWithTheirKind() throws {
    let fields = [Field("rank", "1891", kind: .number), Field("price", "1.50", kind: .number),
                  Field("ok", "true", kind: .bool), Field("x", "", kind: .null), Field("text", "1891")]
    let stored = FieldCoding.encode(fields)
    #expect(stored == #"[["rank",1891],["price",1.50],["ok",true],["x",null],["text","1891"]]"#)
    #expect(try FieldCoding.decode(stored, id: "a") == fields)
}

@Test func aLibraryStoredBeforeFieldsHadKindsReadsAsStrings() throws {
    let fields = try FieldCoding.decode(#"[["rank","1891"],["ok","true"],["x","null"]]"#, id: "a")
    #expect(fields == [Field("rank", "1891"), Field("ok", "true"), Field("x", "null")])
    #expect(fields.allSatisfy { $0.kind == .string })
}

@Test(arguments: [#"[["a",[1]]]"#, #"[["a",{"b":1}]]"#, #"[[1,"a"]]"#, #"[["a"]]"#])
func aStoredValueThatIsNoFieldIsRefused(stored: String) {
    #expect(throws: LibraryError.self) { try FieldCoding.decode(stored, id: "a") }
}

@Test func anImportedJSONNumberBooleanAndNullSurviveTheLibrary() throws {
    try withSampleLibrary { library, _ throws in
        let records = try ImportReader.read(contents: #"{"id":"n1","rank":1891,"ok":false,"x":null}"# + "\n",
                                            file: "n.jsonl")
        _ = try library.importRecords(records)
        let item = try #require(try library.loadItems().first { $0.id == "n1" })
        #expect(item.fields == [Field("rank", "1891", kind: .number), Field("ok", "false", kind: .bool),
                                Field("x", "", kind: .null)])
        #expect(try library.fields(of: "n1") == item.fields)
    }
}

@Test func theSameTextAsAStringInsteadOfANumberIsAnUpdate() throws {
    try withSampleLibrary { library, _ throws in
        let number = [ImportRecord(id: "n1", title: "N", fields: [Field("year", "1994", kind: .number)], line: 1)]
        let text = [ImportRecord(id: "n1", title: "N", fields: [Field("year", "1994")], line: 1)]
        #expect(try library.importRecords(number).added == 1)
        #expect(try library.importRecords(number).unchanged == 1)
        #expect(try library.importRecords(text).updated == 1, "a CSV or TSV cell is text, and replaces the number")
        #expect(try library.fields(of: "n1") == [Field("year", "1994")])
    }
}
