import Foundation

/// The line each key of a TOML document is defined on, so an error can name `FILE:LINE`: TOMLKit reports a
/// position for syntax errors only, and its tables keep no order or position.
///
/// Only ever run on a document toml++ has accepted, so it reads valid TOML and need not report errors: it
/// follows table headers (`[keys]`), dotted keys (`keys.quit = …`), inline tables and arrays, and skips strings
/// (multi-line ones too) and comments, so that text inside them is never taken for a key.
struct TOMLKeyLines {
    private let lines: [[String]: Int]

    init(_ text: String) {
        var scanner = Scanner(Array(text.unicodeScalars))
        scanner.document()
        lines = scanner.lines
    }

    /// The line `path` is defined on; for a path the scan did not find, the line of its longest prefix it did.
    func line(of path: [String]) -> Int? {
        var path = path
        while !path.isEmpty {
            if let line = lines[path] { return line }
            path.removeLast()
        }
        return nil
    }
}

/// A recursive-descent walk over the document's scalars that records where each key path first appears.
private struct Scanner {
    let text: [Unicode.Scalar]
    var index = 0
    var line = 1
    var lines: [[String]: Int] = [:]

    init(_ text: [Unicode.Scalar]) { self.text = text }

    var current: Unicode.Scalar? { index < text.count ? text[index] : nil }

    func peek(_ offset: Int) -> Unicode.Scalar? { index + offset < text.count ? text[index + offset] : nil }

    mutating func advance() {
        if text[index] == "\n" { line += 1 }
        index += 1
    }

    mutating func record(_ path: [String], at line: Int) {
        for length in 1...max(1, path.count) where lines[Array(path.prefix(length))] == nil {
            lines[Array(path.prefix(length))] = line
        }
    }

    /// Table headers and key/value pairs, to the end.
    mutating func document() {
        var table: [String] = []
        // How many tables of each array of tables (`[[sources]]`) so far: each one's keys are recorded under its
        // number too, from 1 (`sources.2.path`), besides the first place the key appears in any (`sources.path`).
        var arrays: [[String]: Int] = [:]
        var numbered: [String]?
        while true {
            skipBlank(newlines: true)
            guard let scalar = current else { return }
            if scalar == "[" {
                let start = line
                let isArray = peek(1) == "["
                while current == "[" { advance() }
                table = keyPath()
                record(table, at: start)
                numbered = nil
                if isArray {
                    arrays[table, default: 0] += 1
                    numbered = table + [String(arrays[table] ?? 1)]
                    record(numbered ?? table, at: start)
                }
                while current == "]" { advance() }
            } else {
                let before = index
                keyValue(in: table, numbered: numbered)
                if index == before { advance() }  // not TOML after all: never loop on it
            }
        }
    }

    /// `key = value`, the key taken under `prefix`.
    mutating func keyValue(in prefix: [String], numbered: [String]? = nil) {
        let start = line
        let key = keyPath()
        let path = prefix + key
        record(path, at: start)
        if let numbered { record(numbered + key, at: start) }
        skipBlank(newlines: false)
        guard current == "=" else { return }
        advance()
        skipBlank(newlines: false)
        value(at: path)
    }

    mutating func value(at path: [String]) {
        switch current {
        case "\"", "'": skipString()
        case "[": sequence(until: "]") { $0.value(at: path) }
        case "{": sequence(until: "}") { $0.keyValue(in: path) }
        default:
            // A number, a boolean or a date: up to whatever may follow a value.
            while let scalar = current, !" \t\r\n,]}#".unicodeScalars.contains(scalar) { advance() }
        }
    }

    /// An array's values or an inline table's pairs, separated by commas, up to `close`.
    mutating func sequence(until close: Unicode.Scalar, _ element: (inout Scanner) -> Void) {
        advance()
        while true {
            skipBlank(newlines: true)
            guard let scalar = current, scalar != close else { break }
            let before = index
            element(&self)
            skipBlank(newlines: true)
            if current == "," { advance() } else if index == before { advance() }
        }
        if current == close { advance() }
    }

    /// A dotted key: bare or quoted parts separated by dots, with blanks around the dots.
    mutating func keyPath() -> [String] {
        var parts: [String] = []
        while true {
            skipBlank(newlines: false)
            switch current {
            case "\"", "'": parts.append(skipString())
            default:
                var bare = ""
                while let scalar = current, Self.isBareKey(scalar) {
                    bare.unicodeScalars.append(scalar)
                    advance()
                }
                parts.append(bare)
            }
            skipBlank(newlines: false)
            guard current == "." else { return parts }
            advance()
        }
    }

    static func isBareKey(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "_" || scalar == "-")
    }

    /// Skips a string of any of the four kinds and returns its text, escapes decoded in basic strings
    /// (a key may be written `"favo\u0072ite"`).
    @discardableResult
    mutating func skipString() -> String {
        guard let quote = current else { return "" }
        let multiline = peek(1) == quote && peek(2) == quote
        for _ in 0..<(multiline ? 3 : 1) { advance() }
        var result = ""
        while let scalar = current {
            if scalar == quote {
                if !multiline {
                    advance()
                    return result
                }
                if peek(1) == quote, peek(2) == quote {
                    // Up to two quotes may end the content right before the closing three.
                    var run = 0
                    while current == quote { advance(); run += 1 }
                    for _ in 0..<max(0, run - 3) { result.unicodeScalars.append(quote) }
                    return result
                }
            }
            if scalar == "\\", quote == "\"" {
                advance()
                result.unicodeScalars.append(contentsOf: escape())
                continue
            }
            if scalar == "\n", !multiline { return result }
            result.unicodeScalars.append(scalar)
            advance()
        }
        return result
    }

    /// The scalar a basic string's escape stands for (after the backslash); a line-ending backslash in a
    /// multi-line string stands for nothing.
    mutating func escape() -> [Unicode.Scalar] {
        guard let scalar = current else { return [] }
        advance()
        switch scalar {
        case "b": return ["\u{8}"]
        case "t": return ["\t"]
        case "n": return ["\n"]
        case "f": return ["\u{C}"]
        case "r": return ["\r"]
        case "e": return ["\u{1B}"]
        case "u", "U":
            var hex = ""
            for _ in 0..<(scalar == "u" ? 4 : 8) {
                guard let digit = current, digit.properties.isASCIIHexDigit else { break }
                hex.unicodeScalars.append(digit)
                advance()
            }
            return UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init).map { [$0] } ?? []
        case " ", "\t", "\r", "\n":
            // A line-ending backslash: the line end and the blanks after it are not part of the string
            // (and a `#` there is text, not a comment).
            while let next = current, next == " " || next == "\t" || next == "\r" || next == "\n" { advance() }
            return []
        default: return [scalar]
        }
    }

    /// Skips spaces and tabs, and comments; with `newlines`, line ends too (and so blank lines).
    mutating func skipBlank(newlines: Bool) {
        while let scalar = current {
            if scalar == " " || scalar == "\t" || (newlines && (scalar == "\n" || scalar == "\r")) {
                advance()
            } else if scalar == "#" {
                while let next = current, next != "\n" { advance() }
            } else {
                return
            }
        }
    }
}
