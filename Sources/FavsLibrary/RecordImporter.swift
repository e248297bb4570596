import FavsFormats
import GRDB

/// Writes the records of an import one at a time, inside the import's transaction, and tells new, updated and
/// unchanged items apart; a repeated id is refused with the place of its first record.
///
/// No record is kept: a library that is empty takes plain inserts, whose `PRIMARY KEY` refuses a repeat (at no
/// cost), and a compact log of places finds the first one; a library with items takes upserts, and a temporary
/// table of the ids seen so far (on disk when large, like any SQLite table) refuses a repeat the upsert would
/// quietly take as an update of the row it just wrote.
struct RecordImporter {
    private let db: Database
    private let statement: ImportStatement
    /// Empty library: each record's place, by position. Library with items: nil.
    private var places: PlaceLog?
    private let seen: SeenIDs?
    private var nextPosition: Int
    private var summary = ImportSummary()
    private var fields: [UInt8] = []

    init(_ db: Database) throws {
        self.db = db
        // Deleted items keep their positions (so they can come back), hence MAX over every row.
        if let last = try Int.fetchOne(db, sql: "SELECT MAX(position) FROM items") {
            statement = try ImportStatement(db, sql: """
                INSERT INTO items (id, title, fields, favorite, position) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET title = excluded.title, fields = excluded.fields, deleted = 0
                    WHERE title IS NOT excluded.title OR fields IS NOT excluded.fields OR deleted <> 0
                RETURNING position
                """)
            seen = try SeenIDs(db)
            places = nil
            nextPosition = last + 1
        } else {
            // The list index is kept up to date row by row: positions only grow, so every entry goes at its
            // end. Dropping it and building it again at the end (a sort) was no faster with the import's 40 MiB
            // cache (7.6–10.1 s either way at 886k rows, 41.6 against 40.6 s at 3M), and its sort took memory
            // of its own (84 against 79 MB peak).
            statement = try ImportStatement(db, sql: """
                INSERT INTO items (id, title, fields, favorite, position) VALUES (?, ?, ?, ?, ?)
                """)
            seen = nil
            places = PlaceLog()
            nextPosition = 1
        }
    }

    /// Writes one record read at `place` (see `ImportPlaces`); throws `ImportDuplicate` for a repeated id.
    mutating func add(_ record: ImportRecord, place: Int) throws {
        if let seen, let first = try seen.add(record.id.rawValue, place: place) {
            throw ImportDuplicate(record: record, firstPlace: first)
        }
        fields.removeAll(keepingCapacity: true)
        FieldCoding.encode(record.fields, into: &fields)
        switch try statement.step(id: record.id.rawValue, title: record.title, fields: fields,
                                  favorite: record.favorite, position: nextPosition) {
        case .done where places != nil, .row(nextPosition):
            nextPosition += 1
            summary.added += 1
            places?.append(place)
        case .row: summary.updated += 1
        case .done: summary.unchanged += 1
        case .duplicateID:
            // Only a plain insert gets here (an upsert takes every conflict): the first is in the library.
            let position = try Int.fetchOne(db, sql: "SELECT position FROM items WHERE id = ?",
                                            arguments: [record.id.rawValue]) ?? 1
            throw ImportDuplicate(record: record, firstPlace: places?.place(at: position - 1) ?? 0)
        }
    }

    /// Finishes the import: the temporary table gone; what the import did.
    func finish() throws -> ImportSummary {
        try seen?.drop()
        return summary
    }
}

/// A record whose id an earlier record of the same import had.
public struct ImportDuplicate: Error, Sendable {
    /// The repeat.
    public var record: ImportRecord
    /// Where the first was read (see `ImportPlaces`).
    public var firstPlace: Int
    /// Where the repeat was read, for a library that finds repeats once every file is read (PostgreSQL); nil
    /// when it is found as it is read (the record's line is then in the file being read).
    public var place: Int?

    package init(record: ImportRecord, firstPlace: Int, place: Int? = nil) {
        self.record = record
        self.firstPlace = firstPlace
        self.place = place
    }
}

/// The ids an import into a library with items has written so far, with where each was read.
private struct SeenIDs {
    private let db: Database
    private let insert: ImportStatement

    init(_ db: Database) throws {
        self.db = db
        try db.execute(sql: """
            CREATE TEMP TABLE import_seen (id TEXT PRIMARY KEY, place INTEGER NOT NULL) WITHOUT ROWID
            """)
        insert = try ImportStatement(db, sql: "INSERT INTO import_seen (id, place) VALUES (?, ?)")
    }

    /// Notes the id; returns the place of an earlier record with it, if any.
    func add(_ id: String, place: Int) throws -> Int? {
        guard try insert.step(text: id, integer: place) == .duplicateID else { return nil }
        return try Int.fetchOne(db, sql: "SELECT place FROM import_seen WHERE id = ?", arguments: [id])
    }

    func drop() throws {
        try db.execute(sql: "DROP TABLE import_seen")
    }
}

/// Places in the order records were added, as runs of equal steps from one place to the next: a file with a
/// record on every line is one run, whatever its size, and at worst a record costs two LEB128 numbers (a byte
/// each, usually). Looked up only to report a repeated id.
package struct PlaceLog {
    private var bytes: [UInt8] = []
    private var last = 0
    /// The run not yet written: its step, and how many records took it.
    private var step = 0
    private var count = 0

    package init() {}

    package mutating func append(_ place: Int) {
        let delta = place - last
        last = place
        if delta == step || count == 0 {
            step = delta
            count += 1
            return
        }
        flush()
        (step, count) = (delta, 1)
    }

    /// The place of the record added `index`-th (from 0).
    package func place(at index: Int) -> Int {
        var runs = decodedRuns()
        runs.append((step, count))
        var place = 0, first = 0
        for run in runs {
            if index < first + run.count { return place + run.step * (index - first + 1) }
            place += run.step * run.count
            first += run.count
        }
        return place
    }

    private mutating func flush() {
        // Places only grow within an import, but steps are stored as zigzag numbers just in case.
        Self.write(UInt(bitPattern: (step << 1) ^ (step >> (Int.bitWidth - 1))), to: &bytes)
        Self.write(UInt(count), to: &bytes)
    }

    private static func write(_ value: UInt, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private func decodedRuns() -> [(step: Int, count: Int)] {
        var numbers: [UInt] = [], value: UInt = 0, shift: UInt = 0
        for byte in bytes {
            value |= UInt(byte & 0x7F) << shift
            shift += 7
            guard byte < 0x80 else { continue }
            numbers.append(value)
            (value, shift) = (0, 0)
        }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { index in
            let zigzag = numbers[index]
            return (Int(bitPattern: zigzag >> 1) ^ -Int(bitPattern: zigzag & 1), Int(numbers[index + 1]))
        }
    }
}
