import FavsModel
import Foundation

extension Browser {
    /// Applies what other processes changed; returns whether the screen needs a new frame. A change of ours
    /// that its notification says is saved changes no item but the status line (`saving…` goes): the
    /// notification can come before the background's own result, which then changes nothing.
    @discardableResult
    public func sync(_ updates: [RemoteUpdate]) -> Bool {
        guard !updates.isEmpty else { return false }
        defer { settle() }
        let unsaved = store.unsavedCount
        let events = store.sync(updates)
        repair(after: events)
        if store.unsavedCount == 0 { marksOnTheirWay.forgetAll() }
        return !events.isEmpty || store.unsavedCount != unsaved
    }

    /// Takes in what a library in the background finished (changes saved or refused, fields read); returns
    /// whether the screen needs a new frame. A refused change is taken back and the status line says why; the
    /// items of a batch of marked ones are marked again.
    @discardableResult
    public func settleBackground() -> Bool {
        let unsaved = store.unsavedCount
        let outcome = store.settleBackground()
        repair(after: outcome.events)
        for change in outcome.takenBack {
            guard let marked = marksOnTheirWay.takenBack(change) else { continue }
            marks.ids.formUnion(marked.filter { store.items[$0] != nil })
        }
        if store.unsavedCount == 0 { marksOnTheirWay.forgetAll() }
        if let error = outcome.error { show(error: error) }
        guard !outcome.events.isEmpty || outcome.error != nil || store.unsavedCount != unsaved else { return false }
        settle()
        return true
    }
}
