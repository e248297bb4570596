import Foundation

/// One set's members among a collection's slots: which slots belong (a bit each, kept while an item is away, so an
/// undo brings it back a member), how many present members come before a slot and which slot is the k-th (a
/// counting tree over present members: O(log n) each, and per change), and when each member joined (sparse: few
/// members have a time).
///
/// Dense: a bit and a counter per slot (4.1 bytes a slot), whatever the set's size. That suits favorites, which a
/// search's ranking asks about for every match; a set with few members among many slots would want a sparse form
/// behind the same interface.
struct Membership: Sendable, Equatable {
    private var bits: [UInt64] = []
    /// Present members only: its ranks are the rows of a pane showing the set.
    private(set) var present = CountTree()
    /// When each member that has a time joined (ms since 1970), by slot: members' only (a slot leaving the set leaves
    /// this too).
    private(set) var times: [Int32: Int64] = [:]

    init() {}

    /// A set of `slotCount` slots whose members are `slots` (ascending), every one of them present, in O(n).
    init(slotCount: Int, members slots: [Int32], times: [Int32: Int64]) {
        bits = [UInt64](repeating: 0, count: (slotCount + 63) / 64)
        for slot in slots { bits[Int(slot) >> 6] |= 1 << UInt64(slot & 63) }
        present = CountTree(slotCount: slotCount, setSlots: slots)
        self.times = times.filter { contains(Int($0.key)) }
    }

    /// How many present members there are.
    var count: Int { present.total }

    /// Whether the item at `slot` belongs, present or away.
    func contains(_ slot: Int) -> Bool {
        let word = slot >> 6
        return word < bits.count && bits[word] & 1 << UInt64(slot & 63) != 0
    }

    /// When the member at `slot` joined; nil for a slot that does not belong, or a member without a time.
    func time(ofSlot slot: Int) -> Int64? { contains(slot) ? times[Int32(slot)] : nil }

    /// The latest time of a member, present or away; nil when none has one.
    var latestTime: Int64? { times.values.max() }

    /// The present members' slots, in slot (list) order.
    var slots: [Int] { (0..<present.total).compactMap { present.slot(ofRank: $0) } }

    /// Makes the present item at `slot` a member (at a time) or not; it is the other way now.
    mutating func set(slot: Int, _ value: Bool, at time: Int64?) {
        bits[slot >> 6] ^= 1 << UInt64(slot & 63)
        present.add(slot, value ? 1 : -1)
        times[Int32(slot)] = value ? time : nil
    }

    /// The item at `slot` went away: it keeps its bit and its time, and leaves the count.
    mutating func slotLeft(_ slot: Int) {
        if contains(slot) { present.add(slot, -1) }
    }

    /// The item at `slot` came back, a member (at a time) or not.
    mutating func slotReturned(_ slot: Int, member: Bool, at time: Int64?) {
        if member { bits[slot >> 6] |= 1 << UInt64(slot & 63) } else { bits[slot >> 6] &= ~(1 << UInt64(slot & 63)) }
        if member { present.add(slot, 1) }
        times[Int32(slot)] = member ? time : nil
    }

    /// A slot added after every other, present, a member (at a time) or not.
    mutating func appendSlot(member: Bool, at time: Int64?) {
        let slot = present.slotCount
        if slot >> 6 >= bits.count { bits.append(0) }
        if member {
            bits[slot >> 6] |= 1 << UInt64(slot & 63)
            if let time { times[Int32(slot)] = time }
        }
        present.append(member)
    }
}
