import FavsModel
import Foundation

/// The browser's previews: the one running, the one waiting to start, and the outputs kept per item.
///
/// Never stale, by construction: a result is taken only when its ticket is the running preview's, and is kept
/// under the item that preview was started for; the detail pane asks for the output of its own subject
/// (`display(for:)`) and gets that item's output or `.waiting`, never another item's. Moving the selection
/// cancels the running preview; an event about an item (a star, a delete, another process's change, a reload)
/// drops its output; and an output is kept with the command line it was made from, so an item whose text changed
/// runs again.
struct Previews {
    let settings: PreviewSettings
    let runner: any PreviewRunner
    /// Time since any fixed start: the debounce's clock (injected: tests move it by hand).
    let now: () -> Duration

    /// An output and the command line it came from.
    struct Output: Equatable {
        var command: [UInt8]
        var result: PreviewResult
    }

    private(set) var outputs: [ItemID: Output] = [:]
    private(set) var running: PreviewRequest?
    /// The item whose preview starts at `due`.
    private(set) var wanted: (id: ItemID, command: [UInt8], due: Duration)?
    /// The selection's last move: the subject it came to, when, and when that subject's preview is due: at once
    /// when the move came after the selection had stayed put for the debounce (the leading edge), else once it has
    /// stayed on it for the debounce (a held key's moves are less than the debounce apart: only where it settles
    /// runs, besides the burst's first move).
    private var lastMove: (to: ItemID?, at: Duration, due: Duration)?
    private var lastTicket = 0

    init(settings: PreviewSettings, runner: any PreviewRunner, now: @escaping () -> Duration) {
        self.settings = settings
        self.runner = runner
        self.now = now
    }

    /// What the detail pane shows for `subject`: its own output, else that one is on its way.
    func display(for subject: ItemID) -> PreviewDisplay {
        guard let output = outputs[subject] else { return .waiting }
        return .output(output.result)
    }

    /// Follows the selection (after every input): a preview running for another item, or for an older command
    /// line of this one, is cancelled; the subject's preview is wanted unless its output is kept. `command` is the
    /// subject's command line, nil while it cannot be made (its fields not read yet).
    mutating func follow(_ subject: ItemID?, command: [UInt8]?) {
        let current = subject.flatMap { id in command.map { (id: id, command: $0) } }
        noteMove(to: subject)
        if let running, running.id != current?.id || running.command != current?.command { cancelRunning() }
        if !settings.caches { outputs = outputs.filter { $0.key == subject } }
        guard let current else {
            wanted = nil
            return
        }
        if let kept = outputs[current.id], kept.command != current.command { outputs[current.id] = nil }
        guard outputs[current.id] == nil, running == nil else {
            wanted = nil
            return
        }
        if wanted?.id != current.id || wanted?.command != current.command {
            wanted = (current.id, current.command, lastMove?.due ?? now())
        }
        startIfDue()
    }

    /// Takes in finished previews and starts the wanted one once it is due (a burst's, once the selection has
    /// settled); true when what the pane shows changed.
    mutating func poll() -> Bool {
        startIfDue()
        var changed = false
        for result in runner.takeResults() {
            guard let request = running, request.ticket == result.ticket else { continue }  // cancelled: dropped
            outputs[request.id] = Output(command: request.command, result: result)
            running = nil
            changed = true
        }
        return changed
    }

    /// Whether a preview is running or waiting to start (scripted mode waits for it).
    var isBusy: Bool { running != nil || wanted != nil }

    /// How long until the wanted preview is due (zero when it is due now); nil when none waits to start. The run
    /// loop wakes then to start it, whatever its poll interval.
    var startsIn: Duration? {
        guard running == nil, let wanted else { return nil }
        return max(.zero, wanted.due - now())
    }

    /// Drops what is kept of an item that changed, and stops its preview: the next `follow` runs it again.
    mutating func forget(_ id: ItemID) {
        outputs[id] = nil
        if running?.id == id { cancelRunning() }
        if wanted?.id == id { wanted = nil }
    }

    /// Drops every output (the library was read again: any item may have changed).
    mutating func forgetAll() {
        outputs = [:]
        cancelRunning()
        wanted = nil
    }

    /// Notes when the selection came to `id`, and whether that move is a burst's (less than the debounce after the
    /// one before) or a single move (the first selection is one).
    private mutating func noteMove(to id: ItemID?) {
        let time = now()
        if let lastMove, lastMove.to == id { return }
        let single = lastMove.map { time - $0.at >= settings.debounce } ?? true
        lastMove = (id, time, single ? time : time + settings.debounce)
    }

    private mutating func startIfDue() {
        guard running == nil, let wanted, now() >= wanted.due else { return }
        self.wanted = nil
        lastTicket += 1
        let request = PreviewRequest(ticket: lastTicket, id: wanted.id, command: wanted.command, timeout: settings.timeout)
        running = request
        runner.start(request)
    }

    private mutating func cancelRunning() {
        guard let running else { return }
        runner.cancel(ticket: running.ticket)
        self.running = nil
    }
}

/// What the detail pane shows of a preview.
enum PreviewDisplay: Equatable {
    /// `preview of TITLE…`: the subject's output is not in yet.
    case waiting
    case output(PreviewResult)
}
