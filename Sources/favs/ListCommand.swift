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
            --query PATTERN prints only the items whose title matches, best first, as `fzf --filter` does: fuzzy             (the pattern's characters in order) unless --exact, fzf's extended syntax ('word exact, ^prefix,             suffix$, !not, a | b), smart case, accents folded; equal scores put favorites first, then shorter             titles, then list order. name:text matches the items whose field name holds text, :text any field             (exact substrings, ^ $ ! as for titles), answered by the library's index.

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

    @Option(help: ArgumentHelp("Only the items whose title (and fields: name:text) match, best first (fzf's syntax).",
                               valueName: "pattern"))
    var query: String?

    @Flag(help: "With --query: plain terms match as substrings, not fuzzily.")
    var exact = false

    func validate() throws {
        guard let query else {
            if exact { throw ValidationError("--exact goes with --query PATTERN") }
            return
        }
        do {
            try ListQuery.validate(query, exact: exact)
        } catch {
            throw ValidationError("--query: \(error.message)")
        }
    }

    @OptionGroup var library: LibraryOption

    func run() throws {
        let items = try query.map { try ItemOutput.load(library, matching: ListQuery(filter: $0, exact: exact,
                                                                                        scope: favorites ? .favorites : .all),
                                                        withFields: format != .text) }
            ?? ItemOutput.load(library, favoritesOnly: favorites, withFields: format != .text)
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
