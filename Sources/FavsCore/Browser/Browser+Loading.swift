import FavsModel
import Foundation

/// Keys and clicks while a large library's list loads, the store holding a preview (its first and last rows and
/// its counts). A move whose target and screenful the preview knows (j, k, g, G, page up and down, a click or the
/// wheel on the list) is answered at once; every other input waits, in order, and is answered once the whole list
/// is in (`takeWaiting`), as if it had been typed then. So nothing is written while only a preview is held, and
/// nothing lands on another item than the one it was typed at: cursors are by id, and the reload keeps them.
/// Quitting is answered at once when nothing waits; after inputs that wait it waits too, so they are not lost.
extension Browser {
    /// A key or a mouse action, as it came from the terminal.
    public enum Input: Hashable, Sendable {
        case key(Key)
        case mouse(MouseEvent)
    }

    /// Whether the browser holds a preview and inputs that are not moves must wait for the whole list.
    public var isWaitingForTheList: Bool { store.items.isPreview && !listWillNotCome }

    /// How many inputs wait for the whole list (the status line says so).
    public var waitingCount: Int { waiting.count }

    /// Answers an input as the terminal sends it: a key (its effect) or a mouse action.
    @discardableResult
    public func handle(_ input: Input) -> Effect {
        switch input {
        case let .key(key): return handle(key)
        case let .mouse(mouse):
            handle(mouse)
            return .none
        }
    }

    /// The inputs that waited, in order, once the whole list is in (none before): the caller answers each as it
    /// answers a typed one (`handle(_:)`), its effects included.
    public func takeWaiting() -> [Input] {
        guard !isWaitingForTheList, !waiting.isEmpty else { return [] }
        defer { waiting = [] }
        return waiting
    }

    /// The whole list could not be read: from now on inputs are answered on the preview (what waited, too).
    public func stopWaitingForTheList() {
        listWillNotCome = true
    }

    /// Queues `input` when it must wait for the whole list; true when it was queued.
    func waitsForTheList(_ input: Input) -> Bool {
        guard isWaitingForTheList else { return false }
        let answered: Bool
        if !waiting.isEmpty {
            answered = false  // in order: nothing overtakes what waits
        } else {
            switch input {
            case let .key(key): answered = answersOnPreview(key)
            case let .mouse(mouse): answered = answersOnPreview(mouse)
            }
        }
        if !answered { waiting.append(input) }
        return !answered
    }

    /// The search the inputs waiting for the whole list type, when typing one is all they do: the filter key (or
    /// the prompt open already), then characters and backspaces. The session reads the rows whose titles may match it
    /// (far fewer than the list, and cheaper to read) and hands them to `answerWaitingSearch`, so the search is
    /// answered before the whole list is in. Nil otherwise, and for a search its title rows cannot answer
    /// (`ListQuery.isAnsweredByTitles`: a field or tag term, or no term a title can be tested for).
    public var searchTypedWhileLoading: ListQuery? {
        guard isWaitingForTheList, purpose == .browse, !waiting.isEmpty, mode == .normal || mode == .filtering else {
            return nil
        }
        var typing = mode == .filtering
        var query = store.query
        for input in waiting {
            guard case let .key(key) = input else { return nil }
            if !typing {
                guard modeKeys[.normal]?.action(for: key) == nil, keyMap.command(for: key) == .filter else { return nil }
                typing = true
                continue
            }
            switch modeKeys[.filtering]?.action(for: key) {
            case let .type(character)?: query.filter.append(character)
            case .erase?: query.filter = String(query.filter.dropLast())
            default: return nil
            }
        }
        return query.isAnsweredByTitles ? query : nil
    }

    /// Answers the search the waiting inputs type (`searchTypedWhileLoading`) from `rows`, the list's rows whose titles
    /// pass the prefilter of `query` (which it is, or narrows): the store's preview holds them too, and the prompt
    /// shows the search typed, its rows those the whole list will show. False, changing nothing, when the inputs
    /// waiting type no such search (another key came meanwhile) or the list is whole already.
    @discardableResult
    public func answerWaitingSearch(holding rows: ItemCollection, matchesOf query: ListQuery) -> Bool {
        guard let held = store.items.holding(rows, matchesOf: query) else { return false }
        return answerWaitingSearch(from: held)
    }

    /// `answerWaitingSearch(holding:matchesOf:)` with the preview holding the rows made already (off the input thread:
    /// `ItemCollection.holding(_:matchesOf:)` of the preview the store holds).
    @discardableResult
    public func answerWaitingSearch(from held: ItemCollection) -> Bool {
        guard store.items.isPreview, let typed = searchTypedWhileLoading, held.holdsMatches(of: typed) else { return false }
        sync([.reload(held)])
        defer { settle() }
        message = nil
        if mode == .normal { _ = perform(Command.filter) }  // the first input waiting was the filter key
        waiting = []
        setFilter(typed.filter)
        return true
    }

    private func answersOnPreview(_ key: Key) -> Bool {
        if purpose == .pick, key == .ctrl("c") { return true }
        // A character typed or erased in a search whose every match the preview holds (`answerWaitingSearch`).
        if mode == .filtering, let action = modeKeys[mode]?.action(for: key) {
            var query = store.query
            switch action {
            case let .type(character): query.filter.append(character)
            case .erase: query.filter = String(query.filter.dropLast())
            default: return false
            }
            return store.items.holdsMatches(of: query)
        }
        guard mode == .normal, modeKeys[mode]?.action(for: key) == nil, let command = keyMap.command(for: key)
        else { return false }
        switch command {
        case .quit, .redraw: return true
        // A picker's enter picks the selected item (nothing is marked: marking waits), esc cancels.
        case .activate, .back: return purpose == .pick
        case .moveDown, .moveUp, .pageDown, .pageUp, .top, .bottom:
            return focus == .list && knowsTheScreenful { _ = perform(command) }
        default: return false
        }
    }

    private func answersOnPreview(_ mouse: MouseEvent) -> Bool {
        guard mode == .normal, focus == .list, let rect = layout.panes[.list], rect.interiorContains(mouse) else {
            return false
        }
        let list = store.list
        switch mouse.kind {
        case .click:
            // A star clicked is a favorite made: that waits.
            let target = listCursor.offset + mouse.row - rect.y - 1
            guard mouse.column != rect.x + Self.starColumn, target < list.count else { return false }
            return knowsTheScreenful { listCursor.move(to: target, in: list) }
        case .wheelUp, .wheelDown:
            return knowsTheScreenful { listCursor.move(by: mouse.kind == .wheelUp ? -Self.wheelStep : Self.wheelStep, in: list) }
        }
    }

    /// Whether, after `move` (a move of the list's cursor, tried and taken back), the preview knows the item
    /// selected and every row of the list then on screen.
    private func knowsTheScreenful(after move: () -> Void) -> Bool {
        let before = listCursor
        defer { listCursor = before }
        move()
        guard listCursor.selected != nil, let rect = layout.panes[.list] else { return false }
        let visible = max(0, rect.height - 2)
        let list = store.list
        listCursor.settle(in: list, visible: visible)
        return list.items(from: listCursor.offset, count: visible).count == min(visible, list.count - listCursor.offset)
    }
}
