import FavsModel
import Foundation
import GRDB

/// What a library remembers between runs besides its items: the list's order, kept per library.
extension SQLiteLibrary {
    private static let orderKey = "order"

    /// The order the list was last shown in; nil when none was chosen (or the one stored is unknown).
    public func rememberedOrder() throws -> ListQuery.Order? {
        try LibraryError.wrapping {
            try writer.read { db in
                try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [Self.orderKey])
                    .flatMap(ListQuery.Order.init(rawValue:))
            }
        }
    }

    public func remember(order: ListQuery.Order) throws {
        try LibraryError.wrapping {
            try writer.write { db in
                try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                               arguments: [Self.orderKey, order.rawValue])
            }
        }
    }
}
