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

    fileprivate(set) var entries: [ItemID: Entry] = [:]
    /// The ids in file order, so that removals are said in the order the file had them.
    fileprivate(set) var order: [ItemID] = []

    var count: Int { order.count }

    fileprivate static func digest(_ record: ImportRecord) -> Int {
        var hasher = Hasher()
        hasher.combine(record.title)
        hasher.combine(record.fields.count)
        for field in record.fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
        hasher.combine(record.favorite)
        // Tags compared in any order and without case, as the library holds them: their hashes combined by XOR
        // (a record's tags are each given once), with no set made per record.
        let tags = record.tags ?? []
        hasher.combine(tags.count)
        hasher.combine(tags.reduce(0) { $0 ^ SetID.tag($1).hashValue })
        return hasher.finalize()
    }
}

/// A read of a followed file compared with the last one that landed as its records come (`add`), so that only the
/// records that changed are held: a 100k-bookmark file is never held twice over, as records and as a snapshot.
struct BookmarkComparison {
    /// The last read that landed; nil for the first read, all of whose records are new.
    let base: BookmarkSnapshot?
    /// The read's own snapshot, made as it goes.
    private(set) var snapshot = BookmarkSnapshot()
    private(set) var changes = BookmarkChanges()

    init(base: BookmarkSnapshot?) {
        self.base = base
        if let base {
            snapshot.entries.reserveCapacity(base.count)
            snapshot.order.reserveCapacity(base.count)
        }
    }

    /// Takes the next record of the file: kept when it is new or changed, its digest noted either way.
    mutating func add(_ record: ImportRecord) {
        let digest = BookmarkSnapshot.digest(record)
        snapshot.entries[record.id] = BookmarkSnapshot.Entry(digest: digest, tags: record.tags ?? [])
        snapshot.order.append(record.id)
        guard let base, let entry = base.entries[record.id] else {
            changes.changed.append(record)
            return
        }
        guard entry.digest != digest else { return }
        changes.changed.append(record)
        let now = Set((record.tags ?? []).map(SetID.tag))
        let dropped = entry.tags.filter { !now.contains(.tag($0)) }
        if !dropped.isEmpty { changes.droppedTags.append((record.id, dropped)) }
    }

    /// Once every record is added: the items of the last read that this one lacks, with the tags the file gave them.
    mutating func finish() {
        guard let base else { return }
        for id in base.order where snapshot.entries[id] == nil {
            changes.removed.append((id, base.entries[id]?.tags ?? []))
        }
    }
}

/// What changed in a followed file between two reads.
struct BookmarkChanges {
    /// Records new to the file or changed in it, in file order: imported as `favs import` imports them (at the first
    /// read, every record).
    var changed: [ImportRecord] = []
    /// For a changed record, the tags the file gave it before and gives it no longer (it moved to another folder).
    var droppedTags: [(ItemID, [String])] = []
    /// The items no longer in the file, with the tags it gave them.
    var removed: [(ItemID, [String])] = []

    var isEmpty: Bool { changed.isEmpty && droppedTags.isEmpty && removed.isEmpty }
}
