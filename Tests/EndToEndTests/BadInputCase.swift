import Foundation
import Testing

/// One file of the bad-input corpus and what `favs import` must do with it (docs/reliability.md lists them).
struct BadInputCase: Sendable, CustomTestStringConvertible {
    /// What the import must do.
    enum Outcome: Sendable {
        /// Exit 65 with exactly `favs: MESSAGE` on one line of stderr, and the library unchanged.
        case refused(String)
        /// Exit 0, and `favs list --format jsonl` shows these rows after the library's own (an accepted input,
        /// documented).
        case imported([String])
    }

    /// The file's name: `BadInput/NAME` in the corpus, or the name a generated file is written under.
    let name: String
    let outcome: Outcome
    /// The bytes of a file too large to commit, made when the case runs; nil for a corpus file.
    let generate: (@Sendable () -> Data)?

    var testDescription: String { name }

    static func refused(_ name: String, _ message: String, generate: (@Sendable () -> Data)? = nil) -> BadInputCase {
        BadInputCase(name: name, outcome: .refused(message), generate: generate)
    }

    static func imported(_ name: String, _ rows: [String], generate: (@Sendable () -> Data)? = nil) -> BadInputCase {
        BadInputCase(name: name, outcome: .imported(rows), generate: generate)
    }

    /// The corpus folder beside this file.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("BadInput")

    /// The file's bytes.
    func data() throws -> Data {
        try generate?() ?? Data(contentsOf: Self.folder.appendingPathComponent(name))
    }
}

extension BadInputCase {
    /// A row of `favs list --format jsonl` for an item with no fields that is not a favorite.
    static func row(_ id: String, _ title: String) -> String {
        #"{"id":""# + id + #"","title":""# + title + #"","favorite":false}"#
    }

    static let megabytes10 = 10 * 1024 * 1024
    static let hugeTitle = String(repeating: "x", count: megabytes10)

