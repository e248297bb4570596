import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Waits for a followed file to change: its folder watched with inotify, and the files' own status compared.
///
/// A browser replaces its bookmark file by rename (Chrome writes `Bookmarks` beside it and renames it over the old
/// one), so a watch on the file would follow the old inode away: the folder is watched instead, and any event in it
/// wakes the wait. What counts as a change is decided by `stat`: the device, inode, size and modification time of
/// each followed path (the file, and for a places.sqlite its `-wal`), so a busy profile folder (Chrome writes its
/// History and Cookies beside `Bookmarks`) wakes the wait but reads nothing. The status is also compared every
/// `interval` whatever inotify says: that catches what inotify cannot see (a network file system, a folder made
/// after the watch began, a system out of inotify watches, where the wait is polling alone).
///
/// A change is taken once the status has stood still for `quiet` (a file written in place, in several writes, is
/// read once it is whole more often than not; a half-written one is the reader's error, and read again at the next
/// change).
public final class FileChangeWatch {
    /// What `stat` says of each followed path; nil for one missing.
    public struct Signature: Equatable, Sendable {
        fileprivate var parts: [[Int]?]
    }

    private let paths: [String]
    private let interval: Int32
    private let quiet: UInt32
    /// The inotify descriptor, or -1 when the wait polls.
    private var descriptor: Int32 = -1
    private var watchedFolder = false

    /// Follows `paths` (all in one folder), waking every `interval` milliseconds at most between inotify events; a
    /// change is taken once the status has not moved for `quiet` milliseconds.
    public init(paths: [String], interval: Int32 = 1000, quiet: UInt32 = 60) {
        self.paths = paths
        self.interval = interval
        self.quiet = quiet
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        watchFolder()
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The followed paths' status now.
    public func signature() -> Signature {
        Signature(parts: paths.map { path in
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            return [Int(status.st_dev), Int(status.st_ino), Int(status.st_size), Int(status.st_mtim.tv_sec),
                    Int(status.st_mtim.tv_nsec)]
        })
    }

    /// Waits until the status differs from `last` and has stood still for the quiet time, and returns it; nil when
    /// `stop` says so first (asked at every wake, at least every `interval`).
    public func wait(changedFrom last: Signature, stop: () -> Bool) -> Signature? {
        while !stop() {
            sleepUntilWoken(milliseconds: interval)
            var now = signature()
            guard now != last else { continue }
            // Still for the quiet time: a write in several parts is taken whole.
            while !stop() {
                usleep(quiet * 1000)
                let later = signature()
                if later == now { return now }
                now = later
            }
        }
        return nil
    }

    /// Blocks until inotify reports something in the folder, or `milliseconds` pass; drains what it reported.
    private func sleepUntilWoken(milliseconds: Int32) {
        if !watchedFolder { watchFolder() }
        guard descriptor >= 0, watchedFolder else {
            Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
            return
        }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&entry, 1, milliseconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Watches the followed paths' folder: the events of a file written, moved in, made or removed there.
    private func watchFolder() {
        guard descriptor >= 0, let first = paths.first else { return }
        let folder = (first as NSString).deletingLastPathComponent
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB)
        watchedFolder = inotify_add_watch(descriptor, folder.isEmpty ? "." : folder, mask) >= 0
    }
}
