import CNcurses
import FavsCore
import FavsModel
import Foundation

/// Why the terminal cannot be used; the message is one line for the user.
public struct TerminalError: Error, CustomStringConvertible {
    public let description: String
}

/// A key or a resize, as read from the terminal.
enum TerminalInput: Equatable {
    case key(Key)
    case mouse(MouseEvent)
    case resize
    /// stdin is closed: nothing more will come.
    case endOfInput
    /// Nothing arrived within the timeout.
    case timeout
    /// Another thread woke the loop (`LoopWake`): a preview ended.
    case woken
}

/// The ncurses side of the screen: copies canvases into one full-screen window, writing only the
/// cells that changed since the last frame, and flushes once per frame (`wnoutrefresh` + `doupdate`).
final class NcursesScreen {
    private var window: UnsafeMutablePointer<WINDOW>
    private let terminal: OpaquePointer
    /// The descriptor ncurses reads keys from, waited on beside a `LoopWake`.
    private let input: Int32
    private var previous: Canvas?
    private(set) var isOpen = true
    private var quickErrors = 0
    private let theme: TerminalTheme
    /// The terminal's streams; `/dev/tty`, when favs opened it, is closed with the screen.
    private var streams: TerminalStreams?

    /// Starts ncurses on stdin/stdout: UTF-8 locale, raw keys, no echo, keypad, hidden cursor; colour when
    /// `wantsColor` and the terminal has it; clicks and the wheel reported when `mouse` (else the terminal
    /// keeps the mouse for its own text selection).
    convenience init(wantsColor: Bool, palette: Theme.Palette = [:], mouse: Bool = true,
                     device: TerminalDevice = .standard) throws {
        Locale.ensureUTF8()
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        guard !term.isEmpty else {
            throw TerminalError(description: "TERM is not set: set it (e.g. TERM=xterm-256color), or use 'favs script'")
        }
        guard term != "dumb" else {
            throw TerminalError(description: "TERM=dumb cannot move the cursor: use a real terminal, or 'favs script'")
        }
        let streams = try device.open()
        cn_signal_restore_save(fileno(streams.output))  // the terminal's mode as the shell left it
        guard let screen = newterm(nil, streams.output, streams.input) else {
            cn_signal_restore_forget()
            streams.close()
            throw TerminalError(description: "unknown terminal type '\(term)' (TERM): try TERM=xterm-256color, or 'favs script'")
        }
        do {
            try self.init(screen: screen, input: fileno(streams.input), wantsColor: wantsColor, palette: palette,
                          mouse: mouse)
        } catch {
            cn_signal_restore_forget()
            throw error
        }
        cn_signal_restore_prepare(mouse ? 1 : 0)
        self.streams = streams
    }

    /// Starts ncurses writing for a terminal of type `term` and size `width`×`height` into `output` (a file,
    /// not a terminal), reading keys from `input` (none are read): a recording of what the browser writes,
    /// with colour and without the mouse.
    convenience init(recordingTo output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>, term: String,
                     width: Int, height: Int, palette: Theme.Palette) throws {
        Locale.ensureUTF8()
        guard let screen = newterm(term, output, input) else {
            throw TerminalError(description: "cannot record for terminal type '\(term)': its terminfo entry is missing")
        }
        // Not a terminal, so ncurses guessed the size (terminfo's); the recording has the script's.
        resizeterm(Int32(height), Int32(width))
        try self.init(screen: screen, input: fileno(input), wantsColor: true, palette: palette, mouse: false)
    }

    /// Sets up the screen `newterm` made: raw keys, no echo, keypad, hidden cursor, colour, mouse.
    private init(screen: OpaquePointer, input: Int32, wantsColor: Bool, palette: Theme.Palette, mouse: Bool) throws {
        terminal = screen
        self.input = input
        theme = TerminalTheme(wantsColor: wantsColor, palette: palette)
        raw()  // ctrl-c, ctrl-z and ctrl-\ arrive as keys, so quitting and suspending always restore the terminal
        noecho()
        nonl()
        set_escdelay(25)
        curs_set(0)
        guard let window = newwin(cn_lines(), cn_cols(), 0, 0) else {
            endwin()
            delscreen(screen)
            throw TerminalError(description: "cannot create a window of \(cn_cols())x\(cn_lines())")
        }
        self.window = window
        keypad(window, true)
        if mouse { Mouse.enable() }
        // Home and End as tmux and screen send them, whatever TERM claims (xterm-256color inside tmux is common).
        for (sequence, key) in [("\u{1B}[1~", KEY_HOME), ("\u{1B}[4~", KEY_END), ("\u{1B}[H", KEY_HOME),
                                ("\u{1B}[F", KEY_END), ("\u{1B}OH", KEY_HOME), ("\u{1B}OF", KEY_END)] {
            define_key(sequence, key)
        }
    }

    var width: Int { Int(cn_cols()) }
    var height: Int { Int(cn_lines()) }

