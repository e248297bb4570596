import Foundation
import Testing

/// A private tmux server with one window of a fixed size, for driving the real ncurses screen.
///
/// The pane runs `COMMAND; echo $? > rc; stty -a > stty; exec cat`: the exit status lands in a file
/// (tmux's own `#{pane_dead_status}` is unreliable), and the pane stays alive afterwards, because a
/// dead pane makes tmux hide the cursor and scroll in a "Pane is dead" line, which would hide what
/// the program left the terminal in.
final class Tmux {
    let scratch: Scratch
    private let socket = "favs-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
    private let tmux: String
    /// The socket file: kill-server leaves it behind, so `close()` removes it.
    private var socketPath = ""
    private var rcFile: String { scratch.path("rc") }

    /// Starts the server with an idle pane of `width`×`height`. Call `close()` in a `defer`.
    /// `launcher`: a command the server is started through, e.g. `netns-pg.sh exec DIR` to run it (and so every
    /// program in its pane) inside a network namespace; the other tmux commands reach it through its socket.
    init(width: Int, height: Int, scratch: Scratch, launcher: [String] = []) async throws {
        self.scratch = scratch
        guard let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
            .first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw HarnessError("tmux is not installed: run `make deps` (or apt-get install tmux)")
        }
        self.tmux = tmux
        let start = ["-u", "-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)", "cat"]
        if let program = launcher.first {
            let result = try await run(program, Array(launcher.dropFirst()) + [tmux, "-L", socket] + start,
                                       environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
            if result.status != 0 {
                close()
                throw HarnessError("\(launcher.joined(separator: " ")) tmux new-session failed (\(result.status)): \(result.err)")
            }
        } else {
            try await command(start)
        }
        do {
            socketPath = try await display("#{socket_path}")
            try await command("set-option", "-g", "default-shell", "/bin/sh")
            try await command("set-option", "-t", "main", "remain-on-exit", "on")
        } catch {
            close()
            throw error
        }
    }

    /// Kills the server (and with it the pane's programs). Blocking, so it can run in a `defer`:
    /// kill-server answers in a few milliseconds.
    func close() {
        guard let pid = try? spawn(tmux, ["-L", socket, "kill-server"],
                                   environment: pinnedEnvironment(home: scratch.url), directory: scratch.url.path,
                                   stdin: "/dev/null", stdout: "/dev/null", stderr: "/dev/null") else { return }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        if socketPath.hasSuffix("/" + socket) { unlink(socketPath) }
    }

    /// A tmux command on this server as shell text, to run in one shell command line with something else.
    func shellCommand(_ arguments: [String]) -> String {
        ([tmux, "-L", socket] + arguments).map(shellQuoted).joined(separator: " ")
    }

    /// Runs a tmux command on this server; fails the test on a non-zero status.
    @discardableResult
    func command(_ arguments: String...) async throws -> String { try await command(arguments) }

    @discardableResult
    func command(_ arguments: [String]) async throws -> String {
        let result = try await run(tmux, ["-L", socket] + arguments, environment: pinnedEnvironment(home: scratch.url),
                                   in: scratch.url)
        if result.status != 0 {
            throw HarnessError("tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.err)")
        }
        return result.out
    }

    /// Starts `favs ARGUMENTS` in the pane with LANG, TERM and SWIFT_BACKTRACE pinned.
    /// `before` and `after` are shell text around the command, e.g. `env -u TERM` or `> out.txt`.
    func startFavs(_ arguments: [String], before: String = "", after: String = "") async throws {
        try await start([before, try Self.favsCommand(arguments), after].filter { !$0.isEmpty }.joined(separator: " "))
    }

    /// `favs ARGUMENTS` as shell text, with the built binary.
    static func favsCommand(_ arguments: [String]) throws -> String {
        ([try favsBinary()] + arguments).map(shellQuoted).joined(separator: " ")
    }

    /// Starts a shell command line in the pane (in the scratch directory) with LANG, TERM and
    /// SWIFT_BACKTRACE pinned; the exit status of its last command goes to `exitStatus()`. A Swift program that
    /// crashes in the pane writes its backtrace to a file of `crashDirectory`, never to the screen (`crashes()`).
    func start(_ line: String) async throws {
        try? FileManager.default.removeItem(atPath: rcFile)
        try FileManager.default.createDirectory(atPath: crashDirectory, withIntermediateDirectories: true)
        let wrapped = "\(line); echo $? > rc.tmp; stty -a > stty 2>&1; mv rc.tmp rc; exec cat"
        try await command("respawn-pane", "-k", "-t", "main", "-c", scratch.url.path,
                          "-e", "LANG=C.UTF-8", "-e", "TERM=xterm-256color",
                          "-e", "SWIFT_BACKTRACE=enable=yes,interactive=no,color=no,output-to=\(crashDirectory)",
                          wrapped)
    }

    /// Where a program that crashed in the pane left its backtrace.
    var crashDirectory: String { scratch.path("crashes") }

