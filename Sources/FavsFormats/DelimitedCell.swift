import FavsModel

/// One CSV or TSV cell as written by an export, and whether a row would be unsafe to show on a terminal.
///
/// CSV quoting is written here rather than with a package's writer: yaslab/CSV.swift's `CSVWriter` decides to
/// quote by comparing Swift characters, so a `"` or `,` followed by a combining mark (one character with it)
/// goes out unquoted (a `"` is not even doubled) and reads back as different cells; it also cost one
/// `OutputStream.write` call per byte (2 s for 100,000 rows in a release build). RFC 4180 quoting is a few
/// lines over Unicode scalars, and `CSVRowReader` reads it back in the round-trip tests.
public enum DelimitedCell {
    /// Appends one CSV or TSV row, cells and separators and its line feed, as an export writes it (favs-gen's
    /// files too); returns how many TSV cells had tabs or line breaks written as spaces.
    @discardableResult
    public static func writeRow(_ cells: [String], csv: Bool, to out: inout String) -> Int {
        var flattened = 0
        for (index, cell) in cells.enumerated() {
            if index > 0 { out += csv ? "," : "\t" }
            if csv { writeCSV(cell, to: &out) } else if writeTSV(cell, to: &out) { flattened += 1 }
        }
        out += "\n"
        return flattened
    }

    /// Appends a CSV cell, quoted when it holds a quote, comma, CR or LF, with each quote doubled.
    static func writeCSV(_ cell: String, to out: inout String) {
        guard cell.utf8.contains(where: { $0 == 0x22 || $0 == 0x2C || $0 == 0x0A || $0 == 0x0D }) else {
            out += cell
            return
        }
        out += "\""
        for scalar in cell.unicodeScalars {
            if scalar == "\"" { out += "\"" }
            out.unicodeScalars.append(scalar)
        }
        out += "\""
    }

    /// Appends a TSV cell with each tab, LF, CRLF or lone CR written as one space (TSV cannot hold them);
    /// returns whether any was.
    static func writeTSV(_ cell: String, to out: inout String) -> Bool {
        guard cell.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
            out += cell
            return false
        }
        var previous: Unicode.Scalar = " "
        for scalar in cell.unicodeScalars {
            switch scalar {
            case "\t", "\r": out += " "
            case "\n" where previous != "\r": out += " "
            case "\n": break  // the CR before it already became the space
            default: out.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        return true
    }

    /// Whether writing the item as CSV or TSV would put raw control characters (C0, DEL, C1) on a terminal.
    ///
    /// Tabs and line feeds only move the cursor on, so they do not count; in TSV neither does CR, which the
    /// export turns into a space. A CR in CSV does count: it lets later text overwrite earlier text.
    public static func showsRawControls(_ item: Item, as format: ExportFormat) -> Bool {
        func unsafe(_ text: String) -> Bool {
            text.unicodeScalars.contains { scalar in
                switch scalar {
                case "\t", "\n": false
                case "\r": format != .tsv
                default: scalar.isControlCharacter
                }
            }
        }
        return unsafe(item.id.rawValue) || unsafe(item.title) || item.tags.contains(where: unsafe)
            || item.fields.contains { unsafe($0.name) || unsafe($0.value) }
    }
}
