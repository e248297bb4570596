import ArgumentParser
import FavsConfig
import FavsExitStatus
import Foundation

/// `favs config --path | --print-default`: where the config file is, and what a default one holds.
struct ConfigFileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print where the config file is, or a default one.",
        discussion: """
            favs reads $FAVS_CONFIG, else $XDG_CONFIG_HOME/favs/config.toml, else ~/.config/favs/config.toml, when \
            the browser or a script starts: key bindings, colours, the mouse, the default library and order. A \
            missing file means the defaults. A bad one is reported as FILE:LINE: key: what is wrong, and favs runs \
            on the defaults.

            To start one: favs config --print-default > "$(favs config --path)" (its folder must exist).
            """ + "\n\n" + ExitStatus.sentence(exitStatuses))

    static let exitStatuses: [ExitStatus] = [.success, .usage, .cannotWriteOutput]

    @Flag(help: "Print the path of the config file favs reads (whether or not it exists).")
    var path = false

    @Flag(help: "Print a config file with every setting at its default, explained in comments.")
    var printDefault = false

    func validate() throws {
        guard path != printDefault else { throw ValidationError("Give either --path or --print-default.") }
    }

    func run() throws {
        if path {
            try StandardOutput.write(ConfigFile.path(environment: ProcessInfo.processInfo.environment) + "\n")
        } else {
            try StandardOutput.write(Config.defaultFile)
        }
    }
}
