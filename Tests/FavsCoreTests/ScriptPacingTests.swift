import Foundation
import Testing
@testable import FavsCore
@testable import FavsModel

/// `wait MS` and the clock of a recording (`favs script --cast`): when each screen is shown, and the step
/// table docs/script.md and the manual list.
@Suite struct ScriptPacingTests {
    /// The clock values `paced` gets for a script, with the frames it prints.
    private func moments(_ script: String) throws -> (clock: [Int], frames: Int) {
        let browser = Browser(store: Store(items: SampleLibrary.items), libraryName: "sample library", width: 80, height: 24)
        var clock: [Int] = [], frames = 0
        ScriptRunner.run(try ScriptParser.parse(script).map(\.step), on: browser, paced: { clock.append($0) }) { _ in
            frames += 1
        }
        return (clock, frames)
    }

    @Test func waitIsParsedInMillisecondsUpToAMinute() throws {
        #expect(try ScriptParser.parse("wait 0 j wait 60000").map(\.step) == [
            .wait(milliseconds: 0), .key(.char("j")), .wait(milliseconds: 60000),
        ])
    }

    @Test(arguments: [
        ("j\nwait", 2, "'wait' needs a time (want milliseconds, 0–60000)"),
        ("wait 60001", 1, "bad wait '60001' (want milliseconds, 0–60000)"),
        ("j\n\nwait -5", 3, "bad wait '-5' (want milliseconds, 0–60000)"),
        ("wait 1.5", 1, "bad wait '1.5' (want milliseconds, 0–60000)"),
        ("wait 99999999999999999999", 1, "bad wait '99999999999999999999' (want milliseconds, 0–60000)"),
    ])
    func aBadWaitNamesItsLine(script: String, line: Int, message: String) {
        #expect(throws: ScriptError(source: "script", line: line, message: message)) { try ScriptParser.parse(script) }
    }

    @Test func eachKeyTakesAStepPauseEachTypedCharacterATypingPauseAndWaitsAddTheirTime() throws {
        let (clock, frames) = try moments("j wait 1000 frame f\n/ type ab\nwait 2500")
        // The first screen; j; the wait; f; '/'; a; b; the last wait. `frame` takes no time.
        #expect(clock == [0, 400, 1400, 1800, 2200, 2350, 2500, 5000])
        #expect(frames == 2)
    }

    @Test func waitsChangeNoFrame() throws {
        let plain = try frames("j f / type de\nenter")
        let waited = try frames("wait 5 j wait 500 f / type de\nwait 0 enter wait 60000")
        #expect(waited == plain)
    }

    @Test func theDocsStepTableIsTheVocabularyRowForRow() throws {
        let root = URL(fileURLWithPath: #filePath)  // <root>/Tests/FavsCoreTests/ScriptPacingTests.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let docs = try String(contentsOf: root.appendingPathComponent("docs/script.md"), encoding: .utf8)
        let table = docs.split(separator: "\n").map(String.init)
            .drop { $0 != "| step | meaning |" }.dropFirst(2).prefix { $0.hasPrefix("|") }
        #expect(Array(table) == ScriptVocabulary.rows.map(ScriptVocabulary.markdown))
    }

    @Test func everyStepNameInTheVocabularyIsOneTheParserTakes() throws {
        let arguments = ["type": " x", "resize": " 40x12", "click": " 1 1", "wheel": " up 1 1", "wait": " 10"]
        let names = ScriptVocabulary.rows.flatMap(ScriptVocabulary.stepNames)
        #expect(names.contains("wait") && names.contains("ctrl-a") && names.contains("backtab"))
        for name in names {
            #expect(throws: Never.self, "\(name)") { try ScriptParser.parse(name + (arguments[name] ?? "")) }
        }
    }
}
