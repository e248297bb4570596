import Testing
@testable import FavsGenerator

/// The bookmarks favs-gen writes for the import benchmarks: shaped like a browser's, the same for the same seed.
@Suite struct GeneratedBookmarksTests {
    @Test func nBookmarksAreNDistinctURLsNestedUpTo4DeepWithSomeInTwoFolders() {
        let tree = GeneratedBookmarks(count: 10_000, seed: 7)
        #expect(tree.links.count == 10_000)
        #expect(Set(tree.links.map(\.url)).count == 10_000)
        var placed = 0, separators = 0, queries = 0, deepest = 0
        func walk(_ folder: Int, depth: Int) {
            deepest = max(deepest, depth)
            for entry in tree.folders[folder].entries {
                switch entry {
                case .link: placed += 1
                case let .folder(index): walk(index, depth: depth + 1)
                case .separator: separators += 1
                case .query: queries += 1
                }
            }
        }
        for root in GeneratedBookmarks.Root.allCases { walk(root.rawValue, depth: 0) }
        #expect(deepest == 4)
        #expect((10_400...10_600).contains(placed))  // about 5 % in a second folder
        #expect(separators > 20 && queries > 5)
        #expect(tree.links.contains { $0.keyword != nil } && tree.links.contains { !$0.tags.isEmpty })
        #expect(tree.links.map(\.url) == GeneratedBookmarks(count: 10_000, seed: 7).links.map(\.url))
    }
}
