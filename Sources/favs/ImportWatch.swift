import FavsCore
import FavsExitStatus
import FavsFormats
import FavsLibrary
import FavsModel
import Foundation

/// `favs import --watch FILE`: the file imported, then followed until Ctrl-C or SIGTERM (`BookmarkWatcher`).
extension Import {
    /// Imports the file as `favs import` does, prints the same summary, then writes each change the browser saves
    /// into the library, one line each on stdout; a file that cannot be read at a change is said on stderr and read
    /// again at the next. A signal ends it between two reads, exit 0: following until told to stop is its work.
    func runWatch() throws {
        let location = try library.location()
        let path = files[0]
        let stop = StopSignals.install()
        let watcher = BookmarkWatcher(path: path, format: format)
        // The file is read before the library is touched: one that cannot be read changes nothing, creates nothing.
        let first: BookmarkRead
        do {
            first = try watcher.read()
        } catch {
            throw failure(error.description, error.unreadable ? .cannotReadInput : .badImportData)
        }
        let existed = location.isPostgres || FileManager.default.fileExists(atPath: location.path)
        let target: any ItemLibrary
        do {
            target = try openLibraryToFill(location)
        } catch {
            throw failure(opening: error)
        }
        let report: WatchReport
        do {
            guard let landed = try watcher.land(first, in: target) else { return }
            report = landed
        } catch {
            if !existed { for suffix in ["", "-wal", "-shm", "-journal"] { unlink(location.path + suffix) } }
            throw failure("cannot import into \(location.display): \(error)", .io)
        }
        let summary = report.summary
        try StandardOutput.write("imported \(summary.total) \(summary.total == 1 ? "item" : "items") from \(path) "
            + "(\(summary.added) added, \(summary.updated) updated, \(summary.unchanged) unchanged\(summary.picksPhrase)"
            + (first.counts.summary.map { "; \($0)" } ?? "") + ")\n")
        FileHandle.standardError.write(Data("favs: following \(path); Ctrl-C stops\n".utf8))
        var failed: (any Error)?
        watcher.follow(into: target, stop: { stop.isAsked || failed != nil }) { event in
            do {
                switch event {
                case let .landed(report): try StandardOutput.write(WatchText.lines(report, file: path))
                case let .unreadable(message):
                    FileHandle.standardError.write(Data("favs: \(message) (nothing changed; read again when it next changes)\n".utf8))
                case let .notSaved(message): FileHandle.standardError.write(Data("favs: \(message)\n".utf8))
                }
            } catch {
                failed = error
            }
        }
        if let failed { throw failed }
    }
}

/// What a watch says of a change, on the command line and on a browser's status line. Titles are shown as
/// `Sanitize.visible` makes them: a bookmark's text never reaches the terminal raw.
enum WatchText {
    /// `FILE: 1 added, 0 updated, 2 removed`, then the removed bookmarks kept, if any: lines for stdout.
    static func lines(_ report: WatchReport, file: String) -> String {
        let name = Sanitize.visible(file)
        var text = "\(name): \(report.summary.added) added, \(report.summary.updated) updated, \(report.removed) removed\n"
        if !report.kept.isEmpty { text += "\(name): \(kept(report.kept, limit: .max))\n" }
        return text
    }

    /// What a browser's status line says: `3 bookmarks added from Chrome`, `following Chrome: 1200 bookmarks`.
    static func notice(_ report: WatchReport) -> String {
        let source = Sanitize.visible(report.source)
        let added = report.summary.added
        if report.first, added + report.summary.updated == 0 {
            return "following \(source): \(report.bookmarks) \(report.bookmarks == 1 ? "bookmark" : "bookmarks")"
        }
        var parts: [String] = []
        if added > 0 { parts.append("\(added) \(added == 1 ? "bookmark" : "bookmarks") added") }
        if report.summary.updated > 0 { parts.append("\(report.summary.updated) updated") }
        if report.removed > 0 { parts.append("\(report.removed) removed") }
        let said = parts.isEmpty ? nil : parts.joined(separator: ", ") + " from \(source)"
        let keptText = report.kept.isEmpty ? nil : kept(report.kept, limit: 3)
        return [said, keptText].compactMap { $0 }.joined(separator: "; ")
    }

    /// `kept 2 removed bookmarks you starred or tagged: “A”, “B”`, at most `limit` titles named.
    static func kept(_ kept: [(id: ItemID, title: String)], limit: Int) -> String {
        let named = kept.prefix(limit).map { "“\(Sanitize.visible($0.title))”" }
        let more = kept.count > limit ? " and \(kept.count - limit) more" : ""
        return "kept \(kept.count) removed \(kept.count == 1 ? "bookmark" : "bookmarks") you starred or tagged: "
            + named.joined(separator: ", ") + more
    }
}
