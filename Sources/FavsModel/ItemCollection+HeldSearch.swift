import Foundation

/// A search typed while a large library's list loads, answered before the whole list is in: the preview also holds
/// every item whose title may match it (what a library's search read gives, `ItemLibrary.loadList(titlesPassing:)`:
/// about what `favs list --query` reads), so the search, and any search that narrows it, shows over what the preview
/// holds exactly the rows, in the same order, as over the whole list. A row it does not hold surely does not match:
/// its title failed the search's byte prefilter (`TitlePrefilter`).
extension ItemCollection {
    /// This preview with `rows` held as well, the rows of the list whose titles pass `query`'s prefilter; nil when this
    /// is not a preview, or `query` is not one its title rows can answer (`ListQuery.isAnsweredByTitles`).
    ///
    /// The counts, the first and last rows and the favorites known stay the preview's: the rows added lie in the
    /// unknown middle (each row of the list above the last top row is a top row, and each below the first bottom row
    /// a bottom one), so a row's rank among the held items is still known from either end.
    ///
    /// Made from the stored bytes, the two lists merged by position (a row both hold, one of the top rows say, is
    /// the preview's), with no `Item` per row: half the list may pass a one-letter search. The id index is left to the
    /// first lookup, which the thread that made it makes (`prepareToSearch`).
    public func holding(_ rows: ItemCollection, matchesOf query: ListQuery) -> ItemCollection? {
        guard var known = preview, query.isAnsweredByTitles else { return nil }
        let (mine, theirs) = (presentSlots, rows.presentSlots)
        var builder = Builder(capacity: mine.count + theirs.count)
        func append(_ slot: Int, of collection: ItemCollection) {
            collection.withTextStorage { ids, idEnds, titles, titleEnds in
                builder.append(id: TextArena.entry(slot, ids, idEnds), title: TextArena.entry(slot, titles, titleEnds),
                               favorite: collection.isFavorite(slot: slot), position: collection.positions[slot])
            }
            if let time = collection.favoritedAt(slot: slot) { builder.setFavoritedAtOfLastRow(time) }
            if let fields = collection.fieldsBySlot[Int32(slot)] { builder.setFieldsOfLastRow(fields) }
        }
        var (i, j) = (0, 0)
        while i < mine.count || j < theirs.count {
            let theirsNext = j < theirs.count ? rows.positions[theirs[j]] : nil
            if i < mine.count, theirsNext.map({ positions[mine[i]] <= $0 }) ?? true {
                if positions[mine[i]] == theirsNext { j += 1 }  // the same row: the preview's
                append(mine[i], of: self)
                i += 1
            } else {
                append(theirs[j], of: rows)
                j += 1
            }
        }
        var held = builder.build(distinctIDs: true)
        if !pickScores.isEmpty { held.setPickScores(pickScores) }
        known.holds = query
        held.preview = known
        return held
    }

    /// Makes now what the first search and the first lookup by id would make on the input thread (the id index, the
    /// titles' traits): for a thread that made the collection, before it hands it over.
    public func prepareToSearch() {
        prepareIndex()
        _ = traits.inputs(for: titleArena)
    }

    /// Whether this preview holds every match of `query`: it holds those of a search that `query` is, or narrows
    /// (`ListQuery.narrows`: each of its terms implies one of the other's, so it matches no row the other does not).
    public func holdsMatches(of query: ListQuery) -> Bool {
        guard let held = preview?.holds, query.isAnsweredByTitles else { return false }
        return query == held || query.narrows(held)
    }
}

extension ListQuery {
    /// Whether the rows whose titles pass the prefilter answer this query as the whole list does, in a preview's
    /// order: a search of title terms with a prefilter (some term of ASCII characters that is not `!` and not in a
    /// `|` group), over every item in library order. A field term is the library's to answer, and a tag term needs
    /// the tags, which a preview does not read.
    public var isAnsweredByTitles: Bool {
        guard !filter.isEmpty, scope == .all, order == .library, titlePrefilter != nil else { return false }
        let reading = self.reading
        return reading.fieldGroups.isEmpty && reading.tagGroups.isEmpty
    }
}
