import ArgumentParser
import FavsConfig
import FavsCore
import FavsLibrary
import FavsModel
import FavsTerminal
import Foundation

/// What the browser or a picker runs on: a browser over a library, or over the lines of stdin with their stars
/// remembered; how a large one loads the rest after its first frame, and how it follows other processes' changes.
final class BrowserSession {
    let browser: Browser
    /// Loads a large library's whole list once the preview is on screen; nil when the list is whole already.
    let loadTheRest: (() -> Void)?
    private let library: (any ItemLibrary)?
    private var follow: () throws -> [RemoteUpdate]
    /// Takes in the rows read for a search typed while the whole list loads, and starts reading them for one typed
    /// (`BackgroundSearchLoad`); true when the screen changed. Nil when the list is whole from the start.
    private let searchWhileLoading: (() -> Bool)?
    /// The follower's state: why changes cannot arrive now, and how often to poll (ms).
    private let trouble: () -> String?
    let pollInterval: Int32
    /// The previews' processes, stopped when the browser ends (`stopPreviews`).
    private var previewRunner: PreviewProcesses?
    /// Signalled by a preview's thread when it ends: the run loop takes its output in at once (nil without previews).
    private(set) var wake: LoopWake?
    /// The bookmark files followed (`follow(_:location:)`), stopped when the browser ends.
    private var watches: BrowserWatches?
    /// Remembers what a picker picked, at a time (ms since 1970); nil where picks are not kept (a library file opened
    /// read-only, an older team library, a role not granted the picks).
    private var recordPicks: (([ItemID], Int64) throws -> Void)?

    private init(browser: Browser, library: (any ItemLibrary)?, loadTheRest: (() -> Void)?,
                 follow: @escaping () throws -> [RemoteUpdate], trouble: @escaping () -> String? = { nil },
                 pollInterval: Int32 = 50, searchWhileLoading: (() -> Bool)? = nil, wake: LoopWake? = nil) {
        self.browser = browser
        self.library = library
        self.loadTheRest = loadTheRest
        self.follow = follow
        self.searchWhileLoading = searchWhileLoading
        self.wake = wake
        self.trouble = trouble
        self.pollInterval = pollInterval
        if let library, library.remembersPicks { recordPicks = { ids, time in try library.recordPicks(ids, at: time) } }
    }

    /// A picker: over stdin's lines when `stdinName` names a memory, else over the library.
    /// `needsWholeList`: the count of matches is asked before anything is shown (`--select-1`, `--exit-0`).
    /// The query's filter and scope apply; its order is the one the library remembers.
    static func picker(stdinName: String?, library option: LibraryOption, config: Config, query: ListQuery,
                     needsWholeList: Bool) throws -> BrowserSession {
        if let stdinName {
            return try overLines(memoryName: stdinName, config: config, query: query, whole: needsWholeList)
        }
        let location = try option.location(config: config)
        let opened = try openBrowser(at: location, width: 80, height: 24, preview: !needsWholeList, config: config,
                                     purpose: .pick, filter: query.filter, exact: query.exact, scope: query.scope,
                                     scheme: query.scheme,
                                     interactive: true, fieldsAtOnce: needsWholeList)
        return overLibrary(opened)
    }

