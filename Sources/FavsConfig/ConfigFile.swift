import Foundation

/// Where the config file is and what reading it gives: the config, or the defaults and why the file was not used.
public enum ConfigFile {
    /// `$FAVS_CONFIG`, else `$XDG_CONFIG_HOME/favs/config.toml`, else `$HOME/.config/favs/config.toml`;
    /// empty values count as unset, as XDG says.
    public static func path(environment: [String: String]) -> String {
        if let path = value(environment["FAVS_CONFIG"]) { return path }
        if let configHome = value(environment["XDG_CONFIG_HOME"]) { return join(configHome, "favs/config.toml") }
        return join(home(environment), ".config/favs/config.toml")
    }

    /// The config in force. A missing file is the defaults, silently — unless `$FAVS_CONFIG` named it, when a
    /// typo in the name should not pass unseen. A file that cannot be read, or is not a valid config, gives
    /// the defaults and the error, for the caller to show.
    public static func load(environment: [String: String]) -> (config: Config, error: ConfigError?) {
        let path = path(environment: environment)
        do throws(ConfigError) {
            guard let text = try read(path, mustExist: value(environment["FAVS_CONFIG"]) != nil) else {
                return (.default, nil)
            }
            return (try Config(toml: text, file: path, home: home(environment)), nil)
        } catch {
            return (.default, error)
        }
    }

    /// The file's text; nil when there is no file.
    static func read(_ path: String, mustExist: Bool) throws(ConfigError) -> String? {
        func failure(_ reason: String) -> ConfigError {
            ConfigError(file: path, line: nil, key: nil, problem: "cannot read: \(reason)")
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            if errno == ENOENT, !mustExist { return nil }
            throw failure(String(cString: strerror(errno)))
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw failure(String(cString: strerror(EISDIR)))
        }
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw failure((error as NSError).localizedDescription)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ConfigError(file: path, line: firstInvalidLine(data), key: nil, problem: "not UTF-8 text")
        }
        return text
    }

    /// The line of the first byte that is not part of valid UTF-8.
    static func firstInvalidLine(_ data: Data) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var line = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(scalar):
                if scalar.first == UInt8(ascii: "\n") { line += 1 }
            case .error, .emptyInput: return line
            }
        }
    }

    private static func value(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }

    private static func home(_ environment: [String: String]) -> String {
        value(environment["HOME"]) ?? NSHomeDirectory()
    }

    private static func join(_ directory: String, _ relative: String) -> String {
        directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }
}
