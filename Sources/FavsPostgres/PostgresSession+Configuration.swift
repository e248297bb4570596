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

    /// The connection's configuration; over TCP, on `channel`, a socket this session opened itself with TCP
    /// keepalives (see `keptAlive`).
    func makeConfiguration(channel: (any Channel)? = nil) throws -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        switch (target.endpoint, channel) {
        case let (.tcp(host, _), channel?):
            configuration = .init(establishedChannel: channel, tls: try tls(), username: target.user,
                                  password: target.password, database: target.database)
            // Said by hand on a channel of our own (postgres-nio leaves it out then): the name TLS checks.
            if !host.contains(":"), host.contains(where: \.isLetter) { configuration.options.tlsServerName = host }
        case let (.tcp(host, port), nil):
            configuration = .init(host: host, port: port, username: target.user, password: target.password,
                                  database: target.database, tls: try tls())
        case let (.socket(path), _):
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

    /// A TCP connection to the server with keepalives on (probes after 2 s idle, every second, 3 unanswered:
    /// dead): a long statement waiting on a network that went away (an import's index build) fails within
    /// seconds instead of TCP's minutes, where no deadline of ours applies.
    static func keptAlive(host: String, port: Int, on eventLoop: any EventLoop, timeout: Int?) -> EventLoopFuture<any Channel> {
        func tcp(_ name: CInt) -> ChannelOptions.Types.SocketOption {
            ChannelOptions.Types.SocketOption(level: NIOBSDSocket.OptionLevel(rawValue: CInt(IPPROTO_TCP)),
                                              name: NIOBSDSocket.Option(rawValue: name))
        }
        return ClientBootstrap(group: eventLoop)
            .connectTimeout(.seconds(Int64(timeout ?? 3600)))
            .channelOption(ChannelOptions.socketOption(.so_keepalive), value: 1)
            .channelOption(tcp(CInt(TCP_KEEPIDLE)), value: 2)
            .channelOption(tcp(CInt(TCP_KEEPINTVL)), value: 1)
            .channelOption(tcp(CInt(TCP_KEEPCNT)), value: 3)
            .connect(host: host, port: port)
    }
}
