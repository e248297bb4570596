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

    /// The line to print for `item`, exactly as stored (a shell reads it back); nil when `.field` names a field
    /// the item does not have. `fields` reads the item's fields, which only json and field need.
    func line(for item: Item, fields: () throws -> [Field]) -> Result<String?, any Error> {
        Result {
            switch self {
            case .id: return item.id.rawValue
            case .title: return item.title
            case .json:
                var whole = item
                whole.fields = try fields()
                var out = ""
                ItemWriter.writeObject(whole, to: &out)
                return out
            case let .field(name): return try fields().first { $0.name == name }?.value
            }
        }
    }
}
