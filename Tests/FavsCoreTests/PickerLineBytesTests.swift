import Foundation
import Testing
@testable import FavsCore
@testable import FavsModel

/// `favs pick --stdin` over lines that are not UTF-8: each line is its exact bytes, shown and filtered as the
/// text it decodes to (U+FFFD for each byte that is not UTF-8), starred and picked as itself.
@Suite struct PickerLineBytesTests {
    /// A Latin-1 file name, a lone 0xFF, `a\xffb` beside a line that really holds U+FFFD and another that decodes
    /// to the same text, and a multi-byte sequence cut off by the end of the input (no final line feed).
    static let input: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".txt\n".utf8) + [0xFF, 0x0A]
        + [0x61, 0xFF, 0x62, 0x0A] + [0x61, 0xEF, 0xBF, 0xBD, 0x62, 0x0A] + [0x61, 0xFE, 0x62, 0x0A]
        + Array("end".utf8) + [0xE2, 0x82]

    static let lines: [[UInt8]] = input.split(separator: 0x0A).map(Array.init)

    func collection(stars: [ItemID: Int64?] = [:]) -> ItemCollection {
        Self.input.withUnsafeBytes { ItemCollection.lines(of: $0, favorites: stars) }
    }

    func id(_ line: [UInt8]) -> ItemID { line.withUnsafeBytes { ItemID(line: $0) } }

    func press(_ browser: Browser, _ keys: String) throws -> Browser.Effect {
        var last = Browser.Effect.none
        for (_, step) in try ScriptParser.parse(keys) {
            if case let .key(key) = step { last = browser.handle(key) }
        }
        return last
    }

    @Test func eachLineIsAnItemOfItsOwnTitledWithItsDecodedText() {
        let items = collection()
        #expect(items.items(fromRow: 0, count: 10).map(\.title)
                == ["caf\u{FFFD}.txt", "\u{FFFD}", "a\u{FFFD}b", "a\u{FFFD}b", "a\u{FFFD}b", "end\u{FFFD}"])
        #expect(Set(items.ids).count == 6)
        #expect(items.ids.map(\.bytes) == Self.lines, "each id stands for its line's exact bytes")
        #expect(items.ids.map(\.readable) == items.items(fromRow: 0, count: 10).map(\.title))
        #expect(items.ids[3] == "a\u{FFFD}b", "a UTF-8 line is its own id, as before")
        for line in Self.lines { #expect(items[id(line)]?.title == String(decoding: line, as: UTF8.self)) }
    }

    @Test func theFilterFindsALineByTheTextItDecodesTo() {
        let store = Store(collection: collection())
        // Best first: an `a` that starts the line scores above one inside a word; equal ones keep their order.
        for (filter, expected) in [("a", ["a\u{FFFD}b", "a\u{FFFD}b", "a\u{FFFD}b", "caf\u{FFFD}.txt"]),
                                   ("b", ["a\u{FFFD}b", "a\u{FFFD}b", "a\u{FFFD}b"]), ("caf\u{FFFD}", ["caf\u{FFFD}.txt"])] {
            store.send(.show(ListQuery(filter: filter)))
            #expect(store.list.items(from: 0, count: 10).map(\.title) == expected, "filter \(filter)")
        }
        store.send(.show(ListQuery(filter: "b")))
        #expect(store.list.items(from: 0, count: 10).map(\.id.bytes) == Array(Self.lines[2...4]))
    }

    @Test func aStarFindsItsLineByItsBytesNotByTheTextItDecodesTo() {
        let items = collection(stars: [id(Self.lines[2]): 7])
        #expect(items.favoriteIDs.map(\.bytes) == [Self.lines[2]])
        #expect(items.ids.first?.bytes == Self.lines[2], "the starred line comes first")
        let preview = Self.input.withUnsafeBytes {
            ItemCollection.linesPreview(of: $0, favorites: [id(Self.lines[2]): 7], rows: 3)
        }
        #expect(preview.items(fromRow: 0, count: 3) == items.items(fromRow: 0, count: 3))
    }

    @Test func aPickerShowsTheLineInTheDetailStarsItAndPicksItsBytes() throws {
        let picker = Browser(store: Store(collection: collection()), libraryName: "bytes", width: 60, height: 14,
                             purpose: .pick)
        #expect(try press(picker, "down down ctrl-s") == .none)
        #expect(picker.frameText() == """
             favs — bytes
            ┏ Items 3/6 ━━━━━━━━━━━┓┌ Detail ──────────────────────────┐
            ┃   caf�.txt           ┃│ ★ a�b                            │
            ┃   �                  ┃│                                  │
            ┃>★ a�b                ┃│ id: a�b                          │
            ┃   a�b                ┃│                                  │
            ┃   a�b                ┃│                                  │
            ┃   end�               ┃│                                  │
            ┃                      ┃└──────────────────────────────────┘
            ┃                      ┃┌ Favorites (1) ───────────────────┐
            ┃                      ┃│ ★ a�b                            │
            ┃                      ┃│                                  │
            ┗━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────┘
             /▏  enter pick · esc cancel           6 items · 1 favorite
            """)
        guard case let .pick(ids) = try press(picker, "enter") else {
            Issue.record("enter did not pick")
            return
        }
        #expect(ids.map(\.bytes) == [Self.lines[2]])
    }

    @Test func onlyAnIdMadeForALineThatIsNotUTF8IsReadAsBytes() {
        #expect(ItemID("\n61ff62").lineBytes == [0x61, 0xFF, 0x62])
        #expect(ItemID("\n61ff62").description == "a\u{FFFD}b")
        // Hex of UTF-8, capitals, an odd digit or a line feed inside: ids as written, never made by a line.
        for written in ["\n616263", "\n61FF62", "\n61ff6", "\n0aff", "\n", "rec-001"] {
            #expect(ItemID(written).lineBytes == nil, "\(written.debugDescription)")
            #expect(ItemID(written).readable == written)
        }
    }
}
