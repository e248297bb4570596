import ArgumentParser
import FavsConfig
import FavsCore
import FavsExitStatus
import FavsModel
import FavsLibrary
import FavsTerminal
import Foundation

/// `favs [browse]`: the interactive browser.
struct Browse: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Open the browser (the default command).",
        discussion: """
            A library that does not exist yet is created with the built-in sample collection. When stdin is not a \
            terminal, it is run as a script (favs script).
            """ + "\n\n" + ExitStatus.sentence(exitStatuses))

    static let exitStatuses: [ExitStatus] = [.success, .badScript, .noTerminal, .usage] + ExitStatus.libraryOpen
        + [.cannotWriteOutput]

    @OptionGroup var library: LibraryOption
    @OptionGroup var display: DisplayOptions
    @OptionGroup var inline: HeightOption
    @OptionGroup var previewOptions: PreviewOptions

    @Option(name: .customLong("watch"), help: ArgumentHelp(
        "Follow a browser's bookmark file while the browser runs, as favs import --watch does (repeatable; the "
            + "config's [[sources]] add more).", valueName: "file"))
    var watchedFiles: [String] = []

    @Flag(name: .customLong("no-mouse"),
          help: "Leave the mouse to the terminal: no clicks or wheel in favs, and the terminal's own text selection works.")
    var noMouse = false

    func run() throws {
        let (config, configError) = StartupConfig.load()
        let location = try library.location(config: config)
        if isatty(STDIN_FILENO) == 0 {
            // Keys are coming from a pipe or a file: that is a script, not a person.
            // Text frames have no colour; only --ascii applies.
            return try ScriptCommand.runScript(text: readStandardInput(), source: "script", location: location,
                                               size: "80x24", glyphs: display.ascii ? .ascii : .unicode,
                                               config: config, configError: configError,
                                               preview: previewOptions.settings(config: config, synchronous: true))
        }
        guard isatty(STDOUT_FILENO) != 0 else {
            throw failure("stdout is not a terminal: use 'favs list' to print the items, or 'favs script' to print screens",
                          .noTerminal)
        }
        let glyphs = display.terminalGlyphs(config: config.ascii)
        if location.isPostgres {
            try browseWhileConnecting(to: location, config: config, configError: configError, glyphs: glyphs)
        }
        let session = BrowserSession.overLibrary(try openBrowser(at: location, width: 80, height: 24, preview: true,
                                                                 config: config, interactive: true))
        let browser = session.browser
        browser.glyphs = glyphs
        session.usePreviews(previewOptions.settings(config: config))
        session.follow(config.sources + watchedFiles.map { WatchSource(path: $0) }, location: location)
        // stderr is hidden once the screen starts: the first frame says it instead.
        if let configError { browser.show(configError) }
        do {
            try TerminalApp.run(browser, wantsColor: display.wantsColor(config: config.color), palette: config.palette,
                                mouse: !noMouse && config.mouse, height: inline.height,
                                pollInterval: session.pollInterval, wake: session.wake,
                                afterFirstFrame: session.loadTheRest, poll: session.poll)
        } catch let error as TerminalError {
            throw failure(error.description, .noTerminal)
        }
        try session.finishWrites()
        exitWithoutTearDown()
    }
}

/// Ends the process now that everything is committed and the terminal restored. Releasing a large
/// library's million objects one by one only delays the shell prompt; the system reclaims memory at once.
func exitWithoutTearDown() -> Never {
    exit(EXIT_SUCCESS)
}

/// Opens the library and puts a browser on it (the store commits every change to the library), with the
/// config's keys, and its order when the library remembers none.
///
/// With `preview`, a large library opens on `SQLiteLibrary.loadPreview`: `lastChange` is nil then, and the
/// caller loads the list. Otherwise the whole list is read, and `lastChange` is the point in the change
/// log it was read at (where a follower starts).
///
/// `interactive`: a person at a terminal, whose keys must never wait on the network: a library across one
/// persists and reads fields in the background (`ItemLibrary.inBackground`), and field terms are answered off
/// the input thread. A script waits for each write and each answer, so that its frames are a function of its steps.
func openBrowser(at location: LibraryLocation, width: Int, height: Int, preview: Bool = false,
                 config: Config, purpose: Browser.Purpose = .browse, filter: String = "", exact: Bool = false,
                 scope: ListQuery.Scope = .all, scheme: RankScheme = .default, interactive: Bool = false,
                 fieldsAtOnce: Bool = false) throws -> OpenedBrowser {
    do {
        return try browser(on: openLibrary(location, seedIfNew: true), width: width, height: height, preview: preview,
                           config: config, purpose: purpose, filter: filter, exact: exact, scope: scope, scheme: scheme,
                           interactive: interactive, fieldsAtOnce: fieldsAtOnce)
    } catch {
        throw failure(opening: error)
    }
}

