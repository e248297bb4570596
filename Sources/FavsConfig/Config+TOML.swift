import FavsCore
import FavsFormats
import FavsModel
import Foundation
import TOMLKit

extension Config {
    /// Reads a config file's text, already decoded: the config it describes, or the first thing wrong with it
    /// (the one on the lowest line, since a TOMLKit table keeps no order). `file` names the file in the error;
    /// `home` is what a `library` starting with `~/` starts from.
    public init(toml text: String, file: String, home: String) throws(ConfigError) {
        // toml++ reads a C string: text after a NUL would be silently cut off.
        if let nul = text.unicodeScalars.firstIndex(of: "\0") {
            let line = text.unicodeScalars[..<nul].lazy.filter { $0 == "\n" }.count + 1
            throw ConfigError(file: file, line: line, key: nil, problem: "a NUL character")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(file: file, line: error.source.begin.line, key: nil,
                              problem: Sanitize.visible(error.description))
        } catch {
            throw ConfigError(file: file, line: nil, key: nil, problem: String(describing: error))
        }
        var reader = ConfigReader(home: home)
        reader.read(table)
        let keyLines = TOMLKeyLines(text)
        func error(_ problem: ConfigProblem) -> ConfigError {
            ConfigError(file: file, line: keyLines.line(of: problem.path),
                        key: problem.path.map(Sanitize.visible).joined(separator: "."), problem: problem.text,
                        detail: problem.detail)
        }
        // The first in the file; problems on one line (or on none) in the order they were found.
        let errors = reader.problems.map(error).enumerated()
        if let first = errors.min(by: { ($0.1.line ?? .max, $0.0) < ($1.1.line ?? .max, $1.0) }) { throw first.1 }
        if let conflict = reader.firstConflict(lines: keyLines) { throw error(conflict) }
        self = reader.config
    }
}

/// One thing wrong with a setting: its key path, what is wrong (short, for the status line) and the value.
struct ConfigProblem {
    let path: [String]
    let text: String
    var detail: String?
}

/// Turns the parsed TOML table into a `Config`, noting every problem on the way.
private struct ConfigReader {
    let home: String
    var config = Config()
    var problems: [ConfigProblem] = []
    /// The commands `[keys]` names: only these can be at fault when a key ends up bound twice.
    var rebound: Set<Command> = []

    mutating func read(_ table: TOMLTable) {
        for (key, value) in table {
            switch key {
            case "keys": section(value, key) { reader, name, value in reader.readKeys(name, value) }
            case "colors": section(value, key) { reader, name, value in reader.readColor(name, value) }
            case "pick": section(value, key) { reader, name, value in reader.readPick(name, value) }
            case "mouse": if let flag = boolean(value, [key]) { config.mouse = flag }
            case "ascii": if let flag = boolean(value, [key]) { config.ascii = flag }
            case "timeout": if let seconds = seconds(value, [key]) { config.timeout = seconds }
            case "library": if let path = string(value, [key]) { config.library = libraryPath(path) }
            case "sources": readSources(value)
            case "preview": if let command = string(value, [key]) { config.preview = command }
            case "preview_window":
                guard let text = string(value, [key]) else { break }
                switch PreviewWindow.parse(text) {
                case let .success(window): config.previewWindow = window
                case let .failure(error):
                    problems.append(ConfigProblem(path: [key], text: "not a preview window", detail: error.description))
                }
            case "sort":
                config.sort = choice(value, [key], of: ListQuery.Order.allCases.map(\.rawValue), what: "order")
                    .flatMap(ListQuery.Order.init(rawValue:)) ?? config.sort
            case "color":
                config.color = choice(value, [key], of: ColorChoice.allCases.map(\.rawValue), what: "colour setting")
                    .flatMap(ColorChoice.init(rawValue:)) ?? config.color
            default:
                let isTable = value.type == .table
                problems.append(ConfigProblem(path: [key], text: isTable ? "unknown table" : "unknown key",
                                              detail: "'\(Sanitize.visible(key))'"))
            }
        }
    }

