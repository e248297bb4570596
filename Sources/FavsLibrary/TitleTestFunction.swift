import FavsModel
import GRDB
import GRDBSQLite

/// A search's title test, lent to one connection as the SQL function `favs_title_passes(title, deleted)` for one
/// scan, so that SQLite itself steps over the rows that fail it.
///
/// A row handed back by `sqlite3_step` costs every result column and a return to the caller; a row the `WHERE`
/// refuses costs only its title and the call. Over the 886,323 package names of issue #36 (`favs list --query
/// djgrst`: none passes) the process took 104 ms of CPU with the test in Swift after each step, 74 ms with it here.
///
/// The function also counts the list rows it is asked about (what `favs list --query` reports as the list's size):
/// `deleted` is its second argument so that a deleted row is refused and not counted, whatever order SQLite
/// evaluates the `WHERE` in (a library read without its list index scans the table and its deleted rows).
final class TitleTestFunction {
    static let name = "favs_title_passes"
    /// The condition a scan's `WHERE` adds.
    static let condition = "\(name)(title, deleted)"

    private let passes: (UnsafeRawBufferPointer) -> Bool
    /// How many rows not deleted the function was asked about.
    private var rowsTested = 0

    private init(_ passes: @escaping (UnsafeRawBufferPointer) -> Bool) {
        self.passes = passes
    }

    /// Runs `body` while `connection` knows the function as `passes`; returns what it returns and how many rows not
    /// deleted the function tested. The function is taken away again before this returns, even on a throw.
    static func lending<R>(_ passes: (UnsafeRawBufferPointer) -> Bool, to connection: OpaquePointer?,
                           _ body: () throws -> R) throws -> (R, rowsTested: Int) {
        try withoutActuallyEscaping(passes) { passes in
            let function = TitleTestFunction(passes)
            return try withExtendedLifetime(function) {
                let context = Unmanaged.passUnretained(function).toOpaque()
                // DIRECTONLY: a trigger or view in the file cannot call it.
                let code = sqlite3_create_function_v2(connection, name, 2, SQLITE_UTF8 | SQLITE_DIRECTONLY, context,
                                                      { call, _, arguments in TitleTestFunction.call(call, arguments) },
                                                      nil, nil, nil)
                guard code == SQLITE_OK else { throw DatabaseError.last(on: connection, code: code) }
                defer { sqlite3_create_function_v2(connection, name, 2, SQLITE_UTF8, nil, nil, nil, nil, nil) }
                return (try body(), function.rowsTested)
            }
        }
    }

    private static func call(_ call: OpaquePointer?, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
        guard let data = sqlite3_user_data(call), let title = arguments?[0], let deleted = arguments?[1] else {
            return sqlite3_result_int(call, 0)
        }
        guard sqlite3_value_int64(deleted) == 0 else { return sqlite3_result_int(call, 0) }
        // The bytes as stored (the library is UTF-8), as the loader reads them: no NUL-terminated copy.
        let bytes = UnsafeRawBufferPointer(start: sqlite3_value_blob(title), count: Int(sqlite3_value_bytes(title)))
        // `lending` keeps the instance alive: borrowed here without a retain and a release per row, which
        // `takeUnretainedValue()` and a copy of the closure cost (a quarter of a search's time).
        let passes = Unmanaged<TitleTestFunction>.fromOpaque(data)._withUnsafeGuaranteedRef { function in
            function.rowsTested += 1
            return function.passes(bytes)
        }
        sqlite3_result_int(call, passes ? 1 : 0)
    }
}
