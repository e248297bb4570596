import FavsModel
import Foundation

/// One bookmark as a browser keeps it, whatever file it came from (a Netscape bookmark file, Chrome's `Bookmarks`,
/// Firefox's `places.sqlite` or its backups): what each format's reader gives, and what `BookmarkItems` makes items of.
public struct Bookmark: Sendable, Equatable {
    /// What a row of a bookmark tree is.
    public enum Kind: Sendable, Equatable {
        /// A link to a page.
        case link
        /// A separator line (`<HR>`, Firefox's type 3): skipped and counted.
        case separator
    }

    public var kind: Kind
    /// The address as written (`https://…`; `place:`, `javascript:` and `data:` ones are skipped and counted).
    public var url: String
    /// The bookmark's title; an empty one shows the URL instead.
    public var title: String
    /// The names of the folders it is in, outermost first (`["Bookmarks Toolbar", "dev", "swift"]`), as the browser
    /// shows them (Firefox's `toolbar` root as "Bookmarks Toolbar").
    public var folders: [String]
    /// The browser's own tags for it (Firefox's tags, a Netscape file's `TAGS`).
    public var tags: [String]
    /// When it was added, in milliseconds since 1970 (UTC); nil when the file does not say.
    public var added: Int64?
    /// Its keyword (Firefox's `moz_keywords`, a Netscape file's `SHORTCUTURL`).
    public var keyword: String?
    /// Its description (a Netscape file's `<DD>`).
    public var description: String?
    /// Whether it stars its item: it is in the favorites' folder `favs export --format html` writes.
    public var favorite = false
    /// Where it is in the file, for messages: a line and column, or 1:1 for a file read as a database.
    public var line: Int
    public var column: Int

    public init(kind: Kind = .link, url: String, title: String, folders: [String] = [], tags: [String] = [],
                added: Int64? = nil, keyword: String? = nil, description: String? = nil, line: Int = 1, column: Int = 1) {
        self.kind = kind
        self.url = url
        self.title = title
        self.folders = folders
        self.tags = tags
        self.added = added
        self.keyword = keyword
        self.description = description
        self.line = line
        self.column = column
    }
}

/// What an import of bookmarks did beside adding items, for its summary line.
public struct BookmarkCounts: Sendable, Equatable {
    /// Bookmarks of a URL already read (in another folder): merged into that item, which carries each folder's tag.
    public var merged = 0
    /// Separators skipped.
    public var separators = 0
    /// `place:` queries, `javascript:` bookmarklets and `data:` URLs skipped.
    public var queries = 0
    public var scripts = 0
    public var data = 0

    public init() {}

    /// Adds another file's counts, for the summary of an import of several.
    public static func += (counts: inout BookmarkCounts, other: BookmarkCounts) {
        counts.merged += other.merged
        counts.separators += other.separators
        counts.queries += other.queries
        counts.scripts += other.scripts
        counts.data += other.data
    }