    /// A browser on an opened library. Other processes' changes (another browser, `favs fav`, an import) arrive
    /// through the change log, from the point the list was read at. A large library opens on a preview (its
    /// first and last rows and counts); once that frame is on screen the whole list is read on a thread of its own
    /// (`BackgroundListLoad`) and taken in by the run loop's poll, while keys are answered on the preview or wait
    /// for the whole list (Browser+Loading.swift). A library no other connection can see is read at once, as
    /// before the first key. A team library's list is read by its follower from the start (`listFollower`), so
    /// that while it loads the server is watched as it is once followed: a silent one is said offline, and the read
    /// is asked again once it is back, never on the input thread.
    ///
    /// A search typed while the list loads (`/jsn` at launch) is answered first from the rows whose titles may match
    /// it, read on a thread of their own (`BackgroundSearchLoad`, what `favs list --query` reads: far less than the
    /// list costs to build); the whole list, when in, shows the same rows. The loads start at the first poll after the
    /// first frame, once the keys typed before it are read (the run loop is woken for it): a search typed by then is
    /// read first and the list after it, so that the two do not share the cores; one typed later is read beside the
    /// list. Each load wakes the run loop as it ends, so what it read is taken in then, not at the next poll.
    static func overLibrary(_ opened: OpenedBrowser) -> BrowserSession {
        let (browser, library) = (opened.browser, opened.library)
        var follower = opened.lastChange.flatMap { try? library.follower(after: $0) }
        if opened.lastChange == nil, let listFollower = try? library.listFollower() {
            opened.indexFields?()
            return BrowserSession(browser: browser, library: library, loadTheRest: nil, follow: { try listFollower.poll() },
                                  trouble: { listFollower.trouble }, pollInterval: library.pollInterval)
        }
        var load: BackgroundListLoad?
        /// Set once the first frame is on screen, until the first poll starts the loads.
        var startLoads = false
        /// Set while the whole list's load waits for the rows of a search typed before it started.
        var loadAfterSearch = false
        var search: BackgroundSearchLoad?
        /// The last search whose rows were asked for: asked once (one that failed is left to the whole list).
        var asked: ListQuery?
        let wake = opened.lastChange == nil ? LoopWake() : nil
        let woken: @Sendable () -> Void = { wake?.signal() }
        /// The whole list in place of the preview, and the follower from where it was read; nil when it could not be read.
        /// The saved searches are read again after the list: one saved since the preview up to the list's last
        /// change is not in the log the follower reads.
        func reload(_ loaded: BackgroundListLoad.Loaded) -> RemoteUpdate? {
            opened.indexFields?()  // once the list is in: it took no cores from the list's read
            do {
                let (items, lastChange) = try loaded.get()
                follower = try? library.follower(after: lastChange)
                return .reload(items, searches: try library.savedSearches())
            } catch {
                browser.show(error: "Cannot read the library: \(error)")
                browser.stopWaitingForTheList()
                return nil
            }
        }
        func loadTheList() {
            load = BackgroundListLoad.start(library, whenRead: woken)
            if load == nil, let update = reload(Result { try library.loadListToFollow() }) { browser.sync([update]) }
        }
        /// Starts reading the rows of the search typed while the list loads, unless they are asked already or held;
        /// false when none is typed.
        func readSearchTyped() -> Bool {
            guard search == nil, let typed = browser.searchTypedWhileLoading, typed != asked,
                  !browser.store.items.holdsMatches(of: typed) else { return false }
            asked = typed
            search = BackgroundSearchLoad.start(library, query: typed, preview: browser.store.items, whenRead: woken)
            return search != nil
        }
        return BrowserSession(browser: browser, library: library, loadTheRest: opened.lastChange != nil ? nil : {
            startLoads = true
            wake?.signal()  // the loads start at a poll, once the keys typed before the first frame are read
        }, follow: {
            guard var loaded = load?.take() else { return try follower?.poll() ?? [] }
            load = nil
            search = nil  // the whole list answers any search
            // A list the other connection could not read is read here, as it was before the first key (a file on
            // this machine: a team library's is read by its follower).
            if case .failure = loaded { loaded = Result { try library.loadListToFollow() } }
            // The follower, started where the list was read, polls from the next turn on.
            return reload(loaded).map { [$0] } ?? []
        }, trouble: { follower?.trouble }, pollInterval: library.pollInterval, searchWhileLoading: {
            if startLoads {
                startLoads = false
                loadAfterSearch = readSearchTyped()
                if !loadAfterSearch { loadTheList() }
            }
            guard browser.store.items.isPreview else { return false }
            var answered = false
            if let reading = search, let held = reading.take() {
                search = nil
                if case let .success(held) = held { answered = browser.answerWaitingSearch(from: held) }
                if loadAfterSearch {
                    loadAfterSearch = false
                    loadTheList()
                }
            }
            if !loadAfterSearch { _ = readSearchTyped() }
            return answered
        }, wake: wake)
    }

