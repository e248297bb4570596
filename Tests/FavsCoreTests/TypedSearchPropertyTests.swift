import Foundation
import Testing
@testable import FavsCore
@testable import FavsModel

/// A search answers the same however it was typed: a key that makes a query longer may change what its terms mean
/// (`s$` an end anchor, `s$5` a literal `$`; `'on'` a whole word, `'on't` a substring; `!a` to `!ab` lets more
/// through), so the list a key leaves must be the query answered afresh, never the previous answer searched again
/// when that does not hold the new one.
@Suite struct TypedSearchPropertyTests {
    /// Titles the syntax's characters mean something in: a `$`, a `'`, a `|`, a `\`, a `^`, a colon, spaces.
    static let titles = ["US$5", "bus", "don't", "on the", "it's on", "a|b", "back\\slash", "^caret", "n:1 ratio",
                         "$5 off", "rock 'n' roll", "ON AIR", "Café", "sun $", "tune", "5$"]
    /// Characters typed among a query's terms: the whole syntax, and letters of the titles.
    static let characters: [Character] = Array("'^$!|\\ :sunoe5")

    /// A term as a user might type one: a piece of a title (lower-cased most times: smart case; a space in it
    /// escaped, `\ `), often with markers (`'` `'…'` `^` `$` `^…$` `!`); or a field term; or a few random characters.
    static func randomTerm(_ rng: inout SeededRandom) -> String {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return "n:" + String(Int.random(in: 0..<3, using: &rng))
        case 1:
            return String((0..<Int.random(in: 1...3, using: &rng)).map { _ in characters.randomElement(using: &rng) ?? "s" })
        default: break
        }
        let title = Array(titles.randomElement(using: &rng) ?? "bus")
        let start = Int.random(in: 0..<title.count, using: &rng)
        var piece = String(title[start..<min(title.count, start + Int.random(in: 1...5, using: &rng))])
        if Int.random(in: 0..<4, using: &rng) > 0 { piece = piece.lowercased() }
        piece = piece.replacingOccurrences(of: " ", with: "\\ ")
        switch Int.random(in: 0..<9, using: &rng) {
        case 0: return "'" + piece
        case 1: return "'" + piece + "'"
        case 2: return "^" + piece
        case 3: return piece + "$"
        case 4: return "^" + piece + "$"
        case 5: return "!" + piece
        default: return piece
        }
    }

    /// One to three groups of one or two terms (`a | b`), sometimes with a character of the syntax after them.
    static func randomQuery(_ rng: inout SeededRandom) -> String {
        let groups = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
            (0..<(Int.random(in: 0..<4, using: &rng) == 0 ? 2 : 1)).map { _ in randomTerm(&rng) }.joined(separator: " | ")
        }
        let tail = Int.random(in: 0..<3, using: &rng) == 0 ? String(characters.randomElement(using: &rng) ?? "$") : ""
        return groups.joined(separator: " ") + tail
    }

    static func item(_ n: Int, favorite: Bool) -> Item {
        Item(id: ItemID("id\(n)"), title: titles[n % titles.count], fields: [Field("n", "\(n % 3)")],
             favorite: favorite, position: n)
    }

    /// 120 seeds × 12 random searches (`randomQuery`), each typed key by key (ctrl-e, for exact mode, among the keys
    /// at times) and then erased key by key: after every key the list is the query answered afresh, in the search's
    /// own order (`NoDriftPropertyTests.expectNoDrift`), in a browser that answers every search whole and in a twin
    /// that answers it top first (and types on from that answer).
    @Test(arguments: 0..<120)
    func aSearchTypedAndErasedKeyByKeyShowsWhatItShowsTypedAfresh(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed) &* 104_729)
        let items = (0..<Int.random(in: 8...24, using: &rng)).map { Self.item($0, favorite: Bool.random(using: &rng)) }
        let (index, twinIndex) = (FakeFieldSearch(items), FakeFieldSearch(items))
        index.answersAtOnce = true
        twinIndex.answersAtOnce = true
        let browser = Browser(store: Store(items: items, fieldSearch: index), libraryName: "prop", width: 80, height: 24)
        let twinStore = Store(items: items, fieldSearch: twinIndex)
        twinStore.result.topFirstMinimum = 0
        twinStore.result.topFirstRows = 3
        let twin = Browser(store: twinStore, libraryName: "prop", width: 80, height: 24)
        var typed: [String] = []
        func press(_ key: Key) throws {
            browser.handle(key)
            twin.handle(key)
            typed.append(key.name)
            try NoDriftPropertyTests.expectNoDrift(browser, twin, fields: items,
                                                   "seed \(seed), keys \(typed.joined(separator: " "))")
        }
        for _ in 0..<12 {
            typed = []
            browser.handle(.escape)
            twin.handle(.escape)
            try press(.char("/"))
            for character in Self.randomQuery(&rng) {
                if Int.random(in: 0..<12, using: &rng) == 0 { try press(.ctrl("e")) }
                try press(.char(character))
            }
            while !browser.store.query.filter.isEmpty {
                if Int.random(in: 0..<12, using: &rng) == 0 { try press(.ctrl("e")) }
                try press(.backspace)
            }
        }
    }
}
