import Foundation

/// Writes a file whole or not at all: a temporary file in the same directory, flushed, then renamed over it.
enum AtomicFile {
    typealias Failure = OutputFile.Failure

    /// Replaces `path` with `data`; an existing file keeps its permissions, a new one gets 0666 less the umask.
    static func write(_ data: Data, to path: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        var status = stat()
        let mode: mode_t
        if stat(path, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR { throw Failure(reason: "Is a directory") }
            mode = status.st_mode & 0o7777
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        var template = Array((url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        func fail() -> Failure {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            unlink(temporary)
            return Failure(reason: reason)
        }
        guard writeAll(data, to: descriptor), fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else { throw fail() }
        guard close(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(reason: reason)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(reason: reason)
        }
    }

    /// Writes all of `data`, however many calls it takes; false with `errno` set when one fails.
    static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                if count == 0 { errno = EIO }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }
}
