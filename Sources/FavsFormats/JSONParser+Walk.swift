/// A walk over one JSON document as it is parsed, for a reader that wants a few members of a large tree (a
/// browser's bookmarks) and no tree: the reader is handed each member's key or each element in turn and reads
/// its value itself, with `parseValue`, `skipValue` or another walk. Nothing is kept but what the reader keeps, so
/// a 37 MB Chrome file costs its bytes and the reader's records, not a parsed tree several times its size.
///
/// Syntax errors are the parser's own, at the same places; a reader that stops at an error of its own (a
/// bookmark without its URL) stops before the rest of the file is parsed.
extension JSONParser {
    /// Where the next value starts, whitespace skipped.
    mutating func nextPosition() -> Position {
        skipWhitespace()
        return position(of: location)
    }

    /// Whether the next value (whitespace skipped) opens with `byte` (`{` an object, `[` an array).
    mutating func nextIs(_ byte: UInt8) -> Bool {
        skipWhitespace()
        return current == byte
    }

    /// Parses the next value and drops it (a member the reader does not read).
    mutating func skipValue(depth: Int) throws {
        skipWhitespace()
        _ = try parseValue(depth: depth)
    }

    /// Walks the object that opens at the current place (check with `nextIs`): `member` is called with each key,
    /// the parser just before its value, which `member` must read.
    mutating func walkObject(depth: Int, _ member: (inout JSONParser, String) throws -> Void) throws {
        skipWhitespace()
        guard depth < Self.maxDepth else { throw error("nested deeper than \(Self.maxDepth) levels", at: location) }
        offset += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") { offset += 1; return }
        var first = true
        while true {
            guard current == UInt8(ascii: "\"") else {
                throw error(first ? "expected a string key or '}'" : "expected a string key", at: location)
            }
            first = false
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after object key", at: location) }
            offset += 1
            skipWhitespace()
            if current == nil { throw error("expected a value, found end of file", at: location) }
            try member(&self, key)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): offset += 1; skipWhitespace()
            case UInt8(ascii: "}"): offset += 1; return
            default: throw error("expected ',' or '}' after object member", at: location)
            }
        }
    }

    /// Walks the array that opens at the current place (check with `nextIs`): `element` is called for each
    /// element, the parser at its start, and must read it.
    mutating func walkArray(depth: Int, _ element: (inout JSONParser) throws -> Void) throws {
        skipWhitespace()
        guard depth < Self.maxDepth else { throw error("nested deeper than \(Self.maxDepth) levels", at: location) }
        offset += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") { offset += 1; return }
        while true {
            if current == nil { throw error("expected a value, found end of file", at: location) }
            try element(&self)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): offset += 1; skipWhitespace()
            case UInt8(ascii: "]"): offset += 1; return
            default: throw error("expected ',' or ']' after array element", at: location)
            }
        }
    }

    /// After the document's one value: nothing but whitespace may follow.
    mutating func finishDocument() throws {
        skipWhitespace()
        if current != nil { throw error("unexpected content after the value", at: location) }
    }

    /// Goes back to `location`, a place this parser passed (a reader reading a member again, in a file that
    /// wrote it before the member that says how to read it).
    mutating func rewind(to location: Location) {
        offset = location.offset
        (line, lineStart) = (location.line, location.lineStart)
    }
}
