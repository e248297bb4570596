import FavsCore
import FavsGenerator
import Testing

/// The package-shaped benchmark rows: the same for a seed, and shaped like the real file of issue #12.
@Suite struct PackageCollectionTests {
    @Test func theSameSeedGivesTheSameRows() {
        let rows = Array(PackageCollection(count: 3, seed: 42))
        #expect(rows.map(\.name) == ["config-graph-1be6k8ij6dzad", "crypto-tools-3cccv6pc7fclm",
                                     "parser-server-gloaudxbozjk"])
        #expect(rows.map(\.rank) == ["1", "2", "3"])
        #expect(Array(PackageCollection(count: 2000, seed: 7)) == Array(PackageCollection(count: 2000, seed: 7)))
        #expect(Array(PackageCollection(count: 50, seed: 7)) != Array(PackageCollection(count: 50, seed: 8)))
    }

    @Test func rowsHaveTheRealFilesShareOfLongTextWideCharactersStrayQuotesAndEmptyCells() {
        let rows = Array(PackageCollection(count: 20000))
        #expect(Set(rows.map(\.name)).count == rows.count)
        let wide = rows.filter { TextWidth.of($0.summary) > $0.summary.count }.count
        let quotes = rows.filter { $0.summary.contains("\"") }.count
        let oneEmpty = rows.filter { $0.cells.filter(\.isEmpty).count == 1 }.count
        let longest = rows.map(\.summary.count).max() ?? 0
        // The real file: 1.7% wide, 0.26% with a quote, most rows with an empty cell, summaries up to 474.
        #expect((200...450).contains(wide), "\(wide) wide")
        #expect((30...80).contains(quotes), "\(quotes) with a quote")
        #expect(oneEmpty > rows.count * 6 / 10, "\(oneEmpty) with one empty cell")
        #expect((450...520).contains(longest), "longest \(longest)")
        #expect(rows.allSatisfy { !$0.cells.joined().contains("\t") && !$0.cells.joined().contains("\n") })
        #expect(rows.allSatisfy { Int($0.rank) != nil })
    }
}
