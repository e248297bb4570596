import ArgumentParser
import FavsCore
import FavsTerminal
import Foundation

/// `--color` and `--ascii` of the browser: how it draws, never what it shows.
struct DisplayOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "When to use colour: auto, always or never.",
        discussion: "auto: colour when the terminal has it, unless NO_COLOR is set to a non-empty value (no-color.org).",
        valueName: "when"))
    var color: ColorChoice?

    @Flag(help: ArgumentHelp("Draw with ASCII only: * for the star, + - | borders, ... for cut text.",
                             discussion: "Also the default when the locale is not UTF-8, or when the config says ascii = true."))
    var ascii = false

    /// Whether to ask the terminal for colour: `--color`, else the config's `color` (default auto).
    func wantsColor(config: ColorChoice) -> Bool {
        (color ?? config).wantsColor(environment: ProcessInfo.processInfo.environment)
    }

    /// The glyphs for the terminal: ASCII when asked (here or in the config), or when the locale is not UTF-8.
    func terminalGlyphs(config: Bool) -> Glyphs { ascii || config || !TerminalLocale.isUTF8() ? .ascii : .unicode }
}

/// `--ascii` of `favs script`. Text frames have no colour, so there is no `--color`; the locale does not
/// choose the glyphs, so a script prints the same frames on every machine.
struct ScriptGlyphOption: ParsableArguments {
    @Flag(help: "Draw with ASCII only: * for the star, + - | borders, ... for cut text.")
    var ascii = false

    var glyphs: Glyphs { ascii ? .ascii : .unicode }
}

extension ColorChoice: ExpressibleByArgument {}
