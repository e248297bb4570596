import FavsLibrary
import Foundation

/// How a session connects: what it tells the server at start-up, TLS as `sslmode` says, a schema's name quoted.
extension PostgresSession {
    /// What each connection tells the server at start-up (no extra round trip): unqualified table names are the
    /// library's (the schema may not exist yet, for a new library); and the timeouts that make the server let go
    /// of a client that vanished or hung mid-transaction, so no lock outlives its owner for long.
    /// The server's lock and statement timeouts end before this side's deadline (at three quarters of it, and a
    /// quarter of a second before it), so a statement it cancels (a lock another writer holds) is reported with its
    /// reason rather than as silence.
    var startupParameters: [(String, String)] {
        let seconds = max(timeout, 1)
        return [
            ("search_path", Self.quoted(target.schema)),
            ("statement_timeout", timeout == 0 ? "0" : "\(seconds * 1000 - 250)ms"),
            ("lock_timeout", timeout == 0 ? "0" : "\(seconds * 750)ms"),
            ("idle_in_transaction_session_timeout", "\(2 * seconds)s"),
            ("tcp_keepalives_idle", "2"), ("tcp_keepalives_interval", "1"), ("tcp_keepalives_count", "3"),
        ]
    }

    /// libpq's connection keywords for the target. The start-up parameters go in `options` (`-c name=value`,
    /// spaces and backslashes escaped); this side's socket has TCP keepalives too (probes after 2 s idle, every
    /// second, 3 unanswered: dead), so a long statement waiting on a network that went away (an import's index
    /// build) fails within seconds instead of TCP's minutes, where no deadline of ours applies.
    func keywords() throws -> [(String, String)] {
        var keywords: [(String, String)] = []
        switch target.endpoint {
        case let .tcp(host, port):
            keywords += [("host", host), ("port", String(port))]
        case let .socket(path):
            // `…/.s.PGSQL.PORT`: libpq takes the folder and the port.
            let url = URL(fileURLWithPath: path)
            let port = url.lastPathComponent.split(separator: ".").last.map(String.init) ?? "5432"
            keywords += [("host", url.deletingLastPathComponent().path), ("port", port)]
        }
        keywords += [("user", target.user), ("dbname", target.database)]
        if let password = target.password { keywords.append(("password", password)) }
        keywords += try tlsKeywords()
        let options = startupParameters.map { "-c \($0)=\(Self.escapedOption($1))" }.joined(separator: " ")
        keywords += [
            ("options", options), ("application_name", "favs"), ("client_encoding", "UTF8"),
            // TLS is `sslmode`'s; no GSSAPI encryption to try first (a Kerberos login still works).
            ("gssencmode", "disable"),
            ("keepalives", "1"), ("keepalives_idle", "2"), ("keepalives_interval", "1"), ("keepalives_count", "3"),
        ]
        return keywords
    }

    /// `sslmode` as the URL says, but no TLS on this machine's own loopback for `allow` and `prefer` (nothing to
    /// protect there, one round trip less). `verify-ca` and `verify-full` check the certificate against the
    /// system's roots unless `PGSSLROOTCERT` names others.
    func tlsKeywords() throws -> [(String, String)] {
        switch target.sslMode {
        case .allow where target.isLoopback, .prefer where target.isLoopback: return [("sslmode", "disable")]
        case .disable, .allow, .prefer, .require: return [("sslmode", target.sslMode.rawValue)]
        case .verifyCA, .verifyFull:
            let roots = ProcessInfo.processInfo.environment["PGSSLROOTCERT"] ?? "/etc/ssl/certs/ca-certificates.crt"
            return [("sslmode", target.sslMode.rawValue), ("sslrootcert", roots)]
        }
    }

    /// A value in libpq's `options`: a space or a backslash escaped with a backslash.
    static func escapedOption(_ value: String) -> String {
        var escaped = ""
        for character in value {
            if character == "\\" || character.isWhitespace { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// A schema name as a quoted SQL identifier.
    static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
