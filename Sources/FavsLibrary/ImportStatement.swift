import FavsModel
import GRDB
import GRDBSQLite

/// A prepared statement of the import, bound and stepped through SQLite's C API.
///
/// GRDB's `execute(arguments:)` boxes every value in a `DatabaseValue` and builds `StatementArguments` per row;
/// for a million rows that cost more than SQLite's own work. GRDB still prepares the statement (and owns it),
/// so it stays inside GRDB's transaction, authorizer and error handling.
struct ImportStatement {
    /// How one step ended.
    enum Outcome: Equatable {
        /// The statement returned a row (an upsert's `RETURNING`): its first column, as an integer.
        case row(Int)
        /// The statement finished without returning a row.
        case done
        /// The row would repeat an existing id (`PRIMARY KEY` constraint).
        case duplicateID
    }

    private let statement: Statement
    private let connection: SQLiteConnection?
    private var handle: SQLiteStatement { statement.sqliteStatement }

    init(_ db: Database, sql: String) throws {
        statement = try db.makeStatement(sql: sql)
        connection = db.sqliteConnection
    }

    /// Binds one item's values to the five parameters (id, title, fields, favorite, position) and steps.
    ///
    /// The texts are bound without a copy (`SQLITE_STATIC`): they are only read during the step. Every value is
    /// bound again before the next step.
    func step(id: UnsafeBufferPointer<UInt8>, title: UnsafeBufferPointer<UInt8>, fields: UnsafeBufferPointer<UInt8>,
              favorite: Bool, position: Int) throws -> Outcome {
        try bindText(1, id)
        try bindText(2, title)
        try bindText(3, fields)
        try check(sqlite3_bind_int64(handle, 4, favorite ? 1 : 0))
        try check(sqlite3_bind_int64(handle, 5, Int64(position)))
        return try step()
    }

    /// Binds a text and an integer to the two parameters and steps.
    func step(text: UnsafeBufferPointer<UInt8>, integer: Int) throws -> Outcome {
        try bindText(1, text)
        try check(sqlite3_bind_int64(handle, 2, Int64(integer)))
        return try step()
    }

    /// Binds UTF-8 bytes as text (never as NULL, even when empty), for the next step only.
    private func bindText(_ index: Int32, _ bytes: UnsafeBufferPointer<UInt8>) throws {
        let code: Int32
        if let base = bytes.baseAddress {
            code = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(handle, index, $0, Int32(bytes.count), nil)
            }
        } else {
            // SQLITE_TRANSIENT: SQLite copies the (empty) text at once.
            code = sqlite3_bind_text(handle, index, "", 0, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        }
        try check(code)
    }

    /// Runs the statement once with the bound values, then resets it for the next row.
    private func step() throws -> Outcome {
        let code = sqlite3_step(handle)
        let outcome: Outcome
        switch code {
        case SQLITE_ROW: outcome = .row(Int(sqlite3_column_int64(handle, 0)))
        case SQLITE_DONE: outcome = .done
        default:
            let extended = sqlite3_extended_errcode(connection)
            let error = self.error(code: extended)
            sqlite3_reset(handle)
            if extended == ResultCode.SQLITE_CONSTRAINT_PRIMARYKEY.rawValue { return .duplicateID }
            throw error
        }
        // With RETURNING, every change is made by the first step; the rest of the rows may be dropped.
        try check(sqlite3_reset(handle))
        return outcome
    }

    private func check(_ code: Int32) throws {
        if code != SQLITE_OK { throw error(code: sqlite3_extended_errcode(connection)) }
    }

    private func error(code: Int32) -> DatabaseError { .last(on: connection, code: code, sql: statement.sql) }
}
