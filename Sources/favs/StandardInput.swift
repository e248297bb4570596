import ArgumentParser
import FavsExitStatus
import Foundation

/// stdin, read whole as bytes.
enum StandardInput {
    /// Everything on stdin, in one buffer sized by the file when stdin is one (a few milliseconds for 20 MB,
    /// where FileHandle's readDataToEndOfFile took five times as long).
    static func readAll() throws -> [UInt8] {
        var status = stat()
        let size = fstat(STDIN_FILENO, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : 0
        var buffer = [UInt8](repeating: 0, count: max(size + 1, 1 << 16))
        var used = 0
        while true {
            if used == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
            let n = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress.map { $0 + used }, $0.count - used) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read stdin: \(String(cString: strerror(errno)))", .cannotReadInput)
            }
            used += n
        }
        buffer.removeSubrange(used...)
        return buffer
    }
}
