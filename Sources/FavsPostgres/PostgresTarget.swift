import FavsLibrary
import Foundation

/// Where a PostgreSQL library is and how to log in, read as `psql` reads it: the URL
/// (`postgres://USER:PASSWORD@HOST:PORT/DB?schema=NAME&sslmode=MODE`), then `PGUSER`, `PGHOST`, `PGPORT`,
/// `PGDATABASE`, `PGPASSWORD`, `PGSSLMODE`, then `~/.pgpass` (or `PGPASSFILE`) for the password.
///
/// With no host (or a host that is a path, `?host=/run/postgresql`), the server is reached through its Unix
/// socket, `.s.PGSQL.PORT` in that folder (Debian's `/var/run/postgresql` by default).
public struct PostgresTarget: Equatable, Sendable {
    public enum Endpoint: Equatable, Sendable {
        case tcp(host: String, port: Int)
        case socket(path: String)
    }

    /// libpq's SSL modes. `allow` and `prefer` try TLS and fall back to none; `require` insists on it without
    /// checking the certificate; `verify-ca` and `verify-full` check it against the system's roots.
    public enum SSLMode: String, Sendable, CaseIterable {
        case disable, allow, prefer, require, verifyCA = "verify-ca", verifyFull = "verify-full"
    }

    public var endpoint: Endpoint
    public var user: String
    public var password: String?
    public var database: String
    /// The schema holding the library's tables (`public` when the URL names none).
    public var schema: String
    public var sslMode: SSLMode
    /// The URL with its password hidden: what every message shows.
    public var display: String
    /// Seconds a connection (TCP, TLS and login) may take: `connect_timeout` in the URL, else `PGCONNECT_TIMEOUT`,
    /// else 5; 0 or less waits as long as it takes (nil), and less than 2 is 2, as libpq reads it.
    public var connectTimeout: Int?

