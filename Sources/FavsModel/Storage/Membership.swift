import Foundation

/// One set's members among a collection's slots: which slots belong (kept while an item is away, so an undo brings
/// it back a member), how many present members come before a slot and which slot is the k-th (O(log n) each), and
/// when each member joined (sparse: few members have a time).
///
/// Two forms behind one interface, chosen when the set is made:
/// - **dense**, for favorites, which a search's ranking asks about for every match: a bit and a counter per slot
///   (4.1 bytes a slot, whatever the set's size), a counting tree over present members;
/// - **sparse**, for tags and the rest: the member slots in a hash set and the present ones in a sorted array,
///   so a set costs its members (about 20 bytes each), not the collection's size: a thousand tags over a million
///   items would take 4 GB dense. A join or leave moves the array's tail (a `memmove` of at most the set's size).
///
/// A *folder* (`SetID.tagFolder`) is a sparse set whose members are counted (`count(slot:_:)`): an item is in it
/// while it carries one or more of the tags nested there.
struct Membership: Sendable, Equatable {
    private var form: Form
    /// When each member that has a time joined (ms since 1970), by slot: members' only (a slot leaving the set leaves
    /// this too).
    private(set) var times: [Int32: Int64] = [:]

    private enum Form: Sendable, Equatable {
        case dense(bits: [UInt64], present: CountTree)
        /// `members`: every member slot, present or away, with how many times it is in (1 but in a folder);
        /// `present`: the present ones, ascending.
        case sparse(members: [Int32: UInt16], present: [Int32])
    }

    init() { form = .dense(bits: [], present: CountTree()) }

    /// A dense set of `slotCount` slots whose members are `slots` (ascending), every one of them present, in O(n).
    init(slotCount: Int, members slots: [Int32], times: [Int32: Int64]) {
        var bits = [UInt64](repeating: 0, count: (slotCount + 63) / 64)
        for slot in slots { bits[Int(slot) >> 6] |= 1 << UInt64(slot & 63) }
        form = .dense(bits: bits, present: CountTree(slotCount: slotCount, setSlots: slots))
        self.times = times.filter { bits[Int($0.key) >> 6] & 1 << UInt64($0.key & 63) != 0 }
    }

    /// An empty sparse set.
    static var sparse: Membership {
        var set = Membership()
        set.form = .sparse(members: [:], present: [])
        return set
    }

    /// How many present members there are.
    var count: Int {
        switch form {
        case let .dense(_, present): present.total
        case let .sparse(_, present): present.count
        }
    }

    /// Whether the item at `slot` belongs, present or away.
    func contains(_ slot: Int) -> Bool {
        switch form {
        case let .dense(bits, _):
            let word = slot >> 6
            return word < bits.count && bits[word] & 1 << UInt64(slot & 63) != 0
        case let .sparse(members, _): return members[Int32(slot)] != nil
        }
    }

    /// How many present members come before `slot`: a present member's index among them.
    func countBefore(_ slot: Int) -> Int {
        switch form {
        case let .dense(_, present): present.countBefore(slot)
        case let .sparse(_, present): Self.lowerBound(Int32(slot), in: present)
        }
    }

    /// The slot of the present member at `rank`; nil past the last.
    func slot(ofRank rank: Int) -> Int? {
        switch form {
        case let .dense(_, present): present.slot(ofRank: rank)
        case let .sparse(_, present): rank >= 0 && rank < present.count ? Int(present[rank]) : nil
        }
    }

    /// How many times the item at `slot` is in a counted set (a folder's tags nested there, the team's stars): 0 when
    /// it is not a member, 1 in a set that is not counted.
    func tally(ofSlot slot: Int) -> Int {
        switch form {
        case .dense: contains(slot) ? 1 : 0
        case let .sparse(members, _): Int(members[Int32(slot)] ?? 0)
        }
    }

    /// When the member at `slot` joined; nil for a slot that does not belong, or a member without a time.
    func time(ofSlot slot: Int) -> Int64? { contains(slot) ? times[Int32(slot)] : nil }

    /// The latest time of a member, present or away; nil when none has one.
    var latestTime: Int64? { times.values.max() }

    /// The present members' slots, in slot (list) order.
    var slots: [Int] {
        switch form {
        case let .dense(_, present): (0..<present.total).compactMap { present.slot(ofRank: $0) }
        case let .sparse(_, present): present.map(Int.init)
        }
    }

    /// Makes the present item at `slot` a member (at a time) or not; it is the other way now.
    mutating func set(slot: Int, _ value: Bool, at time: Int64?) {
        times[Int32(slot)] = value ? time : nil
        switch form {
        case var .dense(bits, present):
            form = .sparse(members: [:], present: [])  // so the arrays below are not copied as they change
            bits[slot >> 6] ^= 1 << UInt64(slot & 63)
            present.add(slot, value ? 1 : -1)
            form = .dense(bits: bits, present: present)
        case .sparse:
            _ = count(slot: slot, value ? 1 : -1)
        }
    }

