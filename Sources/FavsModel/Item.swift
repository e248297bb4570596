import Foundation

/// The stable identity of an item. Panes, undo history and the library refer to items by id, never by row.
public struct ItemID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    /// What a user reads: `readable`, so a message never shows the encoded id of a line that is not UTF-8.
    public var description: String { readable }
    public static func < (a: ItemID, b: ItemID) -> Bool { a.rawValue < b.rawValue }
}

/// One named field of an item, shown in the detail pane in the order it was imported.
///
/// `value` is always the text as written, so anything that shows or searches a field reads it alone; `kind`
/// says which JSON value it came from, so a JSON export writes `1891`, `true` or `null` back as they were.
public struct Field: Hashable, Sendable {
    /// Which JSON value a field holds. CSV and TSV cells are always strings.
    public enum Kind: UInt8, Hashable, Sendable {
        case string
        /// A number; `value` is its text exactly as written (`1.50`, `-0`, `1e3`).
        case number
        /// `true` or `false`; `value` is that word.
        case bool
        /// `null`; `value` is empty.
        case null
    }

    public var name: String
    /// The text as written: a string's characters, a number's digits, `true`/`false`, or "" for null.
    public var value: String
    public var kind: Kind

    /// A string field.
    public init(_ name: String, _ value: String) { self.init(name, value, kind: .string) }

    /// A field of any kind; a null one's value is always empty, whatever is passed.
    public init(_ name: String, _ value: String, kind: Kind) {
        self.name = name
        self.value = kind == .null ? "" : value
        self.kind = kind
    }
}

/// An item of the collection: what the list shows a row for and the detail pane describes.
public struct Item: Identifiable, Hashable, Sendable {
    public let id: ItemID
    public var title: String
    public var fields: [Field]
    public var favorite: Bool
    /// Sort key of the list order. Unique and stable: a restored item returns to the same place.
    public var position: Int
    /// When the item was favorited, in milliseconds since 1970 (the "recently favorited" order); nil for an
    /// item that is not a favorite, or one favorited where no time was kept (an import, an older library).
    public var favoritedAt: Int64?
    /// The tags the item carries (their paths, `reading/2026`, without the `#` of their set's name), in the order
    /// the library lists them (A–Z without case). What a file's `tags` holds; the collection itself keeps tags as
    /// sets (`SetID.tag`), so this is filled where an item is read out of one or into one.
    public var tags: [String]

    public init(id: ItemID, title: String, fields: [Field] = [], favorite: Bool = false, position: Int,
                favoritedAt: Int64? = nil, tags: [String] = []) {
        self.id = id
        self.title = title
        self.fields = fields
        self.favorite = favorite
        self.position = position
        self.favoritedAt = favorite ? favoritedAt : nil
        self.tags = tags
    }
}
