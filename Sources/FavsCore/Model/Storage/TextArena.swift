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

    init() {
        storage = ByteBuffer(capacity: 64)
        ends = []
    }

    fileprivate init(storage: ByteBuffer, ends: [UInt32]) {
        self.storage = storage
        self.ends = ends
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

    mutating func append(_ entry: UnsafeRawBufferPointer) {
        appendBytes(entry)
        finishEntry()
    }

    mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends bytes to the entry being built; `finishEntry()` ends it.
    mutating func appendByte(_ byte: UInt8) {
        makeUnique()
        storage.append(byte)
    }

    mutating func appendBytes(_ more: UnsafeRawBufferPointer) {
        makeUnique()
        storage.append(more)
    }

    mutating func appendBytes(_ more: [UInt8]) { more.withUnsafeBytes { appendBytes($0) } }

    /// The bytes from `start` to the end, to change in place (the entry being built).
    mutating func withTail<R>(from start: Int, _ body: (UnsafeMutableRawBufferPointer) -> R) -> R {
        makeUnique()
        return body(storage.tail(from: start))
    }

    /// Drops the bytes from `start` on (of the entry being built).
    mutating func truncate(to start: Int) {
        makeUnique()
        storage.truncate(to: start)
    }

    mutating func finishEntry() {
        makeUnique()
        // Offsets are 32-bit: 4 GiB of text is far beyond what a browser holds in memory.
        precondition(storage.count < Int(UInt32.max), "text arena over 4 GiB")
        ends.append(UInt32(storage.count))
        storage.append(0)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    static func == (a: TextArena, b: TextArena) -> Bool {
        a.ends == b.ends && a.storage.contents.elementsEqual(b.storage.contents)
    }

    /// Appends entries to a byte buffer: a builder's fast path, whose buffer becomes the arena's as it is.
    /// A value like the arena: a copied writer writes to bytes of its own.
    struct Writer {
        private var bytes: ByteBuffer
        private(set) var ends: [UInt32] = []

        init(capacity: Int, bytes byteCount: Int) {
            bytes = ByteBuffer(capacity: byteCount)
            ends.reserveCapacity(capacity)
        }

        /// Copies the bytes first if another writer (or an arena made from this one) shares them.
        private mutating func makeBytesUnique() {
            if !isKnownUniquelyReferenced(&bytes) { bytes = bytes.copy() }
        }

        mutating func append(_ entry: UnsafeRawBufferPointer) {
            makeBytesUnique()
            bytes.append(entry)
            endEntry()
        }

        /// Appends bytes through `body` (given the buffer), as one entry.
        mutating func appendEntry(_ body: (ByteBuffer) -> Void) {
            makeBytesUnique()
            body(bytes)
            endEntry()
        }

        /// Ends the entry whose bytes were just appended (the buffer is known to be this writer's own).
        private mutating func endEntry() {
            precondition(bytes.count < Int(UInt32.max), "text arena over 4 GiB")
            ends.append(UInt32(bytes.count))
            bytes.append(0)
        }

        /// Appends every entry of another writer.
        mutating func append(contentsOf other: Writer) {
            makeBytesUnique()
            let shift = UInt32(bytes.count)
            bytes.append(UnsafeRawBufferPointer(other.bytes.contents))
            ends.append(contentsOf: other.ends.lazy.map { $0 + shift })
        }

        var arena: TextArena { TextArena(storage: bytes, ends: ends) }
    }
}
