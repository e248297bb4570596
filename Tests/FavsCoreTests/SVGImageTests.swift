import Testing
@testable import FavsCore

/// The screen as an SVG picture: literal SVG for a few cells, so a reader sees what a viewer gets.
@Suite struct SVGImageTests {
    static let header = """
        <svg xmlns="http://www.w3.org/2000/svg" width="45" height="18" viewBox="0 0 45 18" \
        font-family="ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace" font-size="15" \
        xml:space="preserve">
        <rect width="45" height="18" fill="#1e1e1e"/>
        """

    @Test func aStarIsYellowAWideCharacterSpansTwoCellsAndALessThanIsEscaped() {
        var canvas = Canvas(width: 5, height: 1)
        canvas.put("★", row: 0, column: 0, role: .star)
        canvas.put("曲<", row: 0, column: 1)
        #expect(SVGImage.render(canvas) == Self.header + """

            <text y="14" fill="#ffff00"><tspan x="0">★</tspan></text>
            <text y="14" fill="#d4d4d4"><tspan x="9">曲</tspan><tspan x="27">&lt;</tspan></text>
            </svg>

            """)
    }

    @Test func aReversedRowSwapsColoursAndAMatchIsUnderlinedInGreen() {
        var canvas = Canvas(width: 5, height: 2)
        canvas.put("a&b", row: 1, column: 0, style: .reverse)
        canvas.addRole(.match, row: 1, column: 1, count: 1)
        canvas.put("\"'", row: 0, column: 0, style: [.bold, .dim])
        let svg = SVGImage.render(canvas)
        #expect(svg == """
            <svg xmlns="http://www.w3.org/2000/svg" width="45" height="36" viewBox="0 0 45 36" \
            font-family="ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace" font-size="15" \
            xml:space="preserve">
            <rect width="45" height="36" fill="#1e1e1e"/>
            <text y="14" fill="#d4d4d4" font-weight="bold" opacity="0.6"><tspan x="0">&quot;</tspan>\
            <tspan x="9">&apos;</tspan></text>
            <rect x="0" y="18" width="9" height="18" fill="#d4d4d4"/>
            <rect x="9" y="18" width="9" height="18" fill="#87d787"/>
            <rect x="18" y="18" width="9" height="18" fill="#d4d4d4"/>
            <text y="32" fill="#1e1e1e"><tspan x="0">a</tspan></text>
            <text y="32" fill="#1e1e1e" text-decoration="underline"><tspan x="9">&amp;</tspan></text>
            <text y="32" fill="#1e1e1e"><tspan x="18">b</tspan></text>
            </svg>

            """)
    }

    @Test func anUnderlinedBlankIsDrawnSoTheUnderlineShowsAndAPlainBlankIsNot() {
        var canvas = Canvas(width: 3, height: 1)
        canvas.put("a b", row: 0, column: 0)
        canvas.addRole(.match, row: 0, column: 1, count: 1)
        let svg = SVGImage.render(canvas)
        #expect(svg.contains(##"<text y="14" fill="#87d787" text-decoration="underline"><tspan x="9"> </tspan></text>"##))
        canvas.addRole(.plain, row: 0, column: 1, count: 1)
        #expect(!SVGImage.render(canvas).contains(#"<tspan x="9">"#))
    }

    @Test func colourNumbersAreXtermsPalette() {
        let expected: [(Int?, String)] = [
            (nil, "#d4d4d4"), (0, "#000000"), (3, "#cdcd00"), (11, "#ffff00"), (16, "#000000"), (75, "#5fafff"),
            (114, "#87d787"), (203, "#ff5f5f"), (231, "#ffffff"), (232, "#080808"), (255, "#eeeeee"),
            (256, "#d4d4d4"),
        ]
        for (number, hex) in expected {
            #expect(TerminalPalette.hex(number) == hex, "\(String(describing: number))")
        }
    }
}
