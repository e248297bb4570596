import Foundation

/// Reads a pattern into groups of terms, as fzf's `parseTerms` (src/pattern.go) reads its extended syntax,
/// with three differences: what fzf silently drops or reads as a literal is an error here (an empty `'`, `^`
/// or `!`, a `|` that does not stand between two terms), and a term that begins with a field name and a
/// colon is a field term.
///
/// A field term begins (after an optional `!`) with an identifier `[A-Za-z_][A-Za-z0-9_-]*` and a colon,
/// or with the colon alone (any field), and the colon is not followed by `//`: so `http://x` and
/// `https://x` stay title terms, and `'a:b` or `^a:b` (a marker first) search titles for `a:b`.
///
/// Where items have tags (`tags`: a library's, not lines of stdin), a term that begins (after an optional `!`)
/// with `#` is a tag term: `#work` finds items carrying `work` or a tag nested under it, `!#work/done` those that
/// do not. Over lines, `#` is a character like the others, as in fzf.
struct PatternParser {
    let exact: Bool
    var tags = true

    private enum Parsed {
        case title(SearchTerm)
        case field(FieldTerm)
        case tag(TagTerm)
    }

    func groups(of text: String) throws(SearchPatternError) -> ([[SearchTerm]], [[FieldTerm]], [[TagTerm]]) {
        let read = groups(of: text, lenient: false)
        if let error = read.error { throw error }
        return (read.titles, read.fields, read.tags)
    }

    /// The groups of a pattern; `lenient`: a malformed term (or a `|` out of place) is left out and the first is
    /// returned with what could be read, the way a search box answers a pattern still being typed (`foo |`).
    func groups(of text: String, lenient: Bool)
        -> (titles: [[SearchTerm]], fields: [[FieldTerm]], tags: [[TagTerm]], error: SearchPatternError?) {
        var titleGroups: [[SearchTerm]] = []
        var fieldGroups: [[FieldTerm]] = []
        var tagGroups: [[TagTerm]] = []
        var group: [(token: String, term: Parsed)] = []
        var afterBar = false
        var firstError: SearchPatternError?

        func close() {
            guard !group.isEmpty else { return }
            let titles = group.compactMap { if case .title(let t) = $0.term { t } else { nil } }
            let fields = group.compactMap { if case .field(let f) = $0.term { f } else { nil } }
            let tags = group.compactMap { if case .tag(let t) = $0.term { t } else { nil } }
            if fields.isEmpty, tags.isEmpty {
                titleGroups.append(titles)
            } else if titles.isEmpty, tags.isEmpty {
                fieldGroups.append(fields)
            } else if titles.isEmpty, fields.isEmpty {
                tagGroups.append(tags)
            } else {
                firstError = firstError ?? .mixedGroup(group.map(\.token).joined(separator: " | "))
                if !titles.isEmpty { titleGroups.append(titles) }  // read leniently: the group's title terms
            }
            group.removeAll()
        }

        for token in Self.tokens(of: text) {
            if token == "|" {
                guard !group.isEmpty, !afterBar else {
                    firstError = firstError ?? .loneBar
                    if lenient { continue } else { break }
                }
                afterBar = true
                continue
            }
            let parsed: Parsed
            do {
                parsed = try parse(token)
            } catch {
                firstError = firstError ?? error
                if lenient { continue } else { break }
            }
            if !afterBar { close() }
            group.append((token, parsed))
            afterBar = false
        }
        if afterBar { firstError = firstError ?? .loneBar }
        close()
        return (titleGroups, fieldGroups, tagGroups, firstError)
    }

    /// The terms of a pattern: split at runs of spaces, `\ ` a space inside a term.
    static func tokens(of text: String) -> [String] {
        var tokens: [String] = []
        var current = String.UnicodeScalarView()
        var escaped = false
        for scalar in text.unicodeScalars {
            if escaped {
                escaped = false
                if scalar == " " {
                    current.append(" ")
                    continue
                }
                current.append("\\")
            }
            switch scalar {
            case "\\": escaped = true
            case " ":
                if !current.isEmpty { tokens.append(String(current)) }
                current = String.UnicodeScalarView()
            default: current.append(scalar)
            }
        }
        if escaped { current.append("\\") }
        if !current.isEmpty { tokens.append(String(current)) }
        return tokens
    }

