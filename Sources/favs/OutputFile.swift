import Foundation

/// A file favs writes at the user's word (`export --output`, `script --svg`, `--cast`). A regular file is
/// replaced whole or not at all; anything else is written into, because renaming over it would replace a FIFO
/// its reader waits on, or a device node (as root, `/dev/full` became a regular file).
enum OutputFile {
    /// Why the file could not be written, as the system puts it.
    struct Failure: Error {
        let reason: String
    }

    /// Writes `data` to `path`: renamed into place when the path (or the file its symbolic links lead to) is a
    /// regular file or does not exist yet, written into directly otherwise.
    static func write(_ data: Data, to path: String) throws(Failure) {
        switch destination(of: path) {
        case let .replace(file): try AtomicFile.write(data, to: file)
        case .writeInto: try writeInto(path, data)
        }
    }

    /// Where a write to a path goes.
    enum Destination: Equatable {
        /// A regular file or a new one, at this path (a symbolic link's target, so the link stays a link).
        case replace(String)
        /// Something to open and write into: a FIFO, a device, an open file named through /proc (`/dev/stdout`).
        case writeInto
    }

    /// Follows `path`'s symbolic links to the file they end at. A link in /proc (`/dev/stdout`, `/dev/fd/N`)
    /// names an open file rather than a place, so it is written into, never replaced.
    static func destination(of path: String) -> Destination {
        var current = path
        for _ in 0..<40 {  // Linux's own limit on links in a path
            var status = stat()
            guard lstat(current, &status) == 0 else { return .replace(current) }  // new (or the write says why not)
            switch status.st_mode & S_IFMT {
            case S_IFREG, S_IFDIR: return .replace(current)  // a directory: the write says "Is a directory"
            case S_IFLNK:
                let folder = (current as NSString).deletingLastPathComponent
                guard let target = linkTarget(current), !resolved(folder.isEmpty ? "." : folder).hasPrefix("/proc/")
                else { return .writeInto }
                current = target.hasPrefix("/") || folder.isEmpty ? target : folder + "/" + target
            default: return .writeInto
            }
        }
        return .writeInto  // a loop of links: opening it says so
    }

    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func resolved(_ folder: String) -> String {
        guard let real = realpath(folder, nil) else { return folder }
        defer { free(real) }
        return String(cString: real) + "/"
    }

    /// Opens `path` for writing (appending, so `--output /dev/stdout >> log` adds to the log) and writes `data`.
    private static func writeInto(_ path: String, _ data: Data) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        guard AtomicFile.writeAll(data, to: descriptor) else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(reason: reason)
        }
        guard close(descriptor) == 0 || errno == EINTR else { throw Failure(reason: String(cString: strerror(errno))) }
    }
}
