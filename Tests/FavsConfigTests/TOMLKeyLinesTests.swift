import Testing
@testable import FavsConfig

/// Finding the line of a key in a TOML document, which TOMLKit does not report.
@Suite struct TOMLKeyLinesTests {
    @Test func keysAreFoundUnderTheirTableHeaders() {
        let lines = TOMLKeyLines("""
            mouse = true
            # a comment with quit = "x"

            [keys]
            quit = "Q"
              favorite = ["f", "*"]  # trailing
            [colors]
            star = "red"
            """)
        #expect(lines.line(of: ["mouse"]) == 1)
        #expect(lines.line(of: ["keys"]) == 4)
        #expect(lines.line(of: ["keys", "quit"]) == 5)
        #expect(lines.line(of: ["keys", "favorite"]) == 6)
        #expect(lines.line(of: ["colors", "star"]) == 8)
        #expect(lines.line(of: ["quit"]) == nil, "the comment's quit is not a key")
    }

    @Test func aPathNotFoundFallsBackToItsLongestPrefix() {
        let lines = TOMLKeyLines("a = 1\n[keys]\n")
        #expect(lines.line(of: ["keys", "nothing"]) == 2)
        #expect(lines.line(of: ["nowhere", "at", "all"]) == nil)
    }

    @Test func dottedQuotedAndInlineKeysAreFound() {
        let lines = TOMLKeyLines("""
            keys . "quit" = "Q"
            'colors'.star = 1
            keys.redo = "ctrl-r"
            inline = { a = 1,
              b = { c = 2 } }
            "favo\\u0072ite" = 1
            """)
        #expect(lines.line(of: ["keys", "quit"]) == 1)
        #expect(lines.line(of: ["keys"]) == 1)
        #expect(lines.line(of: ["colors", "star"]) == 2)
        #expect(lines.line(of: ["keys", "redo"]) == 3)
        #expect(lines.line(of: ["inline", "a"]) == 4)
        #expect(lines.line(of: ["inline", "b", "c"]) == 5)
        #expect(lines.line(of: ["favorite"]) == 6)
    }

    @Test func textInsideStringsIsNeverAKey() {
        let lines = TOMLKeyLines(#"""
            a = """
            b = 1
            [c]
            """
            d = '''
            e = 2 '''
            f = "g = 3 # [h]"
            list = [
              "i = 4",  # j = 5
              [ 'k' ],
            ]
            esc = """\
              l = 6 \""" """
            m = 7
            """#)
        #expect(lines.line(of: ["a"]) == 1)
        #expect(lines.line(of: ["d"]) == 5)
        #expect(lines.line(of: ["f"]) == 7)
        #expect(lines.line(of: ["list"]) == 8)
        #expect(lines.line(of: ["esc"]) == 12)
        #expect(lines.line(of: ["m"]) == 14)
        for fake in ["b", "c", "e", "g", "h", "i", "j", "k", "l"] {
            #expect(lines.line(of: [fake]) == nil, "\(fake)")
        }
    }

    @Test func arrayTablesAndCRLFLineEndsCount() {
        let lines = TOMLKeyLines("a = 1\r\n[[t]]\r\nx = 1\r\n[[t]]\r\n\r\nx = 2\r\n")
        #expect(lines.line(of: ["t", "x"]) == 3)
        // Each table of the array by its number, from 1.
        #expect(lines.line(of: ["t", "1", "x"]) == 3)
        #expect(lines.line(of: ["t", "2"]) == 4)
        #expect(lines.line(of: ["t", "2", "x"]) == 6)
    }
}
