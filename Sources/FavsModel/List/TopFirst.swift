import Foundation

/// A ranked search answered as a browser needs it after a key: which titles match (for the count, and for the next
/// key to search among), and only the first rows of the order (what the list shows), not the whole order.
///
/// The whole order scores every match and sorts them (656,000 of a million titles for a first key); the first rows
/// need far fewer scores. The order is a higher score, then a favorite, then a shorter title, then the library
/// order, and no title scores more than the term's best (`SearchPattern.maximumScore`: every character at a word
/// start after white space, in one run). So the favorites that match are scored, then the other matches in order of
/// length (`TitleTraits.lengthOrder`), and the scan stops once enough rows are found that no title after could
/// come before: one it has not scored could at best have the best score, and is no shorter, or as long and later.
///
/// Only for a search of one fuzzy term of ASCII characters (what a browser's keys type; `SearchPattern.loneFuzzyTerm`),
/// whose match a title of UTF-8 answers exactly by its bytes: by its search bytes (`TitleTraits`, every character
/// one byte, none decoded) for a term that folds case and accents, what lower-case keys type; by the title's own
/// (`SearchTerm.greedyEnd`) for any other. Where each match could end soonest is kept (an offset in the bytes it
/// was found in), so that the term typed one character longer looks for that character from there on alone.
struct TopFirst: Sendable {
    /// Every matched slot, in slot (library) order.
    let matches: [Int32]
    /// The first rows of the order: the best `rows` matches, best first (all of them when there are fewer).
    let top: [Int32]
    /// The matched favorites, best first: the order the favorites pane shows them in (`Store.shownMembers`).
    let favorites: [Int32]
    /// The term, and for each match the byte its soonest match ends before, in the bytes the term's case and accent
    /// rules read (`ItemCollection.matchEnds`; `noEnd` for a title not UTF-8, which the matcher answers).
    private let term: [UInt8]
    private let caseSensitive: Bool
    private let foldsAccents: Bool
    private let ends: [UInt32]
    /// The end of a match the matcher answered (a title not UTF-8): none to search on from.
    static let noEnd = UInt32.max

