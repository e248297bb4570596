import Foundation

/// Opens an item's url or path: `$FAVS_OPENER` (its words: a program and its arguments, split at spaces,
/// never through a shell), else `xdg-open`, with the value as one more argument, exactly as it is.
public enum Opener {
    /// Why a value could not be opened, said on the status line or on stderr.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The opener's words from the environment.
    public static func command(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        let words = (environment["FAVS_OPENER"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
        return words.isEmpty ? ["xdg-open"] : words
    }

    /// Runs the opener on `value` and waits for it, with the caller's terminal and default signal actions;
    /// favs itself ignores ctrl-c and ctrl-\ meanwhile, so they reach only the opener (as `system` does).
    /// `keepingStdout`: the opener writes to stderr instead (a script's stdout holds its frames).
    public static func open(_ value: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                            keepingStdout: Bool = false) throws(Failure) {
        let argv = command(environment: environment) + [value]
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), none = sigset_t()
        sigemptyset(&defaults)
        sigemptyset(&none)
        for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGTSTP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if keepingStdout { posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO) }
        let previous = ignoring([SIGINT, SIGQUIT])
        defer { restore(previous) }
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let error = posix_spawnp(&pid, argv[0], &actions, &attributes, cArguments, environ)
        guard error == 0 else {
            throw Failure(description: "cannot run '\(argv[0])': \(String(cString: strerror(error)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        guard exited, code == 0 else {
            let how = exited ? "exited with status \(code)" : "was stopped by signal \(status & 0x7f)"
            throw Failure(description: "'\(argv[0])' \(how) opening \(value)")
        }
    }

    private static func ignoring(_ signals: [Int32]) -> [(Int32, sigaction)] {
        signals.map { signal in
            var ignore = sigaction(), previous = sigaction()
            ignore.__sigaction_handler.sa_handler = SIG_IGN
            sigemptyset(&ignore.sa_mask)
            sigaction(signal, &ignore, &previous)
            return (signal, previous)
        }
    }

    private static func restore(_ actions: [(Int32, sigaction)]) {
        for (signal, action) in actions {
            var action = action
            sigaction(signal, &action, nil)
        }
    }
}
