import CLibpq
import FavsLibrary
import Foundation

/// One answer from the server (libpq's `PGresult`), freed when the last row of it goes.
final class PostgresResult: @unchecked Sendable {
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { favs_PQclear(handle) }

    var rowCount: Int { Int(favs_PQntuples(handle)) }
    var columnCount: Int { Int(favs_PQnfields(handle)) }

    var rows: [PostgresRow] { (0..<rowCount).map { PostgresRow(result: self, index: Int32($0)) } }

    /// What the server said went wrong: its SQLSTATE and its message.
    var serverError: PostgresServerError {
        func field(_ code: Character) -> String? {
            guard let ascii = code.asciiValue, let text = favs_PQresultErrorField(handle, Int32(ascii)) else { return nil }
            return String(cString: text)
        }
        let message = field("M") ?? String(cString: favs_PQresultErrorMessage(handle))
        return PostgresServerError(sqlState: field("C") ?? "", message: message.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// A row of a result. Its cells are read in text form (libpq's default), each column as the type asked for.
struct PostgresRow: @unchecked Sendable {
    let result: PostgresResult
    let index: Int32

    /// The row's columns from the first (or `first`), as the types given (`row.decode((String, Int64?).self)`).
    func decode<each Value: PostgresDecodable>(_: (repeat each Value).Type, from first: Int32 = 0) throws(LibraryError)
        -> (repeat each Value) {
        var column = first
        func next<Cell: PostgresDecodable>(_: Cell.Type) throws(LibraryError) -> Cell {
            defer { column += 1 }
            guard column < favs_PQnfields(result.handle) else {
                throw LibraryError.database("the server sent \(favs_PQnfields(result.handle)) columns, fewer than asked for")
            }
            return try Cell.decode(bytes(column))
        }
        return (repeat try next((each Value).self))
    }

    /// The row's first column as the type given.
    func decode<Value: PostgresDecodable>(_: Value.Type) throws(LibraryError) -> Value {
        try decode((Value).self, from: 0)
    }

    /// A cell's bytes (nil: NULL), valid while the result is.
    func bytes(_ column: Int32) -> UnsafeRawBufferPointer? {
        guard favs_PQgetisnull(result.handle, index, column) == 0, let value = favs_PQgetvalue(result.handle, index, column) else {
            return nil
        }
        return UnsafeRawBufferPointer(start: value, count: Int(favs_PQgetlength(result.handle, index, column)))
    }
}

/// A statement the server refused: its SQLSTATE (`23505`: a unique key repeated) and its message.
struct PostgresServerError: Error, Equatable {
    var sqlState: String
    var message: String
}

/// The connection failed or was lost: libpq's words for why.
struct PostgresConnectionError: Error, Equatable {
    var message: String
    /// The server asked for a password and none was given (why a connection could not be made).
    var neededPassword = false
}
