import CNcurses
import Foundation

/// Makes sure the terminal is restored however the process ends.
///
/// SIGINT, SIGTERM, SIGHUP and SIGQUIT: leave curses mode (or the inline screen's raw mode), then die of the same
/// signal (exit status 128+n), as a shell expects. Crash signals: leave curses mode, then let the signal do what it
/// did before favs took it — the Swift runtime's crash report (when backtraces are on, `SWIFT_BACKTRACE`), now on a
/// usable screen, or the default action.
///
/// The handler calls only async-signal-safe functions: `write(2)` of bytes worked out while ncurses ran and
/// `tcsetattr(3)` with the mode saved before it started (`cn_signal_restore`, in the C shim), then sigaction(2)
/// and raise(3) (`cn_signal_reraise`); never `endwin()`, which may allocate or take a lock the interrupted code holds.
enum Signals {
    static func install() {
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            // The handler must capture nothing: it is a C function pointer.
            cn_signal_install(signal) { signal in
                cn_signal_restore()
                InlineTerminal.restoreForSignal()
                cn_signal_reraise(signal, 0)
            }
        }
        for signal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            cn_signal_install(signal) { signal in
                cn_signal_restore()
                InlineTerminal.restoreForSignal()
                cn_signal_reraise(signal, 1)
            }
        }
    }
}
