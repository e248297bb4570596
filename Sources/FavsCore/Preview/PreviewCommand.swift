import FavsModel
import Foundation

/// A preview command as written (`--preview`, `preview = "…"`): shell text with placeholders, each replaced by
/// the item's text shell-quoted, so that item text never reaches the shell unquoted.
///
/// `{}` is the item's id (a `--stdin` line's exact bytes), `{title}` its title, `{field:NAME}` the value of its
/// field NAME (empty when it has none). Everything else is shell text, passed to `/bin/sh -c` as written.
public struct PreviewCommand: Equatable, Sendable {
    /// One piece of the template.
    enum Part: Equatable, Sendable {
        case text(String)
        case id
        case title
        case field(String)
    }

    public let template: String
    let parts: [Part]

    /// Parses a template; a `{` that starts no placeholder is shell text (`${HOME}`, `awk '{print}'`).
    public init(_ template: String) {
        self.template = template
        var parts: [Part] = []
        var text = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"), let part = Self.placeholder(after[..<close]) {
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
                parts.append(part)
                rest = after[after.index(after: close)...]
            } else {
                text += "{"
                rest = after
            }
        }
        text += rest
        if !text.isEmpty { parts.append(.text(text)) }
        self.parts = parts
    }

    private static func placeholder(_ name: Substring) -> Part? {
        if name.isEmpty { return .id }
        if name == "title" { return .title }
        if name.hasPrefix("field:"), name.count > 6 { return .field(String(name.dropFirst(6))) }
        return nil
    }

    /// Whether the command names a field: then it waits for the item's fields to be read.
    public var usesFields: Bool {
        parts.contains { if case .field = $0 { true } else { false } }
    }

    /// The command line for an item: the template with every placeholder replaced by its value, single-quoted
    /// (`'` written `'\''`). Bytes, not a String: a `--stdin` line that is not UTF-8 reaches the command as it
    /// came in.
    public func expanded(for item: Item, fields: [Field]?) -> [UInt8] {
        var bytes: [UInt8] = []
        for part in parts {
            switch part {
            case let .text(text): bytes.append(contentsOf: text.utf8)
            case .id: bytes.append(contentsOf: Self.quoted(item.id.bytes))
            case .title: bytes.append(contentsOf: Self.quoted(Array(item.title.utf8)))
            case let .field(name):
                let value = fields?.first { $0.name == name }?.value ?? ""
                bytes.append(contentsOf: Self.quoted(Array(value.utf8)))
            }
        }
        return bytes
    }

    /// Bytes as one shell word: inside single quotes nothing is special but `'`, which closes, is escaped, and
    /// opens again. A NUL byte, which no command line can hold, is left out.
    static func quoted(_ value: [UInt8]) -> [UInt8] {
        var quoted: [UInt8] = [0x27]
        for byte in value where byte != 0 {
            if byte == 0x27 { quoted.append(contentsOf: Array("'\\''".utf8)) } else { quoted.append(byte) }
        }
        quoted.append(0x27)
        return quoted
    }
}
