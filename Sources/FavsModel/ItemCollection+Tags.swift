import Foundation

/// Tags: sets named `#path` (`SetID.tag`), and their folders (`SetID.tagFolder`), which the collection keeps from
/// them. A folder's members are the items carrying a tag nested in it (its own path's tag included), each counted
/// once however many of its tags are there: so `work`'s count is the items under `work`, not a sum of its tags'.
/// A tag change costs O(depth · log n); a delete or an undo needs nothing more, since a folder is a set like the
/// others (its members stay while an item is away).
extension ItemCollection {
    /// Keeps the folders and `tagsBySlot` in step with the tag at `index` that the present `slot` joined or left.
    mutating func tagChanged(slot: Int, index: Int, _ joined: Bool) {
        guard let path = setIDs[index].tagPath else { return }
        let key = Int32(slot)
        if joined {
            tagsBySlot.add(Int32(index), to: key)
        } else {
            tagsBySlot.remove(Int32(index), from: key)
        }
        for folder in TagPath.lineage(path) {
            let folderIndex = setIndex(making: .tagFolder(folder))
            _ = sets[folderIndex].count(slot: slot, joined ? 1 : -1)
        }
    }

    /// Many present slots (ascending, none repeated) joined the tag at `index` at once (a library's tags, loaded):
    /// `tagsBySlot` and the folders follow, each folder in one merge.
    mutating func tagJoined(slots: [Int32], index: Int) {
        guard let path = setIDs[index].tagPath, !slots.isEmpty else { return }
        for slot in slots { tagsBySlot.add(Int32(index), to: slot) }
        for folder in TagPath.lineage(path) {
            let folderIndex = setIndex(making: .tagFolder(folder))
            sets[folderIndex].join(sorted: slots)
        }
    }

    /// A set as the collection spells it: a tag it holds in another case is written as it was first seen, so a
    /// library keeps one set, not two; any other set as given.
    public func spelling(of set: SetID) -> SetID { setIndex(of: set).map { setIDs[$0] } ?? set }

    /// The tags a present item carries, as paths, A–Z without case.
    public func tags(of id: ItemID) -> [String] {
        guard let slot = presentSlot(of: id) else { return [] }
        return tags(ofSlot: slot)
    }

    /// The tags of the item at `slot`, as paths, A–Z without case.
    func tags(ofSlot slot: Int) -> [String] {
        let indices = tagsBySlot.indices(of: Int32(slot))
        return indices.compactMap { setIDs[Int($0)].tagPath }.sorted(by: TagPath.areInOrder)
    }

    /// Every tag the collection has held, A–Z without case (a tag keeps the spelling it was first seen in), with
    /// those no present item carries left out.
    public var tagPaths: [String] {
        zip(setIDs, sets).compactMap { set, members in members.count > 0 ? set.tagPath : nil }.sorted(by: TagPath.areInOrder)
    }

    /// The tags as a tree: every tag and every folder above one, A–Z without case, each with its depth and its
    /// count (a folder's and a tag's: the present items carrying it or a tag nested under it). Tags and folders no
    /// present item is under are left out.
    public var tagTree: [TagNode] {
        var nodes: [String: TagNode] = [:]
        for path in tagPaths {
            for folder in TagPath.lineage(path) where nodes[folder.lowercased()] == nil {
                let members = setIndex(of: .tagFolder(folder)).map { sets[$0].count } ?? 0
                let own = setIndex(of: .tag(folder)).map { sets[$0].count } ?? 0
                nodes[folder.lowercased()] = TagNode(path: folder, count: members, ownCount: own)
            }
        }
        return nodes.values.sorted { TagPath.areInOrder($0.path, $1.path) }
    }
}

extension ItemCollection {
    /// The changes that rename the tag at `old` and every tag nested under it (`work` to `job`: `work/x` becomes
    /// `job/x`) on every present item, or take them off when `new` is nil: each member leaves the old tag, the leave
    /// keeping its time for an undo, and joins the new one at that same time; an item carrying the new tag already
    /// only leaves the old one. A new tag the collection holds in another case keeps that spelling. Every leave comes
    /// before every join, so a tag moved into its own folder (`work` to `work/old`), or out to its folder, finds the
    /// old tags it lands on emptied first.
    public func renaming(tag old: String, to new: String?) -> [ModelChange] {
        let renamed = tagPaths.filter { TagPath.isWithin($0, old) }
        let emptied = Set(renamed.map(SetID.tag))
        var leaves: [ModelChange] = [], joins: [ModelChange] = []
        for path in renamed {
            guard let index = setIndex(of: .tag(path)) else { continue }
            let target = new.flatMap { TagPath.renaming(path, from: old, to: $0) }.map { spelling(of: .tag($0)) }
            for slot in sets[index].slots where isPresent(slot: slot) {
                let id = id(atSlot: slot), since = sets[index].time(ofSlot: slot)
                leaves.append(.setMember(setIDs[index], id, false, at: since))
                guard let target, emptied.contains(target) || !isMember(id, of: target) else { continue }
                joins.append(.setMember(target, id, true, at: since))
            }
        }
        return leaves + joins
    }
}

/// A tag or a folder of tags, as the collections pane and `favs tags` show it.
public struct TagNode: Hashable, Sendable {
    /// The full path (`dev/swift`), in the spelling first seen.
    public var path: String
    /// The present items carrying this tag or one nested under it.
    public var count: Int
    /// The present items carrying this very tag (0 for a folder no item is tagged with itself).
    public var ownCount: Int

    /// How deep it is nested: 0 for a top-level tag.
    public var depth: Int { path.count { $0 == "/" } }
    /// The last name of its path (`swift` for `dev/swift`).
    public var name: Substring { path.split(separator: "/").last ?? Substring(path) }
}

extension TagPath {
    /// The order tags are listed in: by their names, level by level, A–Z without case, so a folder comes right
    /// before what is nested in it (`a`, `a/b`, `a-c`: the folder's names are compared, not the characters).
    public static func areInOrder(_ a: String, _ b: String) -> Bool {
        let x = a.lowercased().split(separator: "/", omittingEmptySubsequences: false)
        let y = b.lowercased().split(separator: "/", omittingEmptySubsequences: false)
        for (p, q) in zip(x, y) where p != q { return p < q }
        return x.count != y.count ? x.count < y.count : a < b
    }
}
