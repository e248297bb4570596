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

    /// The value as compact JSON text (no spaces), with object members in order.
    public var compactText: String {
        var text = ""
        write(to: &text)
        return text
    }

    /// The value shown as a field: strings as they are, anything else as compact JSON.
    public var fieldText: String {
        if case let .string(text) = self { return text }
        return compactText
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
        for scalar in text.unicodeScalars {
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
        out += "\""
    }
}
