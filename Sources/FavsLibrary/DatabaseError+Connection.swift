import GRDB
import GRDBSQLite

extension DatabaseError {
    /// The error SQLite reports for `code` on a connection, for code that calls its C API directly.
    static func last(on connection: OpaquePointer?, code: Int32, sql: String? = nil) -> DatabaseError {
        let message = sqlite3_errmsg(connection).map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
    }
}
