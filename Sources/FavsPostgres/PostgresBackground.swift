import FavsLibrary
import FavsModel
import Foundation

/// A PostgreSQL library's writes and field reads, done in order on a queue of their own over a connection of
/// their own, so the input thread never waits on the network: it hands a change over (already on screen) and
/// collects the outcome at its next poll (`Store.settleBackground`). Each statement has the session's deadline,
/// so a silent server fails a change within the timeout, and the store takes it back with the reason.
///
/// Threads: the input thread calls `submit`, `requestFields` and `takeResults`; the queue alone touches the
/// session's work and `failedEpoch`; the results pass between them under a lock, and the session is a
/// `SideSession` (cut from another thread when the server falls silent). The library itself is not `Sendable` (the input thread owns it): the queue calls only its
/// methods that take the session to use (`persist(_:on:)`, `fields(of:on:)`, `item(_:on:)`,
/// `remember(order:on:)`) and read nothing of it but constants (`origin`, the target) and its own session's
/// lock-guarded state (`isOffline`).
final class PostgresBackground: BackgroundLibrary, @unchecked Sendable {
    private let library: PostgresLibrary
    private let queue = DispatchQueue(label: "favs.postgres.background")
    /// The queue's connection, made on first use (on the queue): a failure to connect fails that work only; cut
    /// when the library's own session finds the server silent.
    private let side: SideSession
    /// The epoch whose change failed: its later changes are not tried. Queue only.
    private var failedEpoch: Int?
    private var failure = ""
    private let lock = NSLock()
    private var results: [BackgroundResult] = []

    init(_ library: PostgresLibrary) {
        self.library = library
        side = SideSession(beside: library.session)
    }

    func submit(_ change: ModelChange, ticket: Int, epoch: Int) {
        queue.async { [self] in
            if failedEpoch == epoch { return post(.persisted(ticket: ticket, error: failure)) }
            do {
                try library.persist(change, on: try connection(), ticket: ticket)
                post(.persisted(ticket: ticket, error: nil))
            } catch {
                failedEpoch = epoch
                failure = Store.describe(error)
                post(.persisted(ticket: ticket, error: failure))
            }
        }
    }

    func requestFields(of id: ItemID) {
        queue.async { [self] in
            do {
                post(.fields(id, .success(try library.fields(of: id, on: try connection()))))
            } catch {
                post(.fields(id, .failure(FieldReadError(Store.describe(error)))))
            }
        }
    }

    func requestItems(_ ids: [ItemID]) {
        queue.async { [self] in
            // Not read (offline): the list is read again whole once the server answers.
            guard let session = try? connection(),
                  let items = try? ids.map({ id in RemoteUpdate.item(id, try library.item(id, on: session)) }) else { return }
            post(.items(items))
        }
    }

    func takeResults() -> [BackgroundResult] {
        lock.withLock {
            defer { results.removeAll() }
            return results
        }
    }

    func finish() { queue.sync {} }

    /// The order is a preference, remembered in the background too; not remembering it is not worth a message.
    func remember(order: ListQuery.Order) throws {
        queue.async { [self] in try? library.remember(order: order, on: try connection()) }
    }

    /// Waits for the write (what a caller outside the store would expect of a sink).
    func persist(_ change: ModelChange) throws {
        var failure: (any Error)?
        queue.sync { [self] in
            do { try library.persist(change, on: try connection()) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    func fields(of id: ItemID) throws -> [Field] {
        try queue.sync { [self] in try library.fields(of: id, on: try connection()) }
    }

    private func post(_ result: BackgroundResult) {
        lock.withLock { results.append(result) }
    }

    private func connection() throws -> PostgresSession { try side.connection() }
}