    /// Answers `pattern` among `previous` (the slots of a search this one narrows, in any order; `narrowing` when it
    /// is that search's answer), or every title, top first; nil when it cannot be (another kind of pattern, a library
    /// still loading, fewer than `minimum` titles to search, more than 10,000 favorites), or when the scan for the first rows
    /// finds no place to stop early: the whole order costs little more then.
    /// `rows`: how many first rows to make (more than a list pane shows).
    /// `keptBonus`: scores carry the bonus of a star and of picks (`KeptBonus`), so the kept items, starred or picked,
    /// are the ones scored first.
    init?(_ pattern: SearchPattern, among previous: [Int32]?, narrowing: TopFirst?, rows limit: Int, minimum: Int,
          keptBonus: Bool = false, in items: ItemCollection) {
        guard let term = pattern.loneFuzzyTerm, let maximum = pattern.maximumScore, items.preview == nil,
              (previous?.count ?? items.slotCount) >= minimum, items.favoriteCount <= 10_000,
              !keptBonus || items.pickedCount <= 10_000 else { return nil }
        let titles = items.titleArena
        let inputs = items.traits.inputs(for: titles)
        let traits = inputs.traits
        // The term one character longer than the one answered: that character after where each match ended.
        if let narrowing, narrowing.caseSensitive == term.caseSensitive, narrowing.foldsAccents == term.foldsAccents,
           term.bytes.count == narrowing.term.count + 1,
           term.bytes.starts(with: narrowing.term) {
            (matches, ends) = items.matchEnds(of: pattern, [term.bytes[term.bytes.count - 1]], from: narrowing.ends,
                                              among: narrowing.matches, caseSensitive: term.caseSensitive,
                                              foldsAccents: term.foldsAccents, inputs: inputs)
        } else {
            let candidates = previous.map { ItemCollection.inSlotOrder($0, slotCount: items.slotCount) }
            (matches, ends) = items.matchEnds(of: pattern, term.bytes, from: nil, among: candidates,
                                              caseSensitive: term.caseSensitive, foldsAccents: term.foldsAccents,
                                              inputs: inputs)
        }
        self.term = term.bytes
        caseSensitive = term.caseSensitive
        foldsAccents = term.foldsAccents
        let matched = SlotBits(slotCount: items.slotCount, matches)

        var scratch = MatchScratch()
        func key(_ slot: Int, favorite: Bool) -> UInt64? {
            titles.withStorage { bytes, ends in
                pattern.rank(utf8: TextArena.entry(slot, bytes, ends), trait: traits[slot], scratch: &scratch)
            }.map { rank in
                let key = keptBonus ? QueryResult.rank(RankKey(rank), slot: slot, scheme: .default, in: items) : RankKey(rank)
                return key.packed(favorite: favorite, slot: Int32(slot))
            }
        }
        // The kept items: the favorites, and with the bonus the picked items too (their bonus may lift them above
        // any other title); the others all score as fzf scores them.
        func isKept(_ slot: Int) -> Bool { items.isFavorite(slot: slot) || keptBonus && items.pickScore(slot: slot) > 0 }
        var kept = items.favoriteSlots
        if keptBonus { kept += items.pickScoreBySlot.keys.map { Int($0) }.filter { !items.isFavorite(slot: $0) } }
        // The best keys found (`RankKey.packed`: the smallest first), at most `limit`.
        var best = kept.filter { matched.contains($0) && items.isPresent(slot: $0) }
            .compactMap { key($0, favorite: items.isFavorite(slot: $0)) }.sorted()
        favorites = best.map { Int32(truncatingIfNeeded: $0) }.filter { items.isFavorite(slot: Int($0)) }
        best.removeLast(max(0, best.count - limit))
        // What no title still to be scored can come before: the best score, not a favorite, its length and slot.
        let ceiling = RankKey(MatchRank(score: Int(maximum), length: 0)).packed(favorite: false, slot: 0)
        // Past this many scores the first rows are not in sight: the whole order, in parts across cores, instead.
        let scoreBudget = max(limit * 40, 2_000)
        var scored = 0
        for slot in items.traits.lengthOrder(for: titles) {
            let slot = Int(slot)
            guard matched.contains(slot), !isKept(slot) else { continue }
            let length = UInt64(traits[slot] & SearchPattern.lengthMask)  // 0 for a title whose trait says nothing
            if best.count == limit, let worst = best.last, worst < ceiling | length << 32 | UInt64(slot) { break }
            scored += 1
            guard scored <= scoreBudget else { return nil }
            guard let key = key(slot, favorite: false) else { continue }
            if best.count == limit {
                guard let worst = best.last, key < worst else { continue }
                best.removeLast()
            }
            best.insert(key, at: best.partitioningIndex { $0 > key })
        }
        // (A scan that ran out of titles scored them all: its rows are the first of the whole order just the same.)
        top = best.map { Int32(truncatingIfNeeded: $0) }
    }

    /// Whether the search matches the title at `slot`.
    func contains(_ slot: Int32) -> Bool {
        let index = matches.partitioningIndex { $0 >= slot }
        return index < matches.count && matches[index] == slot
    }
}

