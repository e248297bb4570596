import Foundation

/// Work over `0..<count` cut into contiguous parts, one a core when each part has at least `minimum` elements: the
/// search's scan, and what a ranked result does with its matches after it (`QueryResult`, `RankSort`).
enum Parts {
    /// How many parts `count` elements make.
    static func count(for count: Int, minimum: Int = 25_000) -> Int {
        max(1, min(ProcessInfo.processInfo.activeProcessorCount, count / minimum))
    }

    /// The elements of part `part` of `parts`.
    static func range(_ part: Int, of parts: Int, count: Int) -> Range<Int> {
        count * part / parts..<count * (part + 1) / parts
    }

    /// Runs `body` for each part at once (on the calling thread alone when there is one part).
    static func forEach(_ parts: Int, count: Int, _ body: @Sendable (_ part: Int, _ range: Range<Int>) -> Void) {
        guard parts > 1 else { return body(0, 0..<count) }
        DispatchQueue.concurrentPerform(iterations: parts) { part in body(part, range(part, of: parts, count: count)) }
    }
}

/// A buffer that the parts of `Parts.forEach` write at once, each only its own elements (its range, or slots that
/// no other part has): the caller keeps the buffer alive and apart from any other access meanwhile.
struct SharedBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>

    init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }

    subscript(index: Int) -> Element {
        get { buffer[index] }
        nonmutating set { buffer[index] = newValue }
    }
}
