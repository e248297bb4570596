import FavsFormats
import FavsLibrary
import FavsModel
import Foundation
import Testing

/// An import's tags on both backends: rows of `members` named `#` and a path, an updated item's tags made
/// exactly its record's, and one tag one set whatever its case.
@Suite struct TagImportTests {
    /// A record with tags (nil: the record has no `tags` at all).
    private func tagged(_ id: String, _ title: String, _ tags: [String]?, line: Int) -> ImportRecord {
        ImportRecord(id: ItemID(id), title: title, tags: tags, line: line)
    }

    /// id and tags of each item, in list order.
    private func tags(_ library: any ItemLibrary) throws -> [String] {
        try library.loadItems().map { "\($0.id) \($0.tags.joined(separator: " "))" }
    }

    @Test(arguments: Backend.allCases)
    func importedTagsAreEachItemsTagsSpelledAsFirstSeen(_ backend: Backend) throws {
        let library = try Place(backend).open()
        let summary = try importing([
            tagged("a", "A", ["reading/2026", "Work"], line: 1),
            tagged("b", "B", ["WORK", "dev"], line: 2),
            tagged("c", "C", nil, line: 3),
        ], into: library)
        #expect(summary == ImportSummary(added: 3))
        #expect(try tags(library) == ["a reading/2026 Work", "b dev Work", "c "])
        #expect(try library.itemTags() == ["a": ["reading/2026", "Work"], "b": ["dev", "Work"]])
    }

    @Test(arguments: Backend.allCases)
    func anUpdateMakesAnItemsTagsTheRecordsAndNoTagsLeavesThemAlone(_ backend: Backend) throws {
        let library = try Place(backend).open()
        _ = try importing([
            tagged("a", "A", ["x", "Y"], line: 1),
            tagged("b", "B", ["z"], line: 2),
            tagged("c", "C", ["q"], line: 3),
        ], into: library)
        let summary = try importing([
            tagged("a", "A", ["y", "w"], line: 1),  // the library's Y, and a new w: only its tags change
            tagged("b", "B", nil, line: 2),         // no tags: b keeps z
            tagged("c", "C again", [], line: 3),    // none: c loses q
            tagged("d", "D", ["W"], line: 4),       // w as this import first spelled it
        ], into: library)
        #expect(summary == ImportSummary(added: 1, updated: 2, unchanged: 1))
        #expect(try tags(library) == ["a w Y", "b z", "c ", "d w"])
        let again = try importing([tagged("a", "A", ["Y", "W"], line: 1), tagged("c", "C again", [], line: 2)],
                                  into: library)
        #expect(again == ImportSummary(unchanged: 2))
        #expect(try tags(library) == ["a w Y", "b z", "c ", "d w"])
    }

    @Test(arguments: Backend.allCases)
    func aTagHeldInAnotherCaseIsWrittenAsTheLibrarySpellsIt(_ backend: Backend) throws {
        let library = try Place(backend).open()
        _ = try importing([tagged("a", "A", ["Reading"], line: 1)], into: library)
        _ = try importing([tagged("b", "B", ["READING", "new"], line: 1), tagged("a", "A", ["reading"], line: 2)],
                          into: library)
        #expect(try tags(library) == ["a Reading", "b new Reading"])
    }
}
