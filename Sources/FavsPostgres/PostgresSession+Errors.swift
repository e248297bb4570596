import FavsLibrary
import Foundation

/// A failure put in one line, never with the password.
extension PostgresSession {
    /// One line saying why, never with the password: the server's own message for what it refused, the system's
    /// for a connection that could not be made ("Connection refused", "unknown host").
    static func describe(_ error: any Error, target: PostgresTarget) -> LibraryError {
        let location = target.display
        switch error {
        case let error as LibraryError:
            return error
        case let error as PostgresServerError:
            switch error.sqlState {
            case "28P01", "28000": return .authentication(location: location, reason: error.message)
            case "3D000": return .noDatabase(location: location, database: target.database)
            case "57P01", "57P02", "57P03": return .unreachable(location: location, reason: error.message)
            default: return .database(error.message)
            }
        case let error as PostgresConnectionError:
            if error.neededPassword {
                return .authentication(location: location,
                                       reason: "the server asks for a password (give it in the URL, PGPASSWORD or ~/.pgpass)")
            }
            return startFailure(error.message, target: target)
        default:
            return .unreachable(location: location, reason: "\(error)")
        }
    }

    /// What libpq says of a connection that could not be made, as one of favs's messages. Its words are
    /// `connection to server at "HOST", port N failed: REASON` (one line for each address tried: the first is
    /// told), the reason being the system's ("Connection refused") or the server's (`FATAL:  MESSAGE`, whose
    /// SQLSTATE libpq does not give: told apart by its words).
    private static func startFailure(_ message: String, target: PostgresTarget) -> LibraryError {
        let location = target.display
        let line = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? message
        var reason = line.range(of: " failed: ").map { String(line[$0.upperBound...]) } ?? line
        if let range = reason.range(of: #"^(FATAL|ERROR):\s+"#, options: .regularExpression) {
            reason.removeSubrange(range)
            if reason.hasPrefix("password authentication failed") || reason.contains("authentication failed for user")
                || reason.hasPrefix("no pg_hba.conf entry") || reason.hasPrefix("role \"") {
                return .authentication(location: location, reason: reason)
            }
            if reason.hasPrefix("database \""), reason.hasSuffix("\" does not exist") {
                return .noDatabase(location: location, database: target.database)
            }
            return .unreachable(location: location, reason: reason)
        }
        if reason.hasPrefix("could not translate host name"), case let .tcp(host, _) = target.endpoint {
            return .unreachable(location: location, reason: "unknown host \(host)")
        }
        if reason.hasPrefix("server does not support SSL") {
            return .unreachable(location: location, reason: "the server does not offer SSL (sslmode=\(target.sslMode.rawValue))")
        }
        if reason == "timeout expired" { return .timedOut(seconds: target.connectTimeout ?? 0) }
        return .unreachable(location: location, reason: reason)
    }
}