    /// Reads a `postgres://` or `postgresql://` URL; a malformed one throws `LibraryError.unsupportedLocation`
    /// with the reason, the password hidden.
    public init(url: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(LibraryError) {
        let display = LibraryLocation.redacted(url)
        func bad(_ reason: String) -> LibraryError { .badURL(location: display, reason: reason) }
        guard let schemeEnd = url.range(of: "://") else { throw bad("not a postgres:// URL") }
        var rest = Substring(url[schemeEnd.upperBound...])
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var path: Substring = ""
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }
        var userInfo: Substring?
        if let at = rest.lastIndex(of: "@") {
            userInfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
        }
        func decoded(_ text: Substring, _ what: String) throws(LibraryError) -> String {
            guard let value = String(text).removingPercentEncoding else { throw bad("the \(what) is not valid percent-encoding") }
            return value
        }
        var user: String?
        var password: String?
        if let userInfo {
            if let colon = userInfo.firstIndex(of: ":") {
                user = try decoded(userInfo[..<colon], "user name")
                password = try decoded(userInfo[userInfo.index(after: colon)...], "password")
            } else {
                user = try decoded(userInfo, "user name")
            }
        }
        var host: String?
        var port: Int?
        if rest.hasPrefix("[") {  // [::1]:5432
            guard let close = rest.firstIndex(of: "]") else { throw bad("an IPv6 host has no closing ']'") }
            host = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
            if rest.hasPrefix(":") { rest = rest.dropFirst() } else if !rest.isEmpty { throw bad("junk after the host") }
            if !rest.isEmpty { port = Int(rest) ?? -1 }
        } else if let colon = rest.lastIndex(of: ":") {
            host = try decoded(rest[..<colon], "host")
            port = Int(rest[rest.index(after: colon)...]) ?? -1
        } else if !rest.isEmpty {
            host = try decoded(rest, "host")
        }
        var database = path.isEmpty ? nil : try decoded(path, "database name")
        var schema: String?
        var sslMode: String?
        var connectTimeout: String?
        for pair in query.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = try decoded(parts[0], "parameter name")
            let value = parts.count > 1 ? try decoded(parts[1], "parameter \(key)") : ""
            switch key {
            case "schema": schema = value
            case "sslmode": sslMode = value
            case "host": host = value
            case "port": port = Int(value) ?? -1
            case "user": user = value
            case "password": password = value
            case "dbname": database = value
            case "connect_timeout": connectTimeout = value
            case "application_name", "options", "fallback_application_name": break
            default: throw bad("unknown parameter '\(key)' (known: schema, sslmode, host, port, user, password, dbname)")
            }
        }
        func env(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let portNumber = port ?? env("PGPORT").map { Int($0) ?? -1 } ?? 5432
        guard (1...65535).contains(portNumber) else { throw bad("the port must be a number from 1 to 65535") }
        let hostName = host.flatMap { $0.isEmpty ? nil : $0 } ?? env("PGHOST")
        let userName = user.flatMap { $0.isEmpty ? nil : $0 } ?? env("PGUSER") ?? Self.systemUser(environment)
        self.user = userName
        self.database = database.flatMap { $0.isEmpty ? nil : $0 } ?? env("PGDATABASE") ?? userName
        let schemaName = schema ?? "public"
        guard !schemaName.isEmpty, schemaName.utf8.count <= 63, !schemaName.contains("\u{0}") else {
            throw bad("the schema name must be 1 to 63 bytes")
        }
        self.schema = schemaName
        let mode = sslMode ?? env("PGSSLMODE") ?? "prefer"
        guard let parsedMode = SSLMode(rawValue: mode) else {
            throw bad("unknown sslmode '\(mode)' (disable, allow, prefer, require, verify-ca, verify-full)")
        }
        self.sslMode = parsedMode
        let timeoutText = connectTimeout ?? env("PGCONNECT_TIMEOUT") ?? "5"
        guard let seconds = Int(timeoutText.trimmingCharacters(in: .whitespaces)) else {
            throw bad("connect_timeout must be a whole number of seconds")
        }
        self.connectTimeout = seconds <= 0 ? nil : max(seconds, 2)
        if let hostName, !hostName.hasPrefix("/") {
            endpoint = .tcp(host: hostName, port: portNumber)
        } else {
            endpoint = .socket(path: (hostName ?? "/var/run/postgresql") + "/.s.PGSQL.\(portNumber)")
        }
        self.display = display
        self.password = password ?? env("PGPASSWORD")
            ?? Self.passwordFile(environment).flatMap { file in
                Self.password(in: file, host: hostName.flatMap { $0.hasPrefix("/") ? nil : $0 } ?? "localhost",
                              port: portNumber, database: self.database, user: userName)
            }
    }

    /// Whether the server is this machine reached over loopback (`localhost`, 127.x.x.x, `::1`), where `prefer`
    /// asks for no TLS: libpq does the same for a Unix socket, and nothing crosses a network.
    public var isLoopback: Bool {
        guard case let .tcp(host, _) = endpoint else { return false }
        return host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// The channel every favs process LISTENs on; the payload names the schema that changed.
    static let channel = "favs_changes"

    private static func systemUser(_ environment: [String: String]) -> String {
        if let user = environment["USER"], !user.isEmpty { return user }
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return "postgres"
    }

    private static func passwordFile(_ environment: [String: String]) -> String? {
        if let file = environment["PGPASSFILE"], !file.isEmpty { return file }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.pgpass"
    }

    /// The password of the first line of a `.pgpass` file that matches (`host:port:database:user:password`,
    /// `*` matching anything, `\:` and `\\` escaped). As libpq does, a file others can read is ignored.
    static func password(in file: String, host: String, port: Int, database: String, user: String) -> String? {
        var info = stat()
        guard stat(file, &info) == 0, info.st_mode & 0o077 == 0,
              let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            var fields: [String] = [""]
            var escaped = false
            for character in line {
                if escaped { fields[fields.count - 1].append(character); escaped = false }
                else if character == "\\" { escaped = true }
                else if character == ":" && fields.count < 5 { fields.append("") }
                else { fields[fields.count - 1].append(character) }
            }
            guard fields.count == 5 else { continue }
            let wanted = [host, String(port), database, user]
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }
}
