import FavsModel
import Foundation

/// Previews (`--preview CMD`): a command's output for the selected item, in the detail pane below its fields.
///
/// The state is the browser's, beside the detail's view state (`Previews`), not the store's: it is made from an
/// item and a command the user gave this run, it is never written to a library, and the store stays the library's
/// model. It follows the store as the cursors do: events drop what an item's change made stale (`repair`), and
/// `settle` runs after every input, so the running preview is always the selection's.
extension Browser {
    /// Shows previews from now on: `runner` runs them, `clock` times the debounce (a test moves it by hand).
    public func usePreviews(_ settings: PreviewSettings, runner: any PreviewRunner,
                            clock: @escaping () -> Duration = Browser.uptime) {
        previews = Previews(settings: settings, runner: runner, now: clock)
        previewHidden = settings.window.hidden
        helpLayoutKept = nil  // the help now lists the toggle-preview key
        settle()
    }

    /// Time since boot: the debounce's clock.
    public static func uptime() -> Duration { .nanoseconds(Int64(DispatchTime.now().uptimeNanoseconds)) }

    /// Takes in finished previews and starts the selection's once it has settled (on the input thread: the run loop
    /// calls it when a preview's end wakes it, when `previewStartsIn` has passed, and at its poll); true when the
    /// screen needs a new frame.
    @discardableResult
    public func pollPreviews() -> Bool {
        guard var previews else { return false }
        let changed = previews.poll()
        self.previews = previews
        if changed { settle() }
        return changed
    }

    /// Waits until the selection's preview is in: its output, its error or its timeout (a script's `wait-preview`).
    /// Scripted mode's previews run to their end as the selection comes to an item, so there it is in already; a
    /// preview on a runner of its own is waited for, at most its timeout and a second more.
    public func waitForPreview() {
        guard let previews else { return }
        let deadline = ContinuousClock.now + previews.settings.timeout + .seconds(1)
        while isPreviewBusy, ContinuousClock.now < deadline {
            if !pollPreviews() { Thread.sleep(forTimeInterval: 0.001) }
        }
    }

    /// Whether a preview is running or waiting for the selection to settle.
    public var isPreviewBusy: Bool { previews?.isBusy ?? false }

    /// How long until the preview waiting for the selection to settle is due (`pollPreviews` then starts it); nil
    /// when none waits.
    public var previewStartsIn: Duration? { previews?.startsIn }

    /// Brings the previews in line with the selection (from `settle`): the subject's preview wanted or kept,
    /// any other stopped, and what the pane shows of it. Scripted mode's runner finishes as it starts, so there
    /// the output is in before the frame.
    func settlePreview() {
        guard var previews else { return }
        // Hidden, nothing runs: a preview no one sees costs no process (as in fzf).
        let subject = previewHidden ? nil : detail.subject
        previews.follow(subject, command: subject.flatMap { previewCommand(for: $0, previews.settings.command) })
        if previews.settings.debounce == .zero { _ = previews.poll() }
        self.previews = previews
        let ownPane = layout.preview != nil
        let section = subject.map { DetailPane.PreviewSection(display: previews.display(for: $0),
                                                              alone: ownPane || previews.settings.alone,
                                                              timeout: previews.settings.timeout) }
        detail.preview = ownPane ? nil : section
        previewPane = ownPane ? section : nil
    }

    /// Shows or hides the preview (the toggle-preview key); a notice when there is no preview command.
    func togglePreview() {
        guard previews != nil else {
            message = Message(text: "no preview: start favs with --preview CMD", isError: false)
            return
        }
        previewHidden.toggle()
    }

    /// The command line for an item; nil while a command that names a field waits for its fields to be read.
    private func previewCommand(for id: ItemID, _ command: PreviewCommand) -> [UInt8]? {
        guard let item = store.items[id] else { return nil }
        let fields = store.fields(of: id)
        if command.usesFields, fields == nil, store.isLoadingFields(of: id) { return nil }
        return command.expanded(for: item, fields: fields)
    }

    /// Drops the outputs the events made stale: an item starred, deleted, restored, changed by another process, or
    /// every item when the library was read again.
    func repairPreviews(after events: [StoreEvent]) {
        guard previews != nil else { return }
        for event in events {
            switch event {
            case let .membershipChanged(_, id), let .removed(id, _), let .inserted(id, _): previews?.forget(id)
            case .reloaded: previews?.forgetAll()
            case .moved, .queryChanged, .fieldsRead, .searchChanged, .picksChanged: break
            }
        }
    }
}
