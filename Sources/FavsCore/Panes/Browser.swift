import Foundation

/// The whole app minus the terminal: turns keys into actions on the store and composes the panes
/// into one frame. The ncurses screen and scripted mode both drive exactly this.
public final class Browser {
    public let store: Store
    public let libraryName: String
    public let keyMap: KeyMap
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var focus: Focus = .list
    public private(set) var mode: Mode = .normal
    public private(set) var message: Message?
    public private(set) var hasQuit = false

    let list: ListPane
    let detail: DetailPane
    let favorites: FavoritesPane
    /// What each pane last drew, where, and with which focus: redrawn only when stale.
    var drawn: [Focus: (rect: Rect, focused: Bool, canvas: Canvas)] = [:]

    public enum Mode: Equatable, Sendable { case normal, filtering, help }

    /// A line for the status bar, shown until the next key.
    public struct Message: Equatable, Sendable {
        public var text: String
        public var isError: Bool
    }

    /// What the terminal has to do after a key, beyond drawing the next frame.
    public enum Effect: Equatable, Sendable { case none, quit, suspend, redraw }

    public init(store: Store, libraryName: String, width: Int = 80, height: Int = 24, keyMap: KeyMap = .standard) {
        self.store = store
        self.libraryName = libraryName
        self.keyMap = keyMap
        self.width = width
        self.height = height
        list = ListPane(store: store)
        detail = DetailPane(store: store)
        favorites = FavoritesPane(store: store)
    }

    /// The item f, d and the detail pane act on: the favorites cursor when that pane has focus, else the list's.
    public var selectedID: ItemID? {
        focus == .favorites ? (favorites.cursor ?? list.cursor) : list.cursor
    }

    public var layout: Layout { Layout(width: width, height: height, focus: focus) }

    public func resize(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        settle()
    }

    /// Shows an error on the status line until the next key.
    public func show(error text: String) {
        message = Message(text: text, isError: true)
    }

    /// Sends an action that came from outside the key map (another process, a test).
    @discardableResult
    public func send(_ action: Action) -> Outcome {
        defer { settle() }
        return store.send(action)
    }

    // MARK: Keys

    /// Handles one key press.
    @discardableResult
    public func handle(_ key: Key) -> Effect {
        defer { settle() }
        message = nil
        switch mode {
        case .help:
            if [.escape, .char("?"), .char("q"), .enter].contains(key) { mode = .normal }
            return .none
        case .filtering:
            if handleFilterKey(key) { return .none }
        case .normal:
            break
        }
        guard let command = keyMap.command(for: key) else {
            if case .char = key { message = Message(text: "\(key.name): not a key here (? for help)", isError: true) }
            return .none
        }
        return perform(command)
    }

    /// Keys typed into the filter prompt; false when the key is not for the prompt.
    private func handleFilterKey(_ key: Key) -> Bool {
        switch key {
        case let .char(c):
            list.setQuery(list.query + String(c))
        case .backspace:
            list.setQuery(String(list.query.dropLast()))
        case .enter:
            mode = .normal
        case .escape:
            list.setQuery("")
            mode = .normal
        default:
            return false
        }
        return true
    }

    private func perform(_ command: Command) -> Effect {
        switch command {
        case .moveDown: move(by: 1)
        case .moveUp: move(by: -1)
        case .pageDown: move(by: pageSize)
        case .pageUp: move(by: -pageSize)
        case .top: moveToEnd(top: true)
        case .bottom: moveToEnd(top: false)
        case .focusNext: cycleFocus(by: 1)
        case .focusPrevious: cycleFocus(by: -1)
        case .activate: activate()
        case .back: back()
        case .toggleFavorite:
            guard let id = selectedID else { return none("Nothing selected") }
            report(store.send(.toggleFavorite(id)), verb: nil)
        case .delete:
            guard let id = selectedID else { return none("Nothing selected") }
            report(store.send(.delete(id)), verb: nil)
        case .undo: report(store.send(.undo), verb: "Undo")
        case .redo: report(store.send(.redo), verb: "Redo")
        case .filter:
            focus = .list
            mode = .filtering
        case .help: mode = .help
        case .quit:
            hasQuit = true
            return .quit
        case .suspend: return .suspend
        case .redraw:
            drawn.removeAll()
            return .redraw
        }
        return .none
    }

    private func none(_ text: String) -> Effect {
        message = Message(text: text, isError: true)
        return .none
    }

    private func cycleFocus(by step: Int) {
        let all = Focus.allCases
        let index = all.firstIndex(of: focus) ?? 0
        focus = all[(index + step + all.count) % all.count]
    }

    private var pageSize: Int {
        max(1, (layout.panes[focus]?.height ?? 3) - 3)
    }

    private func move(by delta: Int) {
        switch focus {
        case .list: list.move(by: delta)
        case .detail: detail.scroll(by: delta)
        case .favorites: favorites.move(by: delta)
        }
    }

    private func moveToEnd(top: Bool) {
        switch focus {
        case .list: list.moveTo(row: top ? 0 : list.count - 1)
        case .detail: detail.scrollTo(top: top)
        case .favorites: favorites.moveTo(index: top ? 0 : favorites.count - 1)
        }
    }

    private func activate() {
        switch focus {
        case .list: focus = .detail
        case .detail: break
        case .favorites:
            guard let id = favorites.cursor else { return }
            if !list.select(id) {
                list.setQuery("")
                list.select(id)
                message = Message(text: "Filter cleared to show “\(store.items[id]?.title ?? id.rawValue)”", isError: false)
            }
            focus = layout.kind == .sideBySide ? .list : .detail
        }
    }

    private func back() {
        if focus != .list {
            focus = .list
        } else if !list.query.isEmpty {
            list.setQuery("")
        }
    }

    /// Shows what an action did: deletes, undo and redo say so; errors always do.
    private func report(_ outcome: Outcome, verb: String?) {
        if let error = outcome.error {
            message = Message(text: error, isError: true)
            return
        }
        guard let change = outcome.applied else { return }
        let title = { (id: ItemID) in "“\(self.store.items[id]?.title ?? id.rawValue)”" }
        let text: String
        switch change {
        case let .setFavorite(id, true): text = "favorited \(title(id))"
        case let .setFavorite(id, false): text = "unfavorited \(title(id))"
        case let .delete(item): text = "deleted “\(item.title)”"
        case let .restore(item): text = "restored “\(item.title)”"
        }
        if let verb {
            message = Message(text: "\(verb): \(text)", isError: false)
            if case .restore = change { list.select(change.itemID) }
        } else if case .delete = change {
            message = Message(text: "Deleted “\(change.deletedTitle)” — u to undo", isError: false)
        }
    }
}

private extension ModelChange {
    var deletedTitle: String {
        if case let .delete(item) = self { return item.title }
        return itemID.rawValue
    }
}
