import Testing
@testable import FavsCore
@testable import FavsModel

/// When a preview starts: at once for a single move (one after the selection stayed put for the debounce, 50 ms,
/// and the first selection), and once the selection has settled for the moves of a burst (a held key).
@Suite struct CommandPreviewTimingTests {
    /// A held key repeats every 20 ms (50 a second) to 40 ms (25 a second, X's default), and the bench's keys come
    /// 33 ms apart: two seconds of it start three previews, not one per key as fzf does.
    @Test(arguments: [20, 30, 33, 40])
    func holdingJStartsOnlyItsFirstMoveAndWhereTheSelectionSettles(repeatEvery milliseconds: Int) {
        let items = (0..<200).map { Item(id: ItemID("i\($0)"), title: "Item \($0)", position: $0) }
        let (browser, runner, clock) = previewBrowser(items: items)
        browser.settleAndPoll(clock)
        #expect(runner.started.map(\.id) == ["i0"])
        let keys = 2000 / milliseconds
        for _ in 0..<keys {
            browser.handle(.char("j"))
            browser.settleAndPoll(clock, milliseconds: milliseconds)
        }
        #expect(runner.started.map(\.id) == ["i0", "i1"], "the first move came after a pause; the others are a burst")
        browser.settleAndPoll(clock)
        #expect(runner.started.map(\.id) == ["i0", "i1", ItemID("i\(keys)")])
    }

    @Test func aSingleMoveAfterAPauseStartsItsPreviewAtOnce() {
        let (browser, runner, clock) = previewBrowser(height: 20)
        browser.settleAndPoll(clock)
        #expect(runner.started.count == 1)
        browser.handle(.char("j"))
        #expect(clock.now == .milliseconds(100))
        #expect(runner.started.count == 2)
        #expect(runner.started.last?.id == "b")
    }

    @Test func theRunLoopKnowsWhenTheSettledSelectionsPreviewIsDue() {
        let (browser, runner, clock) = previewBrowser(height: 20)
        browser.settleAndPoll(clock)
        #expect(browser.previewStartsIn == nil, "a's preview is running: none waits")
        browser.handle(.char("j"))
        clock.advance(milliseconds: 10)
        browser.handle(.char("j"))
        let debounce = PreviewSettings.defaultDebounce
        #expect(browser.previewStartsIn == debounce, "c waits for the selection to stay put")
        clock.advance(milliseconds: 25)
        #expect(browser.previewStartsIn == debounce - .milliseconds(25))
        clock.now += debounce - .milliseconds(25)
        #expect(browser.previewStartsIn == .zero)
        #expect(runner.started.map(\.id) == ["a", "b"], "due, but started only when the loop polls")
        browser.pollPreviews()
        #expect(runner.started.map(\.id) == ["a", "b", "c"])
        #expect(browser.previewStartsIn == nil)
    }

    @Test func aMoveLessThanTheDebounceAfterTheLastWaitsForTheSelectionToSettle() {
        let (browser, runner, clock) = previewBrowser(height: 20)
        browser.settleAndPoll(clock)
        browser.handle(.char("j"))
        browser.settleAndPoll(clock, milliseconds: 30)
        browser.handle(.char("j"))
        #expect(runner.started.map(\.id) == ["a", "b"])
        browser.settleAndPoll(clock, milliseconds: 49)
        #expect(runner.started.map(\.id) == ["a", "b"])
        browser.settleAndPoll(clock, milliseconds: 1)
        #expect(runner.started.map(\.id) == ["a", "b", "c"])
    }
}
