import CNcurses
import FavsCore
import FavsModel
import Foundation

/// The interactive browser: one frame per loop turn, keys in, frames out, terminal always restored.
public enum TerminalApp {
    /// Runs until the user quits or stdin closes. Throws `TerminalError` when the terminal cannot be used.
    /// `poll`, when given, is called every `pollInterval` milliseconds, keys or not; it applies changes
    /// made by other processes and returns whether there were any (then a frame is drawn).
    /// `afterFirstFrame`, when given, runs once the first frame is on screen, before any key is read
    /// (keys typed meanwhile wait in the terminal); a frame follows it. Inputs the browser kept while the list
    /// loaded (`Browser.takeWaiting`) are answered after the poll that brought the whole list.
    /// `wantsColor`: use colour if the terminal has it (`ColorChoice.wantsColor`), with the `palette` a config
    /// file chose. `mouse` false leaves mouse reporting off, so the terminal's own text selection works.
    /// `device`: the terminal on stdin/stdout (the browser), or `/dev/tty` (a picker, whose stdin and stdout
    /// belong to a pipe). Returns how the run ended: `.quit`, a picker's `.pick`/`.cancel`/`.interrupt`, or
    /// `.none` when the input ended.
    /// `height`: draw in that many rows at the bottom of the terminal (`--height`), below what the shell printed,
    /// when the terminal is taller; else the full screen.
    /// `wake`: signalled by the previews' threads when one ends, so its output is drawn at once, not at the next
    /// poll. A preview waiting for the selection to settle starts when its wait ends, whatever the poll interval.
    @discardableResult
    public static func run(_ browser: Browser, wantsColor: Bool, palette: Theme.Palette = [:], mouse: Bool = true,
                           device: TerminalDevice = .standard, height: TerminalHeight? = nil, pollInterval: Int32 = 50,
                           wake: LoopWake? = nil, afterFirstFrame: (() -> Void)? = nil,
                           poll: (() -> Bool)? = nil) throws -> Browser.Effect {
        try onScreen(wantsColor: wantsColor, palette: palette, mouse: mouse, device: device, height: height) { screen in
            loop(browser, on: screen, pollInterval: pollInterval, wake: wake, afterFirstFrame: afterFirstFrame, poll: poll)
        }
    }

    /// A browser for `run(opening:)`, with what the run loop calls beside its keys (`run`'s parameters).
    public struct Program {
        public var browser: Browser
        public var pollInterval: Int32
        public var wake: LoopWake?
        public var afterFirstFrame: (() -> Void)?
        public var poll: (() -> Bool)?

        public init(_ browser: Browser, pollInterval: Int32 = 50, wake: LoopWake? = nil,
                    afterFirstFrame: (() -> Void)? = nil, poll: (() -> Bool)? = nil) {
            self.browser = browser
            self.pollInterval = pollInterval
            self.wake = wake
            self.afterFirstFrame = afterFirstFrame
            self.poll = poll
        }
    }

    /// How `run(opening:)` ended.
    public enum OpeningEnd {
        /// The user quit (a quit key, ctrl-c) before the library was open, or the input ended.
        case gaveUp
        /// The library could not be opened: the caller says why, now that the terminal is restored.
        case failed(any Error)
        /// The browser ran, and ended with this effect.
        case ran(Browser.Effect)
    }

    /// Runs a browser whose library is still opening (across a network, where that may take seconds, or never
    /// end): `opening` is on screen at once and its keys are answered (a quit key leaves) while `take`, asked
    /// every few milliseconds, says nil; then the program it gives runs on the same screen, as `run` runs one.
    /// A failure it gives ends the run with the terminal restored.
    public static func run(opening: OpeningScreen, take: () -> Result<Program, any Error>?, wantsColor: Bool,
                           palette: Theme.Palette = [:], mouse: Bool = true, device: TerminalDevice = .standard,
                           height: TerminalHeight? = nil) throws -> OpeningEnd {
        try onScreen(wantsColor: wantsColor, palette: palette, mouse: mouse, device: device, height: height) { screen in
            switch wait(for: take, showing: opening, on: screen) {
            case nil: return .gaveUp
            case let .failure(error)?: return .failed(error)
            case let .success(program)?:
                return .ran(loop(program.browser, on: screen, pollInterval: program.pollInterval, wake: program.wake,
                                 afterFirstFrame: program.afterFirstFrame, poll: program.poll))
            }
        }
    }

    /// Opens the screen (`height` rows at the bottom, or the full screen) for `body`, restored however it ends.
    private static func onScreen<Ending>(wantsColor: Bool, palette: Theme.Palette, mouse: Bool, device: TerminalDevice,
                                         height: TerminalHeight?, _ body: (any TerminalScreen) -> Ending) throws -> Ending {
        Signals.install()
        if let height, let screen = try InlineScreen.open(rows: height, wantsColor: wantsColor, palette: palette) {
            defer { screen.close() }
            return body(screen)
        }
        let screen = try NcursesScreen(wantsColor: wantsColor, palette: palette, mouse: mouse, device: device)
        defer { screen.close() }
        return body(screen)
    }

