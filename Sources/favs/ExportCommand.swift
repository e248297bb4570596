import ArgumentParser
import FavsCore
import FavsModel
import FavsFormats
import FavsLibrary
import Foundation

extension ExportFormat: ExpressibleByArgument {}

/// Reading items for `favs list` and `favs export`, and writing them in a machine format.
enum ItemOutput {
    /// What `favs list` and `favs export` say about the machine formats.
    static let formatsHelp = """
        json: an array with one object per line; jsonl: one object per line. Each object holds "id", "title", \
        "favorite", then every field in order.

        csv and tsv: a header row, then one row per item: id, title, favorite (true or false), then one column per \
        field name (in the order names first appear). A field named id, title or favorite, or whose name starts \
        with 'field:', gets a column named 'field:' + its name; 'favs import' reads it back as the plain name. csv \
        quotes cells as RFC 4180 says. tsv has no quoting: a tab or line break inside a value is written as a \
        space, with a warning. A table cannot hold everything: an item's fields come back in column order, a \
        field with an empty value is left out, and of a name repeated within one item only the first value is \
        kept (with a warning). json and jsonl keep everything exactly.

        'favs import' of any of these into a new library reproduces the items.
        """

    /// Loads the items of an existing library, read-only, as `list` and `export` show them;
    /// without their fields when only ids and titles are printed (decoding fields is most of the cost).
    static func load(_ library: LibraryOption, favoritesOnly: Bool, withFields: Bool = true) throws -> [Item] {
        let location = try library.location()
        var items: [Item]
        do {
            let library = try openExistingLibrary(location)
            items = try withFields ? library.loadItems() : library.loadListItems()
        } catch {
            throw failure(opening: error)
        }
        if favoritesOnly { items.removeAll { !$0.favorite } }
        return items
    }

    /// Writes items in a machine format to stdout, 64 KiB at a time, then any warning to stderr.
    ///
    /// CSV and TSV cells are written exactly, so when stdout is a terminal and a value holds a control character
    /// (an escape sequence could retitle the window or hide text) nothing is written at all.
    static func write(_ items: [Item], as format: ExportFormat) throws {
        if format == .csv || format == .tsv, isatty(STDOUT_FILENO) != 0,
           items.contains(where: { DelimitedCell.showsRawControls($0, as: format) }) {
            throw failure("\(format) output to a terminal would show raw control characters; "
                          + "redirect it or use --output", 1)
        }
        warn(about: render(items, as: format) { Swift.print($0, terminator: "") })
    }

    /// Renders items in a machine format, handing the text over in pieces of about 64 KiB.
    /// Returns the writer, whose counts say what the format could not hold.
    static func render(_ items: [Item], as format: ExportFormat, to emit: (String) -> Void) -> ItemWriter {
        var writer = ItemWriter(format: format, items: items)
        var output = ""
        writer.begin(to: &output)
        for item in items {
            writer.append(item, to: &output)
            if output.utf8.count >= 1 << 16 {
                emit(output)
                output = ""
            }
        }
        writer.end(to: &output)
        emit(output)
        return writer
    }

    /// Prints a warning line for each thing a CSV or TSV export could not hold.
    static func warn(about writer: ItemWriter) {
        func line(_ text: String) { FileHandle.standardError.write(Data("favs: warning: \(text)\n".utf8)) }
        if writer.flattenedValues > 0 {
            let count = writer.flattenedValues
            line("\(count) \(count == 1 ? "value" : "values") had tabs or newlines, written as spaces "
                 + "(TSV cannot hold them)")
        }
        if writer.droppedFields > 0 {
            let count = writer.droppedFields
            line("\(count) \(count == 1 ? "field was" : "fields were") left out: the name repeats within its item "
                 + "(\(writer.format) has one column per name)")
        }
    }
}

/// `favs export`: writes the items for `favs import` or another program, to stdout or to a file.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the items as JSON, JSON Lines, CSV or TSV.",
        discussion: ItemOutput.formatsHelp + "\n\n" + """
            --output FILE writes the file whole or not at all (a temporary file beside it, then renamed over it), \
            so an existing FILE is replaced only by a complete export. The library must exist: export never \
            creates one.

            Exit status: 0 exported; 1 csv or tsv with control characters to a terminal; 64 usage error; \
            66 no library at the path; 73 the output file cannot be written; 74 the library cannot be read.
            """)

    @Option(help: "How the items are written.")
    var format: ExportFormat = .jsonl

    @Flag(help: "Only the favorites.")
    var favorites = false

    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of stdout.", valueName: "file"))
    var output: String?

    @OptionGroup var library: LibraryOption

    func run() throws {
        let items = try ItemOutput.load(library, favoritesOnly: favorites)
        guard let output else { return try ItemOutput.write(items, as: format) }
        var data = Data()
        let writer = ItemOutput.render(items, as: format) { data.append(contentsOf: $0.utf8) }
        do {
            try AtomicFile.write(data, to: output)
        } catch {
            throw failure("cannot write \(output): \(error.reason)", 73)
        }
        ItemOutput.warn(about: writer)
    }
}

/// Writes a file whole or not at all: a temporary file in the same directory, flushed, then renamed over it.
enum AtomicFile {
    /// Why the file could not be written, as the system puts it.
    struct Failure: Error {
        let reason: String
    }

    /// Replaces `path` with `data`; an existing file keeps its permissions, a new one gets 0666 less the umask.
    static func write(_ data: Data, to path: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        var status = stat()
        let mode: mode_t
        if stat(path, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR { throw Failure(reason: "Is a directory") }
            mode = status.st_mode & 0o7777
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        var template = Array((url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        func fail() -> Failure {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            unlink(temporary)
            return Failure(reason: reason)
        }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard written, fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else { throw fail() }
        guard close(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(reason: reason)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(reason: reason)
        }
    }
}
