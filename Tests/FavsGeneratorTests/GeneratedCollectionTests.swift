import FavsCore
import FavsModel
import FavsGenerator
import Testing

/// Generated collections repeat exactly for a seed, so benchmark figures from different runs compare.
@Suite struct GeneratedCollectionTests {
    @Test func theSameSeedGivesTheSameRows() {
        let rows = Array(GeneratedCollection(count: 2, seed: 42))
        #expect(rows.map(\.id) == ["bdd732262feb6e95", "b05eca1a2972b860"])
        #expect(rows.map(\.title) == ["Summer 青花瓷 Glass River", "夢"])
        #expect(rows[0].artist == "Morning River" && rows[0].year == 1955 && rows[0].length == "1:27")
        #expect(GeneratedCollection.items(count: 1000, seed: 7).map(\.id)
                == GeneratedCollection.items(count: 1000, seed: 7).map(\.id))
    }

    @Test func itemsComeInListOrderWithUniqueIds() {
        let items = GeneratedCollection.items(count: 5000)
        #expect(items.map(\.position) == Array(0..<5000))
        #expect(Set(items.map(\.id)).count == 5000)
        #expect(items.contains { TextWidth.of($0.title) > $0.title.count })  // some CJK or emoji titles
    }
}
