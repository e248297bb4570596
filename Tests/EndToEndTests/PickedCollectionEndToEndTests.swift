import Foundation
import Testing

/// `↻ Frequent` from the built binary (issue #37): a library whose items were picked shows the picked items in the
/// collections pane of `favs script`, and `favs forget` from the shell changes the row the next browser shows.
@Suite struct PickedCollectionEndToEndTests {
    @Test func aPickedLibrarysCollectionsPaneListsTheMostPickedAndForgetChangesIt() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // Picked an hour ago: Charlie three times, Bravo twice, Alpha (starred) once; Delta never.
        let hourAgo = Int64(Date().timeIntervalSince1970 * 1000) - 3_600_000
        func picks(_ count: Int) -> String {  // a millisecond apart: an import adds each pick once
            "[" + (0..<Int64(count)).map { #"{"at":\#(hourAgo + $0)}"# }.joined(separator: ",") + "]"
        }
        try scratch.write("in.jsonl", """
            {"id":"a","title":"Alpha","favorite":true,"picks":\(picks(1))}
            {"id":"b","title":"Bravo","favorite":false,"picks":\(picks(2))}
            {"id":"c","title":"Charlie","favorite":false,"picks":\(picks(3))}
            {"id":"d","title":"Delta","favorite":false}

            """)
        let imported = try await favs("import", "in.jsonl", "--library", "A.sqlite", in: scratch)
        #expect(imported.status == 0, "\(imported.err)")

        let shown = try await favs("script", "--library", "A.sqlite", stdin: "tab tab G enter", in: scratch)
        #expect(shown.status == 0, "\(shown.err)")
        let screen = try #require(frames(shown.out).last).lines
        #expect(screen[1] == "┌ Items 3/3 · ↻ frequent ──────┐┌ Detail ──────────────────────────────────────┐")
        #expect(Array(screen[2...4]) == [
            "│   Charlie                    ││ ★ Alpha                                      │",
            "│   Bravo                      ││                                              │",
            "│>★ Alpha                      ││ id: a                                        │",
        ])
        #expect(Array(screen[15...20]) == [
            "│                              │┏ Collections ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓",
            "│                              │┃ ★ Favorites (1)                              ┃",
            "│                              │┃>↻ Frequent (3)                               ┃",
            "│                              │┃     Charlie                                  ┃",
            "│                              │┃     Bravo                                    ┃",
            "│                              │┃   ★ Alpha                                    ┃",
        ])
        #expect(screen[23].hasPrefix(" Picked items, the most picked first — F for every item"))

        // `favs forget c` from the shell: the next browser counts two, Bravo first.
        let forgot = try await favs("forget", "--library", "A.sqlite", "c", in: scratch)
        #expect(forgot.status == 0, "\(forgot.err)")
        let after = try await favs("script", "--library", "A.sqlite", stdin: "tab tab G", in: scratch)
        let pane = Array(try #require(frames(after.out).last).lines[16...19])
        #expect(pane == [
            "│                              │┃ ★ Favorites (1)                              ┃",
            "│                              │┃>↻ Frequent (2)                               ┃",
            "│                              │┃     Bravo                                    ┃",
            "│                              │┃   ★ Alpha                                    ┃",
        ])
    }
}
