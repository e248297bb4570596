import FavsLibrary

/// One SQL statement and the values bound to its `$n` parameters. Written as a string literal, every
/// interpolated value is bound (`"… WHERE id = \(id)"` sends `$1` and the id apart from the text), so no value is
/// ever spliced into SQL; `\(unescaped:)` splices text that is SQL (a quoted identifier, a channel's name).
struct PostgresQuery: ExpressibleByStringInterpolation, Sendable {
    var sql: String
    var binds: PostgresBindings

    init(unsafeSQL sql: String, binds: PostgresBindings = PostgresBindings()) {
        self.sql = sql
        self.binds = binds
    }

    init(stringLiteral value: String) {
        self.init(unsafeSQL: value)
    }

    init(stringInterpolation: StringInterpolation) {
        self.init(unsafeSQL: stringInterpolation.sql, binds: stringInterpolation.binds)
    }

    struct StringInterpolation: StringInterpolationProtocol {
        var sql = ""
        var binds = PostgresBindings()

        init(literalCapacity: Int, interpolationCount: Int) {
            sql.reserveCapacity(literalCapacity + 3 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) { sql += literal }

        mutating func appendInterpolation<Value: PostgresBindable>(_ value: Value) { bind(value) }

        /// A value that may be NULL (its own overload: Swift warns of an optional interpolated through the other).
        mutating func appendInterpolation<Value: PostgresBindable>(_ value: Value?) { bind(value) }

        private mutating func bind<Value: PostgresBindable>(_ value: Value) {
            binds.append(value)
            sql += "$\(binds.count)"
        }

        mutating func appendInterpolation(unescaped text: String) { sql += text }
    }
}

/// The values of a statement's parameters, in order: each one's type (an OID, as the server names it) and its
/// text (nil: NULL), as libpq sends them.
struct PostgresBindings: Sendable {
    var types: [UInt32] = []
    var texts: [String?] = []

    var count: Int { texts.count }

    mutating func append<Value: PostgresBindable>(_ value: Value) {
        types.append(Value.postgresType)
        texts.append(value.postgresText)
    }
}

/// A value that can be bound to a parameter: its type's OID and its text form.
protocol PostgresBindable {
    static var postgresType: UInt32 { get }
    var postgresText: String? { get }
}

extension String: PostgresBindable {
    static var postgresType: UInt32 { 25 }  // text
    var postgresText: String? { self }
}

extension Int64: PostgresBindable {
    static var postgresType: UInt32 { 20 }  // int8
    var postgresText: String? { String(self) }
}

extension Int: PostgresBindable {
    static var postgresType: UInt32 { 20 }
    var postgresText: String? { String(self) }
}

extension Double: PostgresBindable {
    static var postgresType: UInt32 { 701 }  // float8
    /// Swift's shortest text that reads back as the same double, which the server's `float8in` reads exactly.
    var postgresText: String? { "\(self)" }
}

extension Bool: PostgresBindable {
    static var postgresType: UInt32 { 16 }  // bool
    var postgresText: String? { self ? "t" : "f" }
}

extension Optional: PostgresBindable where Wrapped: PostgresBindable {
    static var postgresType: UInt32 { Wrapped.postgresType }
    var postgresText: String? { self?.postgresText }
}

/// A value read from a column of a row in text form (nil: NULL).
protocol PostgresDecodable {
    static func decode(_ text: UnsafeRawBufferPointer?) throws(LibraryError) -> Self
}

extension String: PostgresDecodable {
    static func decode(_ text: UnsafeRawBufferPointer?) throws(LibraryError) -> String {
        guard let text else { throw LibraryError.database("the server sent NULL for a text value") }
        return String(decoding: text, as: UTF8.self)
    }
}

extension Int64: PostgresDecodable {
    static func decode(_ text: UnsafeRawBufferPointer?) throws(LibraryError) -> Int64 {
        guard let text, let value = Int64(String(decoding: text, as: UTF8.self)) else {
            throw LibraryError.database("the server sent \(text.map { String(decoding: $0, as: UTF8.self) } ?? "NULL") for a number")
        }
        return value
    }
}

extension Double: PostgresDecodable {
    /// The server writes a `float8` in its shortest exact text (`extra_float_digits` 1, the default since
    /// PostgreSQL 12): the same double comes back.
    static func decode(_ text: UnsafeRawBufferPointer?) throws(LibraryError) -> Double {
        guard let text, let value = Double(String(decoding: text, as: UTF8.self)) else {
            throw LibraryError.database("the server sent \(text.map { String(decoding: $0, as: UTF8.self) } ?? "NULL") for a number")
        }
        return value
    }
}

extension Bool: PostgresDecodable {
    static func decode(_ text: UnsafeRawBufferPointer?) throws(LibraryError) -> Bool {
        switch text?.first {
        case UInt8(ascii: "t")?: return true
        case UInt8(ascii: "f")?: return false
        default: throw LibraryError.database("the server sent \(text.map { String(decoding: $0, as: UTF8.self) } ?? "NULL") for a boolean")
        }
    }
}

extension Optional: PostgresDecodable where Wrapped: PostgresDecodable {
    static func decode(_ text: UnsafeRawBufferPointer?) throws(LibraryError) -> Wrapped? {
        guard let text else { return nil }
        return try Wrapped.decode(text)
    }
}
