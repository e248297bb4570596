import ArgumentParser
import FavsCore
import FavsExitStatus
import FavsModel
import FavsFormats
import FavsLibrary
import Foundation

extension ImportFormat: ExpressibleByArgument {}

/// `favs import FILE...`: adds or updates items from JSON, JSON Lines, CSV, TSV or bookmark files (Firefox's
/// places.sqlite too), all in one transaction.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add or update items from JSON, JSON Lines, CSV, TSV or browser bookmark files.",
        discussion: """
            The format comes from --format, else the file's extension (.json, .jsonl, .ndjson, .csv, .tsv, .tab, \
            .html, .htm), else its content: a bookmark file when it starts as one, JSON when it starts with [ or {, \
            TSV when its first line holds a tab, CSV otherwise. '-' reads standard input. A file that starts as a \
            SQLite database does is read as Firefox's places.sqlite (--format firefox), while Firefox runs.

            Bookmarks (html: the Netscape bookmark file every browser exports; chrome: the Bookmarks file of Chrome, \
            Chromium, Brave, Edge and Vivaldi; firefox-backup: Firefox's .json and .jsonlz4 backups; firefox: \
            places.sqlite): each link is an item whose id is \
            its URL, with the fields url, added, keyword and description, and its folder path as one nested tag \
            plus its own TAGS. A URL in several folders is one item with each folder's tag; separators and \
            place:, javascript: and data: entries are skipped; the summary counts both. A bookmark's tags are \
            added to an item's and never take away a tag given in favs.

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

            Firefox: places.sqlite in a profile folder, while Firefox runs. The file and its -wal are copied to a \
            temporary folder and the copy is read, so the profile is never written and its lock never waited on. \
            Each bookmark is an item whose id is its URL, with the fields url, added and keyword, its folder path \
            as one nested tag (Bookmarks Toolbar/dev) and Firefox's own tags; a URL in several folders is one item. \
            Separators and place: queries are skipped.

            --watch: one bookmark file is imported, then followed while its browser runs: each time the browser \
            saves it (Chrome renames a new file over it; Firefox writes places.sqlite's -wal), it is read whole again \
            and what changed lands as ordinary changes other favs follow, one line each on stdout. A new or changed \
            bookmark is imported; a removed one is deleted (favs restore brings it back) unless it was starred or \
            tagged in favs, and then it is kept and named. Only what this watch saw removed is taken away: a bookmark \
            removed while no watch ran stays. A file that cannot be read (half written) changes nothing; one line \
            on stderr says why, and it is read again when it next changes. Ctrl-C or SIGTERM ends the watch between \
            two reads, exit 0.

            New items are added at the end of the list. An item already in the library gets the file's title and \
            fields and keeps its favorite mark and its place; a deleted one comes back. Importing the same file \
            twice changes nothing. All files are imported in one transaction, each record written as it is read \
            (memory stays flat at any file size): after any error the library is unchanged, and a library the \
            import created is removed. A library that does not exist is created empty. On a terminal, a \
            progress line on standard error shows rows, rate and how much of the files is read.
            """ + "\n\n" + ExitStatus.sentence(exitStatuses))

    static let exitStatuses: [ExitStatus] = [.success, .usage] + ExitStatus.libraryOpen
        + [.badImportData, .cannotReadInput, .cannotWriteOutput]

    @Argument(help: ArgumentHelp("JSON, JSON Lines, CSV, TSV or bookmark files ('-' for standard input), or places.sqlite.",
                                 valueName: "file"))
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

    @Flag(help: ArgumentHelp("Import one bookmark file, then follow it: each change its browser saves is imported as it "
                             + "lands, until Ctrl-C or SIGTERM (exit 0)."))
    var watch = false

    @OptionGroup var library: LibraryOption

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one file to import.") }
        if watch {
            if files.count != 1 || files == ["-"] { throw ValidationError("--watch follows one bookmark file: give its path.") }
            if format != .auto && !format.isBookmarks {
                throw ValidationError("--watch follows a browser's bookmarks: --format html, chrome, firefox-backup or firefox.")
            }
        }
        if idField.isEmpty || titleField?.isEmpty == true { throw ValidationError("A field name cannot be empty.") }
        if format == .firefox, files.contains("-") {
            throw ValidationError("A Firefox places.sqlite is a database: give its path, not '-'.")
        }
        if library.isInMemory {
            throw ValidationError("--library :memory: would throw the import away; name a library file.")
        }
    }

    func run() throws {
        if watch { return try runWatch() }
        let location = try library.location()
        // Every file is opened before the library is touched: one that cannot be read changes nothing. A Firefox
        // places.sqlite is read whole there too, so one that is not Firefox's changes nothing either.
        let inputs = try files.map { try Self.readPlaces(Self.open($0), path: $0, format: format) }
        let sizes = inputs.map(\.size)
        var progress = ImportProgress(totalBytes: sizes.contains(nil) ? nil : sizes.reduce(0) { $0 + ($1 ?? 0) })
        let existed = location.isPostgres || FileManager.default.fileExists(atPath: location.path)
        let outcome: Result<ImportSummary, ImportFailure>
        var bookmarks = BookmarkCounts()
        do {
            outcome = .success(try importAll(inputs, into: location, progress: &progress, bookmarks: &bookmarks))
        } catch let failure as ImportFailure {
            outcome = .failure(failure)
        } catch {
            outcome = .failure(.writing(error))
        }
        progress.erase()
        let summary: ImportSummary
        switch outcome {
        case let .success(done): summary = done
        case let .failure(failed):
            // The records are written as they are read, so a library file this import created exists by now: a
            // failed import leaves no library behind, as when every file was read before the library was made.
            // (A schema's tables, made in the import's transaction, went with its rollback.)
            if !existed { Self.remove(location.path) }
            throw failed.exitCode(library: location.display)
        }
        let names = files.map(Self.displayName).joined(separator: ", ")
        try StandardOutput.write("imported \(summary.total) \(summary.total == 1 ? "item" : "items") from \(names) "
              + "(\(summary.added) added, \(summary.updated) updated, \(summary.unchanged) unchanged\(summary.picksPhrase)"
              + (bookmarks.summary.map { "; \($0)" } ?? "") + ")\n")
    }

    /// Streams every file into the library in one transaction: a record goes to SQLite as soon as it is read.
    /// `bookmarks` adds up what bookmark files merged and skipped.
    private func importAll(_ inputs: [Input], into location: LibraryLocation, progress: inout ImportProgress,
                           bookmarks: inout BookmarkCounts) throws -> ImportSummary {
        let target: any ItemLibrary
        do {
            target = try openLibraryToFill(location)
        } catch {
            throw ImportFailure.opening(error)
        }
        var places = ImportPlaces()
        do {
            return try target.importRecords { add in
                for input in inputs {
                    places.startFile(input.name)
                    if var merge = input.bookmarks {
                        try merge.records { record in
                            progress.addRow()
                            try add(record, places.place(line: record.line))
                        }
                        bookmarks += merge.counts
                        progress.read(input.size ?? 0)
                        progress.finishFile()
                        continue
                    }
                    bookmarks += try ImportStream.read(FileInput(descriptor: input.handle.fileDescriptor), file: input.name,
                                          format: format, idField: idField, titleField: titleField,
                                          progress: { progress.read($0) }) { record in
                        progress.addRow()
                        try add(record, places.place(line: record.line))
                    }
                    progress.finishFile()
                }
                progress.finishing()
            }
        } catch let error as ImportError {
            throw ImportFailure.file(error.description)
        } catch let duplicate as ImportDuplicate {
            let record = duplicate.record
            if let place = duplicate.place {
                throw ImportFailure.file(places.duplicate(record.id, place: place, column: record.column,
                                                          first: duplicate.firstPlace).description)
            }
            throw ImportFailure.file(places.duplicate(record.id, line: record.line, column: record.column,
                                         first: duplicate.firstPlace).description)
        } catch let error as ImportReadError {
            throw ImportFailure.reading("\(places.currentFile): cannot read: \(error.reason)")
        } catch {
            throw ImportFailure.writing(error)
        }
    }

    /// Why an import failed, printed once the progress line is erased.
    private enum ImportFailure: Error {
        case opening(any Error)
        case file(String)
        case reading(String)
        case writing(any Error)

        func exitCode(library path: String) -> ExitCode {
            switch self {
            case let .opening(error): failure(opening: error)
            case let .file(message): failure(message, .badImportData)
            case let .reading(message): failure(message, .cannotReadInput)
            case let .writing(error): failure("cannot import into \(path): \(error)", .io)
            }
        }
    }

    /// A file opened for import, with its size when it is a regular file.
    private struct Input {
        let name: String
        let handle: FileHandle
        let size: Int?
        /// The items of a Firefox places.sqlite, read before the import starts (compactly: `BookmarkMerge`); nil for
        /// a file read as a stream.
        var bookmarks: BookmarkMerge? = nil
    }

    /// The input with its bookmarks as items when it is Firefox's places.sqlite: so `--format firefox` says, or
    /// (with `auto`) the file starts as a SQLite database does. A SQLite file that is not Firefox's is refused.
    private static func readPlaces(_ input: Input, path: String, format: ImportFormat) throws -> Input {
        guard format == .firefox || format == .auto && path != "-" && FirefoxPlaces.isSQLite(path) else { return input }
        do {
            var read = input
            read.bookmarks = try FirefoxPlaces.items(path: path, file: input.name)
            return read
        } catch let error as FirefoxPlacesError {
            throw failure(error.description, error.unreadable ? .cannotReadInput : .badImportData)
        }
    }

    private static func displayName(_ file: String) -> String { file == "-" ? "<stdin>" : file }

    /// Opens a file (or standard input for `-`); a failure names the file and the system's reason.
    private static func open(_ file: String) throws -> Input {
        let handle: FileHandle
        if file == "-" {
            handle = FileHandle.standardInput
        } else {
            let descriptor = Foundation.open(file, O_RDONLY)
            guard descriptor >= 0 else {
                throw failure("\(file): cannot read: \(String(cString: strerror(errno)))", .cannotReadInput)
            }
            handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        }
        var status = stat()
        guard fstat(handle.fileDescriptor, &status) == 0 else {
            return Input(name: displayName(file), handle: handle, size: nil)
        }
        if status.st_mode & S_IFMT == S_IFDIR { throw failure("\(file): cannot read: Is a directory", .cannotReadInput) }
        let size = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : nil
        return Input(name: displayName(file), handle: handle, size: size)
    }

    /// Removes a library file and SQLite's files beside it.
    private static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }
}
