import FavsLibrary
import FavsModel
import Foundation

/// The commands of `favs favorite`, `unfavorite`, `delete` and `restore`: which items a command would change,
/// and the change itself, in one transaction with its change-log rows and one notification.
extension PostgresLibrary {
    public func ids(changedBy command: ItemCommand) throws -> [ItemID] {
        let favorite = "EXISTS (SELECT 1 FROM \(favorites) f WHERE f.item_id = items.id)"
        return try session.query(PostgresQuery(unsafeSQL: """
            SELECT id FROM items WHERE \(command.candidates(favorite: favorite)) ORDER BY position
            """)).map { ItemID(try $0.decode(String.self)) }
    }

    /// The rules are `LibraryWriteTransaction.apply(_:to:)`'s; the advisory lock this transaction holds keeps another
    /// writer from stamping a favorite in between.
    /// Two trips to the server: the items' states read with the transaction's `BEGIN` and lock, then the writes
    /// with the `COMMIT`.
    @discardableResult
    public func apply(_ command: ItemCommand, to ids: [ItemID]) throws -> [ItemID] {
        try refuseOlderFormat()
        return try apply(command, to: ids, checkingTables: false)
    }

    /// Applies a command to the library at `url`, which must exist, checking its tables with the change: after the
    /// login, the same two trips to the server as `apply`, where opening it first (`open`) would cost three more. A
    /// schema that does not hold this favs's library as it writes it (no tables, another format, no field index) is
    /// opened as `open` opens it, with the same refusals, and the command applied then. Returns the items changed,
    /// and what opening it did that the user should hear of (`openingNotice`).
    ///
    /// `readOnly`: what to do instead, on the library opened, when the role may only read it (a member's own stars
    /// kept on this machine); without it, the change is refused (`readOnlyRole`).
    public static func apply(_ command: ItemCommand, to ids: [ItemID], url: String, timeout: Int = 5,
                             environment: [String: String] = ProcessInfo.processInfo.environment,
                             readOnly: ((PostgresLibrary) throws -> [ItemID])? = nil)
        throws -> (changed: [ItemID], notice: String?) {
        try changing(url: url, timeout: timeout, environment: environment,
                     checked: { try $0.apply(command, to: ids, checkingTables: true) },
                     opened: { library, writable in
                         if !writable, let readOnly { return try readOnly(library) }
                         return try library.apply(command, to: ids)
                     })
    }

