import Foundation

/// The list's search: which present items' titles a pattern matches, and how well (`SearchPattern`, fzf's
/// rules), over the titles as stored — one buffer of UTF-8, no String per title.
extension ItemCollection {
    /// A matched slot and its rank.
    struct SearchMatch: Sendable {
        var slot: Int32
        var key: RankKey
    }

    /// The present slots whose title `pattern` matches, in list order, with their ranks. `previous`, when given,
    /// is the result of a pattern this one narrows (a superset of the answer), and only its slots are searched.
    ///
    /// A large search is split in contiguous parts, one per core, each with its own scratch, joined in order.
    func search(_ pattern: SearchPattern, among previous: [Int32]? = nil) -> [SearchMatch] {
        let titles = titleArena
        // The byte paths' per-title facts (fzf's length, ASCII or UTF-8): made by a first key and kept for the keys
        // after it; a longer pattern alone (a one-shot search) does without them.
        let traits = pattern.oneCharacter != 0 ? self.traits.values(for: titles)
            : pattern.usesTraits ? self.traits.valuesIfKnown(for: titles) ?? [] : []
        if let previous {
            // In slot order, the titles are read front to back (a ranked result's rows jump around the arena).
            let previous = Self.inSlotOrder(previous, slotCount: slotCount)
            if !pattern.fuzzyBytes.isEmpty, !traits.isEmpty {
                return Self.inParts(count: previous.count) { range in narrowASCIITerm(pattern, previous[range], traits) }
            }
            return Self.inParts(count: previous.count) { range in
                var scratch = MatchScratch()
                return titles.withStorage { bytes, ends in
                    pattern.prefilter.withTest { mayMatch in
                        previous[range].compactMap { slot in
                            let slot = Int(slot)
                            guard isPresent(slot: slot), mayMatch(TextArena.entry(slot, bytes, ends)) else { return nil }
                            let trait: UInt16? = traits.isEmpty ? nil : traits[slot]
                            return Self.rank(slot, bytes, ends, pattern, trait, &scratch).map { SearchMatch(slot: Int32(slot), key: $0) }
                        }
                    }
                }
            }
        }
        if pattern.oneCharacter != 0 {
            // A first key: the one-character path straight over every title, its tables taken once per part.
            let character = pattern.oneCharacter
            return Self.inParts(count: titles.count) { range in
                var found: [SearchMatch] = []
                titles.withStorage { bytes, ends in
                    traits.withUnsafeBufferPointer { traits in
                        SearchPattern.withScanTables { tables in
                            for slot in range where isPresent(slot: slot) {
                                let title = TextArena.entry(slot, bytes, ends)
                                if let rank = SearchPattern.rankOneCharacter(character, title, trait: traits[slot], tables) {
                                    found.append(SearchMatch(slot: Int32(slot), key: RankKey(rank)))
                                }
                            }
                        }
                    }
                }
                return found
            }
        }
        return Self.inParts(count: titles.count) { range in
            var scratch = MatchScratch()
            var found: [SearchMatch] = []
            titles.withStorage { bytes, ends in
                traits.withUnsafeBufferPointer { traits in
                    pattern.prefilter.withTest { mayMatch in
                        for slot in range where isPresent(slot: slot) && mayMatch(TextArena.entry(slot, bytes, ends)) {
                            if let key = Self.rank(slot, bytes, ends, pattern, traits.isEmpty ? nil : traits[slot], &scratch) {
                                found.append(SearchMatch(slot: Int32(slot), key: key))
                            }
                        }
                    }
                }
            }
            return found
        }
    }

    /// A search typed further that is one fuzzy ASCII term (`SearchPattern.fuzzyBytes`), over `slots` with the traits
    /// a first key made: `termRank` straight over each title (as `rank(utf8:)` does), the term's bytes and the scan's
    /// tables taken once (through `rank(utf8:)` each title took them again: two `swift_once` and a buffer pointer a
    /// title).
    private func narrowASCIITerm(_ pattern: SearchPattern, _ slots: ArraySlice<Int32>, _ traits: [UInt16]) -> [SearchMatch] {
        var found: [SearchMatch] = []
        var scratch = MatchScratch()
        titleArena.withStorage { bytes, ends in
            traits.withUnsafeBufferPointer { traits in
                pattern.fuzzyBytes.withUnsafeBufferPointer { term in
                    SearchPattern.withScanTables { tables in
                        for slot in slots {
                            let slot = Int(slot)
                            guard isPresent(slot: slot) else { continue }
                            let title = TextArena.entry(slot, bytes, ends)
                            if let rank = pattern.termRank(term, title, trait: traits[slot], tables, scratch: &scratch) {
                                found.append(SearchMatch(slot: Int32(slot), key: RankKey(rank)))
                            }
                        }
                    }
                }
            }
        }
        return found
    }

    /// Makes what a first key reads of the titles (`TitleTraits`: traits, search bytes, letter sets) on another
    /// thread, now, so that the key does not wait for it: the browser asks when the search prompt opens, the picker
    /// when it starts. A search that comes meanwhile waits for them (the traits' lock), as it would have made them
    /// itself (at 1M generated titles, 60 % not ASCII: some 150 ms on two cores, once).
    func prepareSearch() {
        let traits = self.traits, titles = titleArena
        DispatchQueue.global(qos: .userInitiated).async { _ = traits.inputs(for: titles) }
    }

    /// `slots` (each once) in ascending order: marked in a bit set, then read off it.
    static func inSlotOrder(_ slots: [Int32], slotCount: Int) -> [Int32] {
        var last: Int32 = -1
        let sorted = slots.allSatisfy { slot in
            defer { last = slot }
            return slot > last
        }
        return sorted ? slots : SlotBits(slotCount: slotCount, slots).ascending(capacity: slots.count)
    }

    /// The rank of one slot's title, nil when the pattern does not match it.
    func rankKey(ofSlot slot: Int, for pattern: SearchPattern) -> RankKey? {
        var scratch = MatchScratch()
        return titleArena.withStorage { bytes, ends in Self.rank(slot, bytes, ends, pattern, nil, &scratch) }
    }

    private static func rank(_ slot: Int, _ bytes: UnsafeRawBufferPointer, _ ends: UnsafeBufferPointer<UInt32>,
                             _ pattern: SearchPattern, _ trait: UInt16?, _ scratch: inout MatchScratch) -> RankKey? {
        pattern.rank(utf8: TextArena.entry(slot, bytes, ends), trait: trait, scratch: &scratch).map(RankKey.init)
    }
}
