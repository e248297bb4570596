import Foundation
import GRDB
import Testing

/// Picks export as a `picks` member (issue #37): `favs export` in JSON and JSON Lines writes each picked item's
/// picks, and `favs import` of that export brings them back, each once, so the picker ranks as before.
@Suite struct PicksExportTests {
    private let file = #"""
        {"id":"a","title":"Alpha","favorite":false,"picks":[{"at":1700000000000},{"at":1700000500000}],"url":"https://a.example"}
        {"id":"b","title":"Bravo","favorite":true,"tags":["work"],"picks":[{"at":1600000000000,"weight":2.5},{"at":1700000000000}]}
        {"id":"c","title":"Charlie","favorite":false,"picks":"a field, as before"}

        """#

    /// The picks table of a library file, as `id@time×weight`, oldest first.
    private func picks(in path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path, configuration: { var c = Configuration(); c.readonly = true; return c }())
        return try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT item_id, picked_at, weight FROM picks ORDER BY item_id, picked_at")
                .map { "\($0[0] as String)@\($0[1] as Int64)×\($0[2] as Double)" }
        }
    }

    @Test func anExportOfPicksImportedIntoANewLibraryGivesTheSamePicksAndAgainAddsNone() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("in.jsonl", file)
        let first = try await favs("import", "in.jsonl", "--library", "A.sqlite", in: scratch)
        #expect(first.status == 0, "\(first.err)")
        let export = try await favs("export", "--library", "A.sqlite", in: scratch)
        #expect(export.status == 0 && export.err.isEmpty)
        #expect(export.out == file)
        // favs list writes no picks: its rows are what they were.
        let list = try await favs("list", "--format", "jsonl", "--library", "A.sqlite", in: scratch)
        #expect(list.out.hasPrefix(#"{"id":"a","title":"Alpha","favorite":false,"url":"https://a.example"}"#))
        // Tables and bookmark files leave picks out.
        let csv = try await favs("export", "--format", "csv", "--library", "A.sqlite", in: scratch)
        #expect(csv.status == 0 && !csv.out.contains("1700000000000"))

        try scratch.write("out.json", "")
        let json = try await favs("export", "--format", "json", "--output", "out.json", "--library", "A.sqlite", in: scratch)
        #expect(json.status == 0)
        let copy = try await favs("import", "out.json", "--library", "B.sqlite", in: scratch)
        #expect(copy.status == 0 && copy.out == "imported 3 items from out.json (3 added, 0 updated, 0 unchanged; 4 picks added)\n")
        #expect(try await favs("export", "--library", "B.sqlite", in: scratch).out == export.out)
        let kept = ["a@1700000000000×1.0", "a@1700000500000×1.0", "b@1600000000000×2.5", "b@1700000000000×1.0"]
        #expect(try picks(in: scratch.path("B.sqlite")) == kept)
        // The same picks imported again are not added twice.
        let again = try await favs("import", "out.json", "--library", "B.sqlite", in: scratch)
        #expect(again.status == 0 && again.out == "imported 3 items from out.json (0 added, 0 updated, 3 unchanged)\n")
        #expect(try await favs("export", "--library", "B.sqlite", in: scratch).out == export.out)
        #expect(try picks(in: scratch.path("B.sqlite")) == kept)
        // An item whose picks alone grow is unchanged as an item, and the pick is said.
        try scratch.write("more.jsonl",
                          #"{"id":"a","title":"Alpha","favorite":false,"picks":[{"at":1700000900000}],"url":"https://a.example"}"# + "\n")
        let more = try await favs("import", "more.jsonl", "--library", "B.sqlite", in: scratch)
        #expect(more.status == 0 && more.out == "imported 1 item from more.jsonl (0 added, 0 updated, 1 unchanged; 1 pick added)\n")
        #expect(try picks(in: scratch.path("B.sqlite")) == Array(kept.prefix(2)) + ["a@1700000900000×1.0"] + kept.suffix(2))
    }

    @Test func aPickThatIsNotOneIsRefusedWithItsPlaceAndNothingChanges() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("in.jsonl", file)
        #expect(try await favs("import", "in.jsonl", "--library", "A.sqlite", in: scratch).status == 0)
        let before = try await favs("export", "--library", "A.sqlite", in: scratch).out
        try scratch.write("bad.jsonl", #"""
            {"id":"a","title":"Alpha","picks":[{"at":1800000000000}]}
            {"id":"d","title":"Delta","picks":[{"at":1},{"at":"yesterday"}]}

            """#)
        let bad = try await favs("import", "bad.jsonl", "--library", "A.sqlite", in: scratch)
        #expect(bad.status == 65 && bad.out.isEmpty)
        #expect(bad.err == #"favs: bad.jsonl:2:1: picks must be an array of {"at": MS} objects, "weight" optional and above 0 (item 2 is not one)"# + "\n")
        #expect(try await favs("export", "--library", "A.sqlite", in: scratch).out == before)
    }
}
