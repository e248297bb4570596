import Testing
import FavsModel
@testable import FavsCore

/// What a role looks like on a terminal with 256, 8 or no colours, and when colour is off.
@Suite struct ThemeTests {
    @Test func eachRoleHasItsColourIn8And256Colours() {
        let expected: [(Role, basic: Int?, rich: Int?, style: Style)] = [
            (.plain, nil, nil, []), (.star, 3, 11, []), (.accent, 6, 75, []), (.fieldName, nil, nil, .dim),
            (.error, 1, 203, .bold), (.match, 2, 114, .underline), (.mark, 5, 176, .bold),
        ]
        #expect(expected.map(\.0) == Role.allCases)
        for (role, basic, rich, style) in expected {
            #expect(Theme.appearance(of: role, colors: 8) == Theme.Appearance(foreground: basic, style: style), "\(role)")
            #expect(Theme.appearance(of: role, colors: 256) == Theme.Appearance(foreground: rich, style: style), "\(role)")
        }
    }

    @Test func withColourOffNoRoleHasAColourAndCellsKeepReverseAndBold() {
        for role in Role.allCases {
            #expect(Theme.appearance(of: role, colors: 0).foreground == nil, "\(role)")
        }
        let selectedStar = Cell(text: "★", style: .reverse, role: .star)
        #expect(Theme.appearance(of: selectedStar, colors: 0) == Theme.Appearance(style: .reverse))
        let focusedBorder = Cell(text: "━", style: .bold, role: .accent)
        #expect(Theme.appearance(of: focusedBorder, colors: 0) == Theme.Appearance(style: .bold))
        // A match without colour is still shown, underlined, also on the reversed row.
        let selectedMatch = Cell(text: "a", style: .reverse, role: .match)
        #expect(Theme.appearance(of: selectedMatch, colors: 0) == Theme.Appearance(style: [.reverse, .underline]))
        #expect(Theme.appearance(of: selectedMatch, colors: 8) == Theme.Appearance(foreground: 2,
                                                                                     style: [.reverse, .underline]))
    }

    @Test func aDirectColourTerminalGetsTheEightColoursItReadsAsANSI() {
        #expect(Theme.appearance(of: .star, colors: 1 << 24).foreground == 3)
        #expect(Theme.appearance(of: .accent, colors: 88).foreground == 6)
        #expect(Theme.appearance(of: .accent, colors: 4).foreground == nil)
    }

    @Test(arguments: [
        (ColorChoice.auto, [:], true), (.auto, ["NO_COLOR": "1"], false), (.auto, ["NO_COLOR": ""], true),
        (.always, ["NO_COLOR": "1"], true), (.never, [:], false),
    ] as [(ColorChoice, [String: String], Bool)])
    func noColorTurnsColourOffUnlessColourIsAsked(choice: ColorChoice, environment: [String: String], wanted: Bool) {
        #expect(choice.wantsColor(environment: environment) == wanted)
    }
}

/// Where the search matched a title, in runs of display columns: the characters fzf's scorer chose.
@Suite struct FilterMatchTests {
    @Test(arguments: [
        ("de", "Café del Mar", [5..<7]), ("cafe", "CAFÉ", [0..<4]), ("ñan", "Señorita Ñandú", [9..<12]),
        ("気に", "お気に入り", [2..<6]), ("lo", "🎧 Lo-fi", [3..<5]), ("e", "e\u{301}x", [0..<1]), ("x", "abc", []),
        ("", "abc", []), ("σ", "ΟΔΥΣΣΕΥΣ", [3..<4]), ("cdm", "Café del Mar", [0..<1, 5..<6, 9..<10]),
        ("CAFÉ", "café", []), ("'del mar$", "Café del Mar", [5..<8, 9..<12]),
    ] as [(String, String, [Range<Int>])])
    func theMatchedCharactersAreRunsOfColumns(pattern: String, title: String, columns: [Range<Int>]) {
        #expect(FilterMatch.columns(of: SearchPattern(reading: pattern), in: title) == columns)
    }

    @Test func aTitleWithAControlCharacterIsHighlightedWhereItIsShown() {
        var canvas = Canvas(width: 12, height: 1)
        canvas.put(title: "a\u{1B}bc", row: 0, column: 1, limit: 10, highlighting: SearchPattern(reading: "bc"))
        #expect(canvas.lines == [" a␛bc"])
        #expect(canvas.styleLines == ["   mm"])
    }

    @Test func asciiBoxesAndEllipsesTakeTheColumnsOfTheUnicodeOnes() {
        var canvas = Canvas(width: 12, height: 3, glyphs: .ascii)
        canvas.box(Rect(x: 0, y: 0, width: 12, height: 3), title: "Items · A–Z", focused: true)
        #expect(canvas.lines == ["+ Items ...+", "|          |", "+==========+"])
        canvas.box(Rect(x: 0, y: 0, width: 12, height: 3), title: "Items", focused: false)
        #expect(canvas.lines == ["+ Items ---+", "|          |", "+----------+"])
        #expect(TextWidth.truncate("abcdef", to: 5, ellipsis: "...") == "ab...")
        #expect(TextWidth.truncate("abcdef", to: 2, ellipsis: "...") == "..")
        #expect(TextWidth.truncate("お気に入り", to: 6, ellipsis: "...") == "お...")
    }

    @Test func aPaletteReplacesARolesColourWhereTheTerminalHasIt() {
        let palette: Theme.Palette = [.star: 4, .accent: Int?.none, .error: 200]
        #expect(Theme.appearance(of: .star, colors: 256, palette: palette).foreground == 4)
        #expect(Theme.appearance(of: .accent, colors: 256, palette: palette).foreground == nil, "default: the terminal's")
        #expect(Theme.appearance(of: .error, colors: 256, palette: palette) == Theme.Appearance(foreground: 200, style: .bold))
        #expect(Theme.appearance(of: .error, colors: 8, palette: palette).foreground == 1, "200 on 8 colours: the theme's red")
        #expect(Theme.appearance(of: .star, colors: 0, palette: palette).foreground == nil, "no colour: no palette")
        #expect(Theme.appearance(of: .match, colors: 256, palette: palette).foreground == 114, "not named: the theme's")
    }
}