    /// Puts items in sets and takes them out (`favs tag`) on the library at `url`, which must exist, checking its
    /// tables with the change as `apply(_:to:url:)` does: two trips after the login.
    public static func changeMembers(_ ids: [ItemID], join: [SetID], leave: [SetID], url: String, timeout: Int = 5,
                                     environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> (changed: [ItemID], notice: String?) {
        try changing(url: url, timeout: timeout, environment: environment,
                     checked: { try $0.changeMembers(ids, join: join, leave: leave, checkingTables: true) },
                     opened: { library, _ in try library.changeMembers(ids, join: join, leave: leave) })
    }

    /// A command's change on the library at `url`: `checked` on the library as this favs writes it, its tables
    /// checked in the change's first trip; where they are not (`NotCurrent`), the library opened as `open` opens it,
    /// with the same refusals, and `opened` on it (told whether the role may write). With what opening said.
    private static func changing<T>(url: String, timeout: Int, environment: [String: String],
                                    checked: (PostgresLibrary) throws -> T,
                                    opened: (PostgresLibrary, _ writable: Bool) throws -> T) throws -> (T, String?) {
        let target = try PostgresTarget(url: url, environment: environment)
        let session = try PostgresSession(target, timeout: timeout)
        do {
            return (try checked(PostgresLibrary(session: session, name: "")), nil)
        } catch is NotCurrent {
            // Not this favs's tables as it writes them (older, or a role that may only read): opened as `open` does.
            let prepared = try prepare(session, seed: false, mustExist: true)
            let library = PostgresLibrary(session: session, name: prepared.name, format: prepared.format,
                                          writable: prepared.writable, picksGranted: prepared.picksGranted)
            return (try opened(library, prepared.writable), prepared.notice)
        }
    }

    /// `apply`; `checkingTables`: the first trip asks first whether the tables are this favs's (`isCurrent`), and
    /// `NotCurrent` is thrown (the transaction rolled back) when they are not.
    private func apply(_ command: ItemCommand, to ids: [ItemID], checkingTables: Bool) throws -> [ItemID] {
        try session.transaction(writes: true) { () -> ([ItemID], ChangeNotice?) in
            let writes = PostgresWrites(session: session, origin: origin)
            try checkTables(checkingTables) { check in
                try writes.prefetch(states: ids, latestIn: command == .favorite ? .favorites : nil, after: check)
            }
            return applied(try writes.apply(command, to: ids))
        }
    }

    /// Runs a change's first reads (`prefetch`), with the check of the tables before them when `checkingTables`:
    /// `NotCurrent` when it says no or cannot be asked.
    private func checkTables(_ checkingTables: Bool, _ prefetch: ([PostgresQuery]) throws -> [[PostgresRow]]) throws {
        let checked: [[PostgresRow]]
        do {
            checked = try prefetch(checkingTables ? [Self.isCurrent(session.target)] : [])
        } catch let failure as PostgresSession.BatchFailure {
            // The check refused (no `meta` table, no right to read it), or said no and a read after it failed (no
            // `items`): `open` says what is wrong.
            guard checkingTables else { throw failure.error }
            if failure.failed == 0, case .database = failure.error { throw NotCurrent() }
            if let answer = failure.answered.first, try !Self.said(answer) { throw NotCurrent() }
            throw failure.error
        }
        if checkingTables, try !Self.said(checked.first ?? []) { throw NotCurrent() }
    }

    /// Whether a check's answer (one row, one boolean) is yes.
    private static func said(_ answer: [PostgresRow]) throws -> Bool {
        try answer.first?.decode(Bool.self) == true
    }

    /// The tables are not exactly this favs's (`isCurrent`): open the library as `open` does.
    private struct NotCurrent: Error {}

    /// Puts items in sets and takes them out, in one transaction, with one notice; returns the items changed. Two
    /// trips to the server, as `apply`.
    public func changeMembers(_ ids: [ItemID], join: [SetID], leave: [SetID]) throws -> [ItemID] {
        try refuseOlderFormat()
        return try changeMembers(ids, join: join, leave: leave, checkingTables: false)
    }

    /// `changeMembers`, with the tables checked in its first trip as `apply(_:to:checkingTables:)` does.
    private func changeMembers(_ ids: [ItemID], join: [SetID], leave: [SetID], checkingTables: Bool) throws -> [ItemID] {
        try session.transaction(writes: true) { () -> ([ItemID], ChangeNotice?) in
            let writes = PostgresWrites(session: session, origin: origin)
            try checkTables(checkingTables) { check in
                try writes.prefetch(states: ids, latestIn: join.contains(.favorites) ? .favorites : nil,
                                    tagNames: (join + leave).contains(where: \.isTag), after: check)
            }
            return applied(try writes.changeMembers(ids, join: join, leave: leave))
        }
    }

    /// The items a command wrote, and its notice.
    private func applied(_ written: [LoggedWrite]) -> ([ItemID], ChangeNotice?) {
        (written.map(\.write.itemID), ChangeNotice(written, library: session.target.schema, origin: origin, names: names))
    }

    /// Takes away what a followed bookmark file no longer holds, in one transaction with one notice.
    public func withdrawBookmarks(_ withdrawal: BookmarkWithdrawal) throws -> BookmarksWithdrawn {
        try refuseOlderFormat()
        return try session.transaction(writes: true) { () -> (BookmarksWithdrawn, ChangeNotice?) in
            let (written, kept) = try PostgresWrites(session: session, origin: origin).withdraw(withdrawal)
            let deleted = written.compactMap { write -> ItemID? in
                if case let .delete(id) = write.write { return id }
                return nil
            }
            return (BookmarksWithdrawn(deleted: deleted, kept: kept),
                    ChangeNotice(written, library: session.target.schema, origin: origin, names: names))
        }
    }

    public func renameSearch(_ name: String, to new: String?) throws {
        try refuseOlderFormat()
        try session.transaction(writes: true) { () -> ((), ChangeNotice?) in
            let written = try PostgresWrites(session: session, origin: origin).renameSearch(name, to: new)
            return ((), ChangeNotice(written, library: session.target.schema, origin: origin, names: names))
        }
    }

    /// Renames a tag and those nested under it, or takes them off every item (`new` nil), in one transaction with
    /// one notice; returns the items changed.
    public func renameTag(_ old: String, to new: String?) throws -> [ItemID] {
        try refuseOlderFormat()
        return try session.transaction(writes: true) { () -> ([ItemID], ChangeNotice?) in
            applied(try PostgresWrites(session: session, origin: origin).renameTag(old, to: new))
        }
    }
}