    /// Files made at test time: too large to commit, or easier to read as the code that writes them.
    static let generated: [BadInputCase] = [
        // A 10 MB title is an ordinary title.
        .imported("huge-title.jsonl", [row("big", hugeTitle)]) {
            Data((#"{"id":"big","title":""# + hugeTitle + "\"}\n").utf8)
        },
        // The same title never closed: the error points at the end of its 10 MB line, not at the record below.
        .refused("huge-title-cut.jsonl", "huge-title-cut.jsonl:1:\(21 + megabytes10 + 1): line ends inside a string") {
            Data((#"{"id":"big","title":""# + hugeTitle + "\n" + #"{"id":"next"}"# + "\n").utf8)
        },
        // 100,000 fields in one object: all kept, in order.
        .imported("many-fields.json", [#"{"id":"many","title":"Many fields","favorite":false,"#
                                       + (0..<100_000).map { "\"f\($0)\":\"v\($0)\"" }.joined(separator: ",") + "}"]) {
            Data(("[{\"id\":\"many\",\"title\":\"Many fields\","
                  + (0..<100_000).map { "\"f\($0)\":\"v\($0)\"" }.joined(separator: ",") + "}]\n").utf8)
        },
        // Nesting deeper than 512 levels is refused before it can exhaust the stack.
        .refused("deep-nesting.jsonl", "deep-nesting.jsonl:1:529: nested deeper than 512 levels") {
            Data((#"{"id":"deep","x":"# + String(repeating: "[", count: 100_000)
                  + String(repeating: "]", count: 100_000) + "}\n").utf8)
        },
        // 500 levels are fine: the field keeps them as compact JSON.
        .imported("nesting-500.jsonl", [#"{"id":"deep","title":"Deep","favorite":false,"x":"#
                                        + "\"" + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + "\"}"]) {
            Data((#"{"id":"deep","title":"Deep","x":"# + String(repeating: "[", count: 500)
                  + String(repeating: "]", count: 500) + "}\n").utf8)
        },
        // 20,000 rows of which the last is ragged: the error names the last line.
        .refused("ragged-last-row.csv", "ragged-last-row.csv:20002:1: row has 1 cell, the header has 2") {
            Data(("id,title\n" + (0..<20_000).map { "r\($0),Row \($0)\n" }.joined() + "last\n").utf8)
        },
    ]
}

extension BadInputCase {
    /// The committed files of `BadInput/`, each with the one-line error it must give or what it imports.
    static let files: [BadInputCase] = [
        // JSON arrays: truncated, malformed, wrong types.
        .refused("array-truncated-in-string.json", "array-truncated-in-string.json:3:25: unterminated string"),
        .refused("array-truncated-after-comma.json",
                 "array-truncated-after-comma.json:3:1: expected a value, found end of file"),
        .refused("array-missing-comma.json", "array-missing-comma.json:3:3: expected ',' or ']' after array element"),
        .refused("array-trailing-comma.json", "array-trailing-comma.json:3:1: expected a value, found ']'"),
        .refused("array-content-after.json", "array-content-after.json:2:1: unexpected content after the array"),
        .refused("array-of-numbers.json", "array-of-numbers.json:1:2: expected a JSON object"),
        .imported("array-empty.json", []),
        .imported("title-number.json", [row("n1", "42"), row("n2", "-1.5e3")]),
        .imported("title-boolean.json", [row("b1", "true")]),
        .refused("title-object.json", "title-object.json:1:2: title field 'title' must be a string"),
        .refused("title-array.json", "title-array.json:1:2: title field 'title' must be a string"),
        .imported("id-number.json", [row("7", "Seven"), row("7.0", "Seven point oh")]),
        .refused("id-boolean.json", "id-boolean.json:1:2: id field 'id' must be a string or number"),
        .refused("id-null.json", "id-null.json:1:2: missing id field 'id'"),
        .refused("id-empty.json", "id-empty.json:1:2: id field 'id' is empty"),
        .refused("id-blank.json", "id-blank.json:1:2: id field 'id' is empty"),
        .refused("id-missing.json", "id-missing.json:1:2: missing id field 'id'"),
        .refused("id-duplicate.json", "id-duplicate.json:4:3: duplicate id 'd1' (first at line 2)"),
        // A NUL would cut an id or title short in SQLite, so it is refused there; a field keeps it.
        .refused("id-escaped-nul.json",
                 "id-escaped-nul.json:1:2: id field 'id' holds a NUL character, which cannot be stored"),
        .refused("title-escaped-nul.json",
                 "title-escaped-nul.json:1:2: title field 'title' holds a NUL character, which cannot be stored"),
        .imported("field-escaped-nul.jsonl", [#"{"id":"f1","title":"Field","favorite":false,"note":"a\u0000b"}"#]),
        .refused("title-raw-nul.json",
                 "title-raw-nul.json:1:31: control character U+0000 in a string must be escaped"),
        .refused("title-raw-newline.json", "title-raw-newline.json:1:24: unterminated string"),
        .imported("title-controls-escaped.json", [row("c1", #"bell\u0007 esc\u001b[31m tab\t"#)]),
        .refused("bad-escape.json", #"bad-escape.json:1:27: invalid escape '\w'"#),
        .refused("lone-surrogate.json", #"lone-surrogate.json:1:25: unpaired surrogate '\uD83C'"#),
        .refused("single-quotes.json", "single-quotes.json:1:3: expected a string key or '}'"),
        // Not UTF-8: the first bad byte is named.
        .refused("invalid-utf8.json", "invalid-utf8.json:1:28: not UTF-8 text"),
        .refused("overlong-utf8.json", "overlong-utf8.json:1:25: not UTF-8 text"),
        .refused("utf16le-bom.json", "utf16le-bom.json:1:1: not UTF-8 text"),
        .refused("binary-png.json", "binary-png.json:1:1: not UTF-8 text"),
        // Nothing to import is not an error.
        .imported("empty.json", []),
        .imported("bom-only.json", []),
        .imported("whitespace-only.json", []),
        // Not an array: read as JSON Lines, so one object on one line imports and a pretty-printed one does not.
        .imported("object-not-array.json", [row("s1", "A single object")]),
        .refused("pretty-object.json", "pretty-object.json:1:2: line ends inside an object"),
        // JSON Lines: a record is one line.
        .refused("line-ends-in-object.jsonl", "line-ends-in-object.jsonl:2:28: line ends inside an object"),
        .refused("line-ends-in-array.jsonl", "line-ends-in-array.jsonl:1:24: line ends inside an array"),
        .refused("line-ends-in-string.jsonl", "line-ends-in-string.jsonl:2:24: line ends inside a string"),
        .refused("two-records-one-line.jsonl",
                 "two-records-one-line.jsonl:1:13: expected a line break after the object"),
        .refused("lone-cr-separated.jsonl", "lone-cr-separated.jsonl:1:13: expected a line break after the object"),
        .imported("crlf.jsonl", [row("k1", "One"), row("k2", "Two")]),
        .refused("not-an-object.jsonl", "not-an-object.jsonl:2:1: expected a JSON object"),
        .refused("trailing-comma.jsonl", "trailing-comma.jsonl:1:26: expected a string key"),
        .refused("id-duplicate.jsonl", "id-duplicate.jsonl:3:1: duplicate id 'x1' (first at line 1)"),
        .refused("garbage-line.jsonl", "garbage-line.jsonl:2:1: expected a value, found 'h'"),
        // CSV.
        .refused("unbalanced-quote.csv",
                 "unbalanced-quote.csv:2:4: unterminated quoted field: this quote is never closed"),
        .refused("text-after-quote.csv",
                 #"text-after-quote.csv:2:12: text after a closing quote (write a quote inside a quoted field as "")"#),
        .imported("stray-quote-mid-cell.csv", [row("q1", #"5\" floppy"#)]),
        .refused("ragged-short.csv", "ragged-short.csv:3:1: row has 2 cells, the header has 3"),
        .refused("ragged-long.csv", "ragged-long.csv:3:1: row has 3 cells, the header has 2"),
        .refused("missing-id-column.csv", "missing-id-column.csv:1:1: no column 'id' (columns: name, title)"),
        .refused("empty-id.csv", "empty-id.csv:2:1: empty id in column 'id' (cell 1)"),
        .refused("duplicate-id.csv", "duplicate-id.csv:4:1: duplicate id 'd1' (first at line 2)"),
        .refused("repeated-header.csv", "repeated-header.csv:1:1: the header repeats column 'id'"),
        .refused("unnamed-header.csv", "unnamed-header.csv:1:1: column 2 of the header has no name"),
        .refused("bad-favorite.csv",
                 "bad-favorite.csv:2:1: favorite must be true, false, 1, 0, ★ or empty, not 'yes' (cell 3)"),
        .refused("nul-in-id.csv", "nul-in-id.csv:2:1: column 'id' (cell 1) holds a NUL character, which cannot be stored"),
        .refused("nul-in-title.csv",
                 "nul-in-title.csv:2:1: column 'title' (cell 2) holds a NUL character, which cannot be stored"),
        .imported("nul-in-field.csv", [#"{"id":"f1","title":"Field","favorite":false,"note":"a\u0000b"}"#]),
        .refused("invalid-utf8.csv", "invalid-utf8.csv:2:7: not UTF-8 text"),
        .refused("binary-garbage.csv", "binary-garbage.csv:1:1: not UTF-8 text"),
        .imported("empty.csv", []),
        .imported("bom-only.csv", []),
        .imported("header-only.csv", []),
        .imported("crlf.csv", [row("k1", "One"), row("k2", "Two, quoted")]),
        .imported("lone-cr.csv", [row("k1", "One"), row("k2", "Two")]),
        .imported("embedded-newline.csv", [row("k1", #"Line one\nline two"#), row("k2", "Two")]),
        // TSV: no quoting, so a quote is text and a row is a line.
        .refused("ragged-short.tsv", "ragged-short.tsv:3:1: row has 2 cells, the header has 3"),
        .refused("ragged-long.tsv", "ragged-long.tsv:2:1: row has 3 cells, the header has 2"),
        .refused("missing-id-column.tsv", "missing-id-column.tsv:1:1: no column 'id' (columns: key, title)"),
        .refused("empty-id.tsv", "empty-id.tsv:2:1: empty id in column 'id' (cell 1)"),
        .refused("nul-in-id.tsv", "nul-in-id.tsv:2:1: column 'id' (cell 1) holds a NUL character, which cannot be stored"),
        .refused("invalid-utf8.tsv", "invalid-utf8.tsv:2:4: not UTF-8 text"),
        .imported("stray-quote.tsv", [row("k1", #"\"Open quote"#), row("k2", #"Two\""#)]),
        .imported("crlf.tsv", [row("k1", "One"), row("k2", "Two")]),
        .imported("lone-cr.tsv", [row("k1", "One"), row("k2", "Two")]),
        .imported("bom-only.tsv", []),
    ]

    static let all = files + generated
}
