import Foundation
import Testing

// Helpers for running the built `favs` binary as a user would: a process with arguments, stdin,
// a pinned environment, and captured stdout, stderr and exit status.

/// Something the harness could not set up, or a wait that ran out: the message says what and why.
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The default deadline for anything the tests wait for. Every wait ends as soon as what it waits for is there, so
/// the bound costs time only when a test fails: 15 s, because with the rest of the suite beside them (load 10–30 on
/// 2 cores) a debug build's screens have taken more than 5 s to show.
let deadline: Duration = .seconds(15)

/// How much longer a wait goes on while the pane is still blank (a program that has not drawn its first frame yet).
let startupAllowance: Duration = .seconds(20)

/// The built binary: `$FAVS_BIN`, else `<package root>/.build/debug/favs`.
func favsBinary() throws -> String {
    let environment = ProcessInfo.processInfo.environment
    let path: String
    if let given = environment["FAVS_BIN"], !given.isEmpty {
        path = given
    } else {
        path = URL(fileURLWithPath: #filePath)  // <root>/Tests/EndToEndTests/Support.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/favs").path
    }
    guard FileManager.default.isExecutableFile(atPath: path) else {
        throw HarnessError("""
            the favs binary is missing at \(path): run `swift build` first \
            (or set FAVS_BIN to the built binary, e.g. FAVS_BIN=$PWD/.build-e2e/debug/favs)
            """)
    }
    return path
}

/// The environment every run gets: nothing inherited but PATH, so a developer's TERM,
/// FAVS_LIBRARY or XDG_DATA_HOME cannot change what the tests see.
func pinnedEnvironment(home: URL) -> [String: String] {
    [
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        "HOME": home.path,
        "LANG": "C.UTF-8",
        "SWIFT_BACKTRACE": "enable=no",
    ]
}

/// A fresh directory for one test. Call `remove()` in a `defer`.
struct Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("favs-e2e-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the directory.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes a text file into the directory and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
        return path(name)
    }

    /// The path of `lib.sqlite` in a folder of the directory, made if missing: favs creates no folder for a
    /// library it is told about.
    func library(in folder: String) throws -> String {
        try FileManager.default.createDirectory(at: url.appendingPathComponent(folder), withIntermediateDirectories: true)
        return path(folder + "/lib.sqlite")
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// What a finished process left behind.
struct RunResult {
    let stdout: Data
    let stderr: Data
    let status: Int32
    var out: String { String(decoding: stdout, as: UTF8.self) }
    var err: String { String(decoding: stderr, as: UTF8.self) }
}

/// Runs a program to completion. stdin, stdout and stderr are files, never pipes, so nothing can
/// deadlock on a full pipe; a process still running after 60 s is killed and reported: a hang, not a slow
/// run on a busy machine (a 10 MB import in a debug build once took over 15 s under the whole suite).
func run(_ executable: String, _ arguments: [String], stdin: String? = nil,
         environment: [String: String], in directory: URL, limit: Duration = .seconds(60)) async throws -> RunResult {
    try await run(executable, arguments, input: Data((stdin ?? "").utf8), environment: environment, in: directory,
                  limit: limit)
}

/// Runs a program to completion with these bytes on stdin (lines that need not be UTF-8).
func run(_ executable: String, _ arguments: [String], input: Data,
         environment: [String: String], in directory: URL, limit: Duration = .seconds(60)) async throws -> RunResult {
    let io = directory.appendingPathComponent(".io-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: io, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: io) }
    let inURL = io.appendingPathComponent("stdin"), outURL = io.appendingPathComponent("stdout"),
        errURL = io.appendingPathComponent("stderr")
    try input.write(to: inURL)

    let pid = try spawn(executable, arguments, environment: environment, directory: directory.path,
                        stdin: inURL.path, stdout: outURL.path, stderr: errURL.path)
    let clock = ContinuousClock()
    let end = clock.now + limit
    var status: Int32 = 0
    while true {
        let reaped = waitpid(pid, &status, WNOHANG)
        if reaped == pid { break }
        if reaped < 0, errno != EINTR { throw HarnessError("waitpid failed: \(String(cString: strerror(errno)))") }
        if clock.now > end {
            kill(pid, SIGKILL)
            _ = waitpid(pid, &status, 0)
            throw HarnessError("\(executable) \(arguments.joined(separator: " ")) did not finish within \(limit)")
        }
        try await Task.sleep(for: .milliseconds(2))
    }
    // The shell's convention: the exit code, or 128 + the signal that ended the process.
    let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
    return RunResult(stdout: try Data(contentsOf: outURL), stderr: try Data(contentsOf: errURL), status: code)
}

/// Starts a process with posix_spawn (not Foundation's `Process`, whose `waitUntilExit` can hang when
/// several tests wait at once, and which passes on the calling thread's blocked signals: a tmux server
/// started that way ignores kill-server, and so would the programs in its panes).
/// The child gets an empty signal mask and default signal actions.
func spawn(_ executable: String, _ arguments: [String], environment: [String: String], directory: String,
           stdin: String, stdout: String, stderr: String) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t(), allSignals = sigset_t()
    sigemptyset(&noSignals)
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    // `sh` changes the directory and then becomes the program (the pid stays the program's);
    // glibc's posix_spawn_file_actions_addchdir_np is not visible to Swift.
    let command = ["/bin/sh", "-c", #"cd -- "$1" && shift && exec "$@""#, "sh", directory, executable] + arguments
    let argv = command.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let error = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
    guard error == 0 else { throw HarnessError("cannot start \(executable): \(String(cString: strerror(error)))") }
    return pid
}

/// Runs `favs ARGS` in a scratch directory with the pinned environment (no TERM).
func favs(_ arguments: String..., stdin: String? = nil, in scratch: Scratch) async throws -> RunResult {
    try await run(try favsBinary(), arguments, stdin: stdin, environment: pinnedEnvironment(home: scratch.url),
                  in: scratch.url)
}

/// One printed screen of `favs script`: its header line and exactly its height in lines.
struct Frame: Equatable {
    let header: String
    let lines: [String]
}

/// Splits `favs script` output into frames, checking the shape on the way: each frame is a
/// `--- frame` header naming COLSxROWS, then exactly ROWS lines, and nothing else is printed.
func frames(_ output: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Frame] {
    var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" {
        lines.removeLast()
    } else {
        Issue.record("output does not end in a newline", sourceLocation: sourceLocation)
    }
    var result: [Frame] = []
    var index = 0
    while index < lines.count {
        let header = lines[index]
        guard header.hasPrefix("--- frame"), let rows = rowCount(in: header) else {
            Issue.record("""
                expected a '--- frame … (COLSxROWS, …' header at output line \(index + 1), \
                got \(header.debugDescription)
                """, sourceLocation: sourceLocation)
            return result
        }
        let body = Array(lines[(index + 1)...].prefix(rows))
        if body.count != rows {
            Issue.record("frame \(result.count + 1) has \(body.count) lines, expected \(rows)",
                         sourceLocation: sourceLocation)
        }
        result.append(Frame(header: header, lines: body))
        index += 1 + rows
    }
    return result
}

/// ROWS from a header like `--- frame 1 (80x24, after 3 steps) ---`.
private func rowCount(in header: String) -> Int? {
    guard let open = header.firstIndex(of: "("), let x = header[open...].firstIndex(of: "x"),
          let comma = header[x...].firstIndex(of: ",") else { return nil }
    return Int(header[header.index(after: x)..<comma])
}

/// A line as terminals and frames show it: trailing spaces do not count.
func trimmed(_ line: some StringProtocol) -> String {
    var line = String(line)
    while line.last == " " { line.removeLast() }
    return line
}

/// Quotes a word for `sh`.
func shellQuoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

/// Polls `condition` every 10 ms until it holds or the deadline passes; returns whether it held.
func eventually(within limit: Duration = deadline, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let clock = ContinuousClock()
    let end = clock.now + limit
    while true {
        if try await condition() { return true }
        if clock.now > end { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
}

/// A line-by-line difference for failure messages: only the lines that differ.
func difference(_ actual: [String], _ expected: [String]) -> String {
    var report: [String] = []
    for row in 0..<max(actual.count, expected.count) {
        let a = row < actual.count ? actual[row] : "<missing>", e = row < expected.count ? expected[row] : "<missing>"
        if a != e { report.append("row \(row + 1):\n  actual:   \(a)\n  expected: \(e)") }
    }
    return report.isEmpty ? "no difference" : report.joined(separator: "\n")
}
