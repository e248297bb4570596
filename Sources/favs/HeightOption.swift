import ArgumentParser
import FavsTerminal

extension TerminalHeight: ExpressibleByArgument {}

/// `--height ROWS` of the browser and the picker: fzf's inline mode.
struct HeightOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Draw in ROWS rows (or ROWS% of the terminal) at the bottom of the terminal, below what the shell printed.",
        discussion: """
            As fzf --height does: the rows are cleared on exit and the shell's prompt follows the earlier output. \
            The full screen when the terminal is not taller than ROWS. No mouse in this mode.
            """,
        valueName: "rows"))
    var height: TerminalHeight?
}