    /// A picker over the lines of stdin, starred lines first, stars kept in the memory `memoryName`. A long
    /// input opens on a preview (its first rows, its stars and its count), indexed whole once that is on screen.
    /// `whole`: the whole list from the start, never a preview (its matches are counted or printed at once).
    private static func overLines(memoryName: String, config: Config, query: ListQuery,
                                  whole wantsWhole: Bool) throws -> BrowserSession {
        // The lines are read on a thread of their own while the memory is opened and read; a memory that cannot be
        // opened is said at once, whatever stdin is still sending.
        let reading = InBackground { try StandardInput.readAll() }
        let memory: PickMemory
        let stars: [ItemID: Int64?]
        let picked: PickedLines
        var picks: [ItemID: [FavsModel.Pick]]?
        let scoredAt = Store.now()
        var startQuery: ListQuery
        do {
            let location = try LibraryLocation.pickMemory(named: memoryName, environment: ProcessInfo.processInfo.environment)
            memory = try PickMemory(location)
            stars = try memory.favorites()
            // The picked lines' scores, one sum a line (not every pick): what the first screen is ordered by.
            picked = try memory.pickedLines(config.frecency, at: scoredAt)
            startQuery = ListQuery(filter: query.filter, exact: query.exact, scope: query.scope,
                                   order: try memory.library.rememberedOrder() ?? .library, scheme: query.scheme)
            // A search typed at launch, or another order, is answered from the whole list, before the first screen:
            // its picks are read now, beside stdin (with neither, a short input is read whole too, and reads them then).
            if startQuery != ListQuery(scheme: query.scheme) { picks = try memory.picks() }
        } catch {
            throw failure(opening: error)
        }
        // Followed from before the lines are read, so a star made meanwhile is not missed.
        let follower = try? LibraryFollower(memory.library)
        // What the scan of the lines looks for, made while they are still being read.
        let kept = KeptLineSet(favorites: stars, picked: picked)
        let input = try reading.wait()
        let minimum = ProcessInfo.processInfo.environment["FAVS_PREVIEW_MINIMUM"].flatMap { Int($0) }
            ?? ListLoader.parallelThreshold
        var first = startQuery == ListQuery(scheme: query.scheme) && !wantsWhole
            ? input.withUnsafeBytes { ItemCollection.linesPreview(of: $0, kept: kept) } : nil
        if let preview = first, preview.count < minimum { first = nil }
        // Lines picked before: a list read whole at once opens in the frequent order, as a picked library's picker
        // does (the starred, then the most picked, then input order), the picked lines left in their input places
        // for it to order, so that a pick elsewhere or a forget (ctrl-d) moves a row at once. A long input is read
        // with the picked lines placed after the starred ones, in the library order, so that its first frame is a
        // preview: a pick or a forget moves a row there in a search, and in the order from the next run on.
        let frequent = first == nil && !picked.isEmpty
        if frequent { startQuery.order = .frequent }
        let placed = frequent ? KeptLineSet(favorites: stars) : kept
        // The picks themselves, kept with the list (the whole one, and those changed since: `Store.reload`), so that a
        // forget is taken back exactly and another picker's picks are scored alike; each line's scored again from them
        // at the same time, to the same score as its sum (`Frecency`), or to a new one where a pick came since.
        let whole = { (history: [ItemID: [FavsModel.Pick]]?) in
            var lines = input.withUnsafeBytes { ItemCollection.lines(of: $0, kept: placed) }
            if let history { lines.setPicks(history, frecency: config.frecency, at: scoredAt) }
            return lines
        }
        let shown: ItemCollection
        if let first {
            // Read once the preview is on screen: no key is read before (`TerminalApp.run`'s `afterFirstFrame`).
            shown = first
        } else {
            do {
                shown = whole(try picks ?? memory.picks())
            } catch {
                throw failure(opening: error)
            }
        }
        let store = Store(collection: shown, sink: memory, query: startQuery)
        let browser = Browser(store: store, libraryName: memoryName, keyMap: config.keyMap, purpose: .pick)
        let session = BrowserSession(browser: browser, library: nil, loadTheRest: first == nil ? nil : {
            let read = Result { try memory.picks() }
            browser.sync([.reload(whole(try? read.get()))])
            if case let .failure(error) = read { browser.show(error: "Cannot read the picks: \(error)") }
        }, follow: {
            try memory.translate(follower?.poll() ?? [], for: store)
        })
        session.recordPicks = { ids, time in try memory.recordPicks(ids, at: time, frecency: config.frecency) }
        return session
    }

