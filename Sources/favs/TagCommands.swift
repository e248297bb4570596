import ArgumentParser
import FavsCore
import FavsExitStatus
import FavsFormats
import FavsLibrary
import FavsModel
import Foundation

/// `favs tag ID... +work -old`: tags items from a shell, as one change; running browsers follow at once.
struct Tag: ParsableCommand, ExitStatusDeclaring {
    static let configuration = CommandConfiguration(
        commandName: "tag",
        abstract: "Add tags to items and remove tags from them.",
        discussion: """
            Words starting with + add a tag, words starting with - remove one, every other word is an item id \
            (as `favs list` shows them): `favs tag 12 40 +work -old`. A / nests a tag (reading/2026 is under \
            reading); tags keep their case and are compared without it. A tag has no spaces, control characters \
            or ; (the separator of the tags column in CSV and TSV). All of it is one change: an unknown or deleted \
            id and nothing is changed.

            --rename OLD NEW renames a tag on every item, and the tags nested under it with it (work/x becomes \
            NEW/x); --delete TAG takes a tag, and those nested under it, off every item. Deleted items keep their \
            tags.
            """ + "\n\n" + ExitStatus.sentence(exitStatuses))

    static let exitStatuses: [ExitStatus] = [.success, .unknownID, .usage] + ExitStatus.libraryOpen
        + [.cannotWriteOutput]

    // `.allUnrecognized`: `-old` is a tag to remove, not an option.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Item ids, +tag to add, -tag to remove.", valueName: "id|+tag|-tag"))
    var words: [String] = []

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Rename a tag (and those nested under it).", valueName: "old new"))
    var rename: [String] = []

    @Option(help: ArgumentHelp("Take a tag (and those nested under it) off every item.", valueName: "tag"))
    var delete: String?

    @OptionGroup var library: LibraryOption

    /// A tag's path from the command line, or the usage error naming the option.
    private static func path(_ text: String, _ option: String) throws(ValidationError) -> String {
        do { return try TagPath.parse(text) } catch { throw ValidationError("\(option): \(error.message)") }
    }

    /// The words read: ids, and the tags to add and to remove (`TagChange`: each asked once).
    struct Change: Equatable {
        var ids: [ItemID] = []
        var tags = TagChange()

        /// Reads the words; throws the first bad tag's message, or says what is missing.
        init(_ words: [String]) throws(ValidationError) {
            var both: String?
            for word in words {
                guard let sign = word.first, sign == "+" || sign == "-" else {
                    ids.append(ItemID(word))
                    continue
                }
                let path: String
                do {
                    path = try TagPath.parse(String(word.dropFirst()))
                } catch {
                    throw ValidationError("\(word): \(error.message)")
                }
                if let asked = tags.ask(path, removing: sign == "-") { both = both ?? (sign == "-" ? asked : path) }
            }
            if let both { throw ValidationError("+\(both) and -\(both): a tag is added or removed, not both") }
            if ids.isEmpty { throw ValidationError("name the items to tag: favs tag ID... +tag -tag") }
            if tags.isEmpty { throw ValidationError("name a tag to add (+tag) or to remove (-tag)") }
        }
    }

    func validate() throws {
        if !rename.isEmpty || delete != nil {
            guard words.isEmpty, rename.isEmpty || delete == nil else {
                throw ValidationError("--rename and --delete stand alone: favs tag --rename OLD NEW, favs tag --delete TAG")
            }
            if !rename.isEmpty {
                guard rename.count == 2 else { throw ValidationError("--rename takes two tags: the old name and the new") }
                let (old, new) = (try Self.path(rename[0], "--rename"), try Self.path(rename[1], "--rename"))
                if TagPath.isWithin(new, old) { throw ValidationError("--rename: “\(new)” is “\(old)” or under it") }
            }
            if let delete { _ = try Self.path(delete, "--delete") }
            return
        }
        _ = try Change(words)
    }

    func run() throws {
        if !rename.isEmpty || delete != nil { return try renameOrDelete() }
        let change = try Change(words)
        let location = try library.location()
        let changed: [ItemID]
        do {
            changed = try changeMembers(change.ids, join: change.tags.join.map(SetID.tag),
                                        leave: change.tags.leave.map(SetID.tag), at: location)
        } catch LibraryError.noItem(let id) {
            throw failure(LibraryError.noItem(id).description, .unknownID)
        } catch {
            throw failure(opening: error)
        }
        let items = Set(changed).count, asked = Set(change.ids).count
        let what = (change.tags.join.map { "+" + $0 } + change.tags.leave.map { "-" + $0 }).joined(separator: " ")
        try StandardOutput.write("tagged \(items) item\(items == 1 ? "" : "s"): \(Sanitize.visible(what))"
                                 + (items < asked ? " (\(asked - items) already so)" : "") + "\n")
    }
}

extension Tag {
    /// `--rename OLD NEW` or `--delete TAG`: one change over every item carrying the tag or one nested under it.
    private func renameOrDelete() throws {
        let (old, new) = rename.count == 2 ? (rename[0], Optional(rename[1])) : (delete ?? "", nil)
        let changed: [ItemID]
        do {
            changed = try openExistingLibrary(try library.location(), readOnly: false).renameTag(old, to: new)
        } catch {
            throw failure(opening: error)
        }
        let items = Set(changed).count
        guard items > 0 else { throw failure("no item carries the tag “\(Sanitize.visible(old))”", .unknownID) }
        let what = new.map { "renamed #\(old) to #\($0)" } ?? "took #\(old) off"
        try StandardOutput.write(Sanitize.visible(what) + " on \(items) item\(items == 1 ? "" : "s")\n")
    }
}

/// `favs tags`: every tag with how many items carry it (or a tag nested under it), as a tree or as JSON Lines.
struct Tags: ParsableCommand, ExitStatusDeclaring {
    static let configuration = CommandConfiguration(
        commandName: "tags",
        abstract: "Print the library's tags with their counts.",
        discussion: """
            tree: one line per tag, nested tags indented under their folder, each with the number of items carrying \
            it or a tag nested under it. jsonl: one object per tag and folder: {"tag": path, "count": items under it, \
            "own": items carrying that very tag}.
            """ + "\n\n" + ExitStatus.sentence(exitStatuses))

    static let exitStatuses: [ExitStatus] = [.success, .usage] + ExitStatus.libraryOpen + [.cannotWriteOutput]

    enum Format: String, ExpressibleByArgument, CaseIterable { case tree, jsonl }

    @Option(help: "How the tags are printed.")
    var format: Format = .tree

    @OptionGroup var library: LibraryOption

    func run() throws {
        let store = try ItemOutput.store(library, matching: ListQuery())
        try StandardOutput.write(Self.render(store.items.tagTree, as: format))
    }

    /// The tags as printed.
    static func render(_ nodes: [TagNode], as format: Format) -> String {
        nodes.map { node in
            switch format {
            case .tree:
                String(repeating: "  ", count: node.depth) + Sanitize.visible(String(node.name)) + " (\(node.count))\n"
            case .jsonl:
                "{\"tag\":\(JSONString.quoted(node.path)),\"count\":\(node.count),\"own\":\(node.ownCount)}\n"
            }
        }.joined()
    }
}
