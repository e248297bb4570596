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
    /// Whose stars this connection keeps (`member=NAME` in the URL, for a team that logs in as one role; else the
    /// role it logs in as, `current_user`). libpq's own `user` parameter names the role, so favs reads its own.
    public var member: String
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
        try self.init(try Self.parts(of: url, bad: bad), display: display, environment: environment, bad: bad)
    }

    /// Whether the server is this machine reached over loopback (`localhost`, 127.x.x.x, `::1`), where `prefer`
    /// asks for no TLS: libpq does the same for a Unix socket, and nothing crosses a network.
    public var isLoopback: Bool {
        guard case let .tcp(host, _) = endpoint else { return false }
        return host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// The channel every favs process LISTENs on; the payload names the schema that changed.
    static let channel = "favs_changes"

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