    /// A table of settings (`[keys]`, `[colors]`), each handed to `read`.
    mutating func section(_ value: TOMLValueConvertible, _ key: String,
                          _ read: (inout ConfigReader, String, TOMLValueConvertible) -> Void) {
        guard let table = value.table else {
            return problems.append(ConfigProblem(path: [key], text: "expected a table [\(key)]",
                                                 detail: "(got \(Self.describe(value.type)))"))
        }
        for (name, value) in table { read(&self, name, value) }
    }

    /// `[[sources]]`: tables of `path` (absolute or `~/…`) and an optional `format`, one of the bookmark formats.
    mutating func readSources(_ value: TOMLValueConvertible) {
        guard let array = value.array, array.allSatisfy({ $0.table != nil }) else {
            return problems.append(ConfigProblem(path: ["sources"], text: "expected tables [[sources]]",
                                                 detail: "(got \(Self.describe(value.type)))"))
        }
        let formats = ImportFormat.allCases.filter { $0 == .auto || $0.isBookmarks }.map(\.rawValue)
        for (index, element) in array.enumerated() {
            guard let table = element.table else { continue }
            let at = ["sources", String(index + 1)]
            var source = WatchSource(path: "")
            for (key, value) in table {
                switch key {
                case "path":
                    if let text = string(value, at + [key]), let path = absolutePath(text, at + [key]) { source.path = path }
                case "format":
                    source.format = choice(value, at + [key], of: formats, what: "bookmark format")
                        .flatMap(ImportFormat.init(rawValue:)) ?? source.format
                default:
                    problems.append(ConfigProblem(path: at + [key], text: "unknown key", detail: "'\(Sanitize.visible(key))'"))
                }
            }
            guard table.contains(key: "path") else {
                problems.append(ConfigProblem(path: at, text: "a source needs a path"))
                continue
            }
            if !source.path.isEmpty { config.sources.append(source) }
        }
    }

    /// `command = "key"` or `command = ["key", …]`: the command's keys, replaced.
    mutating func readKeys(_ name: String, _ value: TOMLValueConvertible) {
        let path = ["keys", name]
        guard let command = Command(name: name) else {
            return problems.append(ConfigProblem(path: path, text: "unknown command",
                                                 detail: "'\(Sanitize.visible(name))'"))
        }
        let names: [TOMLValueConvertible] = value.array.map { Array($0) } ?? [value]
        guard !names.isEmpty else {
            return problems.append(ConfigProblem(path: path, text: "no key: a command needs at least one"))
        }
        var keys: [Key] = []
        for element in names {
            guard let keyName = element.string else {
                return problems.append(ConfigProblem(path: path, text: "expected a key name or a list of key names",
                                                     detail: "(got \(Self.describe(element.type)))"))
            }
            guard let key = Key(name: keyName) else {
                return problems.append(ConfigProblem(path: path, text: "unknown key name",
                                                     detail: "'\(Sanitize.visible(keyName))'"))
            }
            if !keys.contains(key) { keys.append(key) }
        }
        config.keys[command] = keys
        rebound.insert(command)
    }

    /// `role = "name"` or `role = number`.
    mutating func readColor(_ role: String, _ value: TOMLValueConvertible) {
        let path = ["colors", role]
        guard Config.roleNames.values.contains(role) else {
            return problems.append(ConfigProblem(path: path, text: "unknown role", detail: "'\(Sanitize.visible(role))'"))
        }
        if let name = value.string {
            guard let color = ConfigColor(name: name) else {
                return problems.append(ConfigProblem(path: path, text: "unknown colour",
                                                     detail: "'\(Sanitize.visible(name))'"))
            }
            config.colors[role] = color
        } else if let number = value.int {
            guard let color = ConfigColor(number: number) else {
                return problems.append(ConfigProblem(path: path, text: "colour number out of range 0-255",
                                                     detail: "(\(number))"))
            }
            config.colors[role] = color
        } else {
            problems.append(ConfigProblem(path: path, text: "expected a colour name or a number 0-255",
                                          detail: "(got \(Self.describe(value.type)))"))
        }
    }

