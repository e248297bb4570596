import FavsLibrary
import FavsModel
import PostgresNIO

/// The commands of `favs favorite`, `unfavorite`, `delete` and `restore`: which items a command would change,
/// and the change itself, in one transaction with its change-log rows and one notification.
extension PostgresLibrary {
    public func ids(changedBy command: ItemCommand) throws -> [ItemID] {
        let condition = switch command {
        case .favorite: "NOT deleted AND NOT favorite"
        case .unfavorite: "NOT deleted AND favorite"
        case .delete: "NOT deleted"
        case .restore: "deleted"
        }
        return try session.query(PostgresQuery(unsafeSQL: "SELECT id FROM items WHERE \(condition) ORDER BY position"))
            .map { ItemID(try $0.decode(String.self)) }
    }

    @discardableResult
    public func apply(_ command: ItemCommand, to ids: [ItemID]) throws -> [ItemID] {
        try session.transaction(writes: true) { () -> ([ItemID], ChangeNotice?) in
            var states: [(ItemID, favorite: Bool, deleted: Bool)] = []
            for id in ids {
                guard let row = try session.query("SELECT favorite, deleted FROM items WHERE id = \(id.rawValue)").first
                else { throw LibraryError.noItem(id) }
                let (favorite, deleted) = try row.decode((Bool, Bool).self)
                guard command == .restore || !deleted else { throw LibraryError.noItem(id) }
                states.append((id, favorite, deleted))
            }
            var changed: [ItemID] = []
            var seqs: [Int64] = []
            var kinds: [ChangeKind] = []
            var done = Set<ItemID>()
            // Favorites made one after the other, in the order named, each after the library's latest (the
            // advisory lock this transaction holds keeps another writer from stamping in between).
            var latest = command != .favorite ? nil
                : try session.query("SELECT max(favorited_at) FROM items WHERE favorite AND NOT deleted")
                    .first?.decode(Int64?.self) ?? nil
            for (id, favorite, deleted) in states where done.insert(id).inserted {
                let kind: ChangeKind
                switch command {
                case .favorite where !favorite:
                    let stamp = FavoriteStamp.next(now: Store.now(), after: latest)
                    latest = stamp
                    try session.query("UPDATE items SET favorite = true, favorited_at = \(stamp) WHERE id = \(id.rawValue)")
                    kind = .favorite
                case .unfavorite where favorite:
                    try session.query("UPDATE items SET favorite = false, favorited_at = NULL WHERE id = \(id.rawValue)")
                    kind = .unfavorite
                case .delete:
                    try session.query("UPDATE items SET deleted = true WHERE id = \(id.rawValue)")
                    kind = .delete
                case .restore where deleted:
                    try session.query("UPDATE items SET deleted = false WHERE id = \(id.rawValue)")
                    kind = .restore
                default: continue
                }
                seqs.append(try log(kind, id.rawValue))
                kinds.append(kind)
                changed.append(id)
            }
            // Announced with the rows it added (followers read the log up to them), and the change itself when
            // it is a single favorite, unfavorite or delete.
            guard let first = seqs.first, let last = seqs.last else { return (changed, nil) }
            var notice = ChangeNotice(library: session.target.schema, first: first, seq: last, origin: origin, kind: "batch")
            if changed.count == 1, kinds[0] != .restore { (notice.kind, notice.id) = (kinds[0].rawValue, changed[0].rawValue) }
            if changed.count == 1, kinds[0] == .favorite { notice.time = latest }
            return (changed, notice)
        }
    }
}
