import Foundation

/// Where the bytes of an import file come from, read piece by piece so that no file is ever held whole.
public protocol ImportInput {
    /// Reads up to `buffer.count` bytes into `buffer`; 0 at the end of the input.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
    /// How many bytes the input holds, when known (a regular file): a file read whole gets its room at once.
    var size: Int? { get }
}

extension ImportInput {
    public var size: Int? { nil }
}

/// A file that cannot be read any further (an I/O error), with the system's reason.
public struct ImportReadError: Error, Equatable, Sendable {
    public var reason: String
}

/// An open file or pipe (standard input is descriptor 0); the caller opens and closes it.
public struct FileInput: ImportInput {
    public let descriptor: Int32

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public var size: Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let count = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw ImportReadError(reason: String(cString: strerror(errno))) }
        }
    }
}

/// Bytes already in memory (tests, and readers that are handed a whole file).
struct DataInput: ImportInput {
    let data: Data
    var offset = 0

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, data.count - offset)
        guard count > 0 else { return 0 }
        let start = data.index(data.startIndex, offsetBy: offset)
        data.copyBytes(to: buffer.bindMemory(to: UInt8.self), from: start..<start + count)
        offset += count
        return count
    }
}
