import Foundation

/// Text made safe for man(7) roff: a backslash is printed as one, a line never starts a request, and a blank
/// line (a paragraph break in argument-parser's help) becomes `paragraph` (`.PP`, or `.IP` inside an entry).
enum Roff {
    static func text(_ string: String, paragraph: String = ".PP") -> String {
        string.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return paragraph }
            let escaped = trimmed.replacingOccurrences(of: "\\", with: "\\e")
            return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
        }.joined(separator: "\n")
    }

    /// One line of Markdown with `code` spans (ScriptVocabulary's rows): the code in bold, the rest as `text`.
    static func markdown(_ line: String) -> String {
        let spans = line.split(separator: "`", omittingEmptySubsequences: false).enumerated().map { index, span in
            index % 2 == 1 ? bold(String(span)) : String(span).replacingOccurrences(of: "\\", with: "\\e")
        }
        let roff = spans.joined()
        return roff.hasPrefix(".") || roff.hasPrefix("'") ? "\\&" + roff : roff
    }

    /// A word set in bold, such as an option or command name (`-` as a minus sign, so it can be searched and pasted).
    static func bold(_ word: String) -> String { "\\fB" + escapedWord(word) + "\\fR" }

    /// A word set in italics: an argument the user replaces.
    static func italic(_ word: String) -> String { "\\fI" + escapedWord(word) + "\\fR" }

    private static func escapedWord(_ word: String) -> String {
        word.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
    }
}
