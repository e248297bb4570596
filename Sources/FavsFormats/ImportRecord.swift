import FavsModel
import Foundation

/// One item read from an import file, before it reaches the library.
public struct ImportRecord: Sendable, Equatable {
    public var id: ItemID
    public var title: String
    /// Every other member of the object, or non-empty cell of the row, in the order the file gives them.
    public var fields: [Field]
    /// A boolean `favorite` member or a `favorite` cell: only a newly added item takes it; an import never changes
    /// an existing favorite.
    public var favorite: Bool
    /// The item's tags (paths, without `#`), each checked by `TagPath.parse` and given once, from a `tags` array or
    /// a `tags` cell joined by `;`. Nil when the record has no `tags` at all: the import then leaves an existing
    /// item's tags as they are, where `[]` takes them all away (unless `tagsAreAdded`).
    public var tags: [String]?
    /// Whether `tags` are added to an existing item's tags rather than made its tags: a browser's bookmarks are
    /// imported again and again, and must never take away a tag given in favs.
    public var tagsAreAdded: Bool
    /// The item's picks (`favs pick`'s memory of it), from a `picks` array (`PicksJSON`), oldest first: added to
    /// those the library holds, none twice. Nil when the record has none.
    public var picks: [Pick]?
    /// Where the record starts (1-based), for messages that point back into the file: a JSON object's first
    /// character, or a CSV or TSV row's first line (column 1).
    public var line: Int
    public var column: Int

    public init(id: ItemID, title: String, fields: [Field] = [], favorite: Bool = false, tags: [String]? = nil,
                tagsAreAdded: Bool = false, picks: [Pick]? = nil, line: Int, column: Int = 1) {
        self.id = id
        self.title = title
        self.fields = fields
        self.favorite = favorite
        self.tags = tags
        self.tagsAreAdded = tagsAreAdded
        self.picks = picks
        self.line = line
        self.column = column
    }
}

/// A problem in an import file, pointing at the line and column (1-based, in Unicode characters) to fix.
public struct ImportError: Error, CustomStringConvertible, Equatable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COLUMN: message`, the form compilers use, so editors can jump to it.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// Whether an id is missing in all but name: empty, or only whitespace.
enum Blank {
    /// The same answer as `text.allSatisfy(\.isWhitespace)`, from the bytes when they are plain ASCII
    /// (grapheme breaking a million ids showed in import profiles).
    static func isBlank(_ text: String) -> Bool {
        for byte in text.utf8 {
            switch byte {
            case 0x09...0x0D, 0x20: continue
            // A printable ASCII character after ASCII whitespace starts a character of its own.
            case 0x21..<0x7F: return false
            default: return text.allSatisfy(\.isWhitespace)
            }
        }
        return true
    }

    /// Whether the text holds a NUL, from its contiguous UTF-8 (`utf8.contains` walked it index by index,
    /// which showed in import profiles).
    static func containsNUL(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.contains(0) }
    }
}
