import ArgumentParser
import FavsFormats
import FavsModel
import Foundation

/// `favs pick --print`: what a chosen item becomes on stdout, one line each.
enum PickOutput: ExpressibleByArgument, Equatable {
    case id, title, json
    /// The value of the item's first field of that name.
    case field(String)

    init?(argument: String) {
        switch argument {
        case "id": self = .id
        case "title": self = .title
        case "json": self = .json
        default:
            guard argument.hasPrefix("field:"), argument.count > "field:".count else { return nil }
            self = .field(String(argument.dropFirst("field:".count)))
        }
    }

    static var allValueStrings: [String] { ["id", "title", "json", "field:NAME"] }

    /// The bytes of the line to print for `item`, exactly as stored (a shell reads it back): a line of
    /// `--stdin` that is not UTF-8 comes back byte for byte as id or title, and as its decoded text in json
    /// (which holds text only). nil when `.field` names a field the item does not have. `fields` reads the
    /// item's fields, which only json and field need.
    func line(for item: Item, fields: () throws -> [Field]) -> Result<[UInt8]?, any Error> {
        Result {
            switch self {
            case .id: return item.id.bytes
            case .title:
                if let line = item.id.lineBytes, item.title == item.id.readable { return line }
                return Array(item.title.utf8)
            case .json:
                var whole = Item(id: ItemID(item.id.readable), title: item.title, favorite: item.favorite,
                                 position: item.position, favoritedAt: item.favoritedAt)
                whole.fields = try fields()
                var out = ""
                ItemWriter.writeObject(whole, to: &out)
                return Array(out.utf8)
            case let .field(name): return try fields().first { $0.name == name }.map { Array($0.value.utf8) }
            }
        }
    }
}
