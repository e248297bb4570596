import FavsModel
import Foundation

/// What the key map's commands do: moves, focus, the list query, favorites and deletes (on the marked items
/// when there are any), undo and redo.
extension Browser {
    func perform(_ command: Command) -> Effect {
        if let refusal = readOnlyRefusal(of: command) { return refuse(refusal) }
        switch command {
        case .moveDown: move(by: 1)
        case .moveUp: move(by: -1)
        case .pageDown: move(by: pageSize)
        case .pageUp: move(by: -pageSize)
        case .previewDown: scrollDetail(to: detail.scroll + halfDetail)
        case .previewUp: scrollDetail(to: detail.scroll - halfDetail)
        case .togglePreview: togglePreview()
        case .top: moveToEnd(top: true)
        case .bottom: moveToEnd(top: false)
        case .focusNext: cycleFocus(by: 1)
        case .focusPrevious: cycleFocus(by: -1)
        case .activate: activate()
        case .openFolder: openFolder()
        case .closeFolder: closeFolder()
        case .renameTag:
            if focus == .favorites, case let .search(name)? = collectionsCursor.selected { return openSearchRenamePrompt(name) }
            return openRenamePrompt()
        case .deleteTag: return deleteSelectedTag()
        case .back: back()
        case .toggleFavorite: return act(onMarked: Action.toggleFavorites, orSelected: Action.toggleFavorite)
        case .delete:
            if focus == .favorites, case let .search(name)? = collectionsCursor.selected {
                report(dispatch(.deleteSearch(name)), verb: nil)
                return .none
            }
            return act(onMarked: Action.deleteAll, orSelected: Action.delete)
        case .open: return openSelected()
        case .tag: return openTagPrompt()
        case .saveSearch: return openNamePrompt()
        case .mark: toggleMark()
        case .markRange: startRange()
        case .forgetPicks:
            guard let id = selectedID else { return refuse("Nothing selected") }
            report(dispatch(.forgetPicks(id)), verb: nil)
        case .undo: report(dispatch(.undo), verb: "Undo")
        case .redo: report(dispatch(.redo), verb: "Redo")
        case .filter:
            focus = .list
            mode = .filtering
            store.prepareSearch()
        case .favoritesView: cycleScope(throughTags: purpose == .pick)
        case .sort:
            // Most starred first is the team's order: offered where others star.
            let next = store.query.order.next
            changeQuery { $0.order = next == .mostStarred && !store.items.hasTeamStars ? next.next : next }
            if message == nil { message = Message(text: "Sorted by \(store.query.order.name)", isError: false) }
        case .help:
            mode = .help
            helpOffset = 0
        case .quit:
            hasQuit = true
            return .quit
        case .suspend: return .suspend
        case .redraw: return .redraw
        }
        return .none
    }

    /// `F` (a picker's ctrl-t): the favorites, then every item again. A picker, which has no collections pane to choose
    /// a tag in, goes on from the favorites through each top-level tag folder A–Z before every item; a scope outside
    /// that round (`favs pick --tag dev/swift`) goes back to every item. The message names what the key shows next.
    func cycleScope(throughTags: Bool) {
        let folders = throughTags ? store.items.tagTree.filter { $0.depth == 0 }.map { SetID.tagFolder($0.path) } : []
        let round: [ListQuery.Scope] = [.all, .favorites] + folders.map(ListQuery.Scope.members)
        func after(_ scope: ListQuery.Scope) -> ListQuery.Scope {
            round.firstIndex(of: scope).map { round[($0 + 1) % round.count] } ?? .all
        }
        changeQuery { $0.scope = after($0.scope) }
        let scope = store.query.scope
        guard let set = scope.set else {
            message = Message(text: "Every item", isError: false)
            return
        }
        let next = after(scope).set.map { $0 == .favorites ? "favorites" : "\($0)" } ?? "every item"
        message = Message(text: "\(scopeName(set)) — \(keyMap.label(.favoritesView)) for \(next)", isError: false)
    }

    /// What the status line calls the list scoped to a set.
    private func scopeName(_ set: SetID) -> String {
        if set == .favorites { return store.items.hasTeamStars ? "Your stars only" : "Favorites only" }
        if set == .team { return "The team's stars, counted" }
        if set == .picked { return "Picked items, the most picked first" }
        return "Tagged \(set)"
    }

