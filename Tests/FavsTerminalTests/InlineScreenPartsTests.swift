import FavsCore
@testable import FavsTerminal
import Testing

/// The inline screen's parts that need no terminal: keys from bytes, rows as SGR text, --height's values.
@Suite struct InlineScreenPartsTests {
    private func keys(_ bytes: [UInt8]) -> [Key] {
        var decoder = ByteKeyDecoder()
        return decoder.feed(bytes) + decoder.flush()
    }

    @Test func bytesBecomeTheKeysATerminalMeant() {
        #expect(keys(Array("jé/".utf8)) == [.char("j"), .char("é"), .char("/")])
        #expect(keys([0x0D, 0x7F, 0x09, 0x03, 0x12]) == [.enter, .backspace, .tab, .ctrl("c"), .ctrl("r")])
        #expect(keys(Array("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D".utf8)) == [.up, .down, .right, .left])
        #expect(keys(Array("\u{1B}[H\u{1B}[4~\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[Z".utf8))
                == [.home, .end, .pageUp, .pageDown, .delete, .backTab])
        #expect(keys([0x1B]) == [.escape])
        #expect(keys(Array("\u{1B}[<0;10;5Mx".utf8)) == [.char("x")], "a mouse report is swallowed whole")
        #expect(keys(Array("\u{1B}[1;2A\u{1B}[1;2B\u{1B}[1;5B".utf8)) == [.shiftUp, .shiftDown, .down],
                "shift and an arrow; another modifier is the arrow alone")
    }

    @Test func aSequenceSplitAcrossReadsWaitsForItsEnd() {
        var decoder = ByteKeyDecoder()
        #expect(decoder.feed([0x1B, UInt8(ascii: "[")]) == [])
        #expect(decoder.isHolding)
        #expect(decoder.feed([UInt8(ascii: "B")]) == [.down])
        #expect(decoder.feed([0xE3, 0x81]) == [])
        #expect(decoder.feed([0x8A]) == [.char("お")])
    }

    @Test func aRowIsWrittenWithTheThemesLookWhereItChanges() {
        var canvas = Canvas(width: 6, height: 1)
        canvas.put("ab", row: 0, column: 0, style: .bold)
        canvas.put("★", row: 0, column: 3, role: .star)
        #expect(SGRLine.render(canvas, row: 0, colors: 256, palette: [:])
                == "\u{1B}[0;1mab\u{1B}[0m \u{1B}[0;38;5;11m★\u{1B}[0m  ")
        #expect(SGRLine.render(canvas, row: 0, colors: 0, palette: [:]) == "\u{1B}[0;1mab\u{1B}[0m ★  ")
    }

    @Test func heightIsRowsOrAPercentNeverBelowTheSmallestLayout() {
        #expect(TerminalHeight(argument: "10") == .rows(10))
        #expect(TerminalHeight(argument: "40%") == .percent(40))
        #expect(TerminalHeight(argument: "0") == nil && TerminalHeight(argument: "101%") == nil)
        #expect(TerminalHeight.percent(40).rows(of: 50) == 20)
        #expect(TerminalHeight.rows(2).rows(of: 50) == 6)
    }
}
