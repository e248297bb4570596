import FavsModel
import Foundation

/// The whole app minus the terminal: turns keys into actions on the store and composes the panes
/// into one frame. The ncurses screen and scripted mode both drive exactly this.
public final class Browser {
    public let store: Store
    public let libraryName: String
    public let keyMap: KeyMap
    public private(set) var width: Int
    public private(set) var height: Int
    public internal(set) var focus: Focus = .list
    public internal(set) var mode: Mode = .normal
    public internal(set) var message: Message?
    public private(set) var hasQuit = false

    /// View state, and only view state: the model is the store's. Every frame draws from the two.
    var listCursor: Cursor
    var favoritesCursor: Cursor
    var detail = DetailState()
    private var token: ObservationToken?

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
        listCursor = Cursor(in: store.list)
        favoritesCursor = Cursor(in: store.favorites)
        token = store.observe { [weak self] event in self?.repair(after: event) }
        settle()
    }

    /// The item f, d and the detail pane act on: the favorites cursor when that pane has focus, else the list's.
    public var selectedID: ItemID? {
        focus == .favorites ? (favoritesCursor.selected ?? listCursor.selected) : listCursor.selected
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

    /// Sends an action that came from outside the key map (a test).
    @discardableResult
    func send(_ action: Action) -> Outcome {
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
            setFilter(store.query.filter + String(c))
        case .backspace:
            setFilter(String(store.query.filter.dropLast()))
        case .enter:
            mode = .normal
        case .escape:
            setFilter("")
            mode = .normal
        default:
            return false
        }
        return true
    }

    func perform(_ command: Command) -> Effect {
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
        case .favoritesView:
            changeQuery { $0.scope = $0.scope == .all ? .favorites : .all }
            message = Message(text: store.query.scope == .all ? "Every item" : "Favorites only — F for every item",
                              isError: false)
        case .sort:
            changeQuery { $0.order = $0.order.next }
            if message == nil { message = Message(text: "Sorted by \(store.query.order.name)", isError: false) }
        case .help: mode = .help
        case .quit:
            hasQuit = true
            return .quit
        case .suspend: return .suspend
        case .redraw: return .redraw
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
        case .list: listCursor.move(by: delta, in: store.list)
        case .detail: scrollDetail(to: detail.scroll + delta)
        case .favorites: favoritesCursor.move(by: delta, in: store.favorites)
        }
    }

    private func moveToEnd(top: Bool) {
        switch focus {
        case .list: listCursor.move(to: top ? 0 : store.list.count - 1, in: store.list)
        case .detail: scrollDetail(to: top ? 0 : Int.max / 2)
        case .favorites: favoritesCursor.move(to: top ? 0 : store.favorites.count - 1, in: store.favorites)
        }
    }

    private func scrollDetail(to target: Int) {
        guard let rect = layout.panes[.detail] else { return }
        detail.scroll = DetailPane.clamp(target, store, subject: detail.subject, width: rect.width, height: rect.height)
    }

    /// Shows the items whose title contains `filter`.
    private func setFilter(_ filter: String) { changeQuery { $0.filter = filter } }

    /// Changes what the list shows (one value: filter, scope, order); the cursor starts over on the new rows,
    /// on the same item when they show it.
    private func changeQuery(_ change: (inout ListQuery) -> Void) {
        var query = store.query
        change(&query)
        guard query != store.query else { return }
        let failure = store.setQuery(query)
        listCursor.reset(in: store.list)
        if let failure { message = Message(text: failure, isError: true) }
    }

    private func activate() {
        switch focus {
        case .list: focus = .detail
        case .detail: break
        case .favorites:
            guard let id = favoritesCursor.selected else { return }
            if !listCursor.select(id, in: store.list) {
                setFilter("")
                listCursor.select(id, in: store.list)
                message = Message(text: "Filter cleared to show “\(store.items[id]?.title ?? id.rawValue)”", isError: false)
            }
            focus = layout.kind == .sideBySide ? .list : .detail
        }
    }

    private func back() {
        if focus != .list {
            focus = .list
        } else if !store.query.filter.isEmpty {
            setFilter("")
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
            if case .restore = change { listCursor.select(change.itemID, in: store.list) }
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
