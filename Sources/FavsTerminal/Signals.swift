import CNcurses
import Foundation

/// Makes sure the terminal is restored however the process ends.
///
/// SIGINT, SIGTERM and SIGHUP: leave curses mode (or the inline screen's raw mode), then die of the same signal (exit status 128+n),
/// as a shell expects. Crash signals: leave curses mode so the crash report lands on a usable
/// screen, then let the signal take its default course.
///
/// The handler calls only async-signal-safe functions: `write(2)` of bytes worked out while ncurses ran and
/// `tcsetattr(3)` with the mode saved before it started (`cn_signal_restore`, in the C shim), never `endwin()`,
/// which may allocate or take a lock the interrupted code holds.
enum Signals {
    static func install() {
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            var action = sigaction()
            // The handler must capture nothing: it is a C function pointer.
            action.__sigaction_handler.sa_handler = { signal in
                cn_signal_restore()
                InlineTerminal.restoreForSignal()
                raise(signal)  // SA_RESETHAND put the default action back; for a crash signal the fault re-fires
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
            sigaction(signal, &action, nil)
        }
    }
}
