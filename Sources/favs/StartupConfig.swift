import FavsConfig
import FavsCore
import Foundation

/// The config file as favs reads it when a command starts. A bad file never stops favs: it runs on the
/// defaults and says why, on the status line when there is a screen and on stderr when there is not.
enum StartupConfig {
    /// The config in force and what was wrong with the file, if anything.
    static func load() -> (config: Config, error: ConfigError?) {
        ConfigFile.load(environment: ProcessInfo.processInfo.environment)
    }

    /// The config in force; what was wrong with the file is printed on stderr.
    static func loadReportingOnStandardError() -> Config {
        let (config, error) = load()
        if let error { report(error) }
        return config
    }

    /// `favs: FILE:LINE: key: what is wrong 'value'` on stderr.
    static func report(_ error: ConfigError) {
        FileHandle.standardError.write(Data("favs: \(error)\n".utf8))
    }
}

extension Browser {
    /// Says on the status line, until the next key, that the config file was not used and why.
    func show(_ error: ConfigError) {
        show(error: error.statusLine, shorter: error.shorterStatusLines)
    }
}
