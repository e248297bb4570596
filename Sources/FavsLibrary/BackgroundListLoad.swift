import FavsModel
import Foundation

/// A library's whole list, read on a thread of its own with a connection of its own (`ItemLibrary.reopenedForSearch`)
/// while the input thread answers keys on a preview; the run loop's poll takes it in on the input thread (`take`).
/// That thread touches nothing but its own connection and the result it hands over.
public final class BackgroundListLoad: @unchecked Sendable {
    /// The list and the point in the change log it was read at (where a follower starts), or why it could not be read.
    public typealias Loaded = Result<(items: ItemCollection, lastChange: Int64), any Error>

    private let lock = NSLock()
    /// Set by the reading thread, under `lock`, and taken by `take`.
    private var result: Loaded?

    private init() {}

    /// Starts reading `library`'s list on a thread of its own, then calls `whenRead` (from that thread); nil for a
    /// library no other connection can see (`:memory:`), whose list is read where it is.
    public static func start(_ library: any ItemLibrary,
                             whenRead: @escaping @Sendable () -> Void = {}) -> BackgroundListLoad? {
        guard let reopen = library.reopenedForSearch() else { return nil }
        let load = BackgroundListLoad()
        Thread.detachNewThread {
            let loaded = Loaded {
                let loaded = try reopen().loadListToFollow()
                loaded.items.prepareIndex()  // here, not on the input thread at its first lookup
                return loaded
            }
            load.lock.withLock { load.result = loaded }
            whenRead()
        }
        return load
    }

    /// The list once it is read (or why it could not be), once; nil while it is being read, and after.
    public func take() -> Loaded? {
        lock.withLock {
            defer { result = nil }
            return result
        }
    }
}