extension ItemCollection {
    /// The present slots among `candidates` (in slot order; every slot when nil) whose title holds `term`'s characters
    /// in order from `starts` (the byte each candidate's search starts at; 0 when nil) on, with the byte each such
    /// match ends before: `pattern`'s matches when `term` is its lone fuzzy term, or what it adds to the term a
    /// `starts` was found for. In slot order, in parts across cores. A term that folds case and accents (what a
    /// lower-case key types) reads each title's search bytes (`inputs.search`: no character decoded, offsets theirs);
    /// any other term reads the titles. A title not UTF-8 is answered by `pattern`'s matcher (its end:
    /// `TopFirst.noEnd`). A title whose letter set (`inputs.letters`) lacks one of `term`'s characters is passed
    /// over unread (one that is not ASCII only by a term reading search bytes, which the set is of).
    func matchEnds(of pattern: SearchPattern, _ term: [UInt8], from starts: [UInt32]?, among candidates: [Int32]?,
                   caseSensitive: Bool, foldsAccents: Bool, inputs: SearchInputs) -> (slots: [Int32], ends: [UInt32]) {
        let titles = titleArena, noEnd = TopFirst.noEnd
        let readsSearchBytes = !caseSensitive && foldsAccents
        let needed = term.reduce(UInt32(0)) { $0 | SearchPattern.letterBit($1) }
        let (traits, search, letters) = (inputs.traits, inputs.search, inputs.letters)
        let parts = Self.inParts(count: candidates?.count ?? slotCount) { range -> [(slots: [Int32], ends: [UInt32])] in
            // An array made with no capacity is the one shared empty array, whose count `unsafeUninitializedCapacity`
            // writes (0 over 0): harmless, but ThreadSanitizer sees the parts' threads race on it.
            guard !range.isEmpty else { return [] }
            var scratch = MatchScratch()
            var count = 0
            // Written through buffers, not appended: an append checks its array's capacity and uniqueness each time.
            var foundEnds: [UInt32] = []
            let found = [Int32](unsafeUninitializedCapacity: range.count) { found, foundCount in
                foundEnds = [UInt32](unsafeUninitializedCapacity: range.count) { foundEnds, endCount in
                    titles.withStorage { bytes, ends in
                        search.withStorage { searchBytes, searchEnds in
                            traits.withUnsafeBufferPointer { traits in
                                letters.withUnsafeBufferPointer { letters in
                                    term.withUnsafeBufferPointer { term in
                                        (candidates ?? []).withUnsafeBufferPointer { candidates in
                                            (starts ?? []).withUnsafeBufferPointer { starts in
                                                // (One loop for the three cases, not a nested function: one that captured
                                                // its results had each write checked for exclusive access, twice as slow.)
                                                for index in range {
                                                    let slot = candidates.isEmpty ? index : Int(candidates[index])
                                                    // A search's matches are present, and its ends say which are not UTF-8.
                                                    let start = starts.isEmpty ? 0 : starts[index]
                                                    let trait = traits[slot]
                                                    // (A title's letter set is of its search bytes: it holds what a
                                                    // term reading titles finds in ASCII ones alone. ~0 for one not UTF-8.)
                                                    guard !readsSearchBytes && trait & SearchPattern.asciiTrait == 0
                                                            || letters[slot] & needed == needed,
                                                          !starts.isEmpty || isPresent(slot: slot) else { continue }
                                                    var end = noEnd
                                                    if start != noEnd, readsSearchBytes, trait != 0 {
                                                        guard let at = SearchTerm.searchBytesEnd(
                                                            term, TextArena.entry(slot, searchBytes, searchEnds), from: Int(start))
                                                        else { continue }
                                                        end = UInt32(at)
                                                    } else if start != noEnd, trait & SearchPattern.validUTF8 != 0 {
                                                        guard let at = SearchTerm.greedyEnd(
                                                            term, TextArena.entry(slot, bytes, ends), from: Int(start),
                                                            caseSensitive: caseSensitive, foldsAccents: foldsAccents,
                                                            asciiTitle: trait & SearchPattern.asciiTrait != 0) else { continue }
                                                        end = UInt32(at)
                                                    } else if pattern.rank(utf8: TextArena.entry(slot, bytes, ends), trait: trait,
                                                                           scratch: &scratch) == nil {
                                                        continue
                                                    }
                                                    found[count] = Int32(slot)
                                                    foundEnds[count] = end
                                                    count += 1
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                    endCount = count
                }
                foundCount = count
            }
            return [(found, foundEnds)]
        }
        return (parts.flatMap(\.slots), parts.flatMap(\.ends))
    }
}
