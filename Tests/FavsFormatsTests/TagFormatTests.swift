import FavsModel
import Foundation
import Testing
@testable import FavsFormats

/// An item's tags in every file format: a JSON `tags` array, a CSV or TSV `tags` cell joined by `;`.
@Suite struct TagFormatTests {
    /// The message a user sees for a file, or nil when it reads.
    private func problem(_ text: String, file: String) -> String? {
        do {
            _ = try ImportReader.read(contents: text, file: file)
            return nil
        } catch {
            return String(describing: error)
        }
    }

    @Test(arguments: ["json", "jsonl"])
    func jsonTagsAreTheRecordsTagsNotAFieldEachGivenOnce(format: String) throws {
        let objects = [
            #"{"id": "a", "tags": ["reading/2026", "Work", "work", "READING/2026"], "year": 1999}"#,
            #"{"id": "b", "tags": []}"#,
            #"{"id": "c", "title": "No tags key"}"#,
        ]
        let text = format == "json" ? "[\n" + objects.joined(separator: ",\n") + "\n]\n" : objects.joined(separator: "\n") + "\n"
        let records = try ImportReader.read(contents: text, file: "tags.\(format)")
        #expect(records.map(\.tags) == [["reading/2026", "Work"], [], nil])
        #expect(records[0].fields == [Field("year", "1999", kind: .number)])
    }

    @Test(arguments: ["csv", "tsv"])
    func aTagsCellIsTheTagsJoinedBySemicolonsAndAnEmptyOneIsNone(format: String) throws {
        let separator = format == "csv" ? "," : "\t"
        let text = [["id", "title", "tags", "note"], ["a", "A", "dev/swift;Work;WORK", "x"], ["b", "B", "", "y"]]
            .map { $0.joined(separator: separator) }.joined(separator: "\n") + "\n"
        let records = try ImportReader.read(contents: text, file: "tags.\(format)")
        #expect(records.map(\.tags) == [["dev/swift", "Work"], []])
        #expect(records.map(\.fields) == [[Field("note", "x")], [Field("note", "y")]])
        let untagged = try ImportReader.read(contents: "id\(separator)title\na\(separator)A\n", file: "plain.\(format)")
        #expect(untagged.map(\.tags) == [nil])
    }

    @Test func aBadTagIsRefusedNamingTheFileLineAndField() {
        #expect(problem("{\"id\": \"a\"}\n{\"id\": \"b\", \"tags\": [\"ok\", \"to read\"]}\n", file: "t.jsonl")
                == "t.jsonl:2:1: tags: tag “to read” has a space")
        #expect(problem("{\"id\": \"a\", \"tags\": \"work\"}\n", file: "t.jsonl")
                == "t.jsonl:1:1: tags must be an array of strings")
        #expect(problem("[\n  {\"id\": \"a\", \"tags\": [\"work\", 7]}\n]\n", file: "t.json")
                == "t.json:2:3: tags must be an array of strings (item 2 is not a string)")
        #expect(problem("{\"id\": \"a\", \"tags\": [\"a//b\"]}\n", file: "t.jsonl")
                == "t.jsonl:1:1: tags: tag “a//b” has an empty name between slashes")
        #expect(problem("id,title,tags\na,A,ok\nb,B,ok;;fine\n", file: "t.csv")
                == "t.csv:3:1: tags: a tag cannot be empty (cell 3)")
        #expect(problem("id\ttags\na\t#work\n", file: "t.tsv")
                == "t.tsv:2:1: tags: tag “#work” cannot start with “#” (cell 2)")
    }

    @Test(arguments: ExportFormat.allCases)
    func writtenTagsFollowTheStarOnlyWhereAnItemHasSome(format: ExportFormat) {
        let items = [
            Item(id: "a", title: "A", fields: [Field("year", "1994")], favorite: true, position: 1, tags: ["dev/swift", "Work"]),
            Item(id: "b", title: "B", fields: [Field("year", "2001")], position: 2),
        ]
        var writer = ItemWriter(format: format, items: items)
        var text = ""
        writer.begin(to: &text)
        for item in items { writer.append(item, to: &text) }
        writer.end(to: &text)
        let expected: [ExportFormat: String] = [
            .json: """
                [
                {"id":"a","title":"A","favorite":true,"tags":["dev/swift","Work"],"year":"1994"},
                {"id":"b","title":"B","favorite":false,"year":"2001"}
                ]

                """,
            .jsonl: """
                {"id":"a","title":"A","favorite":true,"tags":["dev/swift","Work"],"year":"1994"}
                {"id":"b","title":"B","favorite":false,"year":"2001"}

                """,
            .csv: """
                id,title,favorite,tags,year
                a,A,true,dev/swift;Work,1994
                b,B,false,,2001

                """,
            .tsv: """
                id\ttitle\tfavorite\ttags\tyear
                a\tA\ttrue\tdev/swift;Work\t1994
                b\tB\tfalse\t\t2001

                """,
            .html: """
                <!DOCTYPE NETSCAPE-Bookmark-file-1>
                <!-- This is an automatically generated file.
                     It will be read and overwritten.
                     DO NOT EDIT! -->
                <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
                <TITLE>Bookmarks</TITLE>
                <H1>Bookmarks</H1>
                <DL><p>
                    <DT><A HREF="b">B</A>
                    <DT><H3>dev</H3>
                    <DL><p>
                        <DT><H3>swift</H3>
                        <DL><p>
                            <DT><A HREF="a" TAGS="dev/swift,Work">A</A>
                        </DL><p>
                    </DL><p>
                    <DT><H3>Work</H3>
                    <DL><p>
                        <DT><A HREF="a" TAGS="dev/swift,Work">A</A>
                    </DL><p>
                    <DT><H3 FAVS_FAVORITES="true">Favorites</H3>
                    <DL><p>
                        <DT><A HREF="a" TAGS="dev/swift,Work">A</A>
                    </DL><p>
                </DL><p>

                """,
        ]
        #expect(text == expected[format])
    }

    @Test func aFieldNamedTagsIsWrittenAsFieldTagsAndReadBackAsThatField() throws {
        let item = Item(id: "a", title: "A", fields: [Field("tags", "a field")], position: 1, tags: ["x"])
        var writer = ItemWriter(format: .csv, items: [item])
        var text = ""
        writer.begin(to: &text)
        writer.append(item, to: &text)
        #expect(text == "id,title,favorite,tags,field:tags\na,A,false,x,a field\n")
        let records = try ImportReader.read(contents: text, file: "back.csv")
        #expect(records.map(\.tags) == [["x"]])
        #expect(records.map(\.fields) == [[Field("tags", "a field")]])
    }
}
