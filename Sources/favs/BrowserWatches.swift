import FavsConfig
import FavsCore
import FavsLibrary
import Foundation

/// The bookmark files a browser follows (`--watch`, the config's `[[sources]]`), each on a thread of its own with a
/// library connection of its own: a re-read never holds up a key. What a watcher writes reaches the screen as any
/// other process's change does, through the library's change log and the session's follower, so the panes redraw it
/// from the store; only what it says (`3 bookmarks added from Chrome`) comes through here, to the status line.
final class BrowserWatches: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`: what the watchers said since the last `take`, and whether the browser is ending.
    private var events: [WatchEvent] = []
    private var stopped = false

    /// Starts a watcher for each source, writing into the library at `location`; nil when there are none.
    static func start(_ sources: [WatchSource], location: LibraryLocation) -> BrowserWatches? {
        guard !sources.isEmpty else { return nil }
        let watches = BrowserWatches()
        guard location.path != ":memory:" || location.isPostgres else {
            watches.post(.notSaved("cannot follow bookmarks into :memory:, which no other connection sees"))
            return watches
        }
        for source in sources {
            Thread.detachNewThread {
                let library: any ItemLibrary
                do {
                    library = try openLibrary(location, seedIfNew: false)
                } catch {
                    return watches.post(.notSaved("cannot follow \(source.path): \(error)"))
                }
                let watcher = BookmarkWatcher(path: source.path, format: source.format)
                watcher.follow(into: library, stop: { watches.isStopped }, report: { watches.post($0) })
            }
        }
        return watches
    }

    private func post(_ event: WatchEvent) { lock.withLock { events.append(event) } }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// Stops every watcher at its next wake (a write under way ends first, or is rolled back with the process).
    func stop() { lock.withLock { stopped = true } }

    /// Says on the status line what the watchers did since the last call (the last thing said stays); true when
    /// there was something.
    func report(to browser: Browser) -> Bool {
        let taken: [WatchEvent] = lock.withLock {
            defer { events = [] }
            return events
        }
        for event in taken {
            switch event {
            case let .landed(report): browser.show(notice: WatchText.notice(report))
            case let .unreadable(message):
                browser.show(error: Sanitize.visible(message) + " (nothing changed; read again when it next changes)",
                             shorter: [Sanitize.visible(message)])
            case let .notSaved(message): browser.show(error: Sanitize.visible(message))
            }
        }
        return !taken.isEmpty
    }
}