    /// The backtraces of programs that crashed in the pane (the first lines of each), or "" when none did: what a
    /// failed wait adds to the screen it shows, which says only "Illegal instruction".
    func crashes() -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: crashDirectory)) ?? []
        return names.sorted().compactMap { name in
            guard let text = try? String(contentsOfFile: crashDirectory + "/" + name, encoding: .utf8) else { return nil }
            return "\ncrash log \(name):\n" + text.split(separator: "\n", omittingEmptySubsequences: false).prefix(80)
                .joined(separator: "\n")
        }.joined()
    }

    /// The visible screen, one string per row, trailing spaces trimmed.
    func screen() async throws -> [String] {
        var rows = try await command("capture-pane", "-p", "-t", "main")
            .split(separator: "\n", omittingEmptySubsequences: false).map(trimmed)
        if rows.last == "" { rows.removeLast() }
        return rows
    }

    /// The visible screen with the escape sequences tmux keeps for its colours and attributes (`capture-pane -e`).
    func screenWithEscapes() async throws -> String {
        try await command("capture-pane", "-p", "-e", "-t", "main")
    }

    /// The pane's text including scrollback, with wrapped lines joined back into one.
    func joinedText() async throws -> [String] {
        try await command("capture-pane", "-p", "-J", "-S", "-", "-t", "main")
            .split(separator: "\n").map(trimmed).filter { !$0.isEmpty }
    }

    func sendKeys(_ keys: String...) async throws { try await sendKeys(keys) }

    func sendKeys(_ keys: [String]) async throws {
        try await command(["send-keys", "-t", "main"] + keys)
    }

    func resize(width: Int, height: Int) async throws {
        try await command("resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)")
    }

    /// A tmux format for the pane, e.g. `#{alternate_on}`.
    func display(_ format: String) async throws -> String {
        try await command("display-message", "-p", "-t", "main", format)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until some row of the screen contains `text`; on timeout, fails and shows the screen.
    func waitFor(_ text: String) async throws {
        var last: [String] = []
        var found = try await eventually {
            last = try await screen()
            return last.contains { $0.contains(text) }
        }
        // A pane still blank has not drawn its first frame: a cold start (a debug build, a new library) on a machine
        // busy with the rest of the suite. It gets the start-up allowance before the wait fails; a screen that shows
        // something else has answered, and fails now.
        var waited = deadline
        if !found, last.allSatisfy(\.isEmpty) {
            waited += startupAllowance
            found = try await eventually(within: startupAllowance) {
                last = try await screen()
                return last.contains { $0.contains(text) }
            }
        }
        if !found {
            throw HarnessError("'\(text)' did not appear within \(waited); the screen:\n"
                               + last.joined(separator: "\n") + crashes())
        }
    }

    /// Waits until the screen equals `expected` row for row; on timeout, records the difference.
    func waitForScreen(_ expected: [String], after step: String = "",
                       sourceLocation: SourceLocation = #_sourceLocation) async throws {
        var last: [String] = []
        let same = try await eventually {
            last = try await screen()
            return last == expected
        }
        let after = step.isEmpty ? "" : " after '\(step)'"
        #expect(same, "the tmux screen differs from the headless frame\(after):\n\(difference(last, expected))",
                sourceLocation: sourceLocation)
    }

    /// The bytes the program writes to the terminal for `keys`, counted until `text` shows and the count
    /// stops growing. tmux copies the pane's output into a file opened just before the keys (`pipe-pane`);
    /// every byte of the previous frame was read before, since its text was on screen.
    func bytesWritten(by keys: [String], until text: String) async throws -> Int {
        let file = scratch.path("pipe-\(UUID().uuidString.prefix(8))")
        try await command("pipe-pane", "-t", "main", "cat > \(shellQuoted(file))")
        try await sendKeys(keys)
        try await waitFor(text)
        // tmux has read the whole frame once its last row shows; give `cat` time to write it out.
        var size = -1, unchanged = 0
        _ = await eventually {
            let now = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
            unchanged = now == size ? unchanged + 1 : 0
            size = now
            return size > 0 && unchanged >= 5
        }
        try await command("pipe-pane", "-t", "main")  // no command: closes the pipe
        return size
    }

    /// The exit status the pane command wrote, waiting up to `limit` for it to appear.
    func exitStatus(within limit: Duration = deadline) async throws -> Int32 {
        var status: Int32?
        let written = await eventually(within: limit) {
            guard let text = try? String(contentsOfFile: rcFile, encoding: .utf8) else { return false }
            status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            return status != nil
        }
        guard written, let status else { throw HarnessError("the program did not exit within \(limit)") }
        return status
    }

    /// `stty -a` as the shell saw the terminal right after the program exited.
    func sttyAfterExit() throws -> Set<String> {
        let text = try String(contentsOfFile: scratch.path("stty"), encoding: .utf8)
        return Set(text.split { $0 == " " || $0 == ";" || $0 == "\n" }.map(String.init))
    }

    /// The pid of the program the pane's shell is running (its only child).
    func programPID(named name: String = "favs") async throws -> Int32 {
        let shell = try await display("#{pane_pid}")
        var pid: Int32?
        let found = try await eventually {
            let result = try await run("/usr/bin/pgrep", ["-P", shell, "-x", name],
                                       environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
            pid = Int32(result.out.split(separator: "\n").first ?? "")
            return pid != nil
        }
        guard found, let pid else { throw HarnessError("no \(name) process under the pane's shell \(shell)") }
        return pid
    }
}