    /// The counts as the summary says them (`3 merged, 2 separators and 1 place: query skipped`); nil when all are 0.
    public var summary: String? {
        var skipped: [String] = []
        func add(_ count: Int, _ one: String, _ many: String) { if count > 0 { skipped.append("\(count) \(count == 1 ? one : many)") } }
        add(separators, "separator", "separators")
        add(queries, "place: query", "place: queries")
        add(scripts, "javascript: bookmarklet", "javascript: bookmarklets")
        add(data, "data: URL", "data: URLs")
        let parts = (merged > 0 ? ["\(merged) merged (a URL in several folders)"] : [])
            + (skipped.isEmpty ? [] : [skipped.joined(separator: ", ") + " skipped"])
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}

/// Bookmarks made items, the one mapping for every browser format:
/// - the id is the URL; the title is the bookmark's, or the URL when that is empty;
/// - the fields are `url`, `added` (ISO 8601, UTC, to the second), then `keyword` and `description` when present;
/// - the tags are the folder path as one nested tag (`Bookmarks Toolbar/dev/swift`, each folder name made a tag's
///   name: a `/`, `;`, space or control character in it becomes `-`), and the bookmark's own tags; they are added
///   to an item's tags, never put in their place (`ImportRecord.tagsAreAdded`), so a tag given in favs stays;
/// - a bookmark in the favorites' folder of a file favs wrote stars the item it adds;
/// - a URL bookmarked in several folders is one item (the first one's title and fields) carrying every folder's tag;
/// - separators, `place:`, `javascript:` and `data:` entries are skipped and counted.
public enum BookmarkItems {
    /// The items of `bookmarks`, in the order each URL first comes, and what was merged or skipped.
    public static func records(_ bookmarks: [Bookmark]) -> (records: [ImportRecord], counts: BookmarkCounts) {
        var merge = BookmarkMerge()
        for bookmark in bookmarks { merge.add(bookmark, in: merge.folders.folder(path: bookmark.folders)) }
        var records: [ImportRecord] = []
        records.reserveCapacity(merge.count)
        merge.records { records.append($0) }
        return (records, merge.counts)
    }

    /// The entries that are not links to pages: skipped and counted.
    enum Skipped {
        case query
        case script
        case data
    }

    /// Whether a bookmark's URL is a `place:` query, a `javascript:` bookmarklet or a `data:` URL (in any case).
    static func skipped(_ url: String) -> Skipped? {
        var scheme: [UInt8] = []
        for byte in url.utf8.prefix(11) {
            if byte == UInt8(ascii: ":") { break }
            scheme.append(NetscapeBookmarks.lowered(byte))
        }
        switch String(decoding: scheme, as: UTF8.self) {
        case "place": return .query
        case "javascript": return .script
        case "data": return .data
        default: return nil
        }
    }

    /// A bookmark's tags: its folder path's tag (`folderTag`: nil when it is no tag), then its own tags, each given
    /// once (without case). An own tag's `/` nests it, as in favs (`favs export --format html` writes
    /// `TAGS="dev/swift"` for the tag dev/swift).
    static func tags(_ own: [String], folderTag: String?) -> [String] {
        var tags = folderTag.map { [$0] } ?? []
        for tag in own.map({ path($0.split(separator: "/", omittingEmptySubsequences: false).map(String.init)) })
        where !tag.isEmpty {
            guard (try? TagPath.parse(tag)) != nil, !tags.contains(where: { SetID.tag($0) == .tag(tag) }) else { continue }
            tags.append(tag)
        }
        return tags
    }

    /// A folder path as one nested tag; nil when it makes none (no folders, or names that are no tag's).
    static func folderTag(_ folders: [String]) -> String? {
        let tag = path(folders)
        return !tag.isEmpty && (try? TagPath.parse(tag)) != nil ? tag : nil
    }

    private static func path(_ names: [String]) -> String { names.map(tagName).filter { !$0.isEmpty }.joined(separator: "/") }

    /// A folder's or a browser tag's name made a tag's name (one level): what a tag cannot hold becomes `-`, and a
    /// leading `#`, `+` or `-` is dropped.
    static func tagName(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.trimmingCharacters(in: .whitespaces).unicodeScalars {
            let bad = scalar == "/" || scalar == ";" || scalar.properties.isWhitespace || scalar.isControlCharacter
            scalars.append(bad ? "-" : scalar)
        }
        return String(String(scalars).drop { "#+-".contains($0) })
    }

    /// `2026-11-29T03:04:05Z`: the UTC date and time, to the second (milliseconds rounded down), from the days since
    /// 1970 by Hinnant's `civil_from_days`. By hand because Foundation's `ISO8601DateFormatter` on Linux makes its ICU
    /// formatter again at every call: 35 µs a bookmark, half of a 100k-bookmark import.
    static func iso8601(milliseconds: Int64) -> String {
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : String(value) }
        let yearText = year >= 0 && year < 10_000
            ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60))Z"
    }
}
