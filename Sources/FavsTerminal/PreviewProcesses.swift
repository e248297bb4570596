import FavsCore
import FavsModel
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs previews as `/bin/sh -c CMD`, each in a process group of its own (posix_spawn's POSIX_SPAWN_SETPGROUP), so
/// that a cancel or a timeout stops the shell and everything it started: SIGTERM to the group, SIGKILL after a
/// grace. Each preview runs on a thread of its own, which reads its output and waits for it; the input thread only
/// starts them, sets a flag to cancel one, and takes finished results when `wake` says one is in.
/// `synchronous` (scripted mode) runs a preview to its end inside `start`, so frames are a function of the keys.
public final class PreviewProcesses: PreviewRunner, @unchecked Sendable {
    /// How long a preview has to end after SIGTERM before its group gets SIGKILL.
    public static let grace = Duration.milliseconds(200)
    /// At most this much of each of stdout and stderr is kept (the rest is read and dropped, so the command is
    /// never stuck on a full pipe).
    static let maximumBytes = 1 << 20

    private let synchronous: Bool
    /// Signalled when a result is in, so the run loop draws it at once rather than at its next poll.
    private let wake: LoopWake?
    private let lock = NSLock()
    private var results: [PreviewResult] = []
    private var cancelled: Set<Int> = []
    private var running: Set<Int> = []
    /// The process groups of previews running now, by ticket: what `stopAll` stops when favs ends. A group leaves
    /// before its shell is reaped, so a number here is never one the system gave to another group since.
    private var groups: [Int: pid_t] = [:]

    public init(synchronous: Bool = false, wake: LoopWake? = nil) {
        self.synchronous = synchronous
        self.wake = wake
    }

    public func start(_ request: PreviewRequest) {
        if synchronous {
            let result = Self.execute(request) { false }
            lock.withLock { results.append(result) }
            return
        }
        lock.withLock { _ = running.insert(request.ticket) }
        let thread = Thread { [self] in
            let result = Self.execute(request, isCancelled: { [self] in lock.withLock { cancelled.contains(request.ticket) } },
                                      started: { [self] pid in lock.withLock { groups[request.ticket] = pid } },
                                      ending: { [self] in lock.withLock { _ = groups.removeValue(forKey: request.ticket) } })
            let kept = lock.withLock {
                running.remove(request.ticket)
                guard cancelled.remove(request.ticket) == nil else { return false }
                results.append(result)
                return true
            }
            if kept { wake?.signal() }
        }
        thread.start()
    }

    public func cancel(ticket: Int) {
        lock.withLock { if running.contains(ticket) { cancelled.insert(ticket) } }
    }

    /// Stops every preview still running, at once (SIGKILL to each group): favs is ending, and a preview must not
    /// outlive it.
    public func stopAll() {
        lock.withLock {
            for pid in groups.values { kill(-pid, SIGKILL) }
            groups = [:]
        }
    }

    public func takeResults() -> [PreviewResult] {
        lock.withLock {
            defer { results = [] }
            return results
        }
    }

    /// Runs one preview to its end: it exits, it runs past its timeout, or `isCancelled` says so (then the result
    /// is dropped by the caller).
    static func execute(_ request: PreviewRequest, isCancelled: () -> Bool, started: (pid_t) -> Void = { _ in },
                        ending: () -> Void = {}) -> PreviewResult {
        var output: [Int32] = [-1, -1], errors: [Int32] = [-1, -1]
        guard makePipe(&output) else { return failed(request, "pipe: \(reason(errno))") }
        guard makePipe(&errors) else {
            close(output[0])
            close(output[1])
            return failed(request, "pipe: \(reason(errno))")
        }
        let pid = spawn(request.command, stdout: output[1], stderr: errors[1])
        close(output[1])
        close(errors[1])
        defer {
            close(output[0])
            close(errors[0])
        }
        guard case let .success(pid) = pid else {
            if case let .failure(error) = pid { return failed(request, error.description) }
            return failed(request, "not started")
        }
        started(pid)
        var result = PreviewResult(ticket: request.ticket, ending: .exited(0))
        let deadline = ContinuousClock.now + request.timeout
        var open = [output[0], errors[0]]
        while !open.isEmpty {
            if isCancelled() {
                ending()
                stop(pid)
                return result
            }
            if ContinuousClock.now >= deadline {
                ending()
                stop(pid)
                result.ending = .timedOut
                return result
            }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&fds, nfds_t(fds.count), 20) > 0 else { continue }
            for fd in fds where fd.revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 65536)
                let count = buffer.withUnsafeMutableBytes { read(fd.fd, $0.baseAddress, $0.count) }
                if count <= 0 {
                    if count < 0, errno == EINTR || errno == EAGAIN { continue }
                    open.removeAll { $0 == fd.fd }
                    continue
                }
                if fd.fd == output[0] {
                    result.stdout += buffer.prefix(max(0, min(count, maximumBytes - result.stdout.count)))
                } else {
                    result.stderr += buffer.prefix(max(0, min(count, maximumBytes - result.stderr.count)))
                }
            }
        }
        ending()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // The shell is done; what it left in the background (holding no pipe of ours) is left alone, as a shell does.
        result.ending = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
        return result
    }

    /// SIGTERM to the preview's group, SIGKILL after the grace to whatever of it is left, and the shell reaped. The
    /// shell is waited for without being reaped (WNOWAIT) until then: a zombie still holds its group id, so the
    /// SIGKILL cannot reach a group that took the number since.
    private static func stop(_ pid: pid_t) {
        kill(-pid, SIGTERM)
        let end = ContinuousClock.now + grace
        var info = siginfo_t()
        while ContinuousClock.now < end {
            info.si_signo = 0
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info.si_signo != 0 { break }
            usleep(5_000)
        }
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }

    /// Starts `/bin/sh -c COMMAND` in a new process group, stdin /dev/null, stdout and stderr the pipes, with an
    /// empty signal mask and every signal's default action (favs ignores some, blocks others while drawing).
    private static func spawn(_ command: [UInt8], stdout: Int32, stderr: Int32) -> Result<pid_t, PreviewSpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)  // a group of its own, numbered as the shell's pid
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let line = UnsafeMutablePointer<CChar>.allocate(capacity: command.count + 1)
        command.withUnsafeBytes { bytes in
            for (index, byte) in bytes.enumerated() { line[index] = CChar(bitPattern: byte) }
        }
        line[command.count] = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), line, nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        guard error == 0 else { return .failure(PreviewSpawnError(description: "/bin/sh: \(reason(error))")) }
        return .success(pid)
    }

    /// A pipe whose ends no other program inherits (pipe2 is not visible to Swift: two steps, the same flags).
    private static func makePipe(_ fds: inout [Int32]) -> Bool {
        guard pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    private static func failed(_ request: PreviewRequest, _ why: String) -> PreviewResult {
        PreviewResult(ticket: request.ticket, ending: .failed(why))
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// Why a preview could not be started.
struct PreviewSpawnError: Error, CustomStringConvertible {
    let description: String
}
