import FavsModel
import Foundation

/// A small, strict RFC 8259 JSON parser for import files.
///
/// Why not JSONSerialization: it returns objects as dictionaries, so the order of an item's fields
/// (which the detail pane shows as imported) is lost, and its errors carry no line and column.
/// This parser keeps members in order, keeps numbers as written, and every error names the
/// line and column (1-based, counted in Unicode characters) of the character that is wrong.
/// It works on the UTF-8 bytes; a column is computed only when an error or a record needs it.
///
/// Over 300 lines, and one concept: a recursive-descent parser is its grammar (value, object, array,
/// string with escapes and surrogate pairs, number), and each rule needs its precise error; split across
/// files, the rules would only reach into one another's state.
struct JSONParser {
    /// A place in the text: the column is derived from the byte offsets only when asked for.
    struct Location {
        var line: Int
        var lineStart: Int
        var offset: Int
    }

    /// Where a value starts, as handed to the caller of a document parse.
    struct Position {
        var line: Int
        var column: Int
    }

    /// Deeper nesting is refused rather than risking the stack on hostile input.
    static let maxDepth = 512

    let file: String
    /// The text's UTF-8 bytes, lent by `parsing` for the parser's lifetime: reading them through a pointer
    /// spares a bounds check and a reference count per byte.
    private let bytes: UnsafeBufferPointer<UInt8>
    // Read and set by the walk over a document (JSONParser+Walk.swift) too, hence not private.
    var offset = 0
    /// The line being read (1-based, from the `firstLine` the parse started on).
    var line: Int
    var lineStart = 0
    /// Where the text ends for the value being parsed: the end of the file, or in JSON Lines the end of the
    /// record's line, so that a record cut short stops at its own line instead of reading the next ones.
    private var limit: Int
    /// Where each object starts, in the order they open (a tree's preorder), when `keepsObjectStarts` is set:
    /// how a reader of one whole document (a browser's bookmark tree) points a message at a node.
    var keepsObjectStarts = false
    /// When set, an object member with another key and a string, number, boolean or null value is parsed and left
    /// out (a browser's tree holds ids, guids and dates no reader asks for: at 100k bookmarks, most of the tree).
    /// Arrays and objects are always kept, so that the objects' preorder still matches `objectStarts`.
    var keptKeys: Set<String>?
    private(set) var objectStarts: [Position] = []

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String, firstLine: Int) {
        self.file = file
        self.bytes = bytes
        line = firstLine
        limit = bytes.count
    }

    /// Runs `body` with a parser over the text's own UTF-8 bytes (no copy); the parser must not escape it.
    static func parsing<Result>(_ text: Substring, file: String,
                                _ body: (inout JSONParser) throws -> Result) rethrows -> Result {
        var text = text
        return try text.withUTF8 { buffer in
            var parser = JSONParser(bytes: buffer, file: file, firstLine: 1)
            return try body(&parser)
        }
    }

    /// Runs `body` with a parser over `bytes` whose first byte starts line `firstLine` (a piece of a file read
    /// piece by piece); the parser must not escape it.
    static func parsing<Result>(_ bytes: UnsafeBufferPointer<UInt8>, file: String, firstLine: Int,
                                _ body: (inout JSONParser) throws -> Result) rethrows -> Result {
        var parser = JSONParser(bytes: bytes, file: file, firstLine: firstLine)
        return try body(&parser)
    }

    /// How many line feeds the text holds: about how many records a JSON Lines file has.
    var lineCount: Int { bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }

    var location: Location { Location(line: line, lineStart: lineStart, offset: offset) }

    /// The last column computed, so that many records on one long line cost linear time, not quadratic.
    private var columnCache = (offset: 0, column: 1)

    /// The 1-based column of a location: Unicode scalars since the start of its line, plus one.
    mutating func column(of location: Location) -> Int {
        var (from, column) = columnCache
        if from < location.lineStart || from > location.offset { (from, column) = (location.lineStart, 1) }
        for index in from..<location.offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        columnCache = (location.offset, column)
        return column
    }

    mutating func position(of location: Location) -> Position {
        Position(line: location.line, column: column(of: location))
    }

    mutating func error(_ message: String, at location: Location) -> ImportError {
        ImportError(file: file, line: location.line, column: column(of: location), message: message)
    }

    var current: UInt8? { offset < limit ? bytes[offset] : nil }

    // MARK: Documents

    /// The first character that is not whitespace, if any (it decides array or JSON Lines).
    mutating func firstSignificantByte() -> UInt8? {
        skipWhitespace()
        return current
    }

    /// Parses a document that is one array, handing each element and where it starts to `element`.
    mutating func parseArrayDocument(_ element: (JSONValue, Position) throws -> Void) throws {
        skipWhitespace()
        guard current == UInt8(ascii: "[") else { throw error("expected '['", at: location) }
        try parseArray(depth: 0, positions: true, element)
        skipWhitespace()
        if current != nil { throw error("unexpected content after the array", at: location) }
    }

    /// Parses a document holding exactly one value.
    mutating func parseSingleDocument() throws -> JSONValue {
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if current != nil { throw error("unexpected content after the value", at: location) }
        return value
    }

    /// Parses JSON Lines: one value per line; blank lines are skipped.
    ///
    /// A record never spans lines: each is parsed up to its line's end (a CR before the LF is not part of it),
    /// so one cut short is reported where its line ends, `line ends inside an object` (an array, a string),
    /// rather than where the parser would have run out of file after swallowing the records below it.
    mutating func parseLinesDocument(_ element: (JSONValue, Position) throws -> Void) throws {
        while true {
            limit = bytes.count
            skipWhitespace()
            guard current != nil else { return }
            let recordStart = offset
            var lineEnd = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
            if lineEnd > offset, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            limit = lineEnd
            let start = position(of: location)
            let value: JSONValue
            do {
                value = try parseValue(depth: 0)
            } catch let error as ImportError {
                // Stopped at the line's end: say what the line left open, at the place it ends.
                guard offset >= limit, let open = innermostOpen(from: recordStart) else { throw error }
                throw self.error("line ends inside \(open)", at: location)
            }
            try element(value, start)
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0D { offset += 1 }
            guard current == nil else { throw error("expected a line break after the object", at: location) }
        }
    }

    /// What is still open at the current offset in a value that starts at `start` on the same line: "a string",
    /// "an object" or "an array" (the innermost), or nil when nothing is. Only an error pays for this scan.
    private func innermostOpen(from start: Int) -> String? {
        var containers: [UInt8] = []
        var inString = false
        var index = start
        while index < offset {
            let byte = bytes[index]
            index += 1
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): containers.append(byte)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = containers.popLast()
            default: break
            }
        }
        if inString { return "a string" }
        return containers.last.map { $0 == UInt8(ascii: "{") ? "an object" : "an array" }
    }

    // MARK: Values

    mutating func parseValue(depth: Int) throws -> JSONValue {
        guard let byte = current else { throw error("expected a value, found end of file", at: location) }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            try parseArray(depth: depth, positions: false) { value, _ in elements.append(value) }
            return .array(elements)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "t") where matches("true"): offset += 4; return .bool(true)
        case UInt8(ascii: "f") where matches("false"): offset += 5; return .bool(false)
        case UInt8(ascii: "n") where matches("null"): offset += 4; return .null
        default: throw error("expected a value, found \(describeCurrent())", at: location)
        }
    }

    private mutating func parseObject(depth: Int) throws -> JSONValue {
        guard depth < Self.maxDepth else { throw error("nested deeper than \(Self.maxDepth) levels", at: location) }
        if keepsObjectStarts {
            let start = position(of: location)
            objectStarts.append(start)
        }
        offset += 1
        skipWhitespace()
        var members: [JSONValue.Member] = []
        if current == UInt8(ascii: "}") { offset += 1; return .object(members) }
        // Room for an import record's usual members at once, rather than growing 1, 2, 4, 8 (a browser's tree,
        // whose few kept members would leave most of the room empty, grows).
        if keptKeys == nil { members.reserveCapacity(8) }
        while true {
            guard current == UInt8(ascii: "\"") else {
                throw error(members.isEmpty ? "expected a string key or '}'" : "expected a string key", at: location)
            }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after object key", at: location) }
            offset += 1
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            if let keptKeys, !keptKeys.contains(key), value.isScalar {
                // Left out: see keptKeys.
            } else {
                members.append(JSONValue.Member(key, value))
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): offset += 1; skipWhitespace()
            case UInt8(ascii: "}"): offset += 1; return .object(members)
            default: throw error("expected ',' or '}' after object member", at: location)
            }
        }
    }

    /// Parses an array, handing each element to `element`, with where it starts when `positions` is set.
    /// Positions are computed before each element is parsed, so columns are always counted forward.
    private mutating func parseArray(depth: Int, positions: Bool,
                                     _ element: (JSONValue, Position) throws -> Void) throws {
        guard depth < Self.maxDepth else { throw error("nested deeper than \(Self.maxDepth) levels", at: location) }
        offset += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") { offset += 1; return }
        while true {
            let start = positions ? position(of: location) : Position(line: line, column: 0)
            try element(try parseValue(depth: depth + 1), start)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): offset += 1; skipWhitespace()
            case UInt8(ascii: "]"): offset += 1; return
            default: throw error("expected ',' or ']' after array element", at: location)
            }
        }
    }

    private mutating func parseNumber() throws -> JSONValue {
        let start = offset
        if current == UInt8(ascii: "-") { offset += 1 }
        if current == UInt8(ascii: "0") {
            offset += 1
            if isDigit(current) { throw error("invalid number: leading zeros are not allowed", at: location) }
        } else {
            try digits(after: "'-'")
        }
        if current == UInt8(ascii: ".") {
            offset += 1
            try digits(after: "'.'")
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            try digits(after: "the exponent")
        }
        return .number(String(decoding: bytes[start..<offset], as: UTF8.self))
    }

    private mutating func digits(after what: String) throws {
        guard isDigit(current) else { throw error("invalid number: expected a digit after \(what)", at: location) }
        while isDigit(current) { offset += 1 }
    }

    private func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func matches(_ word: String) -> Bool {
        let count = word.utf8.count
        return offset + count <= limit && bytes[offset..<offset + count].elementsEqual(word.utf8)
    }

    // MARK: Strings

    /// Parses a string literal; the raw text between escapes is copied in runs, not byte by byte.
    mutating func parseString() throws -> String {
        let start = location
        offset += 1
        var result = ""
        var runStart = offset
        while true {
            // Ordinary bytes in one tight loop; the switch below sees only the byte that ends the run.
            while offset < limit {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                offset += 1
            }
            guard let byte = current, byte != 0x0A else { throw error("unterminated string", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                let run = String(decoding: bytes[runStart..<offset], as: UTF8.self)
                offset += 1
                // Most strings have no escape: the run is the whole string.
                if result.isEmpty { return run }
                result += run
                return result
            case UInt8(ascii: "\\"):
                result += String(decoding: bytes[runStart..<offset], as: UTF8.self)
                result.unicodeScalars.append(try parseEscape(stringStart: start))
                runStart = offset
            case 0x00..<0x20:
                // RFC 8259 forbids only C0 raw in a string; DEL and C1 are valid JSON, so they are read as text.
                let code = String(byte, radix: 16, uppercase: true)
                throw error("control character U+00\(code.count == 1 ? "0" : "")\(code) in a string must be escaped",
                            at: location)
            default:
                offset += 1
            }
        }
    }

    /// Parses one escape sequence starting at the backslash, including `\uXXXX\uXXXX` surrogate pairs.
    private mutating func parseEscape(stringStart: Location) throws -> Unicode.Scalar {
        let backslash = location
        offset += 1
        guard let byte = current, byte != 0x0A else { throw error("unterminated string", at: stringStart) }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): break
        default:
            offset -= 1
            throw error("invalid escape '\\\(describeCurrent(quoted: false))'", at: backslash)
        }
        let first = try hexQuad(backslash)
        if (0xDC00...0xDFFF).contains(first) { throw unpaired(first, at: backslash) }
        if (0xD800...0xDBFF).contains(first) {
            guard matches("\\u") else { throw unpaired(first, at: backslash) }
            let lowStart = location
            offset += 2
            let second = try hexQuad(lowStart)
            guard (0xDC00...0xDFFF).contains(second) else { throw unpaired(first, at: backslash) }
            let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
        return Unicode.Scalar(first) ?? "\u{FFFD}"
    }

    private mutating func hexQuad(_ escapeStart: Location) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else {
                throw error("invalid escape: expected 4 hex digits after '\\u'", at: escapeStart)
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    private mutating func unpaired(_ unit: UInt32, at location: Location) -> ImportError {
        error("unpaired surrogate '\\u\(String(unit, radix: 16, uppercase: true))'", at: location)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    // MARK: Whitespace and descriptions

    mutating func skipWhitespace() {
        while let byte = current {
            switch byte {
            case 0x20, 0x09, 0x0D: offset += 1
            case 0x0A:
                offset += 1
                line += 1
                lineStart = offset
            default: return
            }
        }
    }

    /// The character at the current offset, quoted, or `U+XXXX` when it is not printable.
    private func describeCurrent(quoted: Bool = true) -> String {
        let scalar = String(decoding: bytes[offset...].prefix(4), as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
        if scalar.isControlCharacter || scalar.properties.isWhitespace {
            return "U+" + String(repeating: "0", count: max(0, 4 - String(scalar.value, radix: 16).count))
                + String(scalar.value, radix: 16, uppercase: true)
        }
        return quoted ? "'\(scalar)'" : "\(scalar)"
    }
}
