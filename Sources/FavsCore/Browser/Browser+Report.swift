import FavsModel
import Foundation

extension Browser {
    /// Shows what an action did: deletes, batches, undo and redo say so; errors always do.
    func report(_ outcome: Outcome, verb: String?) {
        if let error = outcome.error {
            message = Message(text: error, isError: true)
            return
        }
        guard let change = outcome.applied, let first = change.parts.first else { return }
        if case let .search(name, from, to) = change {
            let done = "\(to == nil ? "deleted" : from == nil ? "saved" : "replaced") search “\(name)”"
            let text = verb.map { "\($0): \(done)" } ?? "\(done.prefix(1).uppercased())\(done.dropFirst()) — \(keyMap.label(.undo)) to undo"
            message = Message(text: text, isError: false)
            return
        }
        if case let .picks(id, from, to) = change {
            let subject = "“\(store.items[id]?.title ?? id.readable)”"
            let forgot = "\(to.isEmpty ? "forgot" : "remembered again") \(Self.picks(to.isEmpty ? from.count : to.count)) of \(subject)"
            let text = verb.map { "\($0): \(forgot)" } ?? "\(forgot.prefix(1).uppercased())\(forgot.dropFirst()) — \(keyMap.label(.undo)) to undo"
            message = Message(text: text, isError: false)
            return
        }
        if let tags = tagSummary(of: change) {
            message = Message(text: verb.map { "\($0): \(tags)" } ?? tags, isError: false)
            return
        }
        let count = change.parts.count
        let subject = count == 1 ? "“\(title(of: first))”" : "\(count) items"
        let done: String
        switch first {
        case let .setMember(set, _, value, _) where set == .favorites: done = value ? "favorited" : "unfavorited"
        case let .setMember(set, _, value, _): done = value ? "added to \(set)" : "taken out of \(set)"
        case .delete: done = "deleted"
        case .restore: done = "restored"
        case .batch, .search, .picks: return
        }
        if let verb {
            message = Message(text: "\(verb): \(done) \(subject)", isError: false)
            if case .restore = first { listCursor.select(first.itemID, in: store.list) }
        } else if case .delete = first {
            message = Message(text: "Deleted \(subject) — \(keyMap.label(.undo)) to undo", isError: false)
        } else if count > 1 {
            message = Message(text: "\(done.prefix(1).uppercased())\(done.dropFirst()) \(subject)", isError: false)
        }
    }

    /// What a change of tags did (the tag prompt's, or its undo), as the prompt would ask it: `3 items: +work −old`,
    /// `“Title”: +work`. Nil for a change that is not all tags.
    private func tagSummary(of change: ModelChange) -> String? {
        var items = Set<ItemID>()
        var words: [String] = []
        for part in change.parts {
            guard case let .setMember(set, id, value, _) = part, let path = set.tagPath else { return nil }
            items.insert(id)
            let word = (value ? "+" : "−") + path
            if !words.contains(where: { $0.lowercased() == word.lowercased() }) { words.append(word) }
        }
        guard let first = change.parts.first else { return nil }
        let subject = items.count == 1 ? "“\(title(of: first))”" : "\(items.count) items"
        return "\(subject): \(words.joined(separator: " "))"
    }

    /// `1 pick`, `12 picks` (a row folded from the oldest counts as one).
    private static func picks(_ count: Int) -> String { "\(count) pick\(count == 1 ? "" : "s")" }

    /// The title of the item a single change is about (a deleted item's from the change itself).
    private func title(of change: ModelChange) -> String {
        switch change {
        case let .delete(item), let .restore(item): item.title
        default: store.items[change.itemID]?.title ?? change.itemID.readable
        }
    }
}
