import Foundation

/// Strings stored back to back in one byte buffer, each followed by a NUL byte.
///
/// A million titles cost their UTF-8 bytes plus five bytes each, instead of a String object apiece, and
/// a scan over all of them walks one contiguous buffer. Entries are only ever appended. A value type:
/// the buffer is shared between copies and copied before one of them appends (copy on write).
struct TextArena: Sendable, Equatable {
    private var storage: ByteBuffer
    /// Where each entry ends (the offset of its NUL).
    private var ends: [UInt32]

    /// An empty arena with room for about `capacity` entries of `bytes` bytes in all.
    init(capacity: Int = 0, bytes: Int = 64) {
        storage = ByteBuffer(capacity: bytes)
        ends = []
        ends.reserveCapacity(capacity)
    }

    var count: Int { ends.count }
    /// How many bytes the entries take, their NULs included.
    var byteCount: Int { storage.count }

    func start(_ i: Int) -> Int { i == 0 ? 0 : Int(ends[i - 1]) + 1 }
    func end(_ i: Int) -> Int { Int(ends[i]) }

    func string(_ i: Int) -> String { String(decoding: entry(i), as: UTF8.self) }

    func withEntry<R>(_ i: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R { body(entry(i)) }

    func equals(_ i: Int, _ other: UnsafeRawBufferPointer) -> Bool {
        let entry = entry(i)
        guard entry.count == other.count else { return false }
        guard let a = entry.baseAddress, let b = other.baseAddress else { return true }
        return memcmp(a, b, entry.count) == 0
    }

    /// The arena's bytes and entry ends, for a scan over all of them.
    func withStorage<R>(_ body: (UnsafeRawBufferPointer, UnsafeBufferPointer<UInt32>) -> R) -> R {
        ends.withUnsafeBufferPointer { ends in body(UnsafeRawBufferPointer(storage.contents), ends) }
    }

    /// Valid while this arena is: the buffer is never changed in place once another value shares it.
    private func entry(_ i: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(storage.contents)[start(i)..<end(i)])
    }

    // MARK: Appending

    mutating func append(_ entry: UnsafeRawBufferPointer) { appendEntry { $0.append(entry) } }

    mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends one entry, its bytes written by `body` into the buffer.
    mutating func appendEntry(_ body: (ByteBuffer) -> Void) {
        makeUnique()
        body(storage)
        // Offsets are 32-bit: 4 GiB of text is far beyond what a browser holds in memory.
        precondition(storage.count < Int(UInt32.max), "text arena over 4 GiB")
        ends.append(UInt32(storage.count))
        storage.append(0)
    }

    /// Appends every entry of another arena (the second half of a list read by two threads).
    mutating func append(contentsOf other: TextArena) {
        makeUnique()
        let shift = UInt32(storage.count)
        storage.append(UnsafeRawBufferPointer(other.storage.contents))
        ends.append(contentsOf: other.ends.lazy.map { $0 + shift })
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    static func == (a: TextArena, b: TextArena) -> Bool {
        a.ends == b.ends && a.storage.contents.elementsEqual(b.storage.contents)
    }
}
