import FavsLibrary
import Foundation
import Logging
import PostgresNIO

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

    func makeConfiguration() throws -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        switch target.endpoint {
        case let .tcp(host, port):
            configuration = .init(host: host, port: port, username: target.user, password: target.password,
                                  database: target.database, tls: try tls())
        case let .socket(path):
            configuration = .init(unixSocketPath: path, username: target.user, password: target.password,
                                  database: target.database)
        }
        configuration.options.connectTimeout = .seconds(Int64(target.connectTimeout ?? 3600))
        configuration.options.additionalStartupParameters = startupParameters
        return configuration
    }

    func tls() throws -> PostgresConnection.Configuration.TLS {
        var tls = TLSConfiguration.makeClientConfiguration()
        switch target.sslMode {
        case .disable: return .disable
        case .allow, .prefer:
            // Nothing to protect on this machine's own loopback: no TLS request, one round trip less.
            if target.isLoopback { return .disable }
            tls.certificateVerification = .none
            return .prefer(try NIOSSLContext(configuration: tls))
        case .require:
            tls.certificateVerification = .none
            return .require(try NIOSSLContext(configuration: tls))
        case .verifyCA:
            tls.certificateVerification = .noHostnameVerification
            return .require(try NIOSSLContext(configuration: tls))
        case .verifyFull:
            return .require(try NIOSSLContext(configuration: tls))
        }
    }

    /// A schema name as a quoted SQL identifier.
    static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
