import Testing
@testable import FavsCore
@testable import FavsModel

/// The detail pane shows a field's text as written, whatever JSON value it came from.
@Suite struct FieldKindDetailTests {
    @Test func nullIsAnEmptyValueAndNumbersAndBooleansAreAsWritten() {
        let fields = [Field("rank", "1891", kind: .number), Field("missing", "", kind: .null),
                      Field("price", "1.50", kind: .number), Field("big", "1e3", kind: .number),
                      Field("live", "false", kind: .bool), Field("quoted", "null")]
        let store = Store(items: [Item(id: "n1", title: "Kinds", fields: fields, position: 1)])
        #expect(DetailPane.lines(store, subject: "n1", width: 40).map(\.text) == [
            "  Kinds",
            "",
            "id: n1",
            "rank: 1891",
            "missing: ",
            "price: 1.50",
            "big: 1e3",
            "live: false",
            "quoted: null",
        ])
        let browser = Browser(store: store, libraryName: "kinds", width: 80, height: 24)
        let lines = browser.frame().lines
        #expect(lines[5] == "┃                              ┃│ rank: 1891                                   │")
        #expect(lines[6] == "┃                              ┃│ missing:                                     │")
    }
}
