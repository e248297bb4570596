import Testing
@testable import FavsCore
@testable import FavsModel

/// Text measured in display columns, cut with an ellipsis, and made safe to show.
@Suite struct CanvasTests {
    @Test(arguments: [("a", 1), ("é", 1), ("e\u{301}", 1), ("お", 2), ("录", 2), ("한", 2), ("🎧", 2), ("★", 1),
                      ("Ａ", 2), ("\u{200B}", 0)])
    func displayWidthCountsWideCharactersAsTwoColumns(text: String, width: Int) {
        #expect(TextWidth.of(text) == width)
    }

    @Test func aTitleIsCutWithAnEllipsisNeverInsideAWideCharacter() {
        #expect(TextWidth.truncate("お気に入りの曲", to: 6) == "お気…")
        #expect(TextWidth.truncate("お気に入りの曲", to: 7) == "お気に…")
        #expect(TextWidth.truncate("お気に入りの曲", to: 14) == "お気に入りの曲")
        #expect(TextWidth.truncate("abc", to: 1) == "…")
    }

    @Test func aWideCharacterThatDoesNotFitLeavesABlank() {
        var canvas = Canvas(width: 5, height: 1)
        canvas.put("a录音", row: 0, column: 0, limit: 4)
        #expect(canvas.lines == ["a录…"])
        canvas.put("xx", row: 0, column: 2)  // overwrites the right half of 录
        #expect(canvas.lines == ["a xx"])
    }

    @Test func controlCharactersAndEscapeSequencesAreShownNotSent() {
        #expect(Sanitize.visible("ra\u{1B}[31mw\u{07}\ttab\nnl\u{7F}\u{9B}") == "ra␛[31mw␇␉tab␊nl␡�")
        #expect(Sanitize.visible("\u{202E}evil") == "�evil")
        var canvas = Canvas(width: 20, height: 1)
        canvas.put("x\u{1B}]0;title\u{07}", row: 0, column: 0)
        #expect(canvas.lines == ["x␛]0;title␇"])
        #expect(!canvas.cells.contains { $0.text.unicodeScalars.contains { $0.value < 0x20 } })
    }

    @Test func wrappingBreaksAtSpacesOrBetweenCharacters() {
        #expect(TextWidth.wrap("note: Rain on a tin roof", to: 12) == ["note: Rain", "on a tin", "roof"])
        #expect(TextWidth.wrap("お気に入りの曲", to: 5) == ["お気", "に入", "りの", "曲"])
        #expect(TextWidth.wrap("", to: 5) == [""])
    }

    @Test func aFocusedBoxHasAHeavyBorder() {
        var canvas = Canvas(width: 12, height: 3)
        canvas.box(Rect(x: 0, y: 0, width: 12, height: 3), title: "Items", focused: true)
        #expect(canvas.lines == ["┏ Items ━━━┓", "┃          ┃", "┗━━━━━━━━━━┛"])
        canvas.box(Rect(x: 0, y: 0, width: 12, height: 3), title: "Items", focused: false)
        #expect(canvas.lines == ["┌ Items ───┐", "│          │", "└──────────┘"])
    }
}
