import Foundation

/// UTF-8 text mapped scalar by scalar: ASCII letters lower-cased by arithmetic, every other scalar by
/// `transform`, which runs once per distinct scalar (a collection repeats few of them) and is remembered.
/// The walk shared by the filter's case folding and the title order's sort keys.
struct ScalarMap {
    /// A scalar's UTF-8 bytes in, its mapped UTF-8 out.
    private let transform: @Sendable (UnsafeRawBufferPointer) -> [UInt8]
    private var mappings: [UInt32: [UInt8]] = [:]

    init(_ transform: @escaping @Sendable (UnsafeRawBufferPointer) -> [UInt8]) {
        self.transform = transform
    }

    /// Appends the mapped UTF-8 of `text` to `output`.
    mutating func append(_ text: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        var i = 0
        while i < text.count {
            let byte = text[i]
            if byte < 0x80 {
                output.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
                i += 1
                continue
            }
            let end = min(text.count, i + Self.length(lead: byte))
            output.append(contentsOf: mapped(UnsafeRawBufferPointer(rebasing: text[i..<end])))
            i = end
        }
    }

    /// The mapping of one scalar, given as its UTF-8 bytes.
    mutating func mapped(_ scalarBytes: UnsafeRawBufferPointer) -> [UInt8] {
        var key: UInt32 = 0
        for byte in scalarBytes { key = key << 8 | UInt32(byte) }
        if let known = mappings[key] { return known }
        let result = transform(scalarBytes)
        mappings[key] = result
        return result
    }

    /// The length of a UTF-8 sequence from its first byte.
    static func length(lead: UInt8) -> Int { lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1 }
}
