import FavsFormats
import FavsModel

/// Where each record of an import into an empty library was read, by position (from 1), for either kind of
/// library: such an import finds a repeated id only once the rows are in, when its id index fails to build.
package struct BulkImportPlaces {
    private var places = PlaceLog()
    /// The column each record's id started at.
    private var columns = PlaceLog()

    package init() {}

    /// Notes the record given the next position, read at `place` (see `ImportPlaces`).
    package mutating func append(place: Int, column: Int) {
        places.append(place)
        columns.append(column)
    }

    /// The first repeat in file order (`id`, `position`) and the position of the first record with its id
    /// (`first`), from the rows of `items`.
    package static let firstRepeat = """
        SELECT id, position, first FROM (
            SELECT id, position, first_value(position) OVER w AS first, row_number() OVER w AS n
            FROM items WINDOW w AS (PARTITION BY id ORDER BY position)) t
        WHERE n = 2 ORDER BY position LIMIT 1
        """

    /// The error for a repeat that `firstRepeat` found.
    package func duplicate(id: String, position: Int, first: Int) -> ImportDuplicate {
        ImportDuplicate(record: ImportRecord(id: ItemID(id), title: "", line: 0, column: columns.place(at: position - 1)),
                        firstPlace: places.place(at: first - 1), place: places.place(at: position - 1))
    }
}

/// Numbers in the order records were added (where each was read, or the column its id started at), as runs of
/// equal steps from one number to the next: a file with a record on every line is one run of places, and one
/// of columns, whatever its size; at worst a record costs two LEB128 numbers (a byte each, usually). Looked
/// up only to report a repeated id.
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
        // Places only grow within an import, but columns go back as well: steps are stored as zigzag numbers.
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
