import Foundation

/// The list query's field terms (`artist:padilla`): answered by the library through the store's `FieldSearch`, the
/// answer kept here by id, so the list stays derived in the model: a favorite changes no field, a delete and its
/// undo re-place the item by id, and a reload (an import, another process's copy) asks the library again.
extension Store {
    /// What the query's field terms let through as far as the store knows, asking the library when the terms are
    /// new; `.none` when the query has none, or there is no library to ask (lines of stdin: the terms are left out,
    /// and `searchProblem` says so).
    func fieldFilter(for query: ListQuery) -> FieldFilter {
        guard let fieldSearch else { return .none }
        let groups = query.reading.fieldGroups
        guard !groups.isEmpty else { return .none }
        if fieldAsk?.groups != groups, fieldAnswer?.groups != groups { ask(groups, fieldSearch) }
        // An answer to the same terms stands while they are asked again (after a reload).
        if let answer = fieldAnswer, answer.groups == groups { return .matches(answer.matches, answer: answer.ticket) }
        return .waiting
    }

    /// Asks the library for the items `groups` accept; an answer given at once (a script, a command) is taken now.
    private func ask(_ groups: [[FieldTerm]], _ fieldSearch: any FieldSearch) {
        fieldAsk = (groups, nextFieldTicket)
        fieldFailure = nil
        fieldSearch.request(groups, ticket: nextFieldTicket)
        nextFieldTicket += 1
        take(fieldSearch.takeAnswers())
    }

    /// Keeps the answer to the latest request; earlier ones are dropped.
    @discardableResult
    private func take(_ answers: [FieldAnswer]) -> Bool {
        guard let asked = fieldAsk, let answer = answers.last(where: { $0.ticket == asked.ticket }) else { return false }
        fieldAsk = nil
        switch answer.result {
        case let .success(matches):
            fieldAnswer = (asked.groups, matches, answer.ticket)
        case let .failure(error):
            fieldAnswer = (asked.groups, FieldMatches([]), answer.ticket)
            fieldFailure = "Fields not searched: \(error)"
        }
        return true
    }

    /// Takes in the library's answer to the field terms, when it came: the list shows what they let through.
    /// Returns the events (`.queryChanged` for a first answer, `.reloaded` for one asked again after a reload).
    func settleFieldSearch() -> [StoreEvent] {
        guard let fieldSearch else { return [] }
        let wasWaiting = isSearchingFields
        guard take(fieldSearch.takeAnswers()) else { return [] }
        result.update(to: result.query, fields: fieldFilter(for: result.query), in: items)
        return [wasWaiting ? .queryChanged : .reloaded]
    }

    /// After a reload: the fields may have changed (an import), so the terms are asked again; the list keeps the
    /// answer it had until the new one comes.
    func askFieldsAgain() {
        guard let fieldSearch else { return }
        let groups = result.reading.fieldGroups
        guard !groups.isEmpty else { return }
        if fieldAnswer?.groups != groups { fieldAnswer = nil }
        ask(groups, fieldSearch)
        result.update(to: result.query, fields: fieldFilter(for: result.query), in: items)
    }

    /// Whether the list's query has field terms the library answers (the list then says "No item matches", not
    /// "No title matches").
    public var searchesFields: Bool { fieldSearch != nil && !result.reading.fieldGroups.isEmpty }

    /// Whether the list waits for the library's answer to its field terms (it says `searching fields…`).
    public var isSearchingFields: Bool {
        if case .waiting = result.fields { true } else { false }
    }
}