    /// Shows `opening` until `take` has an outcome; nil when the user gave up first (or the input ended).
    private static func wait(for take: () -> Result<Program, any Error>?, showing opening: OpeningScreen,
                             on screen: some TerminalScreen) -> Result<Program, any Error>? {
        var needsFrame = true
        while true {
            if let outcome = take() { return outcome }
            if needsFrame { screen.show(opening.frame(width: screen.width, height: screen.height)) }
            needsFrame = false
            switch screen.read(timeout: 20, wake: nil) {
            case .endOfInput: return nil
            case let .key(key) where opening.givesUp(key): return nil
            case .resize:
                screen.resize()
                needsFrame = true
            case .key, .mouse, .timeout, .woken: break
            }
        }
    }

    /// One frame per turn: keys in, frames out, until the user quits, a picker ends or the input ends.
    private static func loop(_ browser: Browser, on screen: some TerminalScreen, pollInterval: Int32, wake: LoopWake?,
                             afterFirstFrame: (() -> Void)?, poll: (() -> Bool)?) -> Browser.Effect {
        browser.resize(width: screen.width, height: screen.height)
        var needsFrame = true
        var afterFirstFrame = afterFirstFrame
        var lastPoll = DispatchTime.now().uptimeNanoseconds
        let interval = UInt64(pollInterval) * 1_000_000
        // Set by an input that waits for the whole list: once the keys typed so far are read, the poll looks at what
        // waits now rather than at its turn (a search typed at launch is answered from a read of its own rows, which
        // starts then: `BrowserSession.searchWhileLoading`).
        var pollWhenIdle = false
        while true {
            var sincePoll = DispatchTime.now().uptimeNanoseconds - lastPoll
            if let poll, sincePoll >= interval {
                lastPoll = DispatchTime.now().uptimeNanoseconds
                sincePoll = 0
                if poll() { needsFrame = true }
                // Inputs that waited for the whole list, now that the poll took it in: answered in order, as typed.
                for input in browser.takeWaiting() {
                    needsFrame = true
                    if let end = answer(input, browser, on: screen) { return end }
                }
            }
            if needsFrame { screen.show(browser.frame()) }
            if let work = afterFirstFrame {
                afterFirstFrame = nil
                work()
                screen.show(browser.frame())
            }
            needsFrame = true
            // Wait for a key only until the next poll is due, so polls keep their rhythm while keys come, and until
            // the preview waiting for the selection to settle is due, so it starts then and not at the next poll.
            var timeout = poll == nil ? nil : Int32(max(1, (interval - min(interval, sincePoll)) / 1_000_000))
            if let startsIn = browser.previewStartsIn {
                timeout = min(timeout ?? .max, milliseconds(roundedUp: startsIn))
            }
            if pollWhenIdle, poll != nil { timeout = min(timeout ?? .max, 1) }
            switch screen.read(timeout: timeout, wake: wake) {
            case .endOfInput:
                return .none
            case .timeout:
                // A preview now due starts.
                needsFrame = browser.pollPreviews()
                if pollWhenIdle {
                    pollWhenIdle = false
                    lastPoll = 0
                }
            case .woken:
                // A preview that ended is taken in, and drawn if it is the selection's; what else woke the loop (a
                // list read in the background) is taken in by a poll now, not at its turn.
                needsFrame = browser.pollPreviews()
                lastPoll = 0
            case let .mouse(event):
                browser.handle(event)
                pollWhenIdle = browser.waitingCount > 0
            case .resize:
                screen.resize()
                browser.resize(width: screen.width, height: screen.height)
            case let .key(key):
                if let end = answer(.key(key), browser, on: screen) { return end }
                pollWhenIdle = browser.waitingCount > 0
            }
        }
    }

    /// A wait in whole milliseconds, rounded up so that what it waits for is due when it ends.
    static func milliseconds(roundedUp duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let whole = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return Int32(clamping: attoseconds % 1_000_000_000_000_000 == 0 ? whole : whole + 1)
    }

    /// Answers a key or a mouse action, and does what its effect asks of the terminal; the effect when it ends
    /// the run, nil otherwise.
    private static func answer(_ input: Browser.Input, _ browser: Browser, on screen: some TerminalScreen) -> Browser.Effect? {
        let effect = browser.handle(input)
        switch effect {
        case .quit, .pick, .cancel, .interrupt: return effect
        case .suspend: screen.suspend()
        case .redraw: screen.invalidate()
        case let .open(value):
            // The opener gets the terminal as ctrl-z would give it to the shell (an editor, less),
            // and favs repaints when it ends.
            screen.handOver {
                do { try Opener.open(value) } catch { browser.show(error: String(describing: error)) }
            }
        case .none: break
        }
        return nil
    }
}