    private func parse(_ token: String) throws(SearchPatternError) -> Parsed {
        let scalars = Substring(token).unicodeScalars
        let inverse = scalars.first == "!"
        let afterBang = inverse ? scalars.dropFirst() : scalars[...]
        if tags, afterBang.first == "#" {
            let path = String(String.UnicodeScalarView(afterBang.dropFirst()))
            guard !path.isEmpty else { throw .empty(token) }
            do {
                return .tag(TagTerm(path: try TagPath.parse(path), isInverse: inverse))
            } catch {
                throw SearchPatternError(term: token, message: "\(token): \(error.message)")
            }
        }
        if let (name, rest) = Self.fieldPrefix(afterBang) {
            let term = try parseTerm(rest, inverse: inverse, token: token)
            return .field(FieldTerm(field: name, term: term))
        }
        return .title(try parseTerm(scalars[...], inverse: false, token: token))
    }

    /// The field name (nil for a bare colon) and the text after the colon, when the term is a field term.
    private static func fieldPrefix(_ scalars: Substring.UnicodeScalarView) -> (String?, Substring.UnicodeScalarView)? {
        var index = scalars.startIndex
        if index < scalars.endIndex, scalars[index] != ":" {
            guard isIdentifierHead(scalars[index]) else { return nil }
            while index < scalars.endIndex, isIdentifierTail(scalars[index]) { index = scalars.index(after: index) }
        }
        guard index < scalars.endIndex, scalars[index] == ":" else { return nil }
        let name = index == scalars.startIndex ? nil : String(String.UnicodeScalarView(scalars[..<index]))
        let rest = scalars[scalars.index(after: index)...]
        if rest.starts(with: "//".unicodeScalars) { return nil }
        return (name, rest)
    }

    private static func isIdentifierHead(_ s: Unicode.Scalar) -> Bool {
        s == "_" || ("a"..."z").contains(s) || ("A"..."Z").contains(s)
    }

    private static func isIdentifierTail(_ s: Unicode.Scalar) -> Bool {
        isIdentifierHead(s) || ("0"..."9").contains(s) || s == "-"
    }

    /// fzf's markers, in fzf's order: `!`, then a trailing `$`, then `'…'`, a leading `'` or a leading `^`.
    private func parseTerm(_ scalars: Substring.UnicodeScalarView, inverse alreadyInverse: Bool, token: String)
        throws(SearchPatternError) -> SearchTerm {
        var text = scalars
        var inverse = alreadyInverse
        if text.first == "!" {
            guard !inverse else { throw .doubleInverse(token) }
            inverse = true
            text.removeFirst()
        }
        var kind: SearchTerm.Kind = exact || inverse ? .exact : .fuzzy
        if text.last == "$", text.count > 1 {
            kind = .suffix
            text.removeLast()
        }
        if text.count > 2, text.first == "'", text.last == "'" {
            kind = .exactBoundary
            text.removeFirst()
            text.removeLast()
        } else if text.first == "'" {
            kind = !exact && !inverse ? .exact : .fuzzy  // `'` flips exactness
            text.removeFirst()
        } else if text.first == "^" {
            kind = kind == .suffix ? .equal : .prefix
            text.removeFirst()
        }
        guard !text.isEmpty else { throw .empty(token) }

        let typed = String.UnicodeScalarView(text)
        var lower = String.UnicodeScalarView()
        for scalar in typed { lower.append(Unicode.Scalar(ScalarTraits.lowered(scalar.value)) ?? scalar) }
        let caseSensitive = !lower.elementsEqual(typed)
        let foldsAccents = !lower.contains { ScalarTraits.mayFold($0.value) }
        return SearchTerm(
            kind: kind, isInverse: inverse, text: String(caseSensitive ? typed : lower),
            isCaseSensitive: caseSensitive, foldsAccents: foldsAccents
        )
    }
}