    /// Restores the terminal. Safe to call more than once.
    func close() {
        guard isOpen else { return }
        isOpen = false
        cn_signal_restore_forget()
        delwin(window)
        endwin()
        delscreen(terminal)
        streams?.close()
    }

    /// Shows a canvas: changed cells go into the window, then one `doupdate` sends the difference.
    func show(_ canvas: Canvas) {
        let sameSize = previous.map { $0.width == canvas.width && $0.height == canvas.height } ?? false
        for row in 0..<min(canvas.height, height) {
            for column in 0..<min(canvas.width, width) {
                let cell = canvas[row, column]
                if cell.isContinuation { continue }
                if sameSize, let previous, previous[row, column] == cell { continue }
                let (attrs, pair) = theme.attributes(for: cell)
                wattr_set(window, attrs, pair, nil)
                var chars = cell.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
                chars.append(0)
                wmove(window, Int32(row), Int32(column))
                waddnwstr(window, chars, Int32(chars.count - 1))
            }
        }
        wattr_set(window, cn_a_normal(), 0, nil)
        previous = canvas
        wnoutrefresh(window)
        doupdate()
    }

    /// Waits up to `timeout` milliseconds (nil: forever) for a key, a mouse event or a resize, or until `wake` is
    /// signalled. ncurses cannot wait on another descriptor, so the wait is a poll of both, and ncurses reads the key
    /// once the terminal has one; a key ncurses holds already (the rest of what it read before) is taken first.
    func read(timeout: Int32?, wake: LoopWake?) -> TerminalInput {
        guard let wake, wake.readEnd >= 0 else { return read(timeout: timeout) }
        if let held = readHeld() { return held }
        let started = DispatchTime.now().uptimeNanoseconds
        var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&fds, 2, timeout ?? -1)
        if ready < 0 {
            // A signal: SIGWINCH, which ncurses turns into KEY_RESIZE on its next read.
            return readHeld() ?? .timeout
        }
        if fds[1].revents & Int16(POLLIN) != 0 {
            wake.drain()
            return .woken
        }
        if ready == 0 { return .timeout }
        let elapsed = Int32(clamping: (DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
        return read(timeout: timeout.map { max(1, $0 - elapsed) })
    }

    /// What ncurses can give without waiting: a key it holds or the terminal has, or a resize; nil when none.
    private func readHeld() -> TerminalInput? {
        wtimeout(window, 0)
        var wch: wint_t = 0
        switch wget_wch(window, &wch) {
        case KEY_CODE_YES:
            if Int32(wch) == KEY_RESIZE { return .resize }
            if Int32(wch) == KEY_MOUSE, let event = Mouse.read() { return .mouse(event) }
            return KeyDecoder.functionKey(Int32(wch)).map { .key($0) }
        case OK:
            return KeyDecoder.character(UInt32(wch)).map { .key($0) }
        default:
            return nil
        }
    }

    /// Waits up to `timeout` milliseconds (nil: forever) for a key, a mouse event or a resize.
    func read(timeout: Int32? = nil) -> TerminalInput {
        wtimeout(window, timeout ?? -1)
        var wch: wint_t = 0
        while true {
            let started = DispatchTime.now().uptimeNanoseconds
            switch wget_wch(window, &wch) {
            case KEY_CODE_YES:
                quickErrors = 0
                if Int32(wch) == KEY_RESIZE { return .resize }
                if Int32(wch) == KEY_MOUSE, let event = Mouse.read() { return .mouse(event) }
                if let key = KeyDecoder.functionKey(Int32(wch)) { return .key(key) }
            case OK:
                quickErrors = 0
                if let key = KeyDecoder.character(UInt32(wch)) { return .key(key) }
            default:
                // ERR: the timeout passed, or stdin is gone (EOF, hangup), and then ERR comes back
                // at once, every time: three instant ERRs in a row mean the input has ended.
                guard let timeout else { return .endOfInput }
                let elapsed = (DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
                if elapsed * 2 >= UInt64(timeout) { quickErrors = 0; return .timeout }
                quickErrors += 1
                if quickErrors >= 3 { return .endOfInput }
            }
        }
    }

    /// Re-creates the window at the terminal's new size (ncurses has updated LINES and COLS).
    func resize() {
        delwin(window)
        window = newwin(cn_lines(), cn_cols(), 0, 0) ?? cn_stdscr()
        keypad(window, true)
        previous = nil
    }

    /// Repaints the whole screen on the next frame (ctrl-l).
    func invalidate() {
        cn_clearok_curscr(true)
        previous = nil
    }

    /// Leaves curses mode while `body` runs (another program using the terminal), then repaints.
    func handOver(_ body: () -> Void) {
        endwin()
        body()
        invalidate()
    }

    /// Leaves curses mode, stops the process (ctrl-z), and repaints when it is continued.
    func suspend() {
        endwin()
        kill(getpid(), SIGTSTP)
        invalidate()
    }
}

extension Locale {
    /// ncursesw needs a UTF-8 LC_CTYPE; containers and CI often have none, so fall back to C.UTF-8.
    static func ensureUTF8() {
        setlocale(LC_ALL, "")
        if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
    }
}
