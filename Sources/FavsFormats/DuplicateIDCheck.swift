import FavsCore

/// Refuses an id that an import reads twice, pointing at the repeat and naming where the id was first read.
///
/// One check spans every file of an import (`favs import a.csv b.json`): a repeat within one file names the
/// line of the first (`duplicate id 'x' (first at line 2)`), a repeat across files its file as well
/// (`(first at a.csv:2)`). Reading the same file twice counts as two files.
public struct DuplicateIDCheck: Sendable {
    /// Where an id was first read: which file (an index into `files`) and the line.
    private struct Place: Sendable {
        var file: Int
        var line: Int
    }

    private var firstPlace: [ItemID: Place] = [:]
    /// The files read so far; ids come from the last. The first entry stands for records added before any
    /// file was started (records handed to the library, which know their lines but not their file).
    private var files = [""]

    public init() {}

    /// Makes room for about `count` more ids, so a large file does not grow the table step by step.
    public mutating func reserveCapacity(_ count: Int) {
        firstPlace.reserveCapacity(firstPlace.count + count)
    }

    /// Reads the ids that follow from the file named `name`.
    public mutating func startFile(_ name: String) {
        files.append(name)
    }

    /// Notes that a record with `id` starts at `line` and `column` of the current file; throws when an earlier
    /// record had the same id.
    public mutating func add(_ id: ItemID, line: Int, column: Int) throws(ImportError) {
        let here = Place(file: files.count - 1, line: line)
        // One hash per record: a repeat is an error anyway, so overwriting its first place does not matter.
        guard let first = firstPlace.updateValue(here, forKey: id) else { return }
        let earlier = first.file == here.file ? "line \(first.line)" : "\(files[first.file]):\(first.line)"
        throw ImportError(file: files[here.file], line: line, column: column,
                          message: "duplicate id '\(id)' (first at \(earlier))")
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
