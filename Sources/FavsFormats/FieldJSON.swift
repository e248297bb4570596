import FavsModel

/// A field's value as JSON: the one place that decides how each kind of field is written, so an export and
/// the library's stored fields write the same bytes, and what was read as `1891`, `true` or `null` goes out so.
public enum FieldJSON {
    /// Appends the field's value as a JSON value, in UTF-8.
    public static func write(_ field: Field, to out: inout [UInt8]) {
        if let literal = literal(field) {
            out.append(contentsOf: literal.utf8)
        } else {
            JSONString.write(field.value, to: &out)
        }
    }

    /// Appends the field's value as a JSON value.
    public static func write(_ field: Field, to out: inout String) {
        if let literal = literal(field) { out += literal } else { JSONString.write(field.value, to: &out) }
    }

    /// The bare JSON text of a number, boolean or null; nil for a string, and for a value that is not what its
    /// kind says (a field made in code), which is written as a string so the output is always valid JSON.
    private static func literal(_ field: Field) -> String? {
        switch field.kind {
        case .string: nil
        case .number: isNumber(field.value) ? field.value : nil
        case .bool: field.value == "true" || field.value == "false" ? field.value : nil
        case .null: "null"
        }
    }

    /// Whether `text` is a JSON number (RFC 8259: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`).
    static func isNumber(_ text: String) -> Bool {
        // A native string's bytes are read in place: no copy per field on an export or an import.
        text.utf8.withContiguousStorageIfAvailable(isNumber)
            ?? Array(text.utf8).withUnsafeBufferPointer(isNumber)
    }

    private static func isNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
        func digits() -> Bool {
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
            return true
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if !digits() {
            return false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return false }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() else { return false }
        }
        return index == bytes.count
    }
}
