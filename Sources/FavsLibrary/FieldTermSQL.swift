import FavsFormats
import FavsModel

/// What both libraries need to answer a field term (`FieldTerm.matches`) in SQL over `items.fields`, the JSON
/// array of `[name, value]` pairs `FieldCoding` writes: the patterns the trigram index narrows the rows with,
/// and the exact test each candidate's pairs are put to. Each backend writes only its SQL around these.
///
/// The index narrows to a superset of the answer, and the exact test decides. SQLite's holds the values
/// (`trigramQuery`); PostgreSQL's the stored JSON text, asked with `ILIKE` (`likePatterns`): a value that holds
/// the text holds it JSON-escaped there (escapes are made character by character), and a named field's pair
/// begins `["name",`.
package struct FieldTermSQL: Sendable {
    /// The field's name, ASCII letters lowered; nil for any field.
    package let name: String?
    /// The text to find, as the term holds it (lowered unless case-sensitive).
    package let text: String
    package let placement: FieldTerm.Placement
    package let isCaseSensitive: Bool

    package init(_ term: FieldTerm) {
        name = term.name
        text = term.term.text
        placement = term.placement
        isCaseSensitive = term.term.isCaseSensitive
    }

    /// The LIKE patterns (`%` and `_` their only wildcards) the stored JSON of a matching item matches: its pair's
    /// beginning when the term names a field, and its text when that has the 3 characters a trigram needs. Empty
    /// when neither (a short term over any field): the rows are then read one by one.
    package var likePatterns: [String] {
        var patterns: [String] = []
        if let name { patterns.append("%[" + Self.json(name) + ",%") }
        let escaped = String(Self.json(text).dropFirst().dropLast())
        if escaped.unicodeScalars.count >= 3 { patterns.append("%" + escaped + "%") }
        return patterns
    }

    /// One LIKE pattern (wildcards escaped with `\`) the stored JSON of a matching item matches, for rows read one by
    /// one (those the trigram index does not hold yet): the named field's pair beginning, then anywhere after it the
    /// text as JSON writes it (a pair's value follows its name); or the text alone. A superset of the answer, read
    /// from the row's text before its pairs are parsed: `summary:vers` parses the 2 % of 886k package rows whose
    /// summary may hold it, where `%vers%` alone would let through every row with a `version` field.
    package var scanPattern: String {
        let pair = name.map { Self.literal("[" + Self.json($0) + ",") + "%" } ?? ""
        return "%" + pair + Self.literal(String(Self.json(text).dropFirst().dropLast())) + "%"
    }

    /// An FTS5 query for the rows whose values hold every trigram of the text (the text's characters three by
    /// three, each a quoted string): a superset of the answer. Nil when the text has fewer than 3 characters.
    package var trigramQuery: String? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 3 else { return nil }
        var seen = Set<String>()
        let trigrams = (0...(scalars.count - 3)).map { String(String.UnicodeScalarView(scalars[$0..<$0 + 3])) }
            .filter { seen.insert($0).inserted }
        return trigrams.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " AND ")
    }

    /// `text` as a JSON string, quotes included, as `FieldCoding` writes it.
    private static func json(_ text: String) -> String {
        var out = ""
        JSONString.write(text, to: &out)
        return out
    }

    /// A LIKE pattern with `\` escaping `\`, `%` and `_` (PostgreSQL's default escape): what a pattern means
    /// literally, its leading and trailing `%` kept as wildcards.
    package static func escapingWildcards(_ pattern: String) -> String {
        "%" + literal(pattern.dropFirst().dropLast()) + "%"
    }

    /// Text a LIKE pattern matches literally: `\`, `%` and `_` escaped with `\`.
    private static func literal(_ text: some StringProtocol) -> String {
        var out = ""
        for character in text {
            if character == "\\" || character == "%" || character == "_" { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
