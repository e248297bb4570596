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

    /// The value shown as a field: strings as they are, anything else as compact JSON.
    var fieldText: String {
        switch self {
        case let .string(text), let .number(text): text  // a number's compact text is its text
        default: compactText
        }
    }

    /// Appends the value as compact JSON text.
    public func write(to out: inout String) {
        switch self {
        case let .string(text): Self.writeString(text, to: &out)
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
                Self.writeString(member.key, to: &out)
                out += ":"
                member.value.write(to: &out)
            }
            out += "}"
        }
    }

    /// Appends a JSON string literal. Control characters (C0, DEL and C1) are escaped,
    /// so the output is safe to print on a terminal as well as valid JSON.
    public static func writeString(_ text: String, to out: inout String) {
        out += "\""
        // Most text needs no escape: copy it whole. 0xC2 leads every C1 control (U+0080–U+009F).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 }) {
            out += text
        } else {
            for scalar in text.unicodeScalars { writeEscaped(scalar, to: &out) }
        }
        out += "\""
    }

    private static func writeEscaped(_ scalar: Unicode.Scalar, to out: inout String) {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{08}": out += "\\b"
        case "\u{0C}": out += "\\f"
        case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}":
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
}
