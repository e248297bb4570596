import FavsLibrary
import FavsModel

/// Rows in `COPY`'s text format: tab between columns, a newline after each row, and backslash escapes for a
/// backslash, tab, newline or carriage return inside a value. PostgreSQL's text cannot hold a NUL character.
struct CopyRows {
    var bytes: [UInt8] = []

    mutating func add(_ numbers: Int...) throws {
        for number in numbers {
            bytes.append(contentsOf: String(number).utf8)
            bytes.append(UInt8(ascii: "\t"))
        }
    }

    /// The columns of `addMember`'s rows in `members`.
    static let memberColumns = ["set_name", "item_id", "added_at"]

    /// A row of `members`: the item a member of a set, at a time or without one.
    mutating func addMember(_ id: ItemID, of set: SetID, at time: Int64?, line: Int) throws {
        try add(set.name, line: line)
        try add(id.rawValue, line: line)
        bytes.append(contentsOf: (time.map(String.init) ?? "\\N").utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// The columns of `addPick`'s rows in an import's `import_picks`.
    static let pickColumns = ["ord", "item_id", "picked_at", "weight"]

    /// A row of an import's picks: the record's number (`ord`), its item, and one pick.
    mutating func addPick(_ pick: Pick, of id: ItemID, ord: Int, line: Int) throws {
        try add(ord)
        try add(id.rawValue, line: line)
        try add(Int(pick.at))
        bytes.append(contentsOf: "\(pick.weight)\n".utf8)
    }

    mutating func add(_ text: String, line: Int) throws {
        var text = text
        try text.withUTF8 { try add(bytes: UnsafeRawBufferPointer($0), line: line) }
    }

    /// A text that may be missing: `\\N`, COPY's NULL, when it is.
    mutating func add(optional text: String?, line: Int) throws {
        guard let text else { return bytes.append(contentsOf: "\\N\t".utf8) }
        try add(text, line: line)
    }

    mutating func add(bytes value: [UInt8], line: Int) throws {
        try value.withUnsafeBytes { try add(bytes: $0, line: line) }
    }

    mutating func add(bytes value: UnsafeRawBufferPointer, line: Int) throws {
        var start = 0
        for (index, byte) in value.enumerated() {
            let escape: UInt8
            switch byte {
            case UInt8(ascii: "\\"): escape = UInt8(ascii: "\\")
            case UInt8(ascii: "\t"): escape = UInt8(ascii: "t")
            case UInt8(ascii: "\n"): escape = UInt8(ascii: "n")
            case UInt8(ascii: "\r"): escape = UInt8(ascii: "r")
            case 0: throw LibraryError.database("line \(line): PostgreSQL cannot store a NUL character")
            default: continue
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: value[start..<index]))
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(escape)
            start = index + 1
        }
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: value[start...]))
        bytes.append(UInt8(ascii: "\t"))
    }

    /// A number that ends the row.
    mutating func addLast(_ last: Int) {
        bytes.append(contentsOf: String(last).utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    mutating func add(_ flag: Bool, last: Bool) {
        bytes.append(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
        bytes.append(last ? UInt8(ascii: "\n") : UInt8(ascii: "\t"))
    }
}
