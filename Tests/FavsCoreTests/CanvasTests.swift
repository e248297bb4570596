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

    /// `favs list` prints a row's stored bytes when this says they are printable ASCII: it must say so exactly when
    /// every byte is a space to `~`, so that no control byte, DEL or non-ASCII byte goes out unmeasured or raw. Every
    /// byte value at every place of a word and of the tail, then random texts of the bytes at the edges.
    @Test func printableASCIIIsEveryByteFromSpaceToTilde() {
        func naive(_ bytes: [UInt8]) -> Bool { bytes.allSatisfy { (0x20...0x7E).contains($0) } }
        func check(_ bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBytes { Sanitize.isPrintableASCII($0) } == naive(bytes)
        }
        let base = Array("Neon River, Fire 2".utf8)  // 18 bytes: two words and a tail
        for place in base.indices {
            for value in 0...255 as ClosedRange<UInt8> {
                var bytes = base
                bytes[place] = value
                #expect(check(bytes), "byte \(value) at \(place)")
            }
        }
        var rng = SeededRandom(seed: 7)
        let edges: [UInt8] = [0x00, 0x1F, 0x20, 0x21, 0x41, 0x7E, 0x7F, 0x80, 0xC3, 0xFF]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &rng)).map { _ in
                Int.random(in: 0..<8, using: &rng) == 0 ? edges.randomElement(using: &rng) ?? 0 : UInt8.random(in: 0x20...0x7E, using: &rng)
            }
            #expect(check(bytes), "\(bytes)")
        }
    }

    /// `favs list` prints a title's stored bytes when this says they are shown as stored: exactly when they are
    /// well-formed UTF-8 that `visible` leaves as it is. Random texts of the scalars at the edges of what it replaces
    /// (C0, DEL, C1, the bidi embeddings and isolates and their neighbours), wide ones, and bytes that are not UTF-8.
    @Test func shownAsStoredIsWellFormedTextThatVisibleLeavesAsItIs() {
        let scalars: [UInt32] = [0x41, 0x20, 0x7E, 0x1B, 0x7F, 0x80, 0x85, 0x9F, 0xA0, 0xE9, 0x2029, 0x202A, 0x202E, 0x202F,
                                 0x2065, 0x2066, 0x2069, 0x206A, 0x65E5, 0x1F3A7, 0x2605]
        let broken: [[UInt8]] = [[0x80], [0xC0, 0xAF], [0xE2, 0x80], [0xED, 0xA0, 0x80], [0xFF], [0xF4, 0x90, 0x80, 0x80]]
        var rng = SeededRandom(seed: 11)
        for round in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                if round % 4 == 0, Int.random(in: 0..<10, using: &rng) == 0 {
                    bytes += broken.randomElement(using: &rng) ?? []
                } else if let scalar = Unicode.Scalar(scalars.randomElement(using: &rng) ?? 0x41) {
                    bytes += Array(String(scalar).utf8)
                }
            }
            let expected = String(validating: bytes, as: UTF8.self).map { Sanitize.visible($0) == $0 } ?? false
            #expect(bytes.withUnsafeBytes { Sanitize.isShownAsStored($0) } == expected, "\(bytes)")
        }
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

    /// Every border cell carries the box's style and role (focused: bold, the accent), in either glyph set; a border
    /// glyph that is not one plain column (a set a caller made) is cut as any text written in one column is.
    @Test func aBoxsBorderCellsCarryItsStyleAndRole() {
        for glyphs in [Glyphs.unicode, .ascii] {
            for focused in [true, false] {
                var canvas = Canvas(width: 6, height: 3, glyphs: glyphs)
                canvas.box(Rect(x: 0, y: 0, width: 6, height: 3), title: "", focused: focused)
                let border = focused ? glyphs.heavy : glyphs.light
                for (row, column, text) in [(1, 0, border.vertical), (1, 5, border.vertical), (2, 3, border.horizontal),
                                            (0, 0, border.topLeft), (2, 5, border.bottomRight)] {
                    #expect(canvas[row, column] == Cell(text: text, style: focused ? .bold : [],
                                                       role: focused ? .accent : .plain))
                }
            }
        }
        var wide = Glyphs.unicode
        wide.heavy.horizontal = "＝"
        var canvas = Canvas(width: 6, height: 3, glyphs: wide)
        canvas.box(Rect(x: 0, y: 0, width: 6, height: 3), title: "", focused: true)
        #expect(canvas.lines == ["┏  ……┓", "┃    ┃", "┗…………┛"])
    }
}
