import ArgumentParser
import FavsCore
import FavsExitStatus
import FavsModel
import FavsFormats
import Foundation

/// `favs list`: prints the items in list order, for reading, or as data for `favs import` and other programs.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the items in list order.",
        discussion: """
            text: one line per item: the id (padded so titles line up), ★ for a favorite (a space otherwise), \
            and the title. Control characters are shown as visible symbols.
            """ + "\n\n" + ItemOutput.formatsHelp + "\n\n" + """
            The library must exist: list never creates one.
            """ + "\n\n" + ExitStatus.sentence(exitStatuses))

    static let exitStatuses: [ExitStatus] = [.success, .rawControls, .usage] + ExitStatus.libraryOpen
        + [.cannotWriteOutput]

    /// How `favs list` writes items: text for people, or one of the export formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, jsonl, csv, tsv
    }

    @Flag(help: "Only the favorites.")
    var favorites = false

    @Option(help: "How the items are printed.")
    var format: Format = .text

    @OptionGroup var library: LibraryOption

    func run() throws {
        let items = try ItemOutput.load(library, favoritesOnly: favorites, withFields: format != .text)
        if let machine = ExportFormat(rawValue: format.rawValue) { return try ItemOutput.write(items, as: machine) }
        // Ids are padded to the widest (up to a limit, so one long id does not push every title away).
        let idWidth = min(Self.maxIDWidth, items.lazy.map { TextWidth.of(Sanitize.visible($0.id.readable)) }.max() ?? 0)
        var output = ""
        for item in items {
            Self.writeText(item, idWidth: idWidth, to: &output)
            if output.utf8.count >= 1 << 16 {
                try StandardOutput.write(output)
                output = ""
            }
        }
        try StandardOutput.write(output)
    }

    static let maxIDWidth = 24

    static func writeText(_ item: Item, idWidth: Int, to out: inout String) {
        let id = Sanitize.visible(item.id.readable)
        out += id
        out += String(repeating: " ", count: max(0, idWidth - TextWidth.of(id)))
        out += item.favorite ? " ★ " : "   "
        out += Sanitize.visible(item.title)
        out += "\n"
    }
}
