import Foundation

/// Strings stored back to back in one byte array, each followed by a NUL byte.
///
/// A million titles cost their UTF-8 bytes plus five bytes each, instead of a String object apiece, and
/// a scan over all of them walks one contiguous buffer. Entries are only ever appended. A value type made
/// of two arrays: copies share them until one appends (the arrays' own copy on write).
///
/// The bytes were a hand-written pointer buffer with its own copy on write. Measured against it (1M rows
/// of 16-byte ids and 28-byte titles, -O, CPU time): `[UInt8]` builds the two arenas in 50.2 ms instead
/// of 47.9 (+5%), folds the titles in 76.9 ms instead of 70.9 (+9%), and scans them (12.1 ms), copies
/// them on write (13.7 ms) and holds them (60 MiB) the same: not enough to keep the pointer code.
struct TextArena: Sendable, Equatable {
    private var bytes: [UInt8] = []
    /// Where each entry ends (the offset of its NUL).
    private var ends: [UInt32] = []

    /// An empty arena with room for about `capacity` entries of `bytes` bytes in all.
    init(capacity: Int = 0, bytes: Int = 64) {
        self.bytes.reserveCapacity(bytes)
        ends.reserveCapacity(capacity)
    }

    var count: Int { ends.count }
    /// How many bytes the entries take, their NULs included.
    var byteCount: Int { bytes.count }

    func start(_ i: Int) -> Int { i == 0 ? 0 : Int(ends[i - 1]) + 1 }
    func end(_ i: Int) -> Int { Int(ends[i]) }

    func string(_ i: Int) -> String { String(decoding: bytes[start(i)..<end(i)], as: UTF8.self) }

    func withEntry<R>(_ i: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let range = start(i)..<end(i)
        return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    func equals(_ i: Int, _ other: UnsafeRawBufferPointer) -> Bool {
        withEntry(i) { $0.hasSameBytes(as: other) }
    }

    /// Entry `i` within storage that `withStorage` gave (a scan's inner loop, which takes the storage once).
    @inline(__always)
    static func entry(_ i: Int, _ bytes: UnsafeRawBufferPointer, _ ends: UnsafeBufferPointer<UInt32>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[(i == 0 ? 0 : Int(ends[i - 1]) + 1)..<Int(ends[i])])
    }

    /// The arena's bytes and entry ends, for a scan over all of them.
    func withStorage<R>(_ body: (UnsafeRawBufferPointer, UnsafeBufferPointer<UInt32>) -> R) -> R {
        bytes.withUnsafeBytes { bytes in ends.withUnsafeBufferPointer { ends in body(bytes, ends) } }
    }

    // MARK: Appending

    mutating func append(_ entry: UnsafeRawBufferPointer) { appendEntry { $0.append(contentsOf: entry) } }

    mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends one entry, its bytes appended by `body` to the arena's bytes (which it must only append to).
    mutating func appendEntry(_ body: (inout [UInt8]) -> Void) {
        body(&bytes)
        // Offsets are 32-bit: 4 GiB of text is far beyond what a browser holds in memory.
        precondition(bytes.count < Int(UInt32.max), "text arena over 4 GiB")
        ends.append(UInt32(bytes.count))
        bytes.append(0)
    }

    /// Appends every entry of another arena (the second half of a list read by two threads).
    mutating func append(contentsOf other: TextArena) {
        let shift = UInt32(bytes.count)
        // Exactly the room needed, if more is needed (where growing by appending would double it).
        bytes.reserveCapacity(bytes.count + other.bytes.count)
        ends.reserveCapacity(ends.count + other.ends.count)
        bytes.append(contentsOf: other.bytes)
        ends.append(contentsOf: other.ends.lazy.map { $0 + shift })
    }
}

extension UnsafeRawBufferPointer {
    /// Whether both hold the same bytes (two empty buffers do, whatever their addresses).
    func hasSameBytes(as other: UnsafeRawBufferPointer) -> Bool {
        guard count == other.count else { return false }
        guard let a = baseAddress, let b = other.baseAddress, a != b else { return true }
        return memcmp(a, b, count) == 0
    }
}
