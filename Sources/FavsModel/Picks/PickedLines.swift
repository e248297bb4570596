import Foundation

/// The lines a picker's memory holds picks of, each with its frecency score, as a picker reads them before its first
/// screen (`LineScan` looks for them in the input): the lines' bytes one after the other, not an `ItemID` each. Ten
/// thousand ids are ten thousand strings scattered over the heap, and the scan comes after stdin is read, when each
/// costs a cache miss to look at again (1.5 ms of 10k, where the scan itself takes 3); here they are one array, read
/// in order. Only the lines shown are made items.
public struct PickedLines: Sendable {
    /// Every line's bytes, one after the other; line `i` ends at `ends[i]`.
    private(set) var text: [UInt8] = []
    private(set) var ends: [Int] = []
    private(set) var scores: [Double] = []

    public init() {}

    /// The lines of these ids, with their scores.
    public init(_ scores: [ItemID: Double]) {
        for (id, score) in scores {
            var raw = id.rawValue
            raw.withUTF8 { append(id: UnsafeRawBufferPointer($0), score: score) }
        }
    }

    public var count: Int { scores.count }
    public var isEmpty: Bool { scores.isEmpty }

    /// Adds the line whose id's UTF-8 is `id` (as a library stores it: `ItemID.init(line:)`), with its score; an empty
    /// id, or a score of 0 or less (picks too old to count), is left out.
    public mutating func append(id: UnsafeRawBufferPointer, score: Double) {
        guard score > 0, !id.isEmpty else { return }
        if let line = ItemID.lineBytes(ofID: id) { text += line } else { text.append(contentsOf: id) }
        ends.append(text.count)
        scores.append(score)
    }

    /// Calls `body` with each line's bytes and score, in the order they were added.
    func forEach(_ body: (_ line: UnsafeRawBufferPointer, _ score: Double) -> Void) {
        text.withUnsafeBytes { text in
            var start = 0
            for (end, score) in zip(ends, scores) {
                body(UnsafeRawBufferPointer(rebasing: text[start..<end]), score)
                start = end
            }
        }
    }
}
