import Foundation

/// A browser's bookmark tree written as one JSON document (Chrome's `Bookmarks`, Firefox's backups), walked as
/// it is parsed (`JSONParser+Walk`): each bookmark goes to the reader's sink as its object ends, and no tree of
/// the file is built.
enum BookmarkJSON {
    /// Walks the document in `bytes` with `body`, refusing text that is not UTF-8 where the first bad byte is
    /// (as every import does), and anything after the document's value.
    static func walk(_ bytes: [UInt8], file: String, _ body: (inout JSONParser) throws -> Void) throws {
        let valid = bytes.withUnsafeBufferPointer { UTF8Check.isValid($0) }
        if !valid {
            // Where the first bad byte is, as every import says it.
            var pending = PendingBytes(input: DataInput(data: Data(bytes)), pieceSize: max(bytes.count, 1))
            try pending.readHead()
            try pending.readAll()
            try pending.validate(upTo: pending.bytes.count, file: file, line: 1)
        }
        try bytes.withUnsafeBufferPointer { bytes in
            try JSONParser.parsing(bytes, file: file, firstLine: 1) { parser in
                try body(&parser)
                try parser.finishDocument()
            }
        }
    }

    /// The members of a node a reader asks for, each the first of its key (a string, number, boolean or null as
    /// written; an array or object when the file has one there), and where the node starts.
    struct Node {
        let line: Int
        let column: Int
        private var values: [JSONValue.Member] = []

        init(at position: JSONParser.Position) {
            (line, column) = (position.line, position.column)
        }

        /// Takes the value of `key` when it is the first of its key; skips it otherwise.
        mutating func take(_ key: String, from parser: inout JSONParser, depth: Int) throws {
            let value = try parser.parseValue(depth: depth)
            if !has(key) { values.append(JSONValue.Member(key, value)) }
        }

        /// Whether `key` was met.
        func has(_ key: String) -> Bool { values.contains { $0.key == key } }

        subscript(key: String) -> JSONValue? { values.first { $0.key == key }?.value }

        /// A string member's text; nil when it is missing or null.
        func string(_ key: String, file: String) throws -> String? {
            switch self[key] {
            case nil, .null: return nil
            case let .string(text): return text
            default: throw error("\"\(key)\" is not a string", file: file)
            }
        }

        func error(_ message: String, file: String) -> ImportError {
            ImportError(file: file, line: line, column: column, message: message)
        }
    }

    /// The error for a value that should be an object and is not, at the node that holds it.
    static func notAnObject(_ what: String, near node: Node?, file: String) -> ImportError {
        ImportError(file: file, line: node?.line ?? 1, column: node?.column ?? 1, message: "\(what) is not a JSON object")
    }
}
