import Testing
@testable import FavsCore

/// The screen a browser shows while its team library's server is being reached: where, and how to leave.
@Suite struct OpeningScreenTests {
    @Test func itSaysWhereFavsConnectsAndWhichKeyQuits() {
        let screen = OpeningScreen(location: "postgres://favs:***@db.example:5432/team", keyMap: .standard)
        #expect(screen.frame(width: 60, height: 6).lines == [
            " favs",
            "",
            " connecting to postgres://favs:***@db.example:5432/team …",
            "",
            "",
            " q quits",
        ])
    }

    @Test func aNarrowOrShortTerminalShowsWhatFits() {
        let screen = OpeningScreen(location: "postgres://favs:***@db.example:5432/team", keyMap: .standard,
                                   glyphs: .ascii)
        #expect(screen.frame(width: 30, height: 2).lines == [" connecting to postgres://f...", ""])
        #expect(screen.frame(width: 30, height: 3).lines == [" favs", " connecting to postgres://f...", " q quits"])
    }

    @Test func theQuitKeysOfTheKeyMapAndCtrlCGiveUpAndNoOtherKeyDoes() {
        let standard = OpeningScreen(location: "postgres://h/db", keyMap: .standard)
        #expect(standard.givesUp(.char("q")) && standard.givesUp(.ctrl("c")))
        #expect(!standard.givesUp(.char("j")) && !standard.givesUp(.char("f")) && !standard.givesUp(.escape))
        // A config file that moved quit to x: x quits (the status line says so), and ctrl-c still does.
        let moved = OpeningScreen(location: "postgres://h/db", keyMap: KeyMap.standard.replacingKeys([.quit: [.char("x")]]))
        #expect(moved.givesUp(.char("x")) && moved.givesUp(.ctrl("c")) && !moved.givesUp(.char("q")))
        #expect(moved.frame(width: 40, height: 4).lines.last == " x quits")
    }
}
