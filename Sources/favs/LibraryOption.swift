import ArgumentParser
import FavsLibrary
import Foundation

/// `--library PATH`, shared by every command.
struct LibraryOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The library file (':memory:' for a throwaway copy of the sample).",
        discussion: "Default: $FAVS_LIBRARY, else $XDG_DATA_HOME/favs/library.sqlite, else ~/.local/share/favs/library.sqlite.",
        valueName: "path"))
    var library: String?

    /// The resolved library path.
    var path: String { LibraryLocation.resolve(option: library, environment: ProcessInfo.processInfo.environment) }
}

/// Prints `favs: message` on stderr and returns the exit code to throw.
func failure(_ message: String, _ code: Int32) -> ExitCode {
    FileHandle.standardError.write(Data("favs: \(message)\n".utf8))
    return ExitCode(code)
}
