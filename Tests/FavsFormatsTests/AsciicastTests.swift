import Testing
@testable import FavsFormats

/// The asciicast v2 text: a header line, then one `[seconds, "o", data]` line per event.
@Suite struct AsciicastTests {
    @Test func theHeaderThenOneEscapedEventPerLineInSecondsWithThreeDecimals() {
        var cast = Asciicast(width: 60, height: 20, timestamp: 1_700_000_000, term: "xterm-256color")
        cast.append("\u{1B}[?1049h\u{1B}[H★ \"café\"\r\n", at: 0)
        cast.append("\u{1B}[2;3H", at: 1050)
        cast.append("x\\", at: 61_007)
        #expect(cast.text == #"""
            {"version":2,"width":60,"height":20,"timestamp":1700000000,"env":{"TERM":"xterm-256color"}}
            [0.000, "o", "\u001b[?1049h\u001b[H★ \"café\"\r\n"]
            [1.050, "o", "\u001b[2;3H"]
            [61.007, "o", "x\\"]

            """#)
    }

    @Test func anEventNeverGoesBackInTime() {
        var cast = Asciicast(width: 80, height: 24, timestamp: 0, term: "xterm-256color")
        cast.append("a", at: 800)
        cast.append("b", at: 400)
        #expect(cast.events.map(\.milliseconds) == [800, 800])
    }
}
