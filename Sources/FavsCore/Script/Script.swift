import FavsModel
import Foundation

/// One step of a script: a key, typed text, a mouse event, a resize, a pause (for a recording) or a request
/// to print the screen.
public enum ScriptStep: Equatable, Sendable {
    case key(Key)
    case type(String)
    case resize(width: Int, height: Int)
    case mouse(MouseEvent)
    /// Time passing in a recording (`--cast`), in milliseconds; the text frames ignore it.
    case wait(milliseconds: Int)
    /// Waits until the selection's preview is in: its output, its error or its timeout (`wait-preview`).
    case waitPreview
    case frame
}

/// A script error, reported as `favs: SOURCE:LINE: message`.
public struct ScriptError: Error, Equatable, CustomStringConvertible {
    public let source: String
    public let line: Int
    public let message: String
    public var description: String { "\(source):\(line): \(message)" }

    public init(source: String, line: Int, message: String) {
        self.source = source
        self.line = line
        self.message = message
    }
}

/// Parses the step language (docs/script.md). The whole script is parsed before anything runs.
public enum ScriptParser {
    /// Steps with the line each came from.
    public static func parse(_ text: String, source: String = "script") throws -> [(line: Int, step: ScriptStep)] {
        var steps: [(Int, ScriptStep)] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            var line = Substring(rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            var rest = line.drop { $0 == " " || $0 == "\t" }
            while !rest.isEmpty {
                let word = rest.prefix { $0 != " " && $0 != "\t" }
                rest = rest.dropFirst(word.count).drop { $0 == " " || $0 == "\t" }
                switch word {
                case "type":
                    guard !rest.isEmpty else { throw ScriptError(source: source, line: number, message: "'type' needs text") }
                    steps.append((number, .type(String(rest))))
                    rest = ""
                case "resize":
                    let size = rest.prefix { $0 != " " && $0 != "\t" }
                    rest = rest.dropFirst(size.count).drop { $0 == " " || $0 == "\t" }
                    guard let (w, h) = parseSize(String(size)) else {
                        throw ScriptError(source: source, line: number,
                                          message: "bad size '\(Sanitize.visible(String(size)))' (want COLSxROWS, e.g. 80x24)")
                    }
                    steps.append((number, .resize(width: w, height: h)))
                case "click", "wheel":
                    steps.append((number, try mouseStep(word, rest: &rest, source: source, line: number)))
                case "wait":
                    steps.append((number, try waitStep(rest: &rest, source: source, line: number)))
                case "wait-preview":
                    steps.append((number, .waitPreview))
                case "frame":
                    steps.append((number, .frame))
                default:
                    guard let key = Key(name: String(word)) else {
                        throw ScriptError(source: source, line: number,
                                          message: "unknown step '\(Sanitize.visible(String(word)))'")
                    }
                    steps.append((number, .key(key)))
                }
            }
        }
        return steps
    }

    /// Parses `COLSxROWS`, both from 1 to 1000.
    public static func parseSize(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...1000).contains(w), (1...1000).contains(h) else { return nil }
        return (w, h)
    }
}

/// Runs parsed steps against a browser and prints frames: the headless twin of the ncurses screen.
public enum ScriptRunner {
    /// How far a recording's clock moves for a key, a click or a resize, in milliseconds: slow enough to
    /// follow a demo.
    public static let stepPause = 400
    /// How far it moves for each character of `type TEXT`, typed one key at a time.
    public static let typingPause = 150

    /// Runs the steps; `emit` receives each frame as text (header line, then exactly `height` lines), and an error
    /// it throws ends the script there (output that cannot be written: no further step changes the library).
    /// `effects` gets what a key asks of the world outside the browser (`o`: open a value); quitting ends
    /// the script, and the terminal's own effects (suspend, repaint) mean nothing here.
    /// `paced`, when given, is called with the recording's clock (milliseconds from the start) first with 0, then
    /// after every key (each typed character too), mouse event, resize and `wait`: the moments a recording
    /// shows the screen. Nothing sleeps.
    public static func run(_ steps: [ScriptStep], on browser: Browser, effects: (Browser.Effect) -> Void = { _ in },
                           paced: ((Int) -> Void)? = nil, emit: (String) throws -> Void) rethrows {
        var frames = 0
        var lastWasFrame = false
        var count = 0
        var clock = 0
        func print() throws {
            frames += 1
            try emit("--- frame \(frames) (\(browser.width)x\(browser.height), after \(count) step\(count == 1 ? "" : "s")) ---\n"
                 + browser.frameText() + "\n")
        }
        func pass(_ milliseconds: Int) {
            clock += milliseconds
            paced?(clock)
        }
        paced?(clock)
        for step in steps {
            count += 1
            lastWasFrame = false
            switch step {
            case .frame:
                try print()
                lastWasFrame = true
            case let .wait(milliseconds):
                pass(milliseconds)
            case let .type(text) where paced != nil:
                for character in text {  // as `perform` types them, one key after another
                    browser.handle(.char(character))
                    pass(typingPause)
                }
            default:
                effects(perform(step, on: browser))
                pass(stepPause)
            }
            if browser.hasQuit { break }
        }
        if !lastWasFrame { try print() }
    }

    /// Takes one step that is not `frame`: keys, typed text, a resize, a mouse event. Returns what a key
    /// asked beyond the next frame.
    @discardableResult
    public static func perform(_ step: ScriptStep, on browser: Browser) -> Browser.Effect {
        switch step {
        case let .key(key): return browser.handle(key)
        case let .type(text): for character in text { browser.handle(.char(character)) }
        case let .resize(width, height): browser.resize(width: width, height: height)
        case let .mouse(event): browser.handle(event)
        case .waitPreview: browser.waitForPreview()
        case .wait, .frame: break
        }
        return .none
    }
}
