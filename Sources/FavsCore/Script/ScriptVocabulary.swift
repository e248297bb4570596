/// The step language as a table: what docs/script.md's "Steps" table, the manual's SCRIPT STEPS section and
/// `favs script --help` list, row for row (tests hold the first two to it), so the steps are described in one place.
public enum ScriptVocabulary {
    /// One row: how a step is written and what it does, in Markdown (code between backticks).
    public struct Row: Sendable, Equatable {
        public let usage: String
        public let meaning: String
    }

    public static let rows: [Row] = [
        Row(usage: "a printable character", meaning: "that key: `j`, `f`, `?`, `/`, `G`, `é`, `曲`"),
        Row(usage: "`up` `down` `left` `right` `home` `end` `pgup` `pgdn` `shift-up` `shift-down`",
            meaning: "the arrow and paging keys; shift and an arrow"),
        Row(usage: "`enter` `esc` `tab` `backtab` `space` `hash` `backspace` `delete`", meaning: "the named keys (`hash` is `#`, which otherwise starts a comment: `hash type work` types `#work`)"),
        Row(usage: "`ctrl-a` … `ctrl-z`", meaning: "control keys (`ctrl-r` redo, `ctrl-f`/`ctrl-b` page)"),
        Row(usage: "`type TEXT…`", meaning: "types the rest of the line, spaces included, one key per character"),
        Row(usage: "`resize COLSxROWS`", meaning: "the terminal changes size (1–1000 each way)"),
        Row(usage: "`click COL ROW`", meaning: "a click (button 1) on that cell, counted from 1 as terminals report it: "
            + "`click 1 1` is the top-left cell"),
        Row(usage: "`wheel up COL ROW`, `wheel down COL ROW`", meaning: "one notch of the mouse wheel over that cell"),
        Row(usage: "`wait MS`", meaning: "MS milliseconds (0–60000) pass in a `--cast` recording before the next step; "
            + "the text frames ignore it"),
        Row(usage: "`wait-preview`", meaning: "waits until the selection's preview is in (its output, its error or "
            + "its timeout); previews already run to their end before the next step, so a frame is the same without it"),
        Row(usage: "`frame`", meaning: "print the screen now"),
    ]

    /// The row as a line of a Markdown table.
    public static func markdown(_ row: Row) -> String { "| \(row.usage) | \(row.meaning) |" }

    /// The words a script writes for a row's steps: the first word of each code span in its usage
    /// (`wheel up COL ROW` gives `wheel`); none for "a printable character".
    public static func stepNames(_ row: Row) -> [String] {
        row.usage.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }
            .compactMap { $0.element.split(separator: " ").first.map(String.init) }
    }
}
