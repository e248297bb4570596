import FavsModel
import Foundation

/// An item's picks in a JSON export (`"picks"`, issue #37), and read back by `favs import`: an array of objects,
/// oldest first, each `{"at": MS}` (the time of the pick, in ms since 1970) with `"weight": W` for a row that
/// stands for several old picks folded into one (`Pick.weight`, written only when it is not 1). The times and
/// weights are the library's own, so an import of an export scores every item exactly as before.
public enum PicksJSON {
    /// Appends `"picks":[…]` (with the comma before it) for an item with picks; nothing for one without.
    static func write(_ picks: [Pick], to out: inout String) {
        guard !picks.isEmpty else { return }
        out += #","picks":["#
        for (index, pick) in picks.enumerated() {
            out += index > 0 ? #",{"at":"# : #"{"at":"#
            out += String(pick.at)
            // Swift's description of a Double is the shortest text that reads back as the same value.
            if pick.weight != 1 { out += #","weight":"# + String(describing: pick.weight) }
            out += "}"
        }
        out += "]"
    }

    /// The picks of a `picks` array; throws a message naming the first element that is not a pick.
    static func read(_ elements: [JSONValue]) throws(PicksProblem) -> [Pick] {
        var picks: [Pick] = []
        picks.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let problem = PicksProblem(item: index + 1)
            guard case let .object(members) = element else { throw problem }
            var at: Int64?
            var weight = 1.0
            for member in members {
                switch (member.key, member.value) {
                case let ("at", .number(text)) where at == nil:
                    guard let time = Int64(text) else { throw problem }
                    at = time
                case let ("weight", .number(text)):
                    guard let value = Double(text), value.isFinite, value > 0 else { throw problem }
                    weight = value
                default:
                    throw problem
                }
            }
            guard let at else { throw problem }
            picks.append(Pick(at: at, weight: weight))
        }
        return picks.sorted { $0.at < $1.at }
    }
}

/// A `picks` element that is not `{"at": MS}` or `{"at": MS, "weight": W}` (W above 0): which one, 1-based.
public struct PicksProblem: Error {
    public var item: Int

    public var message: String {
        #"picks must be an array of {"at": MS} objects, "weight" optional and above 0 (item \#(item) is not one)"#
    }
}
