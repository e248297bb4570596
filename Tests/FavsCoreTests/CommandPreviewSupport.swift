@testable import FavsCore
import FavsModel

/// A preview runner that runs nothing: a test sees what was started and cancelled, and finishes previews by hand.
final class FakePreviewRunner: PreviewRunner {
    private(set) var started: [PreviewRequest] = []
    private(set) var cancelled: [Int] = []
    private var finished: [PreviewResult] = []

    func start(_ request: PreviewRequest) { started.append(request) }
    func cancel(ticket: Int) { cancelled.append(ticket) }
    func takeResults() -> [PreviewResult] {
        defer { finished = [] }
        return finished
    }

    /// The preview started for `id` most recently.
    func last(for id: ItemID) -> PreviewRequest? { started.last { $0.id == id } }

    /// Ends a started preview: its result is in the next `takeResults`.
    func finish(_ request: PreviewRequest?, stdout: String = "", stderr: String = "", ending: PreviewResult.Ending = .exited(0)) {
        guard let request else { return }
        finished.append(PreviewResult(ticket: request.ticket, stdout: Array(stdout.utf8), stderr: Array(stderr.utf8), ending: ending))
    }

    var commands: [String] { started.map { String(decoding: $0.command, as: UTF8.self) } }
}

/// A clock a test moves by hand.
final class FakeClock {
    var now = Duration.zero
    func advance(milliseconds: Int) { now += .milliseconds(milliseconds) }
}

/// A browser over three songs, previews made by a fake runner on a fake clock.
func previewBrowser(_ command: String = "show {}", caches: Bool = true, width: Int = 80, height: Int = 12,
                    items: [Item]? = nil, window: PreviewWindow = .default,
                    purpose: Browser.Purpose = .browse) -> (Browser, FakePreviewRunner, FakeClock) {
    let items = items ?? [
        Item(id: "a", title: "Alpha", fields: [Field("artist", "Ann")], position: 1),
        Item(id: "b", title: "Beta", position: 2),
        Item(id: "c", title: "Gamma", position: 3),
    ]
    let browser = Browser(store: Store(items: items), libraryName: "songs", width: width, height: height,
                          purpose: purpose)
    let runner = FakePreviewRunner()
    let clock = FakeClock()
    browser.usePreviews(PreviewSettings(command: PreviewCommand(command), caches: caches, window: window), runner: runner,
                        clock: { clock.now })
    return (browser, runner, clock)
}

extension Browser {
    /// The settling time passes and the run loop polls.
    func settleAndPoll(_ clock: FakeClock, milliseconds: Int = 100) {
        clock.advance(milliseconds: milliseconds)
        pollPreviews()
    }
}

/// A picker over lines of stdin with `git log {}` previewed alone (no fields to show beside it), 80×20.
func linesPreviewPicker(_ text: String) -> (Browser, FakePreviewRunner, FakeClock) {
    let lines = Array(text.utf8).withUnsafeBytes { ItemCollection.lines(of: $0) }
    let browser = Browser(store: Store(collection: lines), libraryName: "branches", width: 80, height: 20,
                          purpose: .pick)
    let runner = FakePreviewRunner()
    let clock = FakeClock()
    browser.usePreviews(PreviewSettings(command: PreviewCommand("git log {}"), alone: true), runner: runner,
                        clock: { clock.now })
    return (browser, runner, clock)
}