    /// Why `command` is not offered: a library this user may only read offers nothing that would change it, and
    /// such a key (or a click on a star) says why at once. A member who keeps their own stars apart still stars,
    /// forgets their picks (kept with the stars), and undoes and redoes (their history holds nothing else). Nil when it
    /// is offered.
    func readOnlyRefusal(of command: Command) -> String? {
        guard let reason = readOnlyReason, command.changesTheLibrary, !(keepsOwnStars && command.changesOwnStars) else {
            return nil
        }
        return "Read-only: \(reason)"
    }

    /// Shows `text` as an error and changes nothing else: what a command that cannot run answers.
    func refuse(_ text: String) -> Effect {
        message = Message(text: text, isError: true)
        return .none
    }

    func cycleFocus(by step: Int) {
        let all = Focus.allCases
        let index = all.firstIndex(of: focus) ?? 0
        focus = all[(index + step + all.count) % all.count]
    }

    var pageSize: Int {
        max(1, (layout.panes[focus]?.height ?? 3) - 3)
    }

    /// Half the detail pane's rows: what ctrl-d and ctrl-u scroll it by, whichever pane has focus.
    var halfDetail: Int { max(1, ((layout.panes[.detail]?.height ?? 3) - 2) / 2) }

    func move(by delta: Int) {
        switch focus {
        case .list: listCursor.move(by: delta, in: store.list)
        case .detail: scrollDetail(to: detail.scroll + delta)
        case .favorites: collectionsCursor.move(by: delta, in: collectionRows)
        }
    }

    func moveToEnd(top: Bool) {
        switch focus {
        case .list: listCursor.move(to: top ? 0 : store.list.count - 1, in: store.list)
        case .detail: scrollDetail(to: top ? 0 : Int.max / 2)
        case .favorites:
            let rows = collectionRows
            collectionsCursor.move(to: top ? 0 : rows.count - 1, in: rows)
        }
    }

    func scrollDetail(to target: Int) {
        guard layout.panes[.detail] != nil else { return }
        // settle(), which follows every key, keeps the scroll within the text: clamping here as well would wrap
        // every field of the item once more per key.
        detail.scroll = max(0, target)
    }

    /// Shows the items whose title contains `filter`.
    func setFilter(_ filter: String) { changeQuery { $0.filter = filter } }

    /// Changes what the list shows (one value: filter, scope, order); the cursor starts over on the new rows,
    /// on the same item when they show it. A search typed or edited (its text or its exact mode) is the exception:
    /// its rows are ranked, and the cursor goes to the best match, at the top, as fzf's does (`searchTyped`, which
    /// `repair` reads); a search cleared keeps the item, which is then shown among its neighbours.
    func changeQuery(_ change: (inout ListQuery) -> Void) {
        let old = store.query
        var query = old
        change(&query)
        guard query != old else { return }
        searchTyped = !query.filter.isEmpty && (query.filter != old.filter || query.exact != old.exact)
        defer { searchTyped = false }
        if let failure = dispatch(.show(query)).error { message = Message(text: failure, isError: true) }
    }

    func activate() {
        switch focus {
        case .list: focus = .detail
        case .detail: break
        case .favorites:
            switch collectionsCursor.selected {
            case let .set(set)?: show(set)
            case let .search(name)?: showSearch(named: name)
            case let .item(id)?, let .picked(id)?: select(favorite: id)
            case nil: break
            }
        }
    }

    /// Scopes the list to a collection (enter on it in the collections pane): `F`'s favorites, the picked items in
    /// the frequent order (there the most picked first, as the pane lists them), or a tag's folder with every tag
    /// nested in it. The pane keeps focus beside the list, which shows the change; stacked, the list comes up.
    private func show(_ set: SetID) {
        changeQuery { query in
            query.scope = .members(set)
            if set == .picked { query.order = .frequent }
        }
        guard store.query.scope == .members(set) else { return }
        message = message ?? Message(text: "\(scopeName(set)) — \(keyMap.label(.favoritesView)) for every item", isError: false)
        if layout.kind != .sideBySide { focus = .list }
    }

    /// Selects a favorite, or one of the most picked, in the list (enter on it in the collections pane), clearing a
    /// filter that hides it, and the list's scope (a tag's, the picked items') when that leaves it out too.
    private func select(favorite id: ItemID) {
        if !listCursor.select(id, in: store.list) {
            let title = store.items[id]?.title ?? id.readable
            setFilter("")
            if listCursor.select(id, in: store.list) {
                message = Message(text: "Filter cleared to show “\(title)”", isError: false)
            } else {
                changeQuery { $0.scope = .all }
                listCursor.select(id, in: store.list)
                message = Message(text: "Every item listed to show “\(title)”", isError: false)
            }
        }
        focus = layout.kind == .sideBySide ? .list : .detail
    }

