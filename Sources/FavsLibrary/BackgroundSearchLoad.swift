import FavsModel
import Foundation

/// The rows of a library's list whose titles may match a search (`ItemLibrary.loadList(titlesPassing:)`, what
/// `favs list --query` reads), read on a thread of its own with a connection of its own while the whole list loads,
/// and held by the browser's preview (`ItemCollection.holding(_:matchesOf:)`, made on that thread too, with what a
/// search and a lookup by id would make on the input thread): a search typed at launch is answered from them
/// (`Browser.answerWaitingSearch(from:)`) long before the list is whole. That thread touches nothing but its own
/// connection, the preview (a value) and the result it hands over.
public final class BackgroundSearchLoad: @unchecked Sendable {
    /// The search whose rows are read.
    public let query: ListQuery
    private let lock = NSLock()
    /// Set by the reading thread, under `lock`, and taken by `take`: the preview holding the rows.
    private var result: Result<ItemCollection, any Error>?

    private init(query: ListQuery) {
        self.query = query
    }

    /// Starts reading the rows of `library`'s list that may match `query` on a thread of its own, and `preview` holding
    /// them, then calls `whenRead` (from that thread); nil for a search with no title test (every row would be read:
    /// the whole list's load answers it), for a library no other connection can see (`:memory:`), and when `preview`
    /// is not a preview.
    public static func start(_ library: any ItemLibrary, query: ListQuery, preview: ItemCollection,
                             whenRead: @escaping @Sendable () -> Void = {}) -> BackgroundSearchLoad? {
        guard preview.isPreview, let prefilter = query.titlePrefilter, let reopen = library.reopenedForSearch() else {
            return nil
        }
        let load = BackgroundSearchLoad(query: query)
        Thread.detachNewThread {
            let held = Result { () throws -> ItemCollection in
                let rows = try reopen().loadList(titlesPassing: prefilter).items
                guard let held = preview.holding(rows, matchesOf: query) else { throw LibraryError.database("not a preview") }
                held.prepareToSearch()
                return held
            }
            load.lock.withLock { load.result = held }
            whenRead()
        }
        return load
    }

    /// The preview holding the rows once they are read (or why they could not be), once; nil while they are being
    /// read, and after.
    public func take() -> Result<ItemCollection, any Error>? {
        lock.withLock {
            defer { result = nil }
            return result
        }
    }
}
