import CNcurses
import FavsCore
import Foundation

/// The browser drawn in the bottom rows of the terminal, below what the shell printed before, as fzf's
/// `--height` does. ncurses owns the whole screen (it clears it when it starts), so this screen writes to the
/// terminal itself: raw mode through termios, rows reserved by printing newlines (which scroll the shell's
/// output up), each changed row rewritten in place with relative cursor moves, and on close the rows cleared
/// and the cursor left where the picker began, so the shell's prompt follows the earlier output.
final class InlineScreen: TerminalScreen {
    private let fd: Int32
    private let rows: TerminalHeight
    private let colors: Int
    private let palette: Theme.Palette
    private(set) var width = 0
    private(set) var height = 0
    /// The rows as last written, to write only those that change.
    private var previous: [String] = []
    /// The row of the reserved area the cursor is on.
    private var cursorRow = 0
    private var decoder = ByteKeyDecoder()
    private var queued: [Key] = []
    private var isOpen = true

    /// Opens the terminal (`/dev/tty`) for an inline screen of `rows`; nil when the terminal is not taller than
    /// that (then the full screen is the better choice, as fzf decides).
    static func open(rows: TerminalHeight, wantsColor: Bool, palette: Theme.Palette) throws -> InlineScreen? {
        let fd = Glibc.open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            throw TerminalError(description: "cannot open the terminal (/dev/tty): \(String(cString: strerror(errno)))")
        }
        let size = Self.size(of: fd)
        guard size.rows > 0, rows.rows(of: size.rows) < size.rows else {
            Glibc.close(fd)
            return nil
        }
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        let colors = !wantsColor || term.isEmpty || term == "dumb" ? 0 : term.contains("256color") ? 256 : 8
        return try InlineScreen(fd: fd, rows: rows, colors: colors, palette: palette)
    }

    private init(fd: Int32, rows: TerminalHeight, colors: Int, palette: Theme.Palette) throws {
        self.fd = fd
        self.rows = rows
        self.colors = colors
        self.palette = palette
        guard InlineTerminal.enterRawMode(fd) else {
            Glibc.close(fd)
            throw TerminalError(description: "cannot set the terminal's mode: \(String(cString: strerror(errno)))")
        }
        reserve()
    }

    /// The terminal's size in rows and columns.
    private static func size(of fd: Int32) -> (rows: Int, columns: Int) {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 else { return (0, 0) }
        return (Int(size.ws_row), Int(size.ws_col))
    }

    /// Makes room below the cursor: `height` lines from the start of the current line, scrolling up what is
    /// above when the cursor is near the bottom; the cursor ends on the first of them.
    private func reserve() {
        let size = Self.size(of: fd)
        width = size.columns
        height = max(1, min(rows.rows(of: size.rows), size.rows - 1))
        write("\u{1B}[?25l\r" + String(repeating: "\n", count: height - 1) + (height > 1 ? "\u{1B}[\(height - 1)A" : ""))
        cursorRow = 0
        previous = []
    }

    func show(_ canvas: Canvas) {
        guard isOpen else { return }
        var out = ""
        for row in 0..<min(canvas.height, height) {
            let line = SGRLine.render(canvas, row: row, colors: colors, palette: palette)
            if row < previous.count, previous[row] == line { continue }
            out += move(to: row) + "\r" + line
        }
        previous = (0..<min(canvas.height, height)).map { SGRLine.render(canvas, row: $0, colors: colors, palette: palette) }
        write(out)
    }

    /// The cursor movement from the current row of the area to `row`.
    private func move(to row: Int) -> String {
        defer { cursorRow = row }
        if row > cursorRow { return "\u{1B}[\(row - cursorRow)B" }
        if row < cursorRow { return "\u{1B}[\(cursorRow - row)A" }
        return ""
    }

    func read(timeout: Int32?, wake: LoopWake?) -> TerminalInput {
        if !queued.isEmpty { return .key(queued.removeFirst()) }
        var waitFor = timeout ?? -1
        while true {
            // A descriptor of -1 is skipped by poll: the resize pipe or the wake, when there is none.
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: InlineTerminal.wakeReadEnd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake?.readEnd ?? -1, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 3, decoder.isHolding ? 25 : waitFor)
            if ready < 0 {
                if errno == EINTR { continue }
                return .endOfInput
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                InlineTerminal.drainWake()
                return .resize
            }
            if let wake, fds[2].revents & Int16(POLLIN) != 0 {
                wake.drain()
                return .woken
            }
            if ready == 0 {
                // Nothing more after a lone esc within 25 ms: it was the escape key.
                if decoder.isHolding {
                    queued = decoder.flush()
                    if !queued.isEmpty { return .key(queued.removeFirst()) }
                    continue
                }
                return .timeout
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            // 0 or an error: the terminal hung up.
            guard count > 0 else { return .endOfInput }
            queued = decoder.feed(buffer[..<count])
            if !queued.isEmpty { return .key(queued.removeFirst()) }
            waitFor = timeout ?? -1
        }
    }

    /// The terminal changed size: the area is cleared and reserved again at the new width and height.
    func resize() {
        write(move(to: 0) + "\r\u{1B}[J")
        reserve()
    }

    func invalidate() {
        previous = []
    }

    /// Gives the terminal to another program (an opener) and takes it back: the area is cleared, the terminal's
    /// mode restored while `body` runs, and the area reserved again below whatever it printed.
    func handOver(_ body: () -> Void) {
        leave()
        body()
        _ = InlineTerminal.enterRawMode(fd)
        reserve()
    }

    /// ctrl-z: the shell gets the terminal; on `fg` the area is reserved again.
    func suspend() {
        handOver { kill(getpid(), SIGTSTP) }
    }

    /// Clears the area, leaves the cursor where the area began, shows it, and restores the terminal's mode.
    func close() {
        guard isOpen else { return }
        isOpen = false
        leave()
        Glibc.close(fd)
    }

    private func leave() {
        write(move(to: 0) + "\r\u{1B}[J\u{1B}[?25h")
        InlineTerminal.restoreMode()
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}

/// How many rows `--height` asks for: a number, or a percentage of the terminal's rows (fzf's `--height`).
public enum TerminalHeight: Equatable, Sendable {
    case rows(Int)
    case percent(Int)

    /// `10` or `40%`; nil for anything else.
    public init?(argument: String) {
        if argument.hasSuffix("%"), let value = Int(argument.dropLast()), (1...100).contains(value) {
            self = .percent(value)
        } else if let value = Int(argument), value >= 1 {
            self = .rows(value)
        } else {
            return nil
        }
    }

    /// The rows on a terminal of `terminalRows`: never fewer than the browser's smallest layout.
    func rows(of terminalRows: Int) -> Int {
        let wanted = switch self {
        case let .rows(rows): rows
        case let .percent(percent): terminalRows * percent / 100
        }
        return max(wanted, Layout.minimumHeight)
    }
}