    /// The first key two commands share once `[keys]` is applied, reported at the later of the rebound
    /// commands' lines: reading down the file, that is where the second binding came.
    func firstConflict(lines: TOMLKeyLines) -> ConfigProblem? {
        var owner: [Key: Command] = [:]
        var conflicts: [(line: Int, problem: ConfigProblem)] = []
        for binding in config.keyMap.bindings {
            for key in binding.keys {
                guard let first = owner[key] else {
                    owner[key] = binding.command
                    continue
                }
                let culprit = [first, binding.command].filter(rebound.contains)
                    .max { lines.line(of: ["keys", $0.name]) ?? 0 < lines.line(of: ["keys", $1.name]) ?? 0 }
                    ?? binding.command
                let path = ["keys", culprit.name]
                conflicts.append((lines.line(of: path) ?? .max, ConfigProblem(
                    path: path, text: "'\(key.name)' is bound to both \(first.name) and \(binding.command.name)")))
            }
        }
        return conflicts.min { $0.line < $1.line }?.problem
    }

    mutating func boolean(_ value: TOMLValueConvertible, _ path: [String]) -> Bool? {
        if let flag = value.bool { return flag }
        problems.append(ConfigProblem(path: path, text: "expected true or false", detail: "(got \(Self.describe(value.type)))"))
        return nil
    }

    mutating func string(_ value: TOMLValueConvertible, _ path: [String]) -> String? {
        if let text = value.string { return text }
        problems.append(ConfigProblem(path: path, text: "expected a string", detail: "(got \(Self.describe(value.type)))"))
        return nil
    }

    /// `[pick]`: `half_life`, in days (a number above 0 and up to 3650; 0.5 is twelve hours).
    mutating func readPick(_ name: String, _ value: TOMLValueConvertible) {
        let path = ["pick", name]
        guard name == "half_life" else {
            return problems.append(ConfigProblem(path: path, text: "unknown key", detail: "'\(Sanitize.visible(name))'"))
        }
        let days = value.double ?? value.int.map(Double.init)
        guard let days, days > 0, days <= 3650 else {
            let got = days.map { "(got \(Config.number($0)))" } ?? "(got \(Self.describe(value.type)))"
            return problems.append(ConfigProblem(path: path, text: "expected days above 0, up to 3650", detail: got))
        }
        config.frecency = Frecency(halfLife: Int64((days * Double(Frecency.day)).rounded()))
    }

    /// A whole number of seconds from 0 to 3600.
    mutating func seconds(_ value: TOMLValueConvertible, _ path: [String]) -> Int? {
        if let number = value.int, (0...3600).contains(number) { return number }
        let got = value.int.map { "(got \($0))" } ?? "(got \(Self.describe(value.type)))"
        problems.append(ConfigProblem(path: path, text: "expected whole seconds from 0 to 3600", detail: got))
        return nil
    }

    /// One of `choices`, else a problem naming them.
    mutating func choice(_ value: TOMLValueConvertible, _ path: [String], of choices: [String], what: String) -> String? {
        guard let text = string(value, path) else { return nil }
        if choices.contains(text) { return text }
        problems.append(ConfigProblem(path: path, text: "unknown \(what)",
                                      detail: "'\(Sanitize.visible(text))' (\(Config.choices(choices)))"))
        return nil
    }

    /// An absolute path, or one under the home folder (`~/…`); a relative path would depend on the folder
    /// favs happens to start in.
    mutating func libraryPath(_ path: String) -> String? { absolutePath(path, ["library"]) }

    /// `path` made absolute (`~/…` from the home folder); nil and a problem at `key` for a relative one.
    mutating func absolutePath(_ path: String, _ key: [String]) -> String? {
        if path.hasPrefix("/") { return path }
        if path.hasPrefix("~/") { return (home.hasSuffix("/") ? String(home.dropLast()) : home) + path.dropFirst() }
        problems.append(ConfigProblem(path: key, text: "expected an absolute path or one starting with ~/",
                                      detail: "'\(Sanitize.visible(path))'"))
        return nil
    }

    static func describe(_ type: TOMLType) -> String {
        switch type {
        case .table: "a table"
        case .array: "an array"
        case .string: "a string"
        case .int: "an integer"
        case .double: "a float"
        case .bool: "a boolean"
        case .date: "a date"
        case .time: "a time"
        case .dateTime: "a date-time"
        }
    }
}
