import FavsModel
import GRDB

extension Library {
    /// The ids `command` can change, in list order, for shell completion: `fav` offers the items that are not
    /// favorites, `unfav` the favorites, `delete` every item, `restore` the deleted ones.
    public func ids(changedBy command: ItemCommand) throws -> [ItemID] {
        let condition = switch command {
        case .favorite: "deleted = 0 AND favorite = 0"
        case .unfavorite: "deleted = 0 AND favorite <> 0"
        case .delete: "deleted = 0"
        case .restore: "deleted <> 0"
        }
        return try writer.read { db in
            try String.fetchAll(db, sql: "SELECT id FROM items WHERE \(condition) ORDER BY position").map { ItemID($0) }
        }
    }
}
