/// The character references a Netscape bookmark file holds, both ways.
enum Entities {
    /// The text of bytes with `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`, `&apos;`, `&nbsp;`, `&#NNN;` and `&#xHH;`
    /// decoded; any other `&` (a bare one in a URL's query, an unknown name, a number that is no character) stays
    /// as written, as browsers read it.
    static func decode(_ bytes: some Collection<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semicolon = after.prefix(10).firstIndex(of: ";"), let decoded = character(after[..<semicolon]) {
                out.unicodeScalars.append(decoded)
                rest = after[after.index(after: semicolon)...]
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }

    /// The character an entity's name (between `&` and `;`) stands for.
    private static func character(_ name: Substring) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return "\u{A0}"
        default:
            guard name.first == "#" else { return nil }
            let digits = name.dropFirst()
            let hex = digits.first == "x" || digits.first == "X"
            guard let value = UInt32(hex ? digits.dropFirst() : digits, radix: hex ? 16 : 10), value != 0 else { return nil }
            return Unicode.Scalar(value)
        }
    }

    /// Text made safe inside an element or a quoted attribute: `&`, `<`, `>` and `"` as entities, and every
    /// control character (which a terminal would act on) as a numeric reference that reads back as itself.
    static func escape(_ text: String, to out: inout String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                if scalar.properties.generalCategory == .control { out += "&#\(scalar.value);" } else { out.unicodeScalars.append(scalar) }
            }
        }
    }
}
