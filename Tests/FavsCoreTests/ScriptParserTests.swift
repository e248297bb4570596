import Testing
@testable import FavsCore
@testable import FavsModel

/// The step language: keys, commands, comments, and errors that name the line.
@Suite struct ScriptParserTests {
    @Test func stepsAreKeysNamesAndCommands() throws {
        let steps = try ScriptParser.parse("j k  G # a comment\nctrl-r space enter\ntype café au lait\nresize 40x12 frame")
        #expect(steps.map(\.step) == [
            .key(.char("j")), .key(.char("k")), .key(.char("G")), .key(.ctrl("r")), .key(.char(" ")), .key(.enter),
            .type("café au lait"), .resize(width: 40, height: 12), .frame,
        ])
        #expect(steps.map(\.line) == [1, 1, 1, 2, 2, 2, 3, 4, 4])
    }

    @Test func hashTypesTheCharacterAScriptsCommentsStartWith() throws {
        let steps = try ScriptParser.parse("/ hash type work # a tag term\nhash")
        #expect(steps.map(\.step) == [.key(.char("/")), .key(.char("#")), .type("work "), .key(.char("#"))])
    }

    @Test func waitPreviewIsAStepOfItsOwn() throws {
        let steps = try ScriptParser.parse("j wait-preview frame")
        #expect(steps.map(\.step) == [.key(.char("j")), .waitPreview, .frame])
        #expect(throws: ScriptError(source: "script", line: 1, message: "unknown step 'wait-previews'")) {
            try ScriptParser.parse("wait-previews")
        }
    }

    @Test func anUnknownStepNamesItsLine() {
        #expect(throws: ScriptError(source: "script", line: 2, message: "unknown step 'jj'")) {
            try ScriptParser.parse("j\nf jj")
        }
    }

    @Test func aBadSizeIsAnError() {
        #expect(throws: ScriptError(source: "demo.favs", line: 1,
                                    message: "bad size '40by12' (want COLSxROWS, e.g. 80x24)")) {
            try ScriptParser.parse("resize 40by12", source: "demo.favs")
        }
    }

    @Test func theFinalScreenIsPrintedOnceUnlessTheLastStepWasFrame() throws {
        #expect(try frames("j frame").count == 1)
        #expect(try frames("j frame j").count == 2)
        #expect(try frames("").count == 1)
    }

    @Test func qEndsTheScriptEarly() throws {
        let shown = try frames("j q j j frame")
        #expect(shown.count == 1)
        #expect(shown[0].contains("Items 2/28"))
    }
}
