import Foundation
import Testing

// Helpers for running the built `favs` binary as a user would: a process with arguments, stdin,
// a pinned environment, and captured stdout, stderr and exit status.

/// Something the harness could not do (not a product failure): the message says how to fix it.
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The default deadline for anything the tests wait for.
let deadline: Duration = .seconds(5)

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
/// deadlock on a full pipe; a process still running after the deadline is killed and reported.
func run(_ executable: String, _ arguments: [String], stdin: String? = nil,
         environment: [String: String], in directory: URL) async throws -> RunResult {
    let io = directory.appendingPathComponent(".io-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: io, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: io) }
    let inURL = io.appendingPathComponent("stdin"), outURL = io.appendingPathComponent("stdout"),
        errURL = io.appendingPathComponent("stderr")
    try Data((stdin ?? "").utf8).write(to: inURL)
    for url in [outURL, errURL] { FileManager.default.createFile(atPath: url.path, contents: nil) }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    process.currentDirectoryURL = directory
    let input = try FileHandle(forReadingFrom: inURL)
    let output = try FileHandle(forWritingTo: outURL), errors = try FileHandle(forWritingTo: errURL)
    defer { try? input.close(); try? output.close(); try? errors.close() }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()

    let clock = ContinuousClock()
    let end = clock.now + .seconds(15)
    while process.isRunning {
        if clock.now > end {
            process.terminate()
            process.waitUntilExit()
            throw HarnessError("\(executable) \(arguments.joined(separator: " ")) did not finish within 15 s")
        }
        try await Task.sleep(for: .milliseconds(2))
    }
    process.waitUntilExit()
    return RunResult(stdout: try Data(contentsOf: outURL), stderr: try Data(contentsOf: errURL),
                     status: process.terminationStatus)
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
    if lines.last == "" { lines.removeLast() } else { Issue.record("output does not end in a newline", sourceLocation: sourceLocation) }
    var result: [Frame] = []
    var index = 0
    while index < lines.count {
        let header = lines[index]
        guard header.hasPrefix("--- frame"), let rows = rowCount(in: header) else {
            Issue.record("expected a '--- frame … (COLSxROWS, …' header at output line \(index + 1), got \(header.debugDescription)",
                         sourceLocation: sourceLocation)
            return result
        }
        let body = Array(lines[(index + 1)...].prefix(rows))
        if body.count != rows {
            Issue.record("frame \(result.count + 1) has \(body.count) lines, expected \(rows)", sourceLocation: sourceLocation)
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