    /// Remembers a picker's choice for its frecency, in the library or the memory of `--stdin NAME`. A pick not
    /// remembered (a read-only library, say) is said on stderr and changes nothing else: what was chosen is still
    /// printed, and the exit status is the pick's.
    func remember(picks ids: [ItemID], at time: Int64 = Store.now()) {
        guard let recordPicks, !ids.isEmpty else { return }
        do {
            try recordPicks(ids, time)
        } catch {
            FileHandle.standardError.write(Data("favs: the pick was not remembered: \(error)\n".utf8))
        }
    }

    /// Waits for the changes still on their way to the library, before the process ends: one that could not be
    /// saved is said on stderr and ends favs with exit 74.
    func finishWrites() throws {
        stopPreviews()
        if let error = browser.store.finishBackground() { throw failure(error, .io) }
    }

    /// Shows previews (`--preview`), run as processes off the input thread; each one that ends wakes the run
    /// loop (`wake`), which takes its output in and draws it then, not at its next poll.
    func usePreviews(_ settings: PreviewSettings?) {
        guard let settings else { return }
        let wake = self.wake ?? LoopWake()
        let runner = PreviewProcesses(wake: wake)
        self.wake = wake
        previewRunner = runner
        browser.usePreviews(settings, runner: runner)
    }

    /// Stops the previews still running: none outlives favs.
    func stopPreviews() {
        previewRunner?.stopAll()
        watches?.stop()
    }

    /// Follows bookmark files into the library at `location` (`--watch`, `[[sources]]`), each on a thread of its own;
    /// what they write arrives as other processes' changes do, and what they say is taken in by `poll`.
    func follow(_ sources: [WatchSource], location: LibraryLocation) {
        watches = BrowserWatches.start(sources, location: location)
    }

    /// Applies what the library in the background finished, other processes' changes and finished previews (the
    /// run loop's poll); true when the screen changed.
    func poll() -> Bool {
        let previewed = browser.pollPreviews()
        let searched = searchWhileLoading?() ?? false
        let settled = browser.settleBackground() || previewed || searched
        do {
            // Followed first: a watcher says what it did after its write committed, so the change is on screen with it.
            let followed = browser.sync(try follow())
            let changed = (watches?.report(to: browser) ?? false) || followed || settled
            let trouble = trouble()
            guard trouble != browser.connectionTrouble else { return changed }
            let wasOffline = browser.connectionTrouble != nil
            browser.connectionTrouble = trouble
            // Said once, and in place of whatever the outage left on the status line ("Not saved: offline…"),
            // so a browser that is online again never looks offline.
            if wasOffline, trouble == nil { browser.show(notice: "back online") }
            return true
        } catch {
            browser.show(error: "Cannot follow the library: \(error)")
            return true
        }
    }

    /// A chosen item's fields: the library's, or none for a line of stdin.
    func fields(of id: ItemID) throws -> [Field] {
        try library?.fields(of: id) ?? []
    }
}
