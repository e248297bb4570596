import ArgumentParser
import FavsConfig
import FavsLibrary
import Foundation

/// `--library PATH`, shared by every command.
struct LibraryOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The library file (':memory:' for a throwaway copy of the sample).",
        discussion: """
            Default: $FAVS_LIBRARY, else the config file's library, else $XDG_DATA_HOME/favs/library.sqlite, else \
            ~/.local/share/favs/library.sqlite. A file you name must be in a folder that exists; only the default \
            location's folders are created.
            """,
        valueName: "path"))
    var library: String?

    /// The resolved library location. Commands ask for it before they read or write anything, so a location favs
    /// cannot use (a URL) changes nothing. Not checked in `validate()`: with no arguments at all, argument-parser
    /// answers an error there with the help text.
    ///
    /// `config`: the config file the command read; without one, the file is read only when neither the option nor
    /// `$FAVS_LIBRARY` names a library (and a problem with it is printed on stderr).
    func location(config: Config? = nil) throws -> LibraryLocation {
        do {
            return try LibraryLocation.resolve(option: library, environment: ProcessInfo.processInfo.environment,
                                               configured: { (config ?? StartupConfig.loadReportingOnStandardError()).library })
        } catch {
            throw failure(opening: error)
        }
    }

    /// Whether the library is `:memory:`, for a command's `validate()` (which must not print).
    var isInMemory: Bool {
        (try? LibraryLocation.resolve(option: library, environment: ProcessInfo.processInfo.environment))?.path
            == ":memory:"
    }
}

/// Prints `favs: message` on stderr and returns the exit code to throw.
func failure(_ message: String, _ code: Int32) -> ExitCode {
    FileHandle.standardError.write(Data("favs: \(message)\n".utf8))
    return ExitCode(code)
}

/// Prints why the library could not be opened and returns the exit code to throw (sysexits.h): 64 a location
/// favs cannot use, 65 not a favs library, 66 no library there (no folder for one, no such database), 69 the
/// server cannot be reached, 73 a copy into a library that holds items, 76 a library from a newer favs, 77 the
/// server refused the login, 74 anything else.
func failure(opening error: any Error) -> ExitCode {
    switch error as? LibraryError {
    case .unsupportedLocation?, .badURL?: failure(String(describing: error), 64)
    case .notFavs?: failure(String(describing: error), 65)
    case .noFolder?, .noDatabase?: failure(String(describing: error), 66)
    case .notFound?: failure("\(error) (run favs to create the sample, or favs import FILE)", 66)
    case .unreachable?: failure(String(describing: error), 69)
    case .notEmpty?: failure(String(describing: error), 73)
    case .newerVersion?: failure(String(describing: error), 76)
    case .authentication?: failure(String(describing: error), 77)
    default: failure(String(describing: error), 74)
    }
}
