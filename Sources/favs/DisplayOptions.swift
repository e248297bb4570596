import ArgumentParser
import FavsCore
import Foundation

/// `--color` of the browser: how it draws, never what it shows.
struct DisplayOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "When to use colour: auto, always or never.",
        discussion: "auto: colour when the terminal has it, unless NO_COLOR is set to a non-empty value (no-color.org).",
        valueName: "when"))
    var color: ColorChoice = .auto

    /// Whether to ask the terminal for colour.
    var wantsColor: Bool { color.wantsColor(environment: ProcessInfo.processInfo.environment) }
}

extension ColorChoice: ExpressibleByArgument {}
