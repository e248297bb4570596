import FavsModel
import Foundation

/// `S`: the search on the list saved under a name typed on the status line (the tag prompt's text field), as one
/// change one `u` takes back; a name already used is replaced, and the status line says so (the undo brings the old
/// one back). Enter on a saved search in the collections pane shows it; `d` there takes it away, `r` renames it in the
/// same prompt.
extension Browser {
    /// Opens the name prompt, empty, while a search is on; without one there is nothing to save.
    func openNamePrompt() -> Effect {
        guard !store.query.filter.isEmpty else {
            return refuse("No search to save: \(keyMap.label(.filter)) starts one")
        }
        namePrompt = TagPrompt()
        mode = .naming
        return .none
    }

    /// `r` on a saved search in the collections pane: the prompt, holding its name to edit into the new one.
    func openSearchRenamePrompt(_ name: String) -> Effect {
        namePrompt = TagPrompt(text: name, renaming: name)
        mode = .naming
        return .none
    }

    /// Enter: the search saved under the name (or the search being renamed given it), and the prompt closed; a name
    /// that cannot be one keeps it open with the reason, changing nothing.
    func saveSearch() {
        let name: String
        do { name = try SavedSearch.parseName(namePrompt.text) } catch {
            namePrompt.problem = error.message
            return
        }
        if let old = namePrompt.renaming { return renameSearch(old, to: name) }
        mode = .normal
        let query = store.query
        report(dispatch(.saveSearch(SavedSearch(name: name, filter: query.filter, exact: query.exact))), verb: nil)
    }

    /// Enter in a rename: one `Action.renameSearch`, the pane's cursor going with the search. The name it has, or
    /// another search's, keeps the prompt open saying why.
    private func renameSearch(_ old: String, to new: String) {
        guard new != old else {
            mode = .normal
            return
        }
        let outcome = dispatch(.renameSearch(old, to: new))
        if let error = outcome.error, outcome.applied == nil, outcome.events.isEmpty, store.savedSearch(named: old) != nil {
            namePrompt.problem = error
            return
        }
        mode = .normal
        guard outcome.applied != nil else { return report(outcome, verb: nil) }
        collectionsCursor.select(.search(new), in: collectionRows)
        message = Message(text: "Renamed search “\(old)” to “\(new)” — \(keyMap.label(.undo)) to undo", isError: false)
    }

    /// Enter on a saved search: the list shows its filter (and exact mode) over every item; the title names it.
    func showSearch(named name: String) {
        guard let search = store.savedSearch(named: name) else { return }
        changeQuery {
            $0.filter = search.filter
            $0.exact = search.exact
            $0.scope = .all
        }
        if layout.kind != .sideBySide { focus = .list }
    }

    /// The prompt as the status line leads with it: `save search as: blue▏`.
    var namePromptText: String {
        (namePrompt.renaming.map { "rename “\($0)” to: " } ?? "save search as: ") + namePrompt.text + "▏"
    }

    /// What the status line shows after the prompt: why enter did not save, else the prompt's keys.
    var nameStatusText: [String] {
        if let problem = namePrompt.problem { return [problem] }
        guard let keys = modeKeys[.naming] else { return [] }
        return ["\(keys.label(.saveSearch)) \(namePrompt.renaming == nil ? "saves" : "renames") · \(keys.label(.cancelTags)) cancels"]
    }
}