/// `openBrowser` on a library opened already, its errors thrown as they are (not yet said).
func browser(on library: any ItemLibrary, width: Int, height: Int, preview: Bool = false, config: Config,
             purpose: Browser.Purpose = .browse, filter: String = "", exact: Bool = false, scope: ListQuery.Scope = .all,
             scheme: RankScheme = .default, interactive: Bool = false, fieldsAtOnce: Bool = false) throws
    -> OpenedBrowser {
    let background = interactive ? library.inBackground() : nil
    let sink: any ChangeSink = background ?? library
    let fieldSource: any FieldSource = background ?? library
    // Field terms (`artist:padilla`) are answered by the library's index: off the input thread for a person,
    // unless what is shown first depends on the answer (`fieldsAtOnce`: a picker's --select-1, --exit-0).
    // A browser opened on a preview indexes the fields an import left out once its whole list is in.
    let fieldSearch = LibraryFieldSearch(library, inBackground: interactive && !fieldsAtOnce, indexesNow: !preview)
    let name = library.name + (library.isOnFullDisk ? " (read-only: disk full)"
        : library.readOnlyReason != nil ? " (read-only: your role may only read it)" : library.isReadOnly ? " (read-only)" : "")
    // FAVS_PREVIEW_MINIMUM overrides from how many items a library opens on a preview (tests use a small one).
    let minimum = ProcessInfo.processInfo.environment["FAVS_PREVIEW_MINIMUM"].flatMap { Int($0) }
        ?? ListLoader.parallelThreshold
    // The list opens in the order it was last shown in. A preview holds the first rows in library order:
    // in another order, or filtered (a picker's --query, --favorites), the first frame needs the whole list.
    // The picks' scores, read once as the list opens (a search ranks kept items with them). A picker over a library
    // whose items were picked opens in the frequent order: favorites, then the most picked, then the rest.
    // The picks themselves are kept with them: a forget (ctrl-d) is taken back exactly, and another picker's picks
    // are scored at the same time as these.
    let (picks, scoredAt) = (try library.picks(), Store.now())
    let order = purpose == .pick && !picks.isEmpty ? .frequent : try library.rememberedOrder() ?? config.sort
    let query = ListQuery(filter: filter, exact: exact, scope: try scope.resolved(for: library), order: order,
                          scheme: scheme)
    let keyMap = config.keyMap
    let searches = try library.savedSearches()
    if preview, query == ListQuery(scheme: scheme), var items = try library.loadPreview(minimum: minimum) {
        items.setPicks(picks, frecency: config.frecency, at: scoredAt)
        let store = Store(collection: items, sink: sink, fieldSource: fieldSource, fieldSearch: fieldSearch,
                          searches: searches)
        return (saying(library, Browser(store: store, libraryName: name, width: width, height: height,
                                                      keyMap: keyMap, purpose: purpose)), library, nil,
                fieldSearch.startIndexing)
    }
    fieldSearch.startIndexing()
    var (items, lastChange) = try library.loadListToFollow()
    items.setPicks(picks, frecency: config.frecency, at: scoredAt)
    let store = Store(collection: items, sink: sink, fieldSource: fieldSource, fieldSearch: fieldSearch, query: query,
                      searches: searches)
    return (saying(library, Browser(store: store, libraryName: name, width: width, height: height,
                                                  keyMap: keyMap, purpose: purpose)), library, lastChange, nil)
}

/// A browser on an opened library: the library, the change-log position its list was read at (nil while it holds a
/// preview), and what starts indexing the fields an import left out once the whole list is in (nil: started).
typealias OpenedBrowser = (browser: Browser, library: any ItemLibrary, lastChange: Int64?, indexFields: (() -> Void)?)

/// The browser with what opening the library did on its status line (`ItemLibrary.openingNotice`), until a key,
/// and why it may only be read, when the user's rights say so.
private func saying(_ library: any ItemLibrary, _ browser: Browser) -> Browser {
    if let notice = library.openingNotice { browser.show(notice: notice) }
    browser.readOnlyReason = library.readOnlyReason
    if let stars = library.personalStars {
        browser.keepsOwnStars = true
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty || $0 == "/" ? nil : $0 }
        let shown = home.flatMap { stars.hasPrefix($0 + "/") ? "~" + stars.dropFirst($0.count) : nil } ?? stars
        let folder = shown.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") + "/"
        browser.show(notice: "Your stars are kept on this machine, in \(shown)",
                     shorter: ["Your stars are kept in \(folder)", "Your stars are kept on this machine"])
    }
    return browser
}

func readStandardInput() -> String {
    String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
}
