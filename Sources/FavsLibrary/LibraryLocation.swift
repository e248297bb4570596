import Foundation

/// Where the library lives: a SQLite file, `:memory:`, or a PostgreSQL server (`postgres://…`).
public struct LibraryLocation: Equatable, Sendable {
    /// The file's path, `:memory:`, or the server's URL as given (with any password: show `display`).
    public let path: String
    /// Whether opening a new library may create its missing folders: only at the default location, which favs
    /// owns. A folder the user named must exist, so a typo never leaves a tree of folders behind.
    public let createsFolders: Bool

    /// A location the user named. A URL other than `postgres://` or `postgresql://` is refused.
    public init(path: String) throws(LibraryError) {
        try self.init(path: path, createsFolders: false)
    }

    private init(path: String, createsFolders: Bool) throws(LibraryError) {
        // Checked here, before anything opens the path: as a file path, `postgres://h/db` would become
        // folders named `postgres:` and `h` in the current directory.
        if let scheme = Self.scheme(of: path), !Self.postgresSchemes.contains(scheme.lowercased()) {
            throw .unsupportedLocation(Self.redacted(path))
        }
        self.path = path
        self.createsFolders = createsFolders
    }

    /// `--library PATH`, else `$FAVS_LIBRARY`, else the config file's `library`, else
    /// `$XDG_DATA_HOME/favs/library.sqlite`, else `$HOME/.local/share/favs/library.sqlite`; empty values count
    /// as unset. `configured` is asked only when neither the option nor the variable names a library, so a
    /// command given one need not read the config file.
    public static func resolve(option: String?, environment: [String: String],
                               configured: () -> String? = { nil }) throws(LibraryError) -> LibraryLocation {
        func value(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
        if let path = value(option) ?? value(environment["FAVS_LIBRARY"]) ?? value(configured()) {
            return try LibraryLocation(path: path)
        }
        return try LibraryLocation(path: join(dataFolder(environment), "library.sqlite"), createsFolders: true)
    }

    /// Where a picker over stdin (`favs pick --stdin NAME`) keeps its stars: `picks/NAME.sqlite` in the folder
    /// of the default library, whichever library the other commands use. `name` is checked by the caller.
    public static func pickMemory(named name: String, environment: [String: String]) throws(LibraryError) -> LibraryLocation {
        try LibraryLocation(path: join(dataFolder(environment), "picks/\(name).sqlite"), createsFolders: true)
    }

    /// Where a member whose role may only read a team library keeps their own stars (`PersonalStarsLibrary`):
    /// `stars/NAME.sqlite` in favs's own folder, NAME the server, the database, the schema and the member joined by `+`
    /// (`db.example.com:5432+team+public+ana`), each part percent-encoded where a file name could not keep it apart.
    public static func personalStars(server: String, database: String, schema: String, member: String,
                                     environment: [String: String]) throws(LibraryError) -> LibraryLocation {
        let name = [server, database, schema, member].map(fileNamePart).joined(separator: "+")
        return try LibraryLocation(path: join(dataFolder(environment), "stars/\(name).sqlite"), createsFolders: true)
    }

    /// A part of a file name: letters, digits, `-`, `.`, `_` and `:` kept, every other byte as `%XX` (`+` and `/`
    /// among them, so that parts stay apart and in one folder; a leading `.` too, so that no name is hidden).
    private static func fileNamePart(_ text: String) -> String {
        var part = ""
        for byte in text.utf8 {
            let kept = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || (Array("-._:".utf8).contains(byte) && !(byte == 0x2E && part.isEmpty))
            part += kept ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded()
        }
        return part
    }

    /// favs's own folder: `$XDG_DATA_HOME/favs`, else `$HOME/.local/share/favs` (empty values count as unset).
    private static func dataFolder(_ environment: [String: String]) -> String {
        if let dataHome = environment["XDG_DATA_HOME"], !dataHome.isEmpty { return join(dataHome, "favs") }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return join(home, ".local/share/favs")
    }

    static let postgresSchemes: Set<String> = ["postgres", "postgresql"]

    /// True for a library on a PostgreSQL server.
    public var isPostgres: Bool { Self.scheme(of: path) != nil }

    /// The location fit for a message or a title bar: a URL's password is hidden.
    public var display: String { Self.redacted(path) }

    /// The folder that holds the file, as the user wrote it (`.` for a bare file name).
    var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The scheme of a URL (`postgres` in `postgres://…`, RFC 3986's letters, digits, `+`, `.` and `-` after
    /// a letter), nil for a file path.
    static func scheme(of location: String) -> Substring? {
        guard let colon = location.firstIndex(of: ":"), location[colon...].hasPrefix("://") else { return nil }
        let scheme = location[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) })
        else { return nil }
        return scheme
    }

    private static func join(_ directory: String, _ relative: String) -> String {
        directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }
}

private extension String {
    /// Two hex digits for a byte below 16 too.
    func leftPadded() -> String { count < 2 ? "0" + self : self }
}
