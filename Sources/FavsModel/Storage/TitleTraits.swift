import Foundation

/// What a search's first key needs of each title besides its bytes, slot by slot in two bytes: whether it is
/// ASCII alone or well-formed UTF-8, and fzf's length (`SearchPattern.trait(of:)`). And for the browser's keys
/// (`TopFirst`): each title as a search of one ASCII term reads it (`SearchPattern.appendSearchBytes`: a character
/// that folds to an ASCII one as that byte, any other as 0xFF: a title is searched byte by byte, none decoded),
/// and which characters that holds, in four bytes (`SearchPattern.letters(of:)`: a key looking for one it lacks
/// skips the title unread). The same for every query, so worked out once, the first time a one-character search
/// asks (or as the browser's filter opens: `ItemCollection.prepareSearch`), not again for each key.
///
/// A collection that adds an item makes a new one that extends its predecessor's values (`extended()`), as it does
/// its folded titles: copies of a collection never share values for slots they may fill differently.
final class TitleTraits: @unchecked Sendable {
    private let lock = NSLock()
    /// Under `lock`: the traits of the first `values.count` titles.
    private var values: [UInt16]
    /// Under `lock`: as many titles as `letters` has, as a search reads them; nil while every one is ASCII (the
    /// titles themselves are read then: a search folds an ASCII letter's case itself).
    private var search: TextArena?
    /// Under `lock`: the letter sets of the first `letters.count` titles (no more than `values` has).
    private var letters: [UInt32]
    /// Under `lock`: the slots of `values` by fzf's length, shortest first, slots in order among equals
    /// (`lengthOrder`), while it covers every value.
    private var order: [Int32] = []

    init(_ values: [UInt16] = [], search: TextArena? = nil, letters: [UInt32] = []) {
        self.values = values
        self.search = search
        self.letters = letters
    }

    /// A new instance with the values known so far, for a collection that is about to add a title.
    func extended() -> TitleTraits { lock.withLock { TitleTraits(values, search: search, letters: letters) } }

    /// Every title's trait when they are all known (nil otherwise), for a search that may do without them: a search
    /// of more than one character (`favs list --query`) is not worth making them for, the browser's next keys are.
    func valuesIfKnown(for titles: TextArena) -> [UInt16]? {
        lock.withLock { values.count == titles.count ? values : nil }
    }

    /// Every slot by its title's fzf length (the trait's), shortest first and in slot order among equal lengths, a
    /// title whose trait says nothing (not UTF-8, or too long: 0) first: the order in which a search looks for its
    /// best matches (`QueryResult`'s top rows) and may stop early. Made with the traits it follows, once.
    func lengthOrder(for titles: TextArena) -> [Int32] {
        let values = values(for: titles)
        return lock.withLock {
            guard order.count != values.count else { return order }
            // A counting sort on the length's 14 bits: stable, two passes.
            var starts = [Int](repeating: 0, count: Int(SearchPattern.lengthMask) + 2)
            for value in values { starts[Int(value & SearchPattern.lengthMask) + 1] += 1 }
            for length in 1..<starts.count { starts[length] += starts[length - 1] }
            var sorted = [Int32](repeating: 0, count: values.count)
            for (slot, value) in values.enumerated() {
                let length = Int(value & SearchPattern.lengthMask)
                sorted[starts[length]] = Int32(slot)
                starts[length] += 1
            }
            order = sorted
            return sorted
        }
    }

    /// Every title's trait, those not known yet worked out now (in parts, one per core, when there are many).
    /// (Not their search bytes: `favs list --query r` needs the traits alone.)
    func values(for titles: TextArena) -> [UInt16] {
        lock.withLock {
            measureTraits(titles)
            return values
        }
    }

    /// What a one-term search reads of every title, what is not known yet worked out now (in parts).
    func inputs(for titles: TextArena) -> SearchInputs {
        lock.withLock {
            measureTraits(titles)
            if letters.count < titles.count { measureSearch(titles, from: letters.count) }
            return SearchInputs(traits: values, search: search ?? titles, letters: letters)
        }
    }

    /// Under `lock`: the traits of the titles not measured yet.
    private func measureTraits(_ titles: TextArena) {
        let known = values.count
        guard known < titles.count else { return }
        values += ItemCollection.inParts(count: titles.count - known) { range in
            titles.withStorage { bytes, ends in
                range.map { SearchPattern.trait(of: TextArena.entry(known + $0, bytes, ends)) }
            }
        }
    }

    /// Under `lock`: the search bytes and letter sets of the titles from slot `known` on, whose traits are known.
    private func measureSearch(_ titles: TextArena, from known: Int) {
        struct Part: Sendable {
            let letters: [UInt32]
            /// The part's titles as searched, from the first that is not ASCII on (`first`); nil if none is.
            let search: TextArena?
            let first: Int
        }
        let traits = values
        let parts = ItemCollection.inParts(count: titles.count - known) { range -> [Part] in
            var letters: [UInt32] = []
            letters.reserveCapacity(range.count)
            var search = TextArena(), first: Int?
            titles.withStorage { bytes, ends in
                for index in range {
                    let title = TextArena.entry(known + index, bytes, ends)
                    let trait = traits[known + index]
                    // A title not UTF-8 (or too long) is answered by the matcher, never by its search bytes: it
                    // could hold any character, and it leaves the titles as they are searched.
                    if trait & SearchPattern.asciiTrait != 0 || trait == 0, first == nil {
                        letters.append(trait == 0 ? ~0 : SearchPattern.letters(of: title))
                        continue
                    }
                    if first == nil {
                        let slot = known + index, start = slot == 0 ? 0 : Int(ends[slot - 1]) + 1
                        search = TextArena(capacity: range.upperBound - index,
                                           bytes: Int(ends[known + range.upperBound - 1]) + 1 - start)
                        first = index
                    }
                    var set: UInt32 = ~0
                    search.appendEntry { bytes in
                        if trait != 0 { set = SearchPattern.appendSearchBytes(of: title, to: &bytes) }
                    }
                    letters.append(set)
                }
            }
            return [Part(letters: letters, search: first == nil ? nil : search, first: first ?? 0)]
        }
        for part in parts { letters += part.letters }
        // The titles themselves while every one is ASCII; else the searched form of each, ASCII ones as they are.
        guard search != nil || parts.contains(where: { $0.search != nil }) else { return }
        var joined = search ?? Self.copy(titles, 0..<known)
        var next = known
        for part in parts {
            guard let searched = part.search else { continue }
            joined.append(contentsOf: Self.copy(titles, next..<(known + part.first)))
            joined.append(contentsOf: searched)
            next = known + part.first + searched.count
        }
        joined.append(contentsOf: Self.copy(titles, next..<titles.count))
        search = joined
    }

    /// The entries `range` of `titles`, in an arena of their own.
    private static func copy(_ titles: TextArena, _ range: Range<Int>) -> TextArena {
        let bytes = range.isEmpty ? 0 : titles.end(range.upperBound - 1) + 1 - titles.start(range.lowerBound)
        var copy = TextArena(capacity: range.count, bytes: bytes)
        for slot in range { titles.withEntry(slot) { copy.append($0) } }
        return copy
    }
}

/// What `TitleTraits` knows of every title, for a search of one ASCII term.
struct SearchInputs: Sendable {
    /// `SearchPattern.trait(of:)`, slot by slot.
    let traits: [UInt16]
    /// Each title as the search reads it (`SearchPattern.appendSearchBytes`): where it finds the term's characters.
    let search: TextArena
    /// `SearchPattern.letters(of:)` of each `search` entry.
    let letters: [UInt32]
}
