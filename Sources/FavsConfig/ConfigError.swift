import Foundation

/// Why a config file was not used: where (the file, and the line when there is one), which setting, and what
/// is wrong with it. favs then runs on the defaults and says so.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's path, as favs found it.
    public let file: String
    /// The 1-based line; nil when the file as a whole is at fault (it cannot be read).
    public let line: Int?
    /// The setting as a dotted path (`keys.favourite`, `mouse`); nil for a syntax error or an unreadable file.
    public let key: String?
    /// What is wrong, short enough for the status line: `unknown command`.
    public let problem: String
    /// The offending value, quoted, for the full message only: `'favourite'`.
    public let detail: String?

    public init(file: String, line: Int?, key: String?, problem: String, detail: String? = nil) {
        self.file = file
        self.line = line
        self.key = key
        self.problem = problem
        self.detail = detail
    }

    /// The full message, for stderr: `/home/u/.config/favs/config.toml:4: keys.favourite: unknown command 'favourite'`.
    public var description: String {
        located(file) + (detail.map { " \($0)" } ?? "")
    }

    /// The short form for the status line: the file's name instead of its path, no value, and what favs does
    /// about it: `config.toml:4: keys.favourite: unknown command — using defaults`.
    public var statusLine: String { located(fileName) + " — using defaults" }

    /// Shorter forms of `statusLine`, longest first, for a narrow status line: without the problem, then
    /// without the key (`config.toml:4 — using defaults`).
    public var shorterStatusLines: [String] {
        var place = fileName
        if let line { place += ":\(line)" }
        return (key.map { ["\(place): \($0) — using defaults"] } ?? []) + ["\(place) — using defaults"]
    }

    private var fileName: String { file.split(separator: "/").last.map(String.init) ?? file }

    private func located(_ file: String) -> String {
        var text = file
        if let line { text += ":\(line)" }
        if let key { text += ": \(key)" }
        return text + ": " + problem
    }
}
