import FavsLibrary
import Foundation

/// How a session connects: what it tells the server at start-up, TLS as `sslmode` says, a schema's name quoted.
extension PostgresSession {
    /// What each connection tells the server at start-up (no extra round trip): unqualified table names are the
    /// library's (the schema may not exist yet, for a new library); and the timeouts that make the server let go
    /// of a client that vanished or hung mid-transaction, so no lock outlives its owner for long.
    /// The server's lock and statement timeouts end before this side's deadline (at three quarters of it, and a
    /// quarter of a second before it), so a statement it cancels (a lock another writer holds) is reported with its
    /// reason rather than as silence. A `float8` (a pick's weight) is sent in its shortest exact text whatever the
    /// server's own setting, so a weight read back is the one written (a forget's undo puts back the very picks).
    var startupParameters: [(String, String)] {
        let seconds = max(timeout, 1)
        return [
            ("search_path", Self.quoted(target.schema)),
            ("statement_timeout", timeout == 0 ? "0" : "\(seconds * 1000 - 250)ms"),
            ("lock_timeout", timeout == 0 ? "0" : "\(seconds * 750)ms"),
            ("idle_in_transaction_session_timeout", "\(2 * seconds)s"),
            ("tcp_keepalives_idle", "2"), ("tcp_keepalives_interval", "1"), ("tcp_keepalives_count", "3"),
            ("extra_float_digits", "1"),
        ]
    }

    /// libpq's connection keywords for the target. The start-up parameters go in `options` (`-c name=value`,
    /// spaces and backslashes escaped); this side's socket has TCP keepalives too (probes after 2 s idle, every
    /// second, 3 unanswered: dead), so a long statement waiting on a network that went away (an import's index
    /// build) fails within seconds instead of TCP's minutes, where no deadline of ours applies.
    ///
    /// A host name is looked up here, before `deadline` (`addresses`), and handed to libpq as `hostaddr` beside it
    /// (libpq would look it up itself, blocking, for as long as the name server takes).
    func keywords(until deadline: ContinuousClock.Instant?) throws -> [(String, String)] {
        var keywords: [(String, String)] = []
        switch target.endpoint {
        case let .tcp(host, port):
            if let addresses = try Self.addresses(of: host, until: deadline), !addresses.isEmpty {
                // One entry each: libpq tries them in turn, the name kept for TLS and ~/.pgpass.
                keywords += [("host", Array(repeating: host, count: addresses.count).joined(separator: ",")),
                             ("hostaddr", addresses.joined(separator: ","))]
            } else {
                keywords.append(("host", host))
            }
            keywords.append(("port", String(port)))
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

    /// The addresses a host name stands for (nil: it is an address already), looked up on a thread of its own: a
    /// name server gone silent holds the lookup (glibc waits `timeout × attempts`, 10 s by default) but not the
    /// caller past `deadline` (`PostgresConnection.DeadlinePassed`). A name that has no address throws libpq's
    /// words for it (`describe`: "unknown host").
    static func addresses(of host: String, until deadline: ContinuousClock.Instant?) throws -> [String]? {
        var probe = in6_addr()
        if inet_pton(AF_INET, host, &probe) == 1 || inet_pton(AF_INET6, host, &probe) == 1 { return nil }
        let lookup = HostLookup(host)
        Thread.detachNewThread { lookup.run() }
        if let deadline {
            let (seconds, attoseconds) = max(.zero, ContinuousClock.now.duration(to: deadline)).components
            let nanoseconds = Int(clamping: seconds) &* 1_000_000_000 &+ Int(attoseconds / 1_000_000_000)
            guard lookup.done.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else {
                throw PostgresConnection.DeadlinePassed()
            }
        } else {
            lookup.done.wait()
        }
        return try lookup.outcome.get()
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

/// One `getaddrinfo` on a thread of its own, its outcome read once `done` is signalled (the caller may have
/// stopped waiting: the thread then finishes alone).
private final class HostLookup: @unchecked Sendable {
    let host: String
    let done = DispatchSemaphore(value: 0)
    /// Set before `done` is signalled.
    var outcome: Result<[String], PostgresConnectionError> = .success([])

    init(_ host: String) { self.host = host }

    func run() {
        defer { done.signal() }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0, let list else {
            let reason = String(cString: gai_strerror(status))
            outcome = .failure(PostgresConnectionError(message: "could not translate host name \"\(host)\" to address: \(reason)"))
            return
        }
        defer { freeaddrinfo(list) }
        var addresses: [String] = []
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let current = entry {
            var name = [CChar](repeating: 0, count: 1025)  // NI_MAXHOST
            if getnameinfo(current.pointee.ai_addr, current.pointee.ai_addrlen, &name, socklen_t(name.count), nil, 0,
                           NI_NUMERICHOST) == 0 {
                let address = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !addresses.contains(address) { addresses.append(address) }
            }
            entry = current.pointee.ai_next
        }
        outcome = .success(addresses)
    }
}
