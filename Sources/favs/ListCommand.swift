import ArgumentParser
import FavsCore
import FavsFormats
import FavsLibrary
import Foundation

/// `favs list`: prints the items in list order, for reading or for `favs import`.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the items in list order.",
        discussion: """
            text: one line per item: the id (padded so titles line up), ★ for a favorite (a space otherwise), \
            and the title. Control characters are shown as visible symbols.

            jsonl: one JSON object per line: "id", "title", "favorite", then every field in order. \
            'favs import' of this output into a new library reproduces the items.

            The library must exist: list never creates one.

            Exit status: 0 listed; 64 usage error; 66 no library at the path; 74 the library cannot be read.
            """)

    /// How `favs list` writes items.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text
        case jsonl
    }

    @Flag(help: "Only the favorites.")
    var favorites = false

    @Option(help: "How each item is printed.")
    var format: Format = .text

    @OptionGroup var library: LibraryOption

    func run() throws {
        let path = library.path
        var items: [Item]
        do {
            items = try Library.openExisting(path: path).loadItems()
        } catch LibraryError.notFound {
            throw failure("no library at \(path) (run favs to create the sample, or favs import FILE)", 66)
        } catch {
            throw failure(String(describing: error), 74)
        }
        if favorites { items.removeAll { !$0.favorite } }
        // Ids are padded to the widest (up to a limit, so one long id does not push every title away).
        let idWidth = format == .jsonl ? 0 : min(Self.maxIDWidth, items.lazy.map {
            TextWidth.of(Sanitize.visible($0.id.rawValue))
        }.max() ?? 0)
        var output = ""
        for item in items {
            switch format {
            case .text: Self.writeText(item, idWidth: idWidth, to: &output)
            case .jsonl: Self.writeJSONLine(item, to: &output)
            }
            if output.utf8.count >= 1 << 16 {
                print(output, terminator: "")
                output = ""
            }
        }
        print(output, terminator: "")
    }

    static let maxIDWidth = 24

    static func writeText(_ item: Item, idWidth: Int, to out: inout String) {
        let id = Sanitize.visible(item.id.rawValue)
        out += id
        out += String(repeating: " ", count: max(0, idWidth - TextWidth.of(id)))
        out += item.favorite ? " ★ " : "   "
        out += Sanitize.visible(item.title)
        out += "\n"
    }

    /// Writes the item as one JSON object: id, title and favorite first, then the fields in their order.
    static func writeJSONLine(_ item: Item, to out: inout String) {
        out += #"{"id":"#
        JSONValue.writeString(item.id.rawValue, to: &out)
        out += #","title":"#
        JSONValue.writeString(item.title, to: &out)
        out += item.favorite ? #","favorite":true"# : #","favorite":false"#
        for field in item.fields {
            out += ","
            JSONValue.writeString(field.name, to: &out)
            out += ":"
            JSONValue.writeString(field.value, to: &out)
        }
        out += "}\n"
    }
}
