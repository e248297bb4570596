import Testing
@testable import FavsFormats

/// The check that a whole bookmark file is UTF-8, a slice at a time: a character across a slice's end is whole.
@Suite struct UTF8CheckTests {
    static func check(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { UTF8Check.isValid($0) } }

    @Test(arguments: [1, 2, 3])
    func aCharacterAcrossTheEndOfASliceIsValid(before: Int) {
        // "é" (2 bytes), "€" (3) or "😀" (4) starting `before` bytes ahead of the slice's end, then more text.
        for character in ["é", "€", "😀"] {
            let bytes = [UInt8](repeating: 0x61, count: UTF8Check.slice - before) + Array(character.utf8) + Array("bc".utf8)
            #expect(Self.check(bytes), "\(character) \(before)")
            #expect(Self.check(bytes + bytes + bytes))
        }
    }

    @Test func aBadByteAnywhereIsFound() {
        var bytes = [UInt8](repeating: 0x61, count: 3 * UTF8Check.slice + 10)
        #expect(Self.check(bytes))
        for at in [0, 1, UTF8Check.slice - 1, UTF8Check.slice, 2 * UTF8Check.slice + 5, bytes.count - 1] {
            var bad = bytes
            bad[at] = 0xE9  // Windows-1252's é, alone
            #expect(!Self.check(bad), "\(at)")
        }
        // Continuation bytes with no character to continue, across a slice's end.
        bytes.replaceSubrange((UTF8Check.slice - 2)..<(UTF8Check.slice + 6), with: [UInt8](repeating: 0x80, count: 8))
        #expect(!Self.check(bytes))
        #expect(Self.check([]))
    }
}
