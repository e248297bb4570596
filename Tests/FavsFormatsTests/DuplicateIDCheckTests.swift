import FavsModel
import Foundation
import Testing
@testable import FavsFormats

/// Reads `files` (name, text) in order through one check, as `favs import` does; the first error, or nil.
private func problem(_ files: [(String, String)]) -> String? {
    var ids = DuplicateIDCheck()
    do {
        for (name, text) in files { _ = try ImportReader.read(data: Data(text.utf8), file: name, ids: &ids) }
        return nil
    } catch {
        return String(describing: error)
    }
}

@Test func aRepeatInAnotherFileNamesTheFileOfTheFirst() {
    #expect(problem([("one.jsonl", "{\"id\":\"x\"}\n"), ("two.csv", "title,id\nX,y\nX,x\n")])
            == "two.csv:3:1: duplicate id 'x' (first at one.jsonl:1)")
}

@Test func aFileReadTwiceIsTwoFilesNotOne() {
    let file = ("a.tsv", "id\ttitle\nx\tX\n")
    #expect(problem([file, file]) == "a.tsv:2:1: duplicate id 'x' (first at a.tsv:2)")
}

@Test func idsInDifferentFilesThatNeverRepeatAreFine() {
    #expect(problem([("a.json", "[{\"id\":1},{\"id\":\"2\"}]"), ("b.csv", "id\n3\n"), ("c.tsv", "id\n4\n")]) == nil)
}

@Test func theFirstRepeatAmongRecordsIsTheSecondOneWithItsID() {
    let records = [ImportRecord(id: "a", title: "A", line: 1), ImportRecord(id: "b", title: "B", line: 2),
                   ImportRecord(id: "a", title: "Again", line: 3), ImportRecord(id: "b", title: "Again", line: 4)]
    #expect(DuplicateIDCheck.firstRepeat(in: records) == records[2])
    #expect(DuplicateIDCheck.firstRepeat(in: Array(records.prefix(2))) == nil)
}
