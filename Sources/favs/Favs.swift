import ArgumentParser

/// The `favs` command line: argument parsing only; the work happens in the modules.
@main
struct Favs: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favs",
        abstract: "Browse a collection in a list and a detail pane, and mark favorites.",
        discussion: """
            With no command, favs opens the browser (or, when stdin is not a terminal, runs stdin as a script).
            Keys in the browser: press ? for the list.
            """,
        version: "favs 0.1.0",
        subcommands: [Browse.self, Import.self, List.self, Export.self, Script.self, Fav.self, Unfav.self, Delete.self, Restore.self,
                      Open.self, Pick.self, Copy.self,
                      ConfigFileCommand.self],
        defaultSubcommand: Browse.self
    )
}
