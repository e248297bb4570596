import FavsCore
import FavsGenerator
import Testing

/// The package-shaped benchmark rows: the same for a seed, and shaped like the real file of issue #12.
@Suite struct PackageCollectionTests {
    @Test func theSameSeedGivesTheSameRows() {
        let rows = Array(PackageCollection(count: 3, seed: 42))
        #expect(rows.map(\.name) == ["config-00i2e", "vector-vwrbx", "with-5s7b3"])
        #expect(rows.map(\.rank) == ["1", "2", "3"])
        #expect(Array(PackageCollection(count: 2000, seed: 7)) == Array(PackageCollection(count: 2000, seed: 7)))
        #expect(Array(PackageCollection(count: 50, seed: 7)) != Array(PackageCollection(count: 50, seed: 8)))
    }

    @Test func rowsHaveTheRealFilesShareOfLongTextWideCharactersStrayQuotesAndEmptyCells() {
        let rows = Array(PackageCollection(count: 20000))
        #expect(Set(rows.map(\.name)).count == rows.count)
        // The real file: names 11 characters and rows 81 bytes at the median (a row: its cells and their tabs).
        func median(_ values: [Int]) -> Int { values.sorted()[values.count / 2] }
        #expect(median(rows.map(\.name.utf8.count)) == 11)
        #expect((76...86).contains(median(rows.map { $0.cells.joined(separator: "\t").utf8.count })))
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
