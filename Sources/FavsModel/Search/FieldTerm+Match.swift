import Foundation

/// How a field term matches a field, the rule both libraries answer in SQL (SQLite's FTS5, PostgreSQL's
/// `pg_trgm`): no fuzzy matching, since a trigram index finds substrings.
///
/// - The name, when given, is the field's name with ASCII letters' case set aside (`Artist:` is `artist:`).
/// - The text is a substring of the value (a plain term, `'word`, `'word'` alike), `^text` its start,
///   `text$` its end, `^text$` the whole value: the value as stored, spaces included.
/// - Smart case: a term with an upper-case letter is case-sensitive; otherwise ASCII letters' case is set aside
///   (`padilla` finds `Padilla`), and every other character is compared as it is (`björk` finds `Björk` but not
///   `BJÖRK`; `cafe` does not find `café`), because that is what SQLite's `lower()` and PostgreSQL's
///   `translate()` do alike, whatever the server's locale.
/// - A number, `true`, `false` are matched as written (`1891`); a null field's value is empty.
/// - `!` inverts: an item without such a field matches.
extension FieldTerm {
    /// How the text is placed in the value.
    public enum Placement: Sendable, Hashable {
        case anywhere, start, end, whole
    }

    /// Where the text must be.
    public var placement: Placement {
        switch term.kind {
        case .fuzzy, .exact, .exactBoundary: .anywhere
        case .prefix: .start
        case .suffix: .end
        case .equal: .whole
        }
    }

    /// The field's name with ASCII upper-case letters lowered (the parser reads names of ASCII letters, digits,
    /// `_` and `-`); nil for any field.
    public var name: String? { field.map(Self.lowercasedASCII) }

    /// The term without its `!`: what a library is asked.
    public var positive: FieldTerm {
        guard term.isInverse else { return self }
        return FieldTerm(field: field, term: SearchTerm(kind: term.kind, isInverse: false,
                                                        text: term.text, isCaseSensitive: term.isCaseSensitive,
                                                        foldsAccents: term.foldsAccents))
    }

    /// Whether the field matches the term, `!` aside: the rule, as a test or a small model checks it (a library
    /// answers it in SQL, over its index).
    public func matches(_ field: Field) -> Bool {
        if let name, Self.lowercasedASCII(field.name) != name { return false }
        // Compared as UTF-8 bytes, as SQL compares text: no canonical equivalence, no grapheme clusters.
        let value = Array((field.kind == .null ? "" : term.isCaseSensitive ? field.value : Self.lowercasedASCII(field.value)).utf8)
        let text = Array(term.text.utf8)
        guard value.count >= text.count else { return false }
        switch placement {
        case .anywhere: return (0...(value.count - text.count)).contains { value[$0..<$0 + text.count].elementsEqual(text) }
        case .start: return value.starts(with: text)
        case .end: return value[(value.count - text.count)...].elementsEqual(text)
        case .whole: return value == text
        }
    }

    /// Whether an item's fields match the term, `!` included.
    public func accepts(_ fields: [Field]) -> Bool { fields.contains(where: matches) != term.isInverse }

    /// The text with ASCII upper-case letters lowered, every other character as it is (SQLite's `lower()`).
    public static func lowercasedASCII(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
        return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
