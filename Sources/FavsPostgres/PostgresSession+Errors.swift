import FavsLibrary
import Foundation
import Logging
import PostgresNIO

/// A failure put in one line, never with the password.
extension PostgresSession {
    /// One line saying why, never with the password: the server's own message for what it refused.
    static func describe(_ error: any Error, target: PostgresTarget) -> LibraryError {
        let location = target.display
        if let error = error as? LibraryError { return error }
        if let error = error as? PSQLError {
            if let info = error.serverInfo {
                let message = info[.message] ?? "error"
                switch info[.sqlState] ?? "" {
                case "28P01", "28000": return .authentication(location: location, reason: message)
                case "3D000": return .noDatabase(location: location, database: target.database)
                case "57P01", "57P02", "57P03": return .unreachable(location: location, reason: message)
                default: return .database(message)
                }
            }
            switch error.code {
            case .authMechanismRequiresPassword:
                return .authentication(location: location,
                                       reason: "the server asks for a password (give it in the URL, PGPASSWORD or ~/.pgpass)")
            case .sslUnsupported:
                return .unreachable(location: location, reason: "the server does not offer SSL (sslmode=\(target.sslMode.rawValue))")
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
                return .unreachable(location: location, reason: reason(error.underlying) ?? "the connection closed")
            default:
                return .database(error.code.description)
            }
        }
        return .unreachable(location: location, reason: reason(error) ?? "\(error)")
    }

    /// The system's words for a failed connection ("Connection refused", "unknown host", "timed out").
    private static func reason(_ error: (any Error)?) -> String? {
        switch error {
        case nil: return nil
        case let error as IOError: return String(cString: strerror(error.errnoCode))
        case let error as NIOConnectionError:
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
                return "unknown host \(error.host)"
            }
            return reason(error.connectionErrors.first?.error) ?? "cannot connect to \(error.host):\(error.port)"
        case let error as ChannelError:
            if case .connectTimeout = error { return "timed out" }
            return "\(error)"
        case let error as SocketAddressError:
            if case .unknown = error { return "unknown host" }
            return "\(error)"
        case let error?: return "\(error)"
        }
    }
}
