import FavsModel
import Foundation

/// The whole app minus the terminal: turns keys into actions on the store and composes the panes
/// into one frame. The ncurses screen and scripted mode both drive exactly this.
public final class Browser {
    public let store: Store
    public let libraryName: String
    /// Why the library may only be read, when the user's rights say so (a team library's role that may only read):
    /// the keys that would change it are refused at once with it, and the hints name none of them.
    public var readOnlyReason: String?
    /// Whether the member keeps their own stars apart from a library they may only read (a team library's
    /// `PersonalStarsLibrary`): a star, and an undo or redo of one, are still offered then.
    public var keepsOwnStars = false
    public let keyMap: KeyMap
    /// Which keys each mode takes, made from the key map (Modes.swift).
    let modeKeys: [Mode: ModeKeys]
    public private(set) var width: Int
    public private(set) var height: Int
    public internal(set) var focus: Focus = .list
    public internal(set) var mode: Mode = .normal
    public internal(set) var message: Message?
    public internal(set) var hasQuit = false
    /// Why other processes' changes cannot arrive now ("offline — retrying", while a library's server is gone):
    /// shown on the status line, in the error role, whenever no message or prompt is. Being offline is a state, not
    /// a message: when it begins it takes the status line from whatever message was there ("back online", "Deleted
    /// … — u to undo"), which would otherwise hide it until the next key.
    public var connectionTrouble: String? {
        didSet { if oldValue == nil, connectionTrouble != nil { message = nil } }
    }
    /// The characters chrome is drawn with: `.ascii` for a terminal that cannot show UTF-8.
    public var glyphs: Glyphs = .unicode
    /// Browsing, or choosing items for the shell (`favs pick`): then enter picks and esc cancels.
    public let purpose: Purpose

    /// View state, and only view state: the model is the store's. Every frame draws from the two.
    var listCursor: Cursor
    /// The collections pane's cursor: on a collection (`★ Favorites`, a tag's folder) or on a favorite.
    var collectionsCursor: RowCursor<CollectionRow>
    /// The folders of tags opened in the collections pane (`l`); every other folder is closed.
    var openFolders: Set<SetID> = []
    /// Set while a search typed is shown (`changeQuery`): the list's cursor goes to the best match, so the new rows
    /// need not say where the item it was on went.
    var searchTyped = false
    var detail = DetailState()
    /// The previews' running command, outputs and debounce (Browser+Preview.swift); nil without a preview command.
    var previews: Previews?
    /// Whether the preview is hidden (`--preview-window hidden`, the toggle-preview key): then none runs.
    var previewHidden = false
    /// The preview as its own pane shows it (`--preview-window right` or `bottom`); nil when it has none.
    var previewPane: DetailPane.PreviewSection?
    var marks = Marks()
    /// The tag prompt's text and what it last said; read while `mode` is `.tagging` (Browser+Tags.swift).
    var tagPrompt = TagPrompt()
    /// The name prompt's text (`S`), the same text field as the tag prompt's; read while `mode` is `.naming`
    /// (Browser+Searches.swift).
    var namePrompt = TagPrompt()
    var marksOnTheirWay = MarksOnTheirWay()
    /// The first binding the help overlay shows.
    var helpOffset = 0
    /// The help overlay's last layout (`helpLayout`).
    var helpLayoutKept: HelpLayout?

    /// The help overlay laid out for the screen as it is, made again only when its size changed (the key map never
    /// does): laying it out measures and wraps every binding's text, more than the rest of a key costs.
    var helpLayout: HelpLayout {
        if let kept = helpLayoutKept, kept.width == width, kept.height == height { return kept }
        // The toggle-preview key is listed only when there is a preview to show or hide.
        let layout = Chrome.helpLayout(previews == nil ? keyMap.without(.togglePreview) : keyMap, width: width, height: height)
        helpLayoutKept = layout
        return layout
    }
    /// Inputs that wait for the whole list while the store holds a preview, oldest first (Browser+Loading.swift).
    var waiting: [Input] = []
    /// Set when the whole list will not come (it could not be read): inputs no longer wait for it.
    var listWillNotCome = false

    /// A line for the status bar, shown until the next key.
    public struct Message: Equatable, Sendable {
        public var text: String
        public var isError: Bool
        /// Shorter forms of `text`, longest first, for a status line too narrow for it.
        public var shorter: [String] = []
    }

    /// What the terminal has to do after a key, beyond drawing the next frame.
    public enum Effect: Equatable, Sendable {
        case none, quit, suspend, redraw
        /// Open this value (a URL or a path) with the opener, the terminal handed over while it runs.
        case open(String)
        /// `favs pick`: these items were chosen (enter), in list order; the picker ends.
        case pick([ItemID])
        /// `favs pick`: the user gave up (esc, ctrl-g); nothing is chosen.
        case cancel
        /// `favs pick`: ctrl-c; nothing is chosen, and the shell hears of an interrupt.
        case interrupt
    }

