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
    /// told), the reason being the system's ("Connection refused") or the server's: `SEVERITY:  SQLSTATE: MESSAGE`
    /// in libpq's verbose form (`PostgresConnection.connect` asks for it), in the server's language. It is told
    /// apart by its SQLSTATE, never its words, and a wrong password is said in favs's words whatever the server
    /// speaks (a German server's `Passwort-Authentifizierung … fehlgeschlagen` exited 69 instead of 77).
    private static func startFailure(_ message: String, target: PostgresTarget) -> LibraryError {
        let location = target.display
        let line = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? message
        let reason = line.range(of: " failed: ").map { String(line[$0.upperBound...]) } ?? line
        if let (sqlState, said) = serverReason(reason) {
            switch sqlState {
            case "28P01": return .authentication(location: location, reason: "password authentication failed for user \"\(target.user)\"")
            // No pg_hba.conf entry, a role that may not log in, another method's login refused: the server's words.
            case "28000": return .authentication(location: location, reason: said)
            case "3D000": return .noDatabase(location: location, database: target.database)
            default: return .unreachable(location: location, reason: said)
            }
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

    /// The SQLSTATE and the message of a server's reason in libpq's verbose form (`FATAL:  3D000: MESSAGE`, its
    /// severity translated too); nil for a reason of the system's or libpq's own.
    static func serverReason(_ reason: String) -> (sqlState: String, message: String)? {
        guard let match = reason.firstMatch(of: /^[^:]+:\s+([0-9A-Z]{5}):\s+/) else { return nil }
        return (String(match.1), String(reason[match.range.upperBound...]))
    }
}
