import FavsModel

/// Refuses an id that an import reads twice, pointing at the repeat and naming where the id was first read.
///
/// One check spans every file of an import (`favs import a.csv b.json`): a repeat within one file names the
/// line of the first (`duplicate id 'x' (first at line 2)`), a repeat across files its file as well
/// (`(first at a.csv:2)`). Reading the same file twice counts as two files.
public struct DuplicateIDCheck: Sendable {
    /// Where each id was first read, as one number: its line plus the `base` of its file, so the table
    /// costs no more than a table of lines (a million ids, and peak memory is a published figure).
    private var firstPlace: [ItemID: Int] = [:]
    /// The files read so far, each with the number its lines are counted on from; ids come from the last.
    /// The first entry stands for records added before any file was started (records handed to the library,
    /// which know their lines but not their file).
    private var files: [(name: String, base: Int)] = [("", 0)]
    /// The last line read in the current file: the next file's lines are counted on from there.
    private var lastLine = 0

    public init() {}

    /// Makes room for about `count` more ids, so a large file does not grow the table step by step.
    public mutating func reserveCapacity(_ count: Int) {
        firstPlace.reserveCapacity(firstPlace.count + count)
    }

    /// Reads the ids that follow from the file named `name`.
    public mutating func startFile(_ name: String) {
        files.append((name, (files.last?.base ?? 0) + lastLine))
        lastLine = 0
    }

    /// Notes that a record with `id` starts at `line` and `column` of the current file; throws when an earlier
    /// record had the same id.
    public mutating func add(_ id: ItemID, line: Int, column: Int) throws(ImportError) {
        let current = files.count - 1
        lastLine = max(lastLine, line)
        // One hash per record: a repeat is an error anyway, so overwriting its first place does not matter.
        guard let first = firstPlace.updateValue(files[current].base + line, forKey: id) else { return }
        // Lines start at 1, so a place belongs to the last file whose base is below it.
        let file = files.lastIndex { $0.base < first } ?? 0
        let firstLine = first - files[file].base
        let earlier = file == current ? "line \(firstLine)" : "\(files[file].name):\(firstLine)"
        throw ImportError(file: files[current].name, line: line, column: column,
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
