import Foundation

/// Strings stored back to back in one byte buffer, each followed by a NUL byte.
///
/// A million titles cost their UTF-8 bytes plus five bytes each, instead of a String object apiece, and
/// a scan over all of them walks one contiguous buffer. Entries are only ever appended.
struct TextArena: Sendable, Equatable {
    private(set) var bytes: [UInt8] = []
    /// Where each entry ends (the offset of its NUL).
    private var ends: [UInt32] = []

    var count: Int { ends.count }

    init() {}

    /// An arena of the given bytes and entry ends (as a `TextArena.Writer` leaves them).
    init(bytes: [UInt8], ends: [UInt32]) {
        self.bytes = bytes
        self.ends = ends
    }

    /// Appends entries to a byte buffer: a builder's fast path.
    /// A value like the arena: a copied writer writes to bytes of its own.
    struct Writer {
        private(set) var bytes: ByteBuffer
        private(set) var ends: [UInt32] = []

        init(capacity: Int, bytes byteCount: Int) {
            bytes = ByteBuffer(capacity: byteCount)
            ends.reserveCapacity(capacity)
        }

        /// The bytes to append to, after copying them if another writer shares them.
        mutating func uniqueBytes() -> ByteBuffer {
            if !isKnownUniquelyReferenced(&bytes) { bytes = bytes.copy() }
            return bytes
        }

        mutating func append(_ entry: UnsafeRawBufferPointer) {
            uniqueBytes().append(entry)
            finishEntry()
        }

        mutating func finishEntry() {
            let bytes = uniqueBytes()
            precondition(bytes.count < Int(UInt32.max), "text arena over 4 GiB")
            ends.append(UInt32(bytes.count))
            bytes.append(0)
        }

        /// Appends every entry of another writer.
        mutating func append(contentsOf other: Writer) {
            let shift = UInt32(bytes.count)
            uniqueBytes().append(other.bytes.contents)
            ends.append(contentsOf: other.ends.lazy.map { $0 + shift })
        }

        var arena: TextArena { TextArena(bytes: bytes.array, ends: ends) }
    }

    mutating func reserve(entries: Int, bytes byteCount: Int) {
        ends.reserveCapacity(entries)
        bytes.reserveCapacity(byteCount)
    }

    func start(_ i: Int) -> Int { i == 0 ? 0 : Int(ends[i - 1]) + 1 }
    func end(_ i: Int) -> Int { Int(ends[i]) }

    mutating func append(_ entry: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: entry)
        finishEntry()
    }

    mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends bytes to the entry being built; `finishEntry()` ends it.
    mutating func appendByte(_ byte: UInt8) { bytes.append(byte) }
    mutating func appendBytes(_ more: UnsafeRawBufferPointer) { bytes.append(contentsOf: more) }
    mutating func appendBytes(_ more: [UInt8]) { bytes.append(contentsOf: more) }

    /// The bytes from `start` to the end, to change in place (the entry being built).
    mutating func withTail<R>(from start: Int, _ body: (UnsafeMutableRawBufferPointer) -> R) -> R {
        bytes.withUnsafeMutableBytes { body(UnsafeMutableRawBufferPointer(rebasing: $0[start...])) }
    }

    /// Drops the bytes from `start` on (of the entry being built).
    mutating func truncate(to start: Int) { bytes.removeSubrange(start...) }

    /// The arena's bytes and entry ends, for a scan over all of them.
    func withStorage<R>(_ body: (UnsafeRawBufferPointer, UnsafeBufferPointer<UInt32>) -> R) -> R {
        bytes.withUnsafeBytes { bytes in ends.withUnsafeBufferPointer { ends in body(bytes, ends) } }
    }

    mutating func finishEntry() {
        // Offsets are 32-bit: 4 GiB of text is far beyond what a browser holds in memory.
        precondition(bytes.count < Int(UInt32.max), "text arena over 4 GiB")
        ends.append(UInt32(bytes.count))
        bytes.append(0)
    }

    func string(_ i: Int) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[start(i)..<end(i)]), as: UTF8.self)
        }
    }

    func withEntry<R>(_ i: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        bytes.withUnsafeBytes { all in body(UnsafeRawBufferPointer(rebasing: all[start(i)..<end(i)])) }
    }

    func equals(_ i: Int, _ other: UnsafeRawBufferPointer) -> Bool {
        withEntry(i) { entry in entry.count == other.count && entry.elementsEqual(other) }
    }
}
