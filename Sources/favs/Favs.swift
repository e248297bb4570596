import ArgumentParser
import FavsExitStatus
import Glibc

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
        version: "favs \(favsVersion)",
        subcommands: [Browse.self, Import.self, List.self, Export.self, Script.self, Fav.self, Unfav.self, Delete.self, Restore.self, Forget.self,
                      Tag.self, Tags.self, Searches.self, Team.self,
                      Open.self, Pick.self, Copy.self, Index.self,
                      ConfigFileCommand.self],
        defaultSubcommand: Browse.self
    )

    /// argument-parser's own `main`, with one check in a debug build (the tests'): a command that ends with a
    /// status its `exitStatuses` do not list stops with an assertion, so its help cannot quietly fall behind.
    static func main() {
        limitMallocArenas()
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(withError: error)
        }
        do {
            try command.run()
        } catch {
            if !(error is CleanExit), let declaring = type(of: command) as? any ExitStatusDeclaring.Type {
                let code = exitCode(for: error).rawValue
                assert(declaring.exitStatuses.contains { $0.code == code },
                       "favs \(type(of: command).configuration.commandName ?? "") ended with \(code), which its exitStatuses do not list")
            }
            exit(withError: error)
        }
    }
}

/// At most two of glibc's malloc arenas, set before any thread starts. By default glibc gives each thread that
/// allocates an arena of its own (up to 8 a core) and keeps what is freed in it: with a search typed at launch (its
/// rows read on one thread, the whole list on two more) the browser's peak memory on 1M package rows was 120 MB
/// once the list was in, against 103 MB with two arenas, the answer and `G` as quick (docs/performance.md).
/// (`mallopt` is looked up at run time: Swift's Glibc module leaves `malloc.h` out. `M_ARENA_MAX` is -8 there.)
private func limitMallocArenas() {
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
    _ = unsafeBitCast(symbol, to: Mallopt.self)(-8, 2)
}

/// A command that names every exit status it can end with, once: its help's "Exit status:" sentence is built from
/// the list, and a command that opens a library includes `ExitStatus.libraryOpen`, what `failure(opening:)` returns.
protocol ExitStatusDeclaring {
    static var exitStatuses: [ExitStatus] { get }
}

extension Browse: ExitStatusDeclaring {}
extension Import: ExitStatusDeclaring {}
extension List: ExitStatusDeclaring {}
extension Export: ExitStatusDeclaring {}
extension Script: ExitStatusDeclaring {}
extension Open: ExitStatusDeclaring {}
extension Pick: ExitStatusDeclaring {}
extension Copy: ExitStatusDeclaring {}
extension Index: ExitStatusDeclaring {}
extension ConfigFileCommand: ExitStatusDeclaring {}
