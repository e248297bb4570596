import ArgumentParser
import FavsCore
import FavsModel
import FavsFormats
import FavsLibrary
import Foundation

extension ImportFormat: ExpressibleByArgument {}

/// `favs import FILE...`: adds or updates items from JSON, JSON Lines, CSV or TSV files, all in one transaction.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add or update items from JSON, JSON Lines, CSV or TSV files.",
        discussion: """
            The format comes from --format, else the file's extension (.json, .jsonl, .ndjson, .csv, .tsv, .tab), \
            else its content: JSON when it starts with [ or {, TSV when its first line holds a tab, CSV otherwise. \
            '-' reads standard input.

            JSON: an array of objects, or one object per line (JSON Lines); json and jsonl read both. Each object \
            needs an id (a string or a number). The title is the row's text (the id when it is missing). \
            A boolean "favorite" member marks a new item as a favorite. Every other member becomes a field, \
            in the file's order.

            CSV and TSV: a header row names the columns. --id and --title pick the id and title columns \
            (one column can be both). A "favorite" column (true, false, 1, 0, ★ or empty) marks new items as \
            favorites. Every other column becomes a field, in header order; an empty cell gives no field, and a \
            column named 'field:NAME' (as favs export writes a field named id, title or favorite) is the field \
            NAME. CSV follows RFC 4180: quoted cells may hold commas, quotes ("") and line breaks. TSV has no \
            quoting (IANA text/tab-separated-values): a quote is an ordinary character, and every line is a row. \
            A UTF-8 byte order mark and CRLF line ends are fine; blank lines are skipped.

            New items are added at the end of the list. An item already in the library gets the file's title and \
            fields and keeps its favorite mark and its place; a deleted one comes back. Importing the same file \
            twice changes nothing. All files are imported in one transaction: after any error the library is \
            unchanged. A library that does not exist is created empty.

            Exit status: 0 imported; 64 usage error; 65 an error in a file (shown as FILE:LINE:COLUMN: message); \
            66 a file cannot be read, or the library's folder does not exist; 74 the library cannot be opened or \
            written.
            """)

    @Argument(help: ArgumentHelp("JSON, JSON Lines, CSV or TSV files ('-' for standard input).", valueName: "file"))
    var files: [String]

    @Option(help: "The files' format; auto decides by extension, then by content.")
    var format: ImportFormat = .auto

    @Option(name: .customLong("id"), help: ArgumentHelp("The member or column holding each item's id.",
                                                        valueName: "field"))
    var idField = "id"

    @Option(name: .customLong("title"), help: ArgumentHelp(
        "The member or column holding each item's title (default: title, or the id when there is none).",
        valueName: "field"))
    var titleField: String?

    @OptionGroup var library: LibraryOption

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one file to import.") }
        if idField.isEmpty || titleField?.isEmpty == true { throw ValidationError("A field name cannot be empty.") }
        if library.isInMemory {
            throw ValidationError("--library :memory: would throw the import away; name a library file.")
        }
    }

    func run() throws {
        let location = try library.location()
        let records = try readAll()
        let target: Library
        do {
            target = try Library.open(location, seedIfNew: false)
        } catch {
            throw failure(opening: error)
        }
        let summary: ImportSummary
        do {
            summary = try target.importRecords(records)
        } catch {
            throw failure("cannot import into \(location.path): \(error)", 74)
        }
        let names = files.map(Self.displayName).joined(separator: ", ")
        print("imported \(summary.total) \(summary.total == 1 ? "item" : "items") from \(names) "
              + "(\(summary.added) added, \(summary.updated) updated, \(summary.unchanged) unchanged)")
    }

    /// Reads and checks every file before the library is touched; an id may appear only once across them.
    private func readAll() throws -> [ImportRecord] {
        var records: [ImportRecord] = []
        var ids = DuplicateIDCheck()
        for file in files {
            let fileRecords: [ImportRecord]
            do {
                fileRecords = try ImportReader.read(data: try Self.contents(of: file), file: Self.displayName(file),
                                                    format: format, idField: idField, titleField: titleField,
                                                    ids: &ids)
            } catch let error as ImportError {
                throw failure(error.description, 65)
            }
            if records.isEmpty { records = fileRecords } else { records += fileRecords }
        }
        return records
    }

    private static func displayName(_ file: String) -> String { file == "-" ? "<stdin>" : file }

    /// The bytes of a file (or of standard input for `-`); a failure names the file and the system's reason.
    private static func contents(of file: String) throws -> Data {
        if file == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        let descriptor = Foundation.open(file, O_RDONLY)
        guard descriptor >= 0 else { throw failure("\(file): cannot read: \(String(cString: strerror(errno)))", 66) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw failure("\(file): cannot read: Is a directory", 66)
        }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw failure("\(file): cannot read: \((error as NSError).localizedDescription)", 66)
        }
    }
}
