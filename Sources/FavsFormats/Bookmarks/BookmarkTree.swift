import Foundation

/// A browser's bookmark tree read as one JSON document (Chrome's `Bookmarks`, Firefox's backups), each object's place
/// in the file kept so that a message points at the node that is wrong.
///
/// The parser notes where each object opens, in preorder; a reader walks the tree in the same order, through
/// `node` and `skip`, and so knows every node's line and column without the tree carrying them.
struct BookmarkTree {
    let file: String
    let root: JSONValue
    private let starts: [JSONParser.Position]
    /// The preorder number of the next object the walk reaches.
    private var next = 0

    /// Parses `data`, refusing text that is not UTF-8 where the first bad byte is (as every import does).
    init(_ data: Data, file: String, keeping keys: Set<String>? = nil) throws {
        try self.init([UInt8](data), file: file, keeping: keys)
    }

    /// Parses `bytes` where they are: a browser's file is read whole, and at 100k bookmarks each copy of it is
    /// tens of megabytes.
    /// `keys`: the only members with a string, number, boolean or null value that the tree keeps (all when nil).
    init(_ bytes: [UInt8], file: String, keeping keys: Set<String>? = nil) throws {  // an initialiser owns its arguments: given with consume, freed here
        let valid = bytes.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) != nil }
        if !valid {
            // Where the first bad byte is, as every import says it.
            var pending = PendingBytes(input: DataInput(data: Data(bytes)), pieceSize: max(bytes.count, 1))
            try pending.readHead()
            try pending.readAll()
            try pending.validate(upTo: pending.bytes.count, file: file, line: 1)
        }
        let (root, starts) = try bytes.withUnsafeBufferPointer { bytes in
            try JSONParser.parsing(bytes, file: file, firstLine: 1) { parser in
                parser.keepsObjectStarts = true
                parser.keptKeys = keys
                return (try parser.parseSingleDocument(), parser.objectStarts)
            }
        }
        (self.file, self.root, self.starts) = (file, root, starts)
    }

    /// One object of the tree met in the walk: its members, and where it starts.
    struct Node {
        let members: [JSONValue.Member]
        let line: Int
        let column: Int

        /// The first member named `key`.
        subscript(key: String) -> JSONValue? { members.first { $0.key == key }?.value }

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

    /// The node `value` is, when the walk has reached it: an object, else an error naming `what` it should be.
    mutating func node(_ value: JSONValue, what: String, near parent: Node?) throws -> Node {
        guard case let .object(members) = value, next < starts.count else {
            let at = parent ?? Node(members: [], line: 1, column: 1)
            throw at.error("\(what) is not a JSON object", file: file)
        }
        defer { next += 1 }
        return Node(members: members, line: starts[next].line, column: starts[next].column)
    }

    /// Steps over `value`, which the reader does not read (`meta_info`, an unknown root), counting its objects.
    mutating func skip(_ value: JSONValue) {
        switch value {
        case let .object(members):
            next += 1
            for member in members { skip(member.value) }
        case let .array(elements):
            for element in elements { skip(element) }
        default:
            break
        }
    }

    /// Walks `node`'s members in file order: `children`'s elements go to `child`, every other member is skipped.
    mutating func children(of node: Node, _ child: (inout BookmarkTree, JSONValue) throws -> Void) throws {
        for member in node.members {
            guard member.key == "children" else { skip(member.value); continue }
            guard case let .array(elements) = member.value else {
                throw node.error("\"children\" is not an array", file: file)
            }
            for element in elements { try child(&self, element) }
        }
    }
}
