import FavsModel
import Foundation

/// A JSON value as written in a file: object members keep their order and numbers keep their text.
public enum JSONValue: Hashable, Sendable {
    case string(String)
    /// A number exactly as written (`1994`, `-0.5`, `1e3`), so nothing is lost to floating point.
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([Member])

    /// A string, number, boolean or null: no array or object.
    var isScalar: Bool {
        switch self {
        case .string, .number, .bool, .null: true
        case .array, .object: false
        }
    }

    /// One `"key": value` member of an object.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: JSONValue
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// Parses one JSON value, keeping object members in order; errors name `source` with a line and column.
    public static func parse(_ text: String, source: String = "JSON") throws -> JSONValue {
        try JSONParser.parsing(Substring(text), file: source) { try $0.parseSingleDocument() }
    }

    /// The value as compact JSON text (no spaces), with object members in order.
    public var compactText: String {
        var text = ""
        write(to: &text)
        return text
    }

    /// The field a member with this value becomes: a string, number, boolean or null keeps its kind and its
    /// text as written; an array or object becomes a string of its compact JSON.
    func field(named name: String) -> Field {
        switch self {
        case let .string(text): Field(name, text)
        case let .number(text): Field(name, text, kind: .number)
        case let .bool(flag): Field(name, flag ? "true" : "false", kind: .bool)
        case .null: Field(name, "", kind: .null)
        case .array, .object: Field(name, compactText)
        }
    }

    /// Appends the value as compact JSON text.
    public func write(to out: inout String) {
        switch self {
        case let .string(text): JSONString.write(text, to: &out)
        case let .number(text): out += text
        case let .bool(flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case let .array(elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case let .object(members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                JSONString.write(member.key, to: &out)
                out += ":"
                member.value.write(to: &out)
            }
            out += "}"
        }
    }
}
