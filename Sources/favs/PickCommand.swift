import ArgumentParser
import FavsConfig
import FavsCore
import FavsExitStatus
import FavsLibrary
import FavsModel
import FavsTerminal
import Foundation

/// `favs pick`: a chooser in the fzf tradition. The browser draws on /dev/tty, so stdin and stdout stay free
/// for pipes; enter prints what was chosen on stdout.
struct Pick: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pick",
        abstract: "Choose items and print them, for the shell: vim \"$(favs pick --print field:path)\".",
        discussion: """
            The browser opens on the terminal (/dev/tty), whatever stdin and stdout are. As in fzf, typing \
            filters from the first key (backspace erases, ctrl-u erases it all, ctrl-e switches to exact matching). enter prints the \
            selected item, or every marked item (tab marks) one per line in list order, and exits 0. esc or \
            ctrl-g exits 1 and ctrl-c exits 130, printing nothing, whatever the query holds. Keys that do not \
            type do the rest: up/down, ctrl-p/ctrl-n and ctrl-k move (ctrl-j is enter), home/end, pgup/pgdn and \
            ctrl-b/ctrl-f jump; ctrl-s stars, ctrl-t shows the favorites, then each top-level tag folder A–Z, \
            then every item again, ctrl-o sorts, ctrl-y undoes and \
            ctrl-r redoes, ctrl-d forgets the selected item's picks, ctrl-w and backtab change pane, ctrl-x \
            lists the keys, shift-down and shift-up scroll the detail and its --preview. A config file's [keys] \
            apply where they bind keys that do not type.

            --stdin NAME picks among the lines of stdin instead of a library: each line is an item (id and title \
            the line; empty lines are skipped, a repeated line is shown once). The lines you star are remembered \
            in a library called NAME (picks/NAME.sqlite beside the default library) and listed first, most \
            recently starred first, every time a list holding them is piped in; every other picker open on NAME \
            shows a star at once. Lines not in this run's input are not shown, but their stars are kept. A line \
            is printed exactly as it came in, byte for byte, even one that is not UTF-8 (shown and filtered with \
            � for each byte that is not).

            Every pick (enter) is remembered with its time, in the library (a team library keeps each member's \
            own) or, for --stdin NAME, in picks/NAME.sqlite; a pick that cannot be kept is said \
            on stderr, and what was chosen is printed all the same. Each pick counts 2^(-age / half-life) (a \
            week, or the config's [pick] half_life in days). Without a query the starred come first, then the \
            most picked, then the rest in input order (a library's picker opens in the frequent order once its \
            items were picked); with one, a star adds 4 to fzf's score and picks up to 4 more, so what you keep \
            wins close calls (--scheme fzf: fzf's order exactly; --scheme frecency: the most picked first). \
            ctrl-d forgets the selected item's picks, so a wrong top match stops coming first: the list moves at \
            once, the status line says how many went, and ctrl-y takes it back (favs forget ID does the same from \
            the shell). Picks and forgets show at once in every other picker and browser on the same library or \
            NAME, as stars do.
            """ + "\n\n" + ExitStatus.sentence(exitStatuses))

    static let exitStatuses: [ExitStatus] = [.success, .nothingChosen, .noChosenField, .noTerminal, .usage]
        + ExitStatus.libraryOpen + [.cannotReadInput, .cannotWriteOutput, .interrupted]

    @OptionGroup var library: LibraryOption

    @Option(name: .customLong("stdin"), help: ArgumentHelp(
        "Pick among the lines of stdin, remembering their stars in the library NAME.", valueName: "name"))
    var stdinName: String?

    @Option(name: .customLong("print"), help: ArgumentHelp(
        "What to print of each chosen item: id, title, json (one object a line) or field:NAME (that field's value).",
        valueName: "what"))
    var output: PickOutput = .id

    @Flag(help: "Start in the favorites view.")
    var favorites = false

    @OptionGroup var tagScope: TagScopeOption

    // `.unconditional`, as favs list --query: a pattern may begin with a dash (`--query -x`).
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Start with this search typed (fzf's syntax, as favs list --query).", valueName: "pattern"))
    var query: String?

    @Flag(help: "Match plain terms as substrings, not fuzzily (ctrl-e switches while typing).")
    var exact = false

    @Option(help: ArgumentHelp(
        "How a search ranks: default (fzf's score, plus a bounded bonus for a star and for picks), fzf (fzf's order exactly) or frecency (the most picked first).",
        valueName: "scheme"))
    var scheme: RankScheme = .default

    // `.unconditional`, as --query: a pattern may begin with a dash.
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Print every match in the picker's order and exit, without a screen (fzf's --filter); '' prints every item in the order the picker opens in.",
        discussion: """
            Nothing is remembered: no pick, no order. Exits 0, or 1 when nothing matches. The order is the one the \
            picker would show with this search typed: with a pattern, ranked (as --scheme says); without one, the \
            starred first, then the most picked, then the rest in input order.
            """, valueName: "pattern"))
    var filter: String?

    @Flag(name: .customLong("select-1"), help: "When exactly one item matches, print it without showing the screen.")
    var selectOne = false

    @Flag(name: .customLong("exit-0"), help: "When no item matches, exit 1 at once without showing the screen.")
    var exitZero = false

    @OptionGroup var display: DisplayOptions
    @OptionGroup var inline: HeightOption
    @OptionGroup var previewOptions: PreviewOptions

    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal.")
    var noMouse = false

    func validate() throws {
        try tagScope.validate(favorites: favorites)
        if query != nil, filter != nil { throw ValidationError("--query and --filter: give one, not both") }
        for (option, pattern) in [("--query", query), ("--filter", filter)] {
            guard let pattern else { continue }
            do {
                try ListQuery.validate(pattern, exact: exact, fieldsSearched: stdinName == nil)
            } catch {
                throw ValidationError("\(option): \(error.message)")
            }
        }
        if let stdinName {
            guard PickMemoryName.isValid(stdinName) else {
                throw ValidationError("--stdin NAME: use letters, digits, '.', '_' and '-' (not starting with '.'), "
                                      + "at most 100 characters: '\(Sanitize.visible(stdinName))'")
            }
            if tagScope.tag != nil {
                throw ValidationError("--tag: the lines of stdin have no tags (--stdin NAME)")
            }
            if tagScope.favoritesOf != nil {
                throw ValidationError("--favorites-of: the lines of stdin have no team (--stdin NAME)")
            }
            if library.library != nil {
                throw ValidationError("--stdin NAME keeps its stars in picks/NAME.sqlite: --library does not apply")
            }
            if isatty(STDIN_FILENO) != 0 {
                throw ValidationError("--stdin NAME reads the lines to pick from stdin: pipe them in (git branch | favs pick --stdin branches)")
            }
        }
    }

    func run() throws {
        let (config, configError) = StartupConfig.load()
        let start = ListQuery(filter: filter ?? query ?? "", exact: exact, scope: tagScope.scope(favorites: favorites),
                              searchesTags: stdinName == nil, scheme: scheme)
        let picker = try BrowserSession.picker(stdinName: stdinName, library: library, config: config, query: start,
                                               needsWholeList: selectOne || exitZero || filter != nil)
        let browser = picker.browser
        let count = browser.store.list.count
        if filter != nil {
            guard count > 0 else { throw ExitCode(.nothingChosen) }
            try finish(with: (0..<count).compactMap { browser.store.list.id(at: $0) }, picker: picker)
        }
        if exitZero, count == 0 { throw ExitCode(.nothingChosen) }
        if selectOne, count == 1, let id = browser.store.list.id(at: 0) {
            try finish(with: [id], picker: picker)
        }
        browser.glyphs = display.terminalGlyphs(config: config.ascii)
        picker.usePreviews(previewOptions.settings(config: config, alone: stdinName != nil))
        if let configError { browser.show(configError) }
        let ending: Browser.Effect
        do {
            ending = try TerminalApp.run(browser, wantsColor: display.wantsColor(config: config.color),
                                         palette: config.palette, mouse: !noMouse && config.mouse,
                                         device: .controllingTerminal, height: inline.height,
                                         pollInterval: picker.pollInterval, wake: picker.wake,
                                         afterFirstFrame: picker.loadTheRest, poll: picker.poll)
        } catch let error as TerminalError {
            throw failure(error.description, .noTerminal)
        }
        picker.stopPreviews()
        if ending != .interrupt { try picker.finishWrites() }  // a star made just before enter or esc is kept
        switch ending {
        case let .pick(ids):
            picker.remember(picks: ids)
            try finish(with: ids, picker: picker)
        case .interrupt: throw ExitCode(.interrupted)
        default: throw ExitCode(.nothingChosen)
        }
    }

    /// Prints the chosen items on stdout and ends: 0, or 1 when `field:NAME` found the field in none of them.
    private func finish(with ids: [ItemID], picker: BrowserSession) throws -> Never {
        var text = Data()
        var printed = 0
        for id in ids {
            guard let item = picker.browser.store.items[id] else { continue }
            switch output.line(for: item, fields: { try picker.fields(of: id) }) {
            case let .success(line?):
                text.append(contentsOf: line)
                text.append(0x0A)
                printed += 1
            case .success(nil):
                if case let .field(name) = output {
                    FileHandle.standardError.write(Data(
                        "favs: “\(Sanitize.visible(item.title))” has no field \(Sanitize.visible(name))\n".utf8))
                }
            case let .failure(error):
                throw failure("cannot read the fields of \(Sanitize.visible(id.readable)): \(error)", .io)
            }
        }
        try text.withUnsafeBytes { try StandardOutput.write(bytes: $0) }
        throw ExitCode(printed > 0 || ids.isEmpty ? .success : .noChosenField)
    }
}

/// The names `--stdin` accepts: a file name in favs's folder, nothing that climbs out of it.
enum PickMemoryName {
    static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != ".", name.utf8.count <= 100 else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) }
    }
}

extension RankScheme: ExpressibleByArgument {}
