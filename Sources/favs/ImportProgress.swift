import Foundation

/// The progress line of `favs import` on standard error: rows, rate and how much of the files is read.
///
/// Only when standard error is a terminal: in a pipe, a log or a test there is nothing to overwrite, so
/// nothing is written. The line is redrawn at most five times a second and erased at the end, so the
/// summary (or an error) is the only thing left on screen.
struct ImportProgress {
    private let isShown: Bool
    /// The files' total size, when every one is a regular file (a pipe's size is unknown).
    private let totalBytes: Int?
    private let start = Date()
    private var lastDrawn = Date.distantPast
    private(set) var rows = 0
    /// The bytes of files finished before the current one.
    private var bytesBefore = 0
    private var bytesInFile = 0
    private var drawn = false

    init(totalBytes: Int?, isShown: Bool = isatty(STDERR_FILENO) == 1) {
        self.totalBytes = totalBytes
        self.isShown = isShown
    }

    /// Counts one more record.
    mutating func addRow() { rows += 1 }

    /// Notes how far the current file has been read, and redraws when the last drawing is old enough.
    mutating func read(_ bytes: Int) {
        bytesInFile = bytes
        guard isShown else { return }
        let now = Date()
        guard now.timeIntervalSince(lastDrawn) >= 0.2 else { return }
        lastDrawn = now
        let seconds = max(now.timeIntervalSince(start), 0.001)
        var line = "importing: \(Self.grouped(rows)) rows, \(Self.grouped(Int(Double(rows) / seconds))) rows/s"
        if let totalBytes, totalBytes > 0 {
            line += ", \(min(100, (bytesBefore + bytesInFile) * 100 / totalBytes))%"
        }
        write("\r" + line + "\u{1B}[K")
        drawn = true
    }

    /// Says that every file is read and the library is being written (the index built, the commit).
    mutating func finishing() {
        guard isShown, drawn else { return }
        write("\rimporting: \(Self.grouped(rows)) rows read, writing the library\u{1B}[K")
    }

    /// Starts counting the bytes of the next file.
    mutating func finishFile() {
        bytesBefore += bytesInFile
        bytesInFile = 0
    }

    /// Erases the line, if it was drawn.
    mutating func erase() {
        guard drawn else { return }
        write("\r\u{1B}[K")
        drawn = false
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// 1234567 → "1,234,567".
    private static func grouped(_ value: Int) -> String {
        var digits = String(value)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }
}
