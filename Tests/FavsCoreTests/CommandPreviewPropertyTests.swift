import Testing
@testable import FavsCore
@testable import FavsModel

/// Previews are never stale: whatever the moves and however long each preview takes, every frame shows the
/// selection's own output or `preview of TITLE…`, never another item's output.
@Suite struct CommandPreviewPropertyTests {
    /// A runner whose previews each take a random time on the fake clock, and print `output of <ID>`.
    final class TimedRunner: PreviewRunner {
        let clock: FakeClock
        var random: SeededRandom
        private var pending: [(request: PreviewRequest, done: Duration)] = []
        private(set) var startedCount = 0

        init(clock: FakeClock, seed: UInt64) {
            self.clock = clock
            random = SeededRandom(seed: seed)
        }

        func start(_ request: PreviewRequest) {
            startedCount += 1
            pending.append((request, clock.now + .milliseconds(Int(random.next() % 400))))
        }

        /// Half the time the preview finishes anyway, its result on its way already (a real runner's race): the
        /// browser must drop it by its ticket.
        func cancel(ticket: Int) {
            if random.next() % 2 == 0 { pending.removeAll { $0.request.ticket == ticket } }
        }

        func takeResults() -> [PreviewResult] {
            let done = pending.filter { $0.done <= clock.now }
            pending.removeAll { $0.done <= clock.now }
            return done.map { PreviewResult(ticket: $0.request.ticket, stdout: Array("output of <\($0.request.id.rawValue)>\n".utf8),
                                            ending: .exited(0)) }
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func everyFrameShowsTheSelectionsOutputOrThatItIsComing(seed: UInt64) {
        let items = (0..<40).map { Item(id: ItemID("i\($0)"), title: "Item \($0)", position: $0) }
        let browser = Browser(store: Store(items: items), libraryName: "songs", width: 80, height: 24)
        let clock = FakeClock()
        let runner = TimedRunner(clock: clock, seed: seed)
        browser.usePreviews(PreviewSettings(command: PreviewCommand("show {}"), caches: seed % 2 == 0), runner: runner,
                            clock: { clock.now })
        var random = SeededRandom(seed: seed &* 7919)
        var outputsSeen = 0
        for step in 0..<600 {
            switch random.next() % 10 {
            case 0, 1, 2: browser.handle(.char("j"))
            case 3, 4: browser.handle(.char("k"))
            case 5: browser.handle(.char(random.next() % 2 == 0 ? "g" : "G"))
            case 6: browser.handle(.char("f"))  // the item changes: its output goes
            case 7: browser.handle(.tab)  // the favorites pane's selection may be another item
            default: browser.settleAndPoll(clock, milliseconds: Int(random.next() % 200))
            }
            guard let selected = browser.selectedID, let title = browser.store.items[selected]?.title else { continue }
            let detail = (browser.redraw(.detail)?.lines ?? []).joined(separator: "\n")
            guard browser.redraw(.detail) != nil else { continue }
            let shown = detail.ranges(of: "output of <").count
            let own = detail.contains("output of <\(selected.rawValue)>")
            #expect(shown == (own ? 1 : 0), "step \(step): another item's output beside \(selected.rawValue):\n\(detail)")
            #expect(own || detail.contains("preview of \(title)…"), "step \(step): neither output nor waiting:\n\(detail)")
            if own { outputsSeen += 1 }
        }
        #expect(outputsSeen > 5, "the test saw outputs, not only waiting lines")
        #expect(runner.startedCount < 300, "the debounce kept starts down")
    }
}
