import Foundation

/// What the list query's field terms let through, as the store knows it: nothing to filter (no field term), the
/// library's answer not come yet (nothing is shown: the list says `searching fields…`), or the answer.
enum FieldFilter: Sendable {
    case none
    case waiting
    /// The library's answer, numbered: two filters with the same number are the same answer.
    case matches(FieldMatches, answer: Int)

    /// The answer's number; nil when there is no answer to filter by.
    var answer: Int? {
        if case let .matches(_, answer) = self { answer } else { nil }
    }
}

/// The field answer by slot, for the collection's numbering: a membership test per slot with no id made.
struct FieldSlots: Sendable {
    /// The answer and the numbering the bits follow.
    private(set) var answer: Int
    private(set) var generation: Int
    /// How many slots the collection had: a slot added since may be one the answer names.
    private(set) var slotCount: Int
    private var bits: SlotBits
    private var inverted: Bool

    init(_ matches: FieldMatches, answer: Int, in items: ItemCollection) {
        self.answer = answer
        generation = items.generation
        slotCount = items.slotCount
        inverted = matches.isInverted
        bits = SlotBits(slotCount: items.slotCount)
        for id in matches.ids {
            guard let slot = items.slot(of: id) else { continue }
            bits.insert(slot)
        }
    }

    /// Whether these bits still follow the collection's slots.
    func follows(_ items: ItemCollection) -> Bool { generation == items.generation && slotCount == items.slotCount }

    /// Whether the item at `slot` is let through.
    func contains(_ slot: Int) -> Bool { bits.contains(slot) != inverted }
}