    /// `l` `→` in the collections pane: opens the folder selected; an open one, or the favorites' or the picked
    /// items' header, goes down to what is in it.
    func openFolder() {
        guard focus == .favorites, let selected = collectionsCursor.selected else { return }
        let rows = collectionRows
        guard let row = rows.row(of: selected), row + 1 < rows.count else { return }
        if let tag = rows.tag(at: row), tag.isFolder, !tag.isOpen {
            openFolders.insert(.tagFolder(tag.node.path))
        } else if tag(rows.tag(at: row), holds: rows.tag(at: row + 1)) || selected == .set(.favorites)
                    || selected == .set(.picked) && rows.pickedShown.count > 0 {
            collectionsCursor.move(to: row + 1, in: rows)
        }
    }

    /// `h` `←` in the collections pane: closes the folder selected; on anything inside a folder (a favorite under
    /// `★ Favorites` too, one of the most picked under `↻ Frequent`), goes up to it and closes it.
    func closeFolder() {
        guard focus == .favorites, let selected = collectionsCursor.selected else { return }
        let rows = collectionRows
        if selected.item != nil {
            collectionsCursor.select(.set(.favorites), in: rows)
            return
        }
        if case .picked = selected {
            collectionsCursor.select(.set(.picked), in: rows)
            return
        }
        guard let row = rows.row(of: selected), let tag = rows.tag(at: row) else { return }
        if tag.isOpen {
            openFolders.remove(.tagFolder(tag.node.path))
        } else if let slash = tag.node.path.lastIndex(of: "/") {
            let folder = SetID.tagFolder(String(tag.node.path[..<slash]))
            openFolders.remove(folder)
            collectionsCursor.select(.set(folder), in: collectionRows)
        }
    }

    /// Whether `inner` is nested in the open folder `outer`.
    private func tag(_ outer: CollectionRows.Shown?, holds inner: CollectionRows.Shown?) -> Bool {
        guard let outer, let inner, outer.isOpen else { return false }
        return TagPath.isWithin(inner.node.path, outer.node.path)
    }

    func back() {
        if !marks.isEmpty {
            clearMarks()
        } else if focus != .list {
            focus = .list
        } else if !store.query.filter.isEmpty {
            setFilter("")
        }
    }

    /// `o`: the selected item's url, link or path, for the terminal to open; a message when it has none.
    private func openSelected() -> Effect {
        guard let id = selectedID, let item = store.items[id] else { return refuse("Nothing selected") }
        guard let fields = store.fields(of: id) else { return refuse("Cannot open “\(item.title)”: its fields were not read") }
        guard let target = Item.openTarget(in: fields) else {
            return refuse("“\(item.title)” has no url, link, href or path to open")
        }
        return .open(target)
    }

    /// f, d and the tag prompt: an action on every marked item (then the marks are cleared), else on the selected one. Marks
    /// stay when the action changed nothing (not saved, say), and come back when a library in the background
    /// takes it back: the same key then tries again.
    func act(onMarked batch: ([ItemID]) -> Action, orSelected single: (ItemID) -> Action) -> Effect {
        let marked = marks.all(in: store, cursor: listCursor.selected)
        if !marked.isEmpty {
            let before = marks
            let outcome = dispatch(batch(marked))
            report(outcome, verb: nil)
            if let applied = outcome.applied {
                if store.unsavedCount > 0 { marksOnTheirWay.sent(applied, marked: marked) }
                clearMarks()
            } else {
                // Taken back at once: the items a delete took off the list for a moment are marked again too.
                marks.ids.formUnion(before.ids.filter { store.items[$0] != nil })
            }
        } else if let id = selectedID {
            report(dispatch(single(id)), verb: nil)
        } else {
            return refuse("Nothing selected")
        }
        return .none
    }

    // MARK: Marks

    /// Marks or unmarks the selected item.
    func toggleMark() {
        guard let id = selectedID else { return }
        if marks.ids.remove(id) == nil { marks.ids.insert(id) }
    }

    /// Starts marking a range of list rows at the list's cursor; moving extends it.
    func startRange() {
        guard let id = listCursor.selected else { return }
        focus = .list
        marks.anchor = id
        mode = .visual
    }

    /// Ends the range, keeping its items marked.
    func endRange() {
        marks.ids = Set(marks.all(in: store, cursor: listCursor.selected))
        marks.anchor = nil
        mode = .normal
    }

    func clearMarks() {
        marks = Marks()
        if mode == .visual { mode = .normal }
    }
}
