import FavsLibrary
import Foundation

/// Reading a target: the URL's parts, then its query parameters (which win), then the environment and the
/// defaults for whatever the URL leaves out, in that order, as `psql` reads them.
extension PostgresTarget {
    /// What the URL itself says; nil where it says nothing, for the environment or a default to fill.
    struct URLParts {
        var user: String?
        var password: String?
        var host: String?
        var port: Int?
        var database: String?
        var schema: String?
        var member: String?
        var sslMode: String?
        var connectTimeout: String?
    }

    /// Reads `USER:PASSWORD@HOST:PORT/DB`, then the `?key=value` parameters after it.
    static func parts(of url: String, bad: (String) -> LibraryError) throws(LibraryError) -> URLParts {
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
        var parts = URLParts()
        if let at = rest.lastIndex(of: "@") {
            let userInfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = userInfo.firstIndex(of: ":") {
                parts.user = try decoded(userInfo[..<colon], "user name", bad: bad)
                parts.password = try decoded(userInfo[userInfo.index(after: colon)...], "password", bad: bad)
            } else {
                parts.user = try decoded(userInfo, "user name", bad: bad)
            }
        }
        if rest.hasPrefix("[") {  // [::1]:5432
            guard let close = rest.firstIndex(of: "]") else { throw bad("an IPv6 host has no closing ']'") }
            parts.host = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
            if rest.hasPrefix(":") { rest = rest.dropFirst() } else if !rest.isEmpty { throw bad("junk after the host") }
            if !rest.isEmpty { parts.port = Int(rest) ?? -1 }
        } else if let colon = rest.lastIndex(of: ":") {
            parts.host = try decoded(rest[..<colon], "host", bad: bad)
            parts.port = Int(rest[rest.index(after: colon)...]) ?? -1
        } else if !rest.isEmpty {
            parts.host = try decoded(rest, "host", bad: bad)
        }
        parts.database = path.isEmpty ? nil : try decoded(path, "database name", bad: bad)
        try readParameters(query, into: &parts, bad: bad)
        return parts
    }

    /// The query's parameters, each in place of what the URL's parts said.
    private static func readParameters(_ query: Substring, into parts: inout URLParts,
                                       bad: (String) -> LibraryError) throws(LibraryError) {
        var afterPassword = false
        for pair in query.split(separator: "&") where !pair.isEmpty {
            let pieces = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = try decoded(pieces[0], "parameter name", bad: bad)
            let value = pieces.count > 1 ? try decoded(pieces[1], "parameter \(key)", bad: bad) : ""
            switch key {
            case "schema": parts.schema = value
            case "member": parts.member = value
            case "sslmode": parts.sslMode = value
            case "host": parts.host = value
            case "port": parts.port = Int(value) ?? -1
            case "user": parts.user = value
            case "password": parts.password = value
            case "dbname": parts.database = value
            case "connect_timeout": parts.connectTimeout = value
            case "application_name", "options", "fallback_application_name": break
            default:
                // Most likely the rest of a password with an unescaped `&`: not to be printed.
                if afterPassword { throw bad("unknown parameter after the password (an '&' in a password is written %26)") }
                throw bad("unknown parameter '\(key)' (known: schema, member, sslmode, host, port, user, password, dbname)")
            }
            afterPassword = key == "password"
        }
    }

    private static func decoded(_ text: Substring, _ what: String,
                                bad: (String) -> LibraryError) throws(LibraryError) -> String {
        guard let value = String(text).removingPercentEncoding else { throw bad("the \(what) is not valid percent-encoding") }
        return value
    }

    /// The target the URL's parts name, the environment (`PGUSER`, `PGHOST`…) and then the defaults filling
    /// what they leave out; an empty part counts as left out.
    init(_ parts: URLParts, display: String, environment: [String: String],
         bad: (String) -> LibraryError) throws(LibraryError) {
        func env(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let portNumber = parts.port ?? env("PGPORT").map { Int($0) ?? -1 } ?? 5432
        guard (1...65535).contains(portNumber) else { throw bad("the port must be a number from 1 to 65535") }
        let hostName = parts.host.flatMap { $0.isEmpty ? nil : $0 } ?? env("PGHOST")
        let userName = parts.user.flatMap { $0.isEmpty ? nil : $0 } ?? env("PGUSER") ?? Self.systemUser(environment)
        self.user = userName
        self.database = parts.database.flatMap { $0.isEmpty ? nil : $0 } ?? env("PGDATABASE") ?? userName
        let schemaName = parts.schema ?? "public"
        guard !schemaName.isEmpty, schemaName.utf8.count <= 63, !schemaName.contains("\u{0}") else {
            throw bad("the schema name must be 1 to 63 bytes")
        }
        self.schema = schemaName
        let memberName = parts.member ?? userName
        guard !memberName.isEmpty, memberName.utf8.count <= 63, !memberName.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw bad("the member name must be 1 to 63 bytes, none of them a control character")
        }
        self.member = memberName
        let mode = parts.sslMode ?? env("PGSSLMODE") ?? "prefer"
        guard let parsedMode = SSLMode(rawValue: mode) else {
            throw bad("unknown sslmode '\(mode)' (disable, allow, prefer, require, verify-ca, verify-full)")
        }
        self.sslMode = parsedMode
        let timeoutText = parts.connectTimeout ?? env("PGCONNECT_TIMEOUT") ?? "5"
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
        self.password = parts.password ?? env("PGPASSWORD")
            ?? Self.passwordFile(environment).flatMap { file in
                Self.password(in: file, host: hostName.flatMap { $0.hasPrefix("/") ? nil : $0 } ?? "localhost",
                              port: portNumber, database: self.database, user: userName)
            }
    }

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
}
