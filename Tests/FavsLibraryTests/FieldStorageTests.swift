import FavsModel
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
