import FavsModel

/// Refuses an id that an import reads twice, pointing at the repeat and naming where the id was first read.
///
/// One check spans every file of an import (`favs import a.csv b.json`): a repeat within one file names the
/// line of the first (`duplicate id 'x' (first at line 2)`), a repeat across files its file as well
/// (`(first at a.csv:2)`). Reading the same file twice counts as two files.
public struct DuplicateIDCheck: Sendable {
    /// Where each id was first read, as one place (see `ImportPlaces`), so the table costs no more than a
    /// table of lines.
    private var firstPlace: [ItemID: Int] = [:]
    private var places = ImportPlaces()

    public init() {}

    /// Makes room for about `count` more ids, so a large file does not grow the table step by step.
    public mutating func reserveCapacity(_ count: Int) {
        firstPlace.reserveCapacity(firstPlace.count + count)
    }

    /// Reads the ids that follow from the file named `name`.
    public mutating func startFile(_ name: String) {
        places.startFile(name)
    }

    /// Notes that a record with `id` starts at `line` and `column` of the current file; throws when an earlier
    /// record had the same id.
    public mutating func add(_ id: ItemID, line: Int, column: Int) throws(ImportError) {
        // One hash per record: a repeat is an error anyway, so overwriting its first place does not matter.
        guard let first = firstPlace.updateValue(places.place(line: line), forKey: id) else { return }
        throw places.duplicate(id, line: line, column: column, first: first)
    }

    /// The first record whose id an earlier record already had, or nil when every id is new.
    public static func firstRepeat(in records: [ImportRecord]) -> ImportRecord? {
        var check = DuplicateIDCheck()
        check.reserveCapacity(records.count)
        for record in records {
            do {
                try check.add(record.id, line: record.line, column: record.column)
            } catch {
                return record
            }
        }
        return nil
    }
}
