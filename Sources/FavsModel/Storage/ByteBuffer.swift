import Foundation

/// A growable byte buffer written through a pointer: what a builder appends a million rows to, without
/// the per-call checks of an Array append.
///
/// Sendable because its owners (`TextArena` and its writer) change it only while they hold the one
/// reference to it, copying it first otherwise; a shared buffer is only read.
final class ByteBuffer: @unchecked Sendable {
    private var base: UnsafeMutableRawPointer
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 8)
    }

    deinit { base.deallocate() }

    func copy() -> ByteBuffer {
        let copy = ByteBuffer(capacity: capacity)
        copy.append(UnsafeRawBufferPointer(contents))
        return copy
    }

    func append(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count)
        if let source = bytes.baseAddress { (base + count).copyMemory(from: source, byteCount: bytes.count) }
        count += bytes.count
    }

    func append(_ byte: UInt8) {
        reserve(1)
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// The bytes from `start` on, to change in place.
    func tail(from start: Int) -> UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: base + start, count: count - start)
    }

    func truncate(to start: Int) { count = min(count, start) }

    var contents: UnsafeMutableRawBufferPointer { UnsafeMutableRawBufferPointer(start: base, count: count) }

    private func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        var newCapacity = capacity * 2
        while count + more > newCapacity { newCapacity *= 2 }
        let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
        grown.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
