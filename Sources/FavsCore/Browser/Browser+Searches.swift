import FavsModel
import Foundation

/// `S`: the search on the list saved under a name typed on the status line (the tag prompt's text field), as one
/// change one `u` takes back; a name already used is replaced, and the status line says so (the undo brings the old
/// one back). Enter on a saved search in the collections pane shows it; `d` there takes it away.
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

    /// Enter: the search saved under the name, and the prompt closed; a name that cannot be one keeps it open with
    /// the reason, changing nothing.
    func saveSearch() {
        let name: String
        do { name = try SavedSearch.parseName(namePrompt.text) } catch {
            namePrompt.problem = error.message
            return
        }
        mode = .normal
        let query = store.query
        report(dispatch(.saveSearch(SavedSearch(name: name, filter: query.filter, exact: query.exact))), verb: nil)
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
    var namePromptText: String { "save search as: " + namePrompt.text + "▏" }

    /// What the status line shows after the prompt: why enter did not save, else the prompt's keys.
    var nameStatusText: [String] {
        if let problem = namePrompt.problem { return [problem] }
        guard let keys = modeKeys[.naming] else { return [] }
        return ["\(keys.label(.saveSearch)) saves · \(keys.label(.cancelTags)) cancels"]
    }
}
