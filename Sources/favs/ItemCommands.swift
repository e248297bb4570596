import ArgumentParser
import FavsCore
import FavsExitStatus
import FavsModel
import FavsLibrary
import Foundation

/// `favs fav|unfav|delete|restore ID...`: change items from a shell; running browsers follow at once.
protocol ItemCommandRunner: ParsableCommand, ExitStatusDeclaring {
    static var command: ItemCommand { get }
    static var pastTense: String { get }
    var ids: [String] { get }
    var library: LibraryOption { get }
}

extension ItemCommandRunner {
    static var exitStatuses: [ExitStatus] { itemCommandStatuses }

    func run() throws {
        let location = try library.location()
        let changed: [ItemID]
        do {
            changed = try apply(Self.command, to: ids.map { ItemID($0) }, at: location)
        } catch LibraryError.noItem(let id) {
            throw failure(LibraryError.noItem(id).description, .unknownID)
        } catch {
            throw failure(opening: error)
        }
        let unchanged = Set(ids).count - changed.count
        try StandardOutput.write("\(Self.pastTense) \(changed.count) item\(changed.count == 1 ? "" : "s")"
                                 + (unchanged > 0 ? " (\(unchanged) already \(Self.pastTense))" : "") + "\n")
    }
}

private let itemsHelp = ArgumentHelp("Item ids (as `favs list` shows them).", valueName: "id")
private let exitCodes = ExitStatus.sentence(itemCommandStatuses)
/// What fav, unfav, delete and restore can end with.
private let itemCommandStatuses: [ExitStatus] = [.success, .unknownID, .usage] + ExitStatus.libraryOpen
    + [.cannotWriteOutput]

/// What fav and unfav say of a team library the member's role may only read.
private let ownStars = """
    In a team library your role may only read (GRANT SELECT only), your stars are kept on this machine, in \
    $XDG_DATA_HOME/favs/stars/ (stderr says which file), and no one else sees them.
    """

struct Fav: ItemCommandRunner {
    static let configuration = CommandConfiguration(commandName: "fav", abstract: "Mark items as favorites.",
                                                    discussion: ownStars + "\n\n" + exitCodes)
    static let command = ItemCommand.favorite
    static let pastTense = "favorited"
    @Argument(help: itemsHelp, completion: .ids(changedBy: .favorite)) var ids: [String]
    @OptionGroup var library: LibraryOption
}

struct Unfav: ItemCommandRunner {
    static let configuration = CommandConfiguration(commandName: "unfav", abstract: "Remove items from the favorites.",
                                                    discussion: ownStars + "\n\n" + exitCodes)
    static let command = ItemCommand.unfavorite
    static let pastTense = "unfavorited"
    @Argument(help: itemsHelp, completion: .ids(changedBy: .unfavorite)) var ids: [String]
    @OptionGroup var library: LibraryOption
}

struct Delete: ItemCommandRunner {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete items (favs restore brings them back).",
                                                    discussion: exitCodes)
    static let command = ItemCommand.delete
    static let pastTense = "deleted"
    @Argument(help: itemsHelp, completion: .ids(changedBy: .delete)) var ids: [String]
    @OptionGroup var library: LibraryOption
}

struct Restore: ItemCommandRunner {
    static let configuration = CommandConfiguration(commandName: "restore", abstract: "Bring deleted items back, in their old places.",
                                                    discussion: exitCodes)
    static let command = ItemCommand.restore
    static let pastTense = "restored"
    @Argument(help: itemsHelp, completion: .ids(changedBy: .restore)) var ids: [String]
    @OptionGroup var library: LibraryOption
}
