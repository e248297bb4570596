import FavsModel
import Foundation

/// `t`: the tag prompt on the status line, for the marked items when there are any, else the selected one. Its words
/// (`+work -old`) become one `Action.changeMembers`, which one undo takes back; a word that is no tag keeps the
/// prompt open with the reason, changing nothing.
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
        return ["\(complete) completes · \(apply) tags · \(cancel) cancels", "\(apply) tags · \(cancel) cancels"]
    }
}
