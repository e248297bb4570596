import FavsFormats
import FavsModel

/// What a followed bookmark file held at its last read that landed: each item's id, a digest of what the import
/// writes of it, and the tags the file gave it (its folder path and its own tags).
///
/// Kept in memory, made from the watcher's first read: the file's tags are known from the file itself, never
/// guessed from the library, so a tag given in favs is never taken for the file's, and a bookmark removed from the
/// file while no watcher ran is never taken for one removed now (it is not in the first read, so it is left alone:
/// the error, if any, is on the side of keeping).
struct BookmarkSnapshot {
    struct Entry: Equatable {
        /// The record's title, fields, star and tags hashed: equal digests mean an import would change nothing.
        var digest: Int
        /// The tags the file gives the item.
        var tags: [String]
    }

    private(set) var entries: [ItemID: Entry] = [:]
    /// The ids in file order, so that removals are said in the order the file had them.
    private(set) var order: [ItemID] = []

    init(_ records: [ImportRecord]) {
        entries.reserveCapacity(records.count)
        order.reserveCapacity(records.count)
        for record in records {
            entries[record.id] = Entry(digest: Self.digest(record), tags: record.tags ?? [])
            order.append(record.id)
        }
    }

    var count: Int { order.count }

    /// What turns this snapshot into `newer`'s: the records new or changed, the tags each changed item no longer has
    /// from the file, and the items no longer in it with the tags the file gave them.
    func changes(to newer: [ImportRecord]) -> BookmarkChanges {
        var changes = BookmarkChanges()
        var present = Set<ItemID>(minimumCapacity: newer.count)
        for record in newer {
            present.insert(record.id)
            guard let entry = entries[record.id] else {
                changes.changed.append(record)
                continue
            }
            guard entry.digest != Self.digest(record) else { continue }
            changes.changed.append(record)
            let now = Set((record.tags ?? []).map(SetID.tag))
            let dropped = entry.tags.filter { !now.contains(.tag($0)) }
            if !dropped.isEmpty { changes.droppedTags.append((record.id, dropped)) }
        }
        for id in order where !present.contains(id) {
            changes.removed.append((id, entries[id]?.tags ?? []))
        }
        return changes
    }

    private static func digest(_ record: ImportRecord) -> Int {
        var hasher = Hasher()
        hasher.combine(record.title)
        hasher.combine(record.fields.count)
        for field in record.fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
        hasher.combine(record.favorite)
        // Tags compared as sets, without case, as the library holds them.
        hasher.combine(Set((record.tags ?? []).map(SetID.tag)))
        return hasher.finalize()
    }
}

/// What changed in a followed file between two reads.
struct BookmarkChanges {
    /// Records new to the file or changed in it, in file order: imported as `favs import` imports them.
    var changed: [ImportRecord] = []
    /// For a changed record, the tags the file gave it before and gives it no longer (it moved to another folder).
    var droppedTags: [(ItemID, [String])] = []
    /// The items no longer in the file, with the tags it gave them.
    var removed: [(ItemID, [String])] = []

    var isEmpty: Bool { changed.isEmpty && droppedTags.isEmpty && removed.isEmpty }
}
