import FavsModel

/// Where the records of an import come from, as one number per record: its line plus the `base` of its file.
///
/// One number costs no more than a line, however many files an import reads, and lets a repeated id name
/// where it was first read: `(first at line 2)` within one file, `(first at a.csv:2)` across files.
/// Reading the same file twice counts as two files.
public struct ImportPlaces: Sendable {
    /// The files read so far, each with the number its lines are counted on from; records come from the last.
    /// The first entry stands for records added before any file was started (records handed to the library,
    /// which know their lines but not their file).
    private var files: [(name: String, base: Int)] = [("", 0)]
    /// The last line read in the current file: the next file's lines are counted on from there.
    private var lastLine = 0

    public init() {}

    /// Reads the records that follow from the file named `name`.
    public mutating func startFile(_ name: String) {
        files.append((name, (files.last?.base ?? 0) + lastLine))
        lastLine = 0
    }

    /// The name of the file being read.
    public var currentFile: String { files[files.count - 1].name }

    /// The place of a record starting at `line` of the current file.
    public mutating func place(line: Int) -> Int {
        lastLine = max(lastLine, line)
        return files[files.count - 1].base + line
    }

    /// The error for a record of the current file at `line` and `column` whose id an earlier record, at
    /// `first`, already had.
    public func duplicate(_ id: ItemID, line: Int, column: Int, first: Int) -> ImportError {
        duplicate(id, file: files.count - 1, line: line, column: column, first: first)
    }

    /// The error for a record read at `place` and `column` whose id an earlier record, at `first`, already had:
    /// for an import that finds repeats once every file is read.
    public func duplicate(_ id: ItemID, place: Int, column: Int, first: Int) -> ImportError {
        let file = files.lastIndex { $0.base < place } ?? 0
        return duplicate(id, file: file, line: place - files[file].base, column: column, first: first)
    }

    private func duplicate(_ id: ItemID, file current: Int, line: Int, column: Int, first: Int) -> ImportError {
        // Lines start at 1, so a place belongs to the last file whose base is below it.
        let file = files.lastIndex { $0.base < first } ?? 0
        let firstLine = first - files[file].base
        let earlier = file == current ? "line \(firstLine)" : "\(files[file].name):\(firstLine)"
        return ImportError(file: files[current].name, line: line, column: column,
                           message: "duplicate id '\(id)' (first at \(earlier))")
    }
}
