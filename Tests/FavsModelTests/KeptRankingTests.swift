import Foundation
import Testing
@testable import FavsModel

/// What you keep wins close calls, not only ties (issue #37): a star and picks add a bounded bonus to fzf's score
/// (at most 8 points, two of its consecutive-character bonuses), so a kept item beats a near-equal match and a
/// clearly better match still wins; `--scheme fzf` keeps fzf's order, `--scheme frecency` puts the most picked first.
@Suite struct KeptRankingTests {
    /// Package names from the issue: for `reqsts` fzf ranks the four `request-s…` above `requests`, by one point (141
    /// to 140); `my-requests-stats` scores 132 and `pyreqs-utils` 100. For `requests`, `requests` scores 218, the
    /// `request-s…` names 213 and `my-requests-stats` 200.
    static let names = ["request-signer", "request-session", "request-sentinal", "request-ssh-certificate", "requests",
                        "pyreqs-utils", "my-requests-stats"]

    private func order(_ filter: String, scheme: RankScheme = .default, favorites: Set<String> = [],
                       picks: [ItemID: Double] = [:]) -> [String] {
        let items = Self.names.enumerated().map { index, name in
            Item(id: ItemID(name), title: name, favorite: favorites.contains(name), position: index + 1)
        }
        var collection = ItemCollection(items)
        collection.setPickScores(picks)
        let store = Store(collection: collection, query: ListQuery(filter: filter, scheme: scheme))
        return (0..<store.list.count).compactMap { store.list.id(at: $0)?.rawValue }
    }

    @Test func fzfsOwnOrderPutsRequestsBelowTheNearEqualRequestSNames() {
        #expect(order("reqsts", scheme: .fzf).prefix(5)
                == ["request-signer", "request-session", "request-sentinal", "request-ssh-certificate", "requests"])
        // Its star alone breaks no tie here: fzf's order is kept exactly.
        #expect(order("reqsts", scheme: .fzf, favorites: ["requests"]) == order("reqsts", scheme: .fzf))
    }

    @Test func aStarredRequestsWinsTheCloseCall() {
        #expect(order("reqsts", favorites: ["requests"]).first == "requests")
    }

    @Test func aRequestsPickedTodayWinsTheCloseCallAndOnePickedMonthsAgoDoesNot() {
        #expect(order("reqsts", picks: ["requests": 1]).first == "requests")
        #expect(order("reqsts", picks: ["requests": 0.01]).first == "request-signer")
    }

    @Test func aClearlyBetterMatchStillWinsOverAStarredAndOftenPickedOne() {
        // 200 + 8 for the most kept item there can be: still below 218 and 213.
        #expect(order("requests", favorites: ["my-requests-stats"], picks: ["my-requests-stats": 20])
                == ["requests", "request-signer", "request-session", "request-sentinal", "request-ssh-certificate",
                    "my-requests-stats"])
        // 132 + 8 for `reqsts`: the one point between requests and request-signer is bridged, 9 is not.
        #expect(order("reqsts", favorites: ["my-requests-stats"], picks: ["my-requests-stats": 20]).first == "request-signer")
    }

    @Test func theFrecencySchemePutsTheMostPickedMatchFirstWhateverItsScore() {
        let picks: [ItemID: Double] = ["pyreqs-utils": 3, "request-ssh-certificate": 0.5]
        #expect(order("reqsts", scheme: .frecency, picks: picks).prefix(4)
                == ["pyreqs-utils", "request-ssh-certificate", "request-signer", "request-session"])
        // Without picks it is the default order.
        #expect(order("reqsts", scheme: .frecency) == order("reqsts"))
    }

    @Test func theFrequentOrderPutsFavoritesThenTheMostPickedThenLibraryOrder() {
        let items = Self.names.enumerated().map { index, name in
            Item(id: ItemID(name), title: name, favorite: name == "requests" || name == "pyreqs-utils", position: index + 1)
        }
        var collection = ItemCollection(items)
        collection.setPickScores(["pyreqs-utils": 1, "request-sentinal": 0.5, "my-requests-stats": 2])
        let store = Store(collection: collection, query: ListQuery(order: .frequent))
        #expect((0..<store.list.count).compactMap { store.list.id(at: $0)?.rawValue }
                == ["pyreqs-utils", "requests", "my-requests-stats", "request-sentinal", "request-signer",
                    "request-session", "request-ssh-certificate"])
        // A star moves its item among the favorites, by its picks.
        store.send(.toggleFavorite("request-sentinal"))
        #expect((0..<3).compactMap { store.list.id(at: $0)?.rawValue } == ["pyreqs-utils", "request-sentinal", "requests"])
    }

    @Test func theBonusIsFourForAStarTwoAUnitOfPicksAndAtMostEight() {
        #expect(KeptBonus.of(favorite: true, pickScore: 0) == 4)
        #expect(KeptBonus.of(favorite: false, pickScore: 0.5) == 1)
        #expect(KeptBonus.of(favorite: false, pickScore: 1) == 2)
        #expect(KeptBonus.of(favorite: true, pickScore: 50) == 8)
        #expect(KeptBonus.maximum == 2 * KeptBonus.consecutive)
    }
}
