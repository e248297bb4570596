import FavsModel

/// The items of a bookmark file gathered as its reader reads it, merged by URL (`BookmarkItems` says how), held
/// compactly until they are handed on as records.
///
/// A URL bookmarked in another folder further on adds that folder's tag to the item of its first bookmark, so no
/// item can be handed on before the file is read to its end. What is held meanwhile is kept small: every URL and
/// title in one byte buffer, an item as a few numbers into it, and the URLs' index a table of item numbers
/// hashed by the URL's bytes, compared byte for byte as the library compares ids (with the readers' walk, the
/// peak of a 100k-bookmark HTML import went from 108 to 58 MB: docs/performance.md).
/// Keywords, descriptions and a bookmark's own tags are rare, and kept beside.
package struct BookmarkMerge: BookmarkSink {
    package var folders = BookmarkFolders()
    /// What was merged and skipped.
    package private(set) var counts = BookmarkCounts()
    /// The URLs and titles, one after the other.
    private var text: [UInt8] = []
    private var items: [Item] = []
    /// Item numbers plus one by their URL's hash (0: an empty slot), open addressing; a power of two long.
    private var slots: [Int32] = Array(repeating: 0, count: 1024)
    /// Keywords, descriptions and own tags, for the items that have any.
    private var extras: [Extra] = []
    /// The later bookmarks of a URL, by its item's number: their folders and own tags.
    private var later: [Int32: [Later]] = [:]

    private struct Item {
        var start: Int
        var urlCount: Int
        var titleCount: Int
        /// Milliseconds since 1970; `Int64.min` when the file gives no date.
        var added: Int64
        var folder: Int32
        var extra: Int32
        var line: Int32
        var column: Int32
        var favorite: Bool
    }

    private struct Extra {
        var keyword: String?
        var description: String?
        var tags: [String]
    }

    private struct Later {
        var folder: Int32?
        var tags: [String]
    }

    /// How many items so far.
    package var count: Int { items.count }

    package init() {}

    package mutating func add(_ bookmark: Bookmark, in folder: Int32?) {
        guard bookmark.kind == .link else {
            counts.separators += 1
            return
        }
        switch BookmarkItems.skipped(bookmark.url) {
        case .query: counts.queries += 1; return
        case .script: counts.scripts += 1; return
        case .data: counts.data += 1; return
        case nil: break
        }
        var url = bookmark.url
        let hash = url.withUTF8 { Self.hash($0) }
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let at = Int(slots[slot] - 1)
            if url.withUTF8({ bytes in sameURL(at, bytes) }) {
                counts.merged += 1
                if bookmark.favorite { items[at].favorite = true }
                later[Int32(at), default: []].append(Later(folder: folder, tags: bookmark.tags))
                return
            }
            slot = (slot + 1) & mask
        }
        let start = text.count
        text.append(contentsOf: url.utf8)
        text.append(contentsOf: bookmark.title.utf8)
        var extra: Int32 = -1
        let keyword = bookmark.keyword.flatMap { $0.isEmpty ? nil : $0 }
        let description = bookmark.description.flatMap { $0.isEmpty ? nil : $0 }
        if keyword != nil || description != nil || !bookmark.tags.isEmpty {
            extra = Int32(extras.count)
            extras.append(Extra(keyword: keyword, description: description, tags: bookmark.tags))
        }
        slots[slot] = Int32(items.count + 1)
        items.append(Item(start: start, urlCount: url.utf8.count, titleCount: bookmark.title.utf8.count,
                          added: bookmark.added ?? Int64.min, folder: folder ?? -1, extra: extra,
                          line: Int32(clamping: bookmark.line), column: Int32(clamping: bookmark.column),
                          favorite: bookmark.favorite))
        // Kept at most half full, so a probe ends soon.
        if items.count * 2 > slots.count { grow() }
    }

    /// Hands on each item as a record, in the order each URL first came.
    package mutating func records(_ each: (ImportRecord) throws -> Void) rethrows {
        for at in items.indices {
            try each(record(at))
        }
    }

    /// The record of item `at`: its first bookmark's title and fields, every bookmark's tags.
    private mutating func record(_ at: Int) -> ImportRecord {
        let item = items[at]
        let url = String(decoding: text[item.start..<(item.start + item.urlCount)], as: UTF8.self)
        let titleStart = item.start + item.urlCount
        let title = String(decoding: text[titleStart..<(titleStart + item.titleCount)], as: UTF8.self)
        let extra = item.extra >= 0 ? extras[Int(item.extra)] : nil
        var fields = [Field("url", url)]
        if item.added != Int64.min { fields.append(Field("added", BookmarkItems.iso8601(milliseconds: item.added))) }
        if let keyword = extra?.keyword { fields.append(Field("keyword", keyword)) }
        if let description = extra?.description { fields.append(Field("description", description)) }
        var tags = BookmarkItems.tags(extra?.tags ?? [], folderTag: folders.tag(item.folder >= 0 ? item.folder : nil))
        for bookmark in later[Int32(at)] ?? [] {
            for tag in BookmarkItems.tags(bookmark.tags, folderTag: folders.tag(bookmark.folder))
            where !tags.contains(where: { SetID.tag($0) == .tag(tag) }) {
                tags.append(tag)
            }
        }
        return ImportRecord(id: ItemID(url), title: title.isEmpty ? url : title, fields: fields, favorite: item.favorite,
                            tags: tags, tagsAreAdded: true, line: Int(item.line), column: Int(item.column))
    }

    private func sameURL(_ at: Int, _ url: UnsafeBufferPointer<UInt8>) -> Bool {
        let item = items[at]
        guard item.urlCount == url.count else { return false }
        return text.withUnsafeBufferPointer { text in
            url.elementsEqual(UnsafeBufferPointer(rebasing: text[item.start..<(item.start + url.count)]))
        }
    }

    /// The slots twice as many, every item placed again.
    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for at in items.indices {
            let item = items[at]
            var slot = text.withUnsafeBufferPointer { text in
                Self.hash(UnsafeBufferPointer(rebasing: text[item.start..<(item.start + item.urlCount)]))
            } & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(at + 1)
        }
    }

    /// The URL's bytes hashed with the process's seed (Swift's `Hasher`), so a file cannot be made to collide.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize()
    }
}
