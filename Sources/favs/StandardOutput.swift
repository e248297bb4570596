import ArgumentParser
import FavsExitStatus
import Foundation

/// stdout, written with write(2) and every result checked: `print` drops a failed write (a full disk left a
/// file cut short, exit 0), and FileHandle's `write` traps on one (a backtrace, exit 132). Unbuffered: callers
/// hand over whole pieces, about 64 KiB for long output, so each is one system call.
enum StandardOutput {
    /// Writes `text`; a failure is printed as `favs: cannot write the output: REASON` and thrown as exit 74.
    static func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Writes `bytes` whole, however many calls the system takes for them.
    static func write(bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let count = Foundation.write(STDOUT_FILENO, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EPIPE { readerWentAway() }
            guard count > 0 else {
                let reason = count < 0 ? String(cString: strerror(errno)) : "nothing was written"
                throw failure("cannot write the output: \(reason)", .cannotWriteOutput)
            }
            offset += count
        }
    }

    /// The reader closed the pipe (`favs list | head`): favs ends quietly, as SIGPIPE ends it when that is not
    /// ignored. PostgreSQL's networking ignores SIGPIPE for the whole process, so it is put back and raised.
    private static func readerWentAway() -> Never {
        signal(SIGPIPE, SIG_DFL)
        var pipe = sigset_t()
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        sigprocmask(SIG_UNBLOCK, &pipe, nil)
        raise(SIGPIPE)
        exit(EXIT_FAILURE)  // not reached: SIGPIPE's default action ends the process
    }
}
