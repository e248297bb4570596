import CLZ4
import Foundation

/// Firefox's `.jsonlz4` (mozLz4) wrapping: the magic `mozLz40\0`, the decompressed size as 4 bytes little-endian,
/// then one LZ4 block, which liblz4's `LZ4_decompress_safe` opens (bounds-checked against a hostile block).
enum MozLZ4 {
    static let magic = Array("mozLz40\0".utf8)
    /// The header: the magic and the size.
    static let headerSize = 12

    /// Whether `data` starts with the magic.
    static func isCompressed(_ data: Data) -> Bool { data.starts(with: magic) }
    static func isCompressed(_ bytes: [UInt8]) -> Bool { bytes.starts(with: magic) }

    /// The block's bytes, which must be exactly as many as the header says; a message at `file`:1:1 otherwise.
    static func decompress(_ data: Data, file: String) throws -> Data {
        Data(try decompress([UInt8](data), file: file))
    }

    /// The same from the file's bytes.
    static func decompress(_ bytes: [UInt8], file: String) throws -> [UInt8] {
        func refused(_ message: String) -> ImportError { ImportError(file: file, line: 1, column: 1, message: message) }
        guard bytes.count >= headerSize else { throw refused("a .jsonlz4 file cut short in its header") }
        let size = bytes[8..<12].reversed().reduce(0) { $0 << 8 | Int($1) }
        let block = bytes[headerSize...]
        // LZ4 expands a byte at most 255 times: a larger size in the header is not this block's.
        let bound = block.count * 255 + 16
        if let out = inflate(block, capacity: min(size, bound)), out.count == size { return out }
        // Either the block is broken, or it holds another size than the header's: a second try tells which.
        guard let out = inflate(block, capacity: bound) else {
            throw refused("the LZ4 block is truncated or corrupt")
        }
        throw refused("the LZ4 block holds \(out.count) bytes, the header says \(size)")
    }

    /// The block decompressed into at most `capacity` bytes; nil when it is broken or does not fit.
    private static func inflate(_ block: ArraySlice<UInt8>, capacity: Int) -> [UInt8]? {
        guard capacity <= Int(Int32.max), block.count <= Int(Int32.max) else { return nil }
        var out = [UInt8](repeating: 0, count: capacity)
        let count = block.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                source.withMemoryRebound(to: CChar.self) { source in
                    target.withMemoryRebound(to: CChar.self) { target in
                        LZ4_decompress_safe(source.baseAddress, target.baseAddress, Int32(source.count), Int32(target.count))
                    }
                }
            }
        }
        guard count >= 0 else { return nil }
        out.removeLast(out.count - Int(count))  // in place: the decompressed file is the largest buffer of the import
        return out
    }
}