    /// What the browser is for.
    public enum Purpose: Sendable {
        case browse
        /// A chooser in the fzf tradition: typing filters from the first key, enter picks the marked items (or
        /// the selected one), esc and ctrl-g cancel, ctrl-c interrupts (KeyMap+Picking.swift).
        case pick
    }

    public init(store: Store, libraryName: String, width: Int = 80, height: Int = 24, keyMap: KeyMap = .standard,
                purpose: Purpose = .browse) {
        self.store = store
        self.purpose = purpose
        self.libraryName = libraryName
        self.keyMap = purpose == .pick ? keyMap.forPicking() : keyMap
        modeKeys = ModeKeys.table(for: self.keyMap, purpose: purpose)
        self.width = width
        self.height = height
        listCursor = Cursor(in: store.list)
        collectionsCursor = RowCursor(in: CollectionRows(store, open: [], selected: nil, picks: purpose == .browse))
        // A key typed in a search shows its first rows without ordering every match (`Store.answersSearchesTopFirst`).
        store.answersSearchesTopFirst = true
        settle()
        if purpose == .pick { store.prepareSearch() }  // the picker's first key is a search
    }

    /// The item f, d and the detail pane act on: the item selected in the collections pane (a favorite, or one of
    /// the most picked) when that pane has focus, else the list's.
    public var selectedID: ItemID? {
        focus == .favorites ? (collectionsCursor.selected?.subject ?? listCursor.selected) : listCursor.selected
    }

    /// The collections pane's rows as the store and the pane's cursor make them now.
    var collectionRows: CollectionRows {
        // A picker has no collections pane: its picks (10k lines picked, say) are not walked for a row never drawn.
        CollectionRows(store, open: openFolders, selected: collectionsCursor.selected, lastRow: collectionsCursor.row,
                       picks: purpose == .browse)
    }

    public var layout: Layout {
        let window = previews.map(\.settings.window).flatMap { previewHidden || $0.placement == .detail ? nil : $0 }
        return Layout(width: width, height: height, focus: focus, preview: window)
    }

    public func resize(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        settle()
    }

    /// Shows an error on the status line until the next key; the first of `text` and `shorter` that fits.
    public func show(error text: String, shorter: [String] = []) {
        message = Message(text: text, isError: true, shorter: shorter)
    }

    /// Shows a notice (not an error) on the status line until the next key, in place of any message.
    public func show(notice text: String, shorter: [String] = []) {
        message = Message(text: text, isError: false, shorter: shorter)
    }

    /// Sends an action that came from outside the key map (a test, a benchmark), then brings view state in line.
    @discardableResult
    public func send(_ action: Action) -> Outcome {
        defer { settle() }
        return dispatch(action)
    }

    // MARK: Keys

    /// Handles one key press: the mode takes it first (the table in Modes.swift), else the key map.
    @discardableResult
    public func handle(_ key: Key) -> Effect {
        if waitsForTheList(.key(key)) { return .none }
        defer { settle() }
        message = nil
        // ctrl-c ends a pick in any mode, whatever the bindings: a shell user's way out (exit 130).
        if purpose == .pick, key == .ctrl("c") {
            hasQuit = true
            return .interrupt
        }
        if let action = modeKeys[mode]?.action(for: key) {
            perform(action)
            return .none
        }
        if purpose == .pick, let effect = pickEffect(for: key) { return effect }
        guard let command = keyMap.command(for: key) else {
            if case .char = key { message = Message(text: "\(key.name): not a key here (\(keyMap.label(.help)) for help)", isError: true) }
            return .none
        }
        return perform(command)
    }

    private func perform(_ action: ModeAction) {
        switch action {
        case .closeHelp: mode = .normal
        case let .scrollHelp(delta): helpOffset = max(0, helpOffset + max(-helpOffset, delta))
        case let .pageHelp(pages):
            helpOffset = max(0, helpOffset + pages * max(1, helpLayout.rows - 1))
        case let .type(c): editText { $0 + String(c) }
        case .erase: editText { String($0.dropLast()) }
        case .clearQuery: editText { _ in "" }
        case .toggleExact: changeQuery { $0.exact.toggle() }
        case .keepFilter: mode = .normal
        case .clearFilter:
            setFilter("")
            mode = .normal
        case .endRange: endRange()
        case .clearMarks: clearMarks()
        case .completeTag: tagPrompt.complete(from: store.items.tagPaths)
        case .applyTags: applyTags()
        case .cancelTags: mode = .normal
        case .saveSearch: saveSearch()
        case .ignore: break
        }
    }
}
