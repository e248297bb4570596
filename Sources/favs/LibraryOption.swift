import ArgumentParser
import FavsConfig
import FavsExitStatus
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
func failure(_ message: String, _ status: ExitStatus) -> ExitCode {
    FileHandle.standardError.write(Data("favs: \(message)\n".utf8))
    return ExitCode(status)
}

/// Prints why the library could not be opened and returns the exit code to throw: always one of
/// `ExitStatus.libraryOpen`, which every command that opens a library lists in its help.
func failure(opening error: any Error) -> ExitCode {
    let status: ExitStatus = switch error as? LibraryError {
    case .unsupportedLocation?, .badURL?: .badLocation
    case .notFavs?: .notFavs
    case .noFolder?, .noDatabase?, .notFound?: .noLibrary
    case .unreachable?, .timedOut?, .locked?: .unreachable
    case .newerVersion?: .newer
    case .authentication?: .loginRefused
    case .readOnlyRole?: .readOnlyRole
    default: .io
    }
    assert(ExitStatus.libraryOpen.contains(status), "\(status) is not in ExitStatus.libraryOpen")
    if case .notFound? = error as? LibraryError {
        return failure("\(error) (run favs to create the sample, or favs import FILE)", status)
    }
    return failure(String(describing: error), status)
}

extension ExitCode {
    init(_ status: ExitStatus) { self.init(status.code) }
}
