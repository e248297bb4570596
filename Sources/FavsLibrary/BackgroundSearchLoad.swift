import FavsModel
import Foundation

/// The rows of a library's list whose titles may match a search (`ItemLibrary.loadList(titlesPassing:)`, what
/// `favs list --query` reads), read on a thread of its own with a connection of its own while the whole list loads:
/// a search typed at launch is answered from them (`Browser.answerWaitingSearch`) long before the list is whole.
/// That thread touches nothing but its own connection and the result it hands over.
public final class BackgroundSearchLoad: @unchecked Sendable {
    /// The search whose rows are read.
    public let query: ListQuery
    private let lock = NSLock()
    /// Set by the reading thread, under `lock`, and taken by `take`.
    private var result: Result<ItemCollection, any Error>?

    private init(query: ListQuery) {
        self.query = query
    }

    /// Starts reading the rows of `library`'s list that may match `query` on a thread of its own, then calls `whenRead`
    /// (from that thread); nil for a search with no title test (every row would be read: the whole list's load answers
    /// it) and for a library no other connection can see (`:memory:`).
    public static func start(_ library: any ItemLibrary, query: ListQuery,
                             whenRead: @escaping @Sendable () -> Void = {}) -> BackgroundSearchLoad? {
        guard let prefilter = query.titlePrefilter, let reopen = library.reopenedForSearch() else { return nil }
        let load = BackgroundSearchLoad(query: query)
        Thread.detachNewThread {
            let rows = Result { try reopen().loadList(titlesPassing: prefilter).items }
            load.lock.withLock { load.result = rows }
            whenRead()
        }
        return load
    }

    /// The rows once they are read (or why they could not be), once; nil while they are being read, and after.
    public func take() -> Result<ItemCollection, any Error>? {
        lock.withLock {
            defer { result = nil }
            return result
        }
    }
}
