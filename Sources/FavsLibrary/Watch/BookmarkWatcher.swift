import FavsFormats
import FavsModel
import Foundation

/// Follows a browser's bookmark file into a library (`favs import --watch`, a browser's `--watch` and the config's
/// `[[sources]]`): the first read is imported whole, as `favs import` imports it; after that each change to the file
/// is read whole again and only its difference from the last read that landed is written, as ordinary logged
/// changes every other process follows: new and changed bookmarks by the import (`importRecords`), removed ones
/// deleted (a `delete` each, which `favs restore` takes back) unless favs starred or tagged them, and folder tags a
/// moved bookmark no longer has taken off (`withdrawBookmarks`).
///
/// A file that cannot be read (half written, damaged, gone) changes nothing and is read again at its next change; a
/// write the library refused is tried again at the next wake. Runs on whichever thread calls it, alone: a browser
/// gives it a thread and a library connection of its own.
public final class BookmarkWatcher {
    /// The path followed, and its name in messages.
    public let path: String
    public let file: String
    /// The format asked for, else the one the first read found (`auto` until then): a browser's file keeps its
    /// format, so a half-written one is read as what it was and its error says where it breaks off.
    public private(set) var format: ImportFormat
    /// What the last read that landed held; nil before the first.
    private var snapshot: BookmarkSnapshot?
    private let changes: FileChangeWatch
    /// The status of the file (and its WAL) the last read began with.
    private var readSignature: FileChangeWatch.Signature

    public init(path: String, file: String? = nil, format: ImportFormat = .auto, interval: Int32 = 1000) {
        self.path = path
        self.file = file ?? path
        self.format = format
        // A places.sqlite's newest bookmarks are in its WAL until Firefox checkpoints: both are followed (any other
        // file has no `-wal` beside it, and a missing path never changes).
        changes = FileChangeWatch(paths: [path, path + "-wal"], interval: interval)
        readSignature = changes.signature()
    }

    /// The file as it is now, read whole and compared with the last read that landed (nothing written).
    public func read() throws(BookmarkFileError) -> BookmarkRead {
        readSignature = changes.signature()
        var comparison = BookmarkComparison(base: snapshot)
        let (counts, format) = try BookmarkFile.read(path: path, file: file, format: format) { comparison.add($0) }
        comparison.finish()
        self.format = format
        return BookmarkRead(comparison: comparison, counts: counts, format: format)
    }

    /// Writes what `read` changed since the last read that landed (the first: every record) into `library`; what it
    /// did, or nil when nothing changed. Throws what the library threw: then nothing is taken as landed, and a read
    /// made after this one is compared with the same last one.
    public func land(_ read: BookmarkRead, in library: any ItemLibrary) throws -> WatchReport? {
        let source = Self.sourceName(read.format, file: file)
        let (changes, next) = (read.comparison.changes, read.comparison.snapshot)
        guard read.comparison.base != nil else {
            let summary = try library.importRecords { add in for record in changes.changed { try add(record, record.line) } }
            self.snapshot = next
            return WatchReport(source: source, first: true, bookmarks: next.count, summary: summary, counts: read.counts)
        }
        guard !changes.isEmpty else {
            self.snapshot = next
            return nil
        }
        var summary = ImportSummary()
        if !changes.changed.isEmpty {
            summary = try library.importRecords { add in for record in changes.changed { try add(record, record.line) } }
        }
        var withdrawn = BookmarksWithdrawn()
        let withdrawal = BookmarkWithdrawal(removed: changes.removed.map { (id: $0.0, fileTags: $0.1) },
                                            droppedTags: changes.droppedTags.map { (id: $0.0, tags: $0.1) })
        if !withdrawal.isEmpty { withdrawn = try library.withdrawBookmarks(withdrawal) }
        self.snapshot = next
        let kept = withdrawn.kept.map { id in (id: id, title: (try? library.item(id))??.title ?? id.rawValue) }
        let report = WatchReport(source: source, first: false, bookmarks: next.count, summary: summary,
                                 counts: read.counts, removed: withdrawn.deleted.count, kept: kept)
        return report.changedAnything ? report : nil
    }

    /// Waits for the file to change, then reads and lands it, telling `report` what happened, until `stop` says
    /// so (asked at least every `interval`). A file that could not be read waits for its next change; a write that
    /// failed is tried again a second later, and said from its second failure on: a library busy for a moment (a
    /// browser opening a large one builds its field index in long write transactions) is no news.
    public func follow(into library: any ItemLibrary, stop: () -> Bool, report: (WatchEvent) -> Void) {
        var retry = snapshot == nil
        var failures = 0
        var last = readSignature
        while !stop() {
            if !retry {
                guard let changed = changes.wait(changedFrom: last, stop: stop) else { return }
                last = changed
            }
            retry = false
            let read: BookmarkRead
            do {
                read = try self.read()
                last = readSignature
            } catch {
                last = readSignature
                report(.unreadable(error.description))
                continue
            }
            do {
                if let landed = try land(read, in: library) { report(.landed(landed)) }
                failures = 0
            } catch {
                failures += 1
                if failures > 1 { report(.notSaved("\(file): not saved, tried again in a moment: \(error)")) }
                Thread.sleep(forTimeInterval: 1)
                retry = true
            }
        }
    }

    /// What the status line calls the file's browser: Chrome for a `Bookmarks` file (Chromium, Brave, Edge and Vivaldi
    /// write the same), Firefox for its database and backups, else the file's name.
    static func sourceName(_ format: ImportFormat, file: String) -> String {
        switch format {
        case .chrome: "Chrome"
        case .firefox, .firefoxBackup: "Firefox"
        default: (file as NSString).lastPathComponent
        }
    }
}

/// A followed file read whole and compared with the last read that landed: what changed (at the first read, every
/// record), what its reading merged and skipped, and the format it was read as.
public struct BookmarkRead {
    let comparison: BookmarkComparison
    public var counts: BookmarkCounts
    public var format: ImportFormat
}

/// What following a file did at one of its changes.
public enum WatchEvent: Sendable {
    /// The change landed in the library.
    case landed(WatchReport)
    /// The file could not be read (`FILE:…: what is wrong`): nothing changed, and it is read again at its next change.
    case unreadable(String)
    /// The library refused the write: nothing changed, and it is tried again.
    case notSaved(String)
}

/// What one read of a followed file changed in the library.
public struct WatchReport: Sendable {
    /// The browser the file is (Chrome, Firefox) or its name.
    public var source: String
    /// Whether this was the first read, imported whole.
    public var first: Bool
    /// How many items the file holds.
    public var bookmarks: Int
    /// What the import of the new and changed records did.
    public var summary: ImportSummary
    public var counts: BookmarkCounts
    /// Items deleted because their bookmarks were removed from the file.
    public var removed = 0
    /// Removed bookmarks kept because favs starred or tagged them, with their titles as stored.
    public var kept: [(id: ItemID, title: String)] = []

    var changedAnything: Bool { summary.added + summary.updated + removed > 0 || !kept.isEmpty }
}
