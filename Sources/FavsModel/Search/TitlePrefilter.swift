import Foundation

/// The byte prefilters (`SearchTerm.mayMatch`) a title must pass to match a pattern: those of each group that is one
/// term, not `!`, of ASCII characters. Kept flat, so that a scan reads them through buffer pointers taken once per
/// part: reached through the terms, each title copied a term, retaining and releasing its three arrays (for
/// `fire neon` over a million titles, half the search's time went to that).
///
/// Public for a library's one-shot read of a search (`favs list --query`): a row whose title fails it is left unread.
public struct TitlePrefilter: Sendable, Hashable {
    /// The terms' bytes one after the other, where each ends, and how each compares.
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    private var flags: [UInt8] = []
    private static let caseSensitive: UInt8 = 1, foldsAccents: UInt8 = 2, anchored: UInt8 = 4

    init(_ groups: [[SearchTerm]]) {
        for group in groups where group.count == 1 {
            let term = group[0]
            guard !term.isInverse, let ascii = term.asciiBytes, !ascii.isEmpty else { continue }
            bytes += ascii
            ends.append(bytes.count)
            flags.append((term.isCaseSensitive ? Self.caseSensitive : 0) | (term.foldsAccents ? Self.foldsAccents : 0)
                         | (term.isAnchored ? Self.anchored : 0))
        }
    }

    /// Whether it has no test: every title passes.
    public var isEmpty: Bool { ends.isEmpty }

    /// Calls `body` with the test of a title's UTF-8: false when some term surely does not match it.
    public func withTest<R>(_ body: ((UnsafeRawBufferPointer) -> Bool) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { bytes in
            try ends.withUnsafeBufferPointer { ends in
                try flags.withUnsafeBufferPointer { flags in
                    try body { title in
                        var start = 0
                        for k in ends.indices {
                            let term = UnsafeBufferPointer(rebasing: bytes[start..<ends[k]])
                            start = ends[k]
                            guard SearchTerm.mayMatch(term, title, caseSensitive: flags[k] & Self.caseSensitive != 0,
                                                      foldsAccents: flags[k] & Self.foldsAccents != 0,
                                                      anchored: flags[k] & Self.anchored != 0) else { return false }
                        }
                        return true
                    }
                }
            }
        }
    }
}
