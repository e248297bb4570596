import FavsCore
import FavsExitStatus
import FavsFormats
import FavsTerminal
import Foundation

/// `favs script --cast FILE`: the session as asciinema plays it. Each moment the script's clock names
/// (`ScriptRunner.paced`), the browser's frame goes through the real ncurses screen into a `CastRecorder`,
/// and what ncurses wrote becomes an event at that time; quitting (ncurses leaving the screen) ends it.
final class CastRecording {
    private let path: String
    private let recorder: CastRecorder
    private var cast: Asciicast
    private var now = 0

    /// A resize cannot be recorded: a cast has one size, the header's. Thrown before anything runs.
    static func checkRecordable(_ steps: [(line: Int, step: ScriptStep)], source: String) throws {
        for (line, step) in steps {
            if case .resize = step {
                throw ScriptError(source: source, line: line,
                                  message: "'resize' cannot be recorded with --cast: a cast has one size (use --size)")
            }
        }
    }

    /// The header's timestamp: SOURCE_DATE_EPOCH when it is set, else 0, so the same script gives the same file.
    static var timestamp: Int {
        ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap { Int($0) }.map { max(0, $0) } ?? 0
    }

    init(path: String, width: Int, height: Int, palette: Theme.Palette) throws {
        self.path = path
        recorder = try CastRecorder(width: width, height: height, palette: palette)
        cast = Asciicast(width: width, height: height, timestamp: Self.timestamp, term: CastRecorder.term)
    }

    /// Shows the browser's frame at `milliseconds`; what ncurses wrote for it (if anything changed) is an event.
    func record(_ browser: Browser, at milliseconds: Int) {
        now = milliseconds
        let output = recorder.show(browser.frame())
        if !output.isEmpty { cast.append(output, at: milliseconds) }
    }

    /// What a key asks of the terminal: ctrl-l repaints the whole screen in the recording too.
    func apply(_ effect: Browser.Effect) {
        if effect == .redraw { recorder.invalidate() }
    }

    /// Ends the session one step's pause after the last moment (so the last screen is seen), and writes the file.
    func finish() throws {
        cast.append(recorder.close(), at: now + ScriptRunner.stepPause)
        do {
            try OutputFile.write(Data(cast.text.utf8), to: path)
        } catch {
            throw failure("cannot write \(path): \(error.reason)", .cannotWriteFile)
        }
    }
}
