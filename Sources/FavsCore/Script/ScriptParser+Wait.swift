/// The pause step: `wait MS`, time passing in a recording (`favs script --cast`).
extension ScriptParser {
    /// The longest pause a step may ask for: a minute, so a typo cannot make a recording of hours.
    public static let longestWait = 60_000

    /// Parses the milliseconds after `wait`, consuming them from `rest`.
    static func waitStep(rest: inout Substring, source: String, line: Int) throws -> ScriptStep {
        let word = nextWord(&rest)
        let want = "(want milliseconds, 0–\(longestWait))"
        guard !word.isEmpty else { throw ScriptError(source: source, line: line, message: "'wait' needs a time \(want)") }
        guard word.allSatisfy({ ("0"..."9").contains($0) }), let milliseconds = Int(word),
              milliseconds <= longestWait else {
            throw ScriptError(source: source, line: line, message: "bad wait '\(Sanitize.visible(String(word)))' \(want)")
        }
        return .wait(milliseconds: milliseconds)
    }
}
