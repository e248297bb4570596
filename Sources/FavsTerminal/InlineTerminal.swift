import Foundation

/// What the inline screen changed in the terminal, kept where a signal handler can put it back: the terminal's
/// mode before raw mode, and the pipe a SIGWINCH handler writes to so the key loop wakes up for a resize.
///
/// These are process-wide (there is one terminal) and touched only by the one thread that runs the screen and by
/// signal handlers, which use only async-signal-safe calls (`tcsetattr`, `write`); hence `nonisolated(unsafe)`.
enum InlineTerminal {
    nonisolated(unsafe) private static var savedMode = termios()
    nonisolated(unsafe) private static var modeFD: Int32 = -1
    nonisolated(unsafe) private(set) static var wakeReadEnd: Int32 = -1
    nonisolated(unsafe) private static var wakeWriteEnd: Int32 = -1

    /// Puts `fd` in raw mode (keys one by one, no echo, ctrl-c and ctrl-z as keys, output as it is written), having
    /// kept its mode, and starts listening for SIGWINCH.
    static func enterRawMode(_ fd: Int32) -> Bool {
        var mode = termios()
        guard tcgetattr(fd, &mode) == 0 else { return false }
        savedMode = mode
        modeFD = fd
        mode.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        mode.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        withUnsafeMutableBytes(of: &mode.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSANOW, &mode) == 0 else { return false }
        watchResizes()
        return true
    }

    /// Puts the terminal's mode back (on close, before a hand-over, and from a signal handler).
    static func restoreMode() {
        guard modeFD >= 0 else { return }
        tcsetattr(modeFD, TCSANOW, &savedMode)
    }

    /// From a signal handler: the mode back and the cursor shown, on a new line.
    static func restoreForSignal() {
        guard modeFD >= 0 else { return }
        tcsetattr(modeFD, TCSANOW, &savedMode)
        let text: StaticString = "\u{1B}[?25h\r\n"
        _ = Glibc.write(modeFD, text.utf8Start, text.utf8CodeUnitCount)
    }

    /// Empties the wake pipe after a resize was seen.
    static func drainWake() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ Glibc.read(wakeReadEnd, $0.baseAddress, $0.count) }) > 0 {}
    }

    private static func watchResizes() {
        guard wakeReadEnd < 0 else { return }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        (wakeReadEnd, wakeWriteEnd) = (ends[0], ends[1])
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = Glibc.write(InlineTerminal.wakeWriteEnd, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(SA_RESTART)
        sigaction(SIGWINCH, &action, nil)
    }
}
