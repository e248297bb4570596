import Foundation

/// The store over a library across a network (`BackgroundLibrary`): changes handed over and settled at the run
/// loop's next poll, taken back when they fail, kept on top of other processes' changes until their own
/// notification comes back; fields read in the background.
extension Store {
    /// Takes in what the background library finished, and the answer to the list's field terms: saved changes leave the pending list; a change that
    /// failed is taken back with every change made after it (newest first, each by its exact inverse), the
    /// history goes back to what it was before it, and the error says why. Fields read are kept for the detail.
    /// Returns the events in the order they happened, for the caller's view state.
    @discardableResult
    public func settleBackground() -> Settled {
        // The answer to the list's field terms, from whichever library: a file's too is asked off the input thread.
        let answered = settleFieldSearch()
        guard let background else { return Settled(events: answered) }
        var outcome = Settled()
        var events: [StoreEvent] = answered
        for result in background.takeResults() {
            switch result {
            case let .persisted(ticket, error):
                guard let index = pending.firstIndex(where: { $0.ticket == ticket }) else { continue }
                guard let error else {
                    // Saved; it stays on the list, under whatever another process did before it, until its own
                    // notification comes back in commit order (`markSaved`) or the list is read again.
                    pending[index].savedAt = ContinuousClock.now
                    continue
                }
                for undone in pending[index...].reversed() {
                    events += apply(undone.change.inverse)
                    takenBack.insert(undone.ticket)
                }
                // The inverse puts back what this process saw; the items are read again for what is stored.
                background.requestItems(Array(Set(pending[index...].flatMap { $0.change.parts.map(\.itemID) }.filter { !$0.rawValue.isEmpty })))
                undoStack = pending[index].history.undo
                redoStack = pending[index].history.redo
                let count = pending.count - index
                outcome.takenBack += pending[index...].map(\.change)
                pending.removeSubrange(index...)
                epoch += 1
                outcome.error = "Not saved\(count > 1 ? " (\(count) changes)" : ""): \(error)"
            case let .items(updates):
                events += sync(updates)
            case let .fields(id, read):
                guard loadingFields.remove(id) != nil else { continue }
                switch read {
                case let .success(fields):
                    if fieldCache.count >= 64 { fieldCache.removeAll(keepingCapacity: true) }
                    fieldCache[id] = fields
                case let .failure(error):
                    fieldFailures[id] = error.description
                }
                events.append(.fieldsRead(id))
            }
        }
        outcome.events = events
        return outcome
    }

    /// What `settleBackground` took in.
    public struct Settled {
        /// What changed in the model, in order (none: nothing changed).
        public var events: [StoreEvent] = []
        /// Why a change was not saved.
        public var error: String?
        /// The changes of ours taken back because one could not be saved, oldest first.
        public var takenBack: [ModelChange] = []
    }

    /// Applies another process's change to an item under the changes of ours still on their way: those are
    /// taken off the item first and put back after, so the screen shows the stored state with ours on top
    /// (ours are saved after theirs), and a later rollback of ours lands on the stored state.
    ///
    /// Ours are put back rebased on the stored state (`ModelChange.rebased(onto:)`), so that taking one back
    /// later restores what is stored, not what this process had seen before it. Returns every event, in order.
    func rebase(_ id: ItemID, _ body: () -> [StoreEvent]) -> [StoreEvent] {
        let touching = pending.indices.filter { pending[$0].change.parts.contains { $0.itemID == id } }
        guard !touching.isEmpty else { return body() }
        var events: [StoreEvent] = []
        for index in touching.reversed() {
            for part in pending[index].change.parts.reversed() where part.itemID == id {
                events += apply(part.inverse)
            }
        }
        events += body()
        for index in touching {
            let parts = pending[index].change.parts.map { part -> ModelChange in
                guard part.itemID == id else { return part }
                let rebased = part.rebased(onto: items[id])
                events += apply(rebased)
                return rebased
            }
            if case .batch = pending[index].change { pending[index].change = .batch(parts) } else { pending[index].change = parts[0] }
        }
        return events
    }

    /// A change of ours is known to be committed: it leaves the pending list (its background result, when it
    /// comes, is then ignored). True when it had been taken back (saving it seemed to fail, yet it was saved).
    func markSaved(_ ticket: Int) -> Bool {
        if let index = pending.firstIndex(where: { $0.ticket == ticket }) { pending.remove(at: index) }
        return takenBack.remove(ticket) != nil
    }

    /// Waits for every change handed to the background library (before the process ends); returns the error of
    /// the first that could not be saved.
    public func finishBackground() -> String? {
        guard let background else { return nil }
        background.finish()
        return settleBackground().error
    }
}

/// The undo and redo history at one moment.
struct History {
    var undo: [ModelChange] = []
    var redo: [ModelChange] = []
}

/// A change handed to the background library: not yet known to be saved, or saved and not yet seen come back
/// in the library's order of commits.
struct Pending {
    let ticket: Int
    var change: ModelChange
    var history: History
    /// When the library said it is saved (its result settled); nil while it is on its way.
    var savedAt: ContinuousClock.Instant?
}
