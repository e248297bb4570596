import FavsModel
import Foundation

/// `t`: the tag prompt on the status line, for the marked items when there are any, else the selected one. Its words
/// (`+work -old`) become one `Action.changeMembers`, which one undo takes back; a word that is no tag keeps the
/// prompt open with the reason, changing nothing. In the collections pane `r` renames the selected tag in the same
/// prompt and `D` takes it off every item: one `Action.renameTag` or `Action.deleteTag` each.
extension Browser {
    /// Opens the prompt, empty. A range being marked ends first, its items marked: they are what it tags.
    func openTagPrompt() -> Effect {
        guard selectedID != nil || !marks.isEmpty else { return refuse("Nothing selected") }
        if mode == .visual { endRange() }
        tagPrompt = TagPrompt()
        mode = .tagging
        return .none
    }

    /// Enter: the words applied as one step, on the marked items (then the marks are cleared, as `f` clears them)
    /// or the selected one, and the prompt closed; an empty prompt closes changing nothing. A word that is no tag
    /// leaves the prompt open, saying why.
    func applyTags() {
        if let old = tagPrompt.renaming { return applyRename(of: old) }
        switch tagPrompt.change() {
        case let .failure(problem):
            tagPrompt.problem = problem.message
        case let .success(change):
            mode = .normal
            guard !change.isEmpty else { return }
            let (join, leave) = (change.join.map(SetID.tag), change.leave.map(SetID.tag))
            _ = act(onMarked: { .changeMembers($0, join: join, leave: leave) },
                    orSelected: { .changeMembers([$0], join: join, leave: leave) })
        }
    }

    /// Edits the text being typed: the tag prompt's while it is open, else the filter's (a picker's query).
    func editText(_ edit: (String) -> String) {
        switch mode {
        case .tagging: tagPrompt.edit(edit)
        case .naming: namePrompt.edit(edit)
        default: setFilter(edit(store.query.filter))
        }
    }

    /// The prompt as the status line leads with it: `tag: +work▏`, or `tag 3 items: +work▏` for marked items.
    var tagPromptText: String {
        if let old = tagPrompt.renaming { return "rename #\(old) to: " + tagPrompt.text + "▏" }
        let count = marks.isEmpty ? nil : marks.count(in: store, cursor: listCursor.selected)
        return (count.map { "tag \($0) item\($0 == 1 ? "" : "s"): " } ?? "tag: ") + tagPrompt.text + "▏"
    }

    /// What the status line shows after the prompt, longest first: why enter did not apply, the tags a tab left to
    /// choose from, what a tab found nothing for, else the prompt's keys.
    var tagStatusText: [String] {
        if let problem = tagPrompt.problem { return [problem] }
        if !tagPrompt.candidates.isEmpty { return [tagPrompt.candidates.joined(separator: "  ")] }
        if let note = tagPrompt.note { return [note] }
        guard let keys = modeKeys[.tagging] else { return [] }
        let (complete, apply, cancel) = (keys.label(.completeTag), keys.label(.applyTags), keys.label(.cancelTags))
        let verb = tagPrompt.renaming == nil ? "tags" : "renames"
        return ["\(complete) completes · \(apply) \(verb) · \(cancel) cancels", "\(apply) \(verb) · \(cancel) cancels"]
    }

    // MARK: Renaming and deleting a tag

    /// The tag (or folder) selected in the collections pane, by path: what `r` renames and `D` takes off; nil when
    /// the pane has no focus or is on the favorites.
    private var selectedTagPath: String? {
        guard focus == .favorites, case let .set(set)? = collectionsCursor.selected else { return nil }
        return set.folderPath
    }

    /// `r`: the prompt on the status line, holding the selected tag's path to edit into its new one.
    func openRenamePrompt() -> Effect {
        guard let path = selectedTagPath else { return refuse("Select a tag in the collections pane to rename it") }
        tagPrompt = TagPrompt(text: path, renaming: path)
        mode = .tagging
        return .none
    }

    /// `D`: the selected tag, and every tag nested in it, taken off every item, as one step that `u` undoes.
    func deleteSelectedTag() -> Effect {
        guard let path = selectedTagPath else { return refuse("Select a tag in the collections pane to delete it") }
        let outcome = dispatch(.deleteTag(path))
        reportRenaming(outcome, of: path, to: nil)
        return .none
    }

    /// Enter in a rename: the new path sent as one `Action.renameTag`. The pane's cursor goes with the tag (its
    /// folders opened to show it, the folders open under it kept open), as does a list scoped to it. A path that is
    /// no tag, or the name it has already, keeps the prompt open saying why.
    private func applyRename(of old: String) {
        let new: String
        switch tagPrompt.newPath() {
        case let .failure(problem):
            tagPrompt.problem = problem.message
            return
        case .success(nil):
            mode = .normal
            return
        case let .success(path?):
            new = path
        }
        let outcome = dispatch(.renameTag(old, to: new))
        if let error = outcome.error, outcome.applied == nil, outcome.events.isEmpty {
            tagPrompt.problem = error
            return
        }
        mode = .normal
        reportRenaming(outcome, of: old, to: new)
        guard outcome.applied != nil else { return }
        let spelled = store.items.spelling(of: .tag(new)).tagPath ?? new
        openFolders = Set(openFolders.map { set in
            set.folderPath.flatMap { TagPath.renaming($0, from: old, to: spelled) }.map(SetID.tagFolder) ?? set
        })
        for folder in TagPath.lineage(spelled).dropLast() { openFolders.insert(.tagFolder(folder)) }
        collectionsCursor.select(.set(.tagFolder(spelled)), in: collectionRows)
        if case let .members(set) = store.query.scope, let path = set.folderPath ?? set.tagPath,
           let moved = TagPath.renaming(path, from: old, to: spelled) {
            changeQuery { $0.scope = .members(set.isTag ? .tag(moved) : .tagFolder(moved)) }
        }
    }

    /// What a rename or a delete did: `Renamed #work to #job on 3 items — u to undo`, or why it did nothing.
    private func reportRenaming(_ outcome: Outcome, of old: String, to new: String?) {
        guard let applied = outcome.applied else { return report(outcome, verb: nil) }
        let items = Set(applied.parts.map(\.itemID)).count
        let done = new.map { "Renamed #\(old) to #\($0) on" } ?? "Took #\(old) off"
        message = Message(text: "\(done) \(items) item\(items == 1 ? "" : "s") — \(keyMap.label(.undo)) to undo",
                          isError: false)
    }
}