    /// A folder's count of the tags at `slot` nested in it goes up or down by one; returns whether that made the
    /// present item at `slot` join (`+1` from none) or leave (`-1` to none) the folder. Sparse sets only.
    mutating func count(slot: Int, _ delta: Int) -> Bool {
        guard case .sparse(var members, var present) = form else { return false }
        form = .sparse(members: [:], present: [])
        defer { form = .sparse(members: members, present: present) }
        let key = Int32(slot)
        let was = Int(members[key] ?? 0), now = max(0, was + delta)
        members[key] = now == 0 ? nil : UInt16(min(now, Int(UInt16.max)))
        guard (was == 0) != (now == 0) else { return false }
        let at = Self.lowerBound(key, in: present)
        if now > 0 { present.insert(key, at: at) } else { present.remove(at: at) }
        return true
    }

    /// Many present items join a sparse set, or a folder's count of each goes up by one (`slots` ascending, none
    /// repeated; `times`: when those that have a time joined): those new to the set are placed among the present
    /// members in one merge, O(members + slots), where a `count(slot:_:)` each would move the array's tail every
    /// time. What a library's tags cost when it opens: their rows come in no order of position, and each tag's
    /// members land all over its folders.
    mutating func join(sorted slots: [Int32], at times: [Int32: Int64] = [:]) {
        guard case .sparse(var members, var present) = form else { return }
        form = .sparse(members: [:], present: [])
        defer { form = .sparse(members: members, present: present) }
        for (slot, time) in times { self.times[slot] = time }
        var joined: [Int32] = []
        for key in slots {
            let was = members[key] ?? 0
            members[key] = was == .max ? was : was + 1
            if was == 0 { joined.append(key) }
        }
        guard let first = joined.first else { return }
        guard let last = present.last, last > first else {
            present.append(contentsOf: joined)
            return
        }
        var merged: [Int32] = []
        merged.reserveCapacity(present.count + joined.count)
        var i = 0, j = 0
        while i < present.count, j < joined.count {
            if present[i] < joined[j] {
                merged.append(present[i])
                i += 1
            } else {
                merged.append(joined[j])
                j += 1
            }
        }
        merged.append(contentsOf: present[i...])
        merged.append(contentsOf: joined[j...])
        present = merged
    }

    /// The item at `slot` went away: it keeps its membership and its time, and leaves the count.
    mutating func slotLeft(_ slot: Int) {
        guard contains(slot) else { return }
        switch form {
        case .dense(let bits, var present):
            form = .sparse(members: [:], present: [])
            present.add(slot, -1)
            form = .dense(bits: bits, present: present)
        case .sparse(let members, var present):
            form = .sparse(members: [:], present: [])
            let at = Self.lowerBound(Int32(slot), in: present)
            if at < present.count, present[at] == Int32(slot) { present.remove(at: at) }
            form = .sparse(members: members, present: present)
        }
    }

    /// The item at `slot` came back, a member (at a time) or not.
    mutating func slotReturned(_ slot: Int, member: Bool, at time: Int64?) {
        times[Int32(slot)] = member ? time : nil
        switch form {
        case var .dense(bits, present):
            form = .sparse(members: [:], present: [])
            if member { bits[slot >> 6] |= 1 << UInt64(slot & 63) } else { bits[slot >> 6] &= ~(1 << UInt64(slot & 63)) }
            if member { present.add(slot, 1) }
            form = .dense(bits: bits, present: present)
        case .sparse(var members, var present):
            form = .sparse(members: [:], present: [])
            let key = Int32(slot)
            if member {
                if members[key] == nil { members[key] = 1 }
                let at = Self.lowerBound(key, in: present)
                if at == present.count || present[at] != key { present.insert(key, at: at) }
            } else {
                members[key] = nil
            }
            form = .sparse(members: members, present: present)
        }
    }

    /// A slot added after every other (`slot`, one past the last), present, a member (at a time) or not.
    mutating func appendSlot(_ slot: Int, member: Bool, at time: Int64?) {
        if member, let time { times[Int32(slot)] = time }
        switch form {
        case var .dense(bits, present):
            form = .sparse(members: [:], present: [])
            if slot >> 6 >= bits.count { bits.append(0) }
            if member { bits[slot >> 6] |= 1 << UInt64(slot & 63) }
            present.append(member)
            form = .dense(bits: bits, present: present)
        case .sparse(var members, var present):
            guard member else { return }
            form = .sparse(members: [:], present: [])
            members[Int32(slot)] = 1
            present.append(Int32(slot))
            form = .sparse(members: members, present: present)
        }
    }

    /// The index of the first element of `sorted` not below `key`.
    private static func lowerBound(_ key: Int32, in sorted: [Int32]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < key { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
