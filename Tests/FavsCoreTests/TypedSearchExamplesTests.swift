import Testing
@testable import FavsCore
@testable import FavsModel

/// The two searches issue #36 found answered over the previous key's rows only: each shows what it shows typed
/// afresh (as `favs list --query` answers it).
@Suite struct TypedSearchExamplesTests {
    static let items = ["US$5", "bus", "don't", "on the"].enumerated().map { n, title in
        Item(id: ItemID("t\(n + 1)"), title: title, position: n + 1)
    }

    /// `s$` ends a title with `s` (`bus`); `s$5` is fuzzy again, and `US$5` holds s, $ and 5 in order.
    @Test func aDollarTypedOnIsALiteralDollarNotTheEndOfTheTitle() throws {
        let typed = """
         favs — sample library
        ┏ Items 1/1 · /s$5 ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
        ┃>  US$5                                                   ┃
        ┃                                                          ┃
        ┃                                                          ┃
        ┃                                                          ┃
        ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
         /s$5▏  enter keeps · esc clears      4 items · 0 favorites
        """
        #expect(try frames("/ type s$5\nframe type x\nbackspace", size: (60, 8), items: Self.items) == [typed, typed])
    }

    /// `'on'` is `on` as a whole word (`on the`); `'on't` is the substring `on't`, in `don't`.
    @Test func aQuoteTypedOnAfterAWholeWordSearchesASubstring() throws {
        #expect(try frames("/ type 'on'\nframe type t", size: (60, 8), items: Self.items) == ["""
         favs — sample library
        ┏ Items 1/1 · /'on' ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
        ┃>  on the                                                 ┃
        ┃                                                          ┃
        ┃                                                          ┃
        ┃                                                          ┃
        ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
         /'on'▏  enter keeps · esc clears     4 items · 0 favorites
        """, """
         favs — sample library
        ┏ Items 1/1 · /'on't ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
        ┃>  don't                                                  ┃
        ┃                                                          ┃
        ┃                                                          ┃
        ┃                                                          ┃
        ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
         /'on't▏  enter keeps · esc clears    4 items · 0 favorites
        """])
    }
}
