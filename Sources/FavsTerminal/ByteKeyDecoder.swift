import FavsCore
import Foundation

/// Keys from the bytes a terminal sends, for the inline screen (`--height`), which reads the terminal itself
/// instead of through ncurses: UTF-8 characters, control keys, and the CSI and SS3 sequences xterm, tmux and
/// the Linux console send for arrows, home/end, page up/down, delete and shift-tab.
struct ByteKeyDecoder {
    private var pending: [UInt8] = []

    /// What the decoder still holds: the start of a sequence (or a lone esc) waiting for more bytes.
    var isHolding: Bool { !pending.isEmpty }

    /// Takes bytes and returns the keys they complete. A sequence cut short stays pending for the next call.
    /// Mouse reports and sequences favs does not know are swallowed whole, never typed as characters.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        while let (key, used) = Self.decode(pending[...]) {
            pending.removeFirst(used)
            if let key { keys.append(key) }
        }
        return keys
    }

    /// What is pending when no more bytes came in time: a lone esc is the escape key; anything else is dropped.
    mutating func flush() -> [Key] {
        defer { pending.removeAll() }
        return pending.first == 0x1B ? [.escape] : []
    }

    /// The key at the start of `bytes` and how many bytes it took (a nil key: bytes consumed, no key);
    /// nil when more bytes are needed.
    static func decode(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        guard let first = bytes.first else { return nil }
        if first == 0x1B { return escapeSequence(bytes) }
        if first < 0x80 { return (KeyDecoder.character(UInt32(first)), 1) }
        // UTF-8: the length from the first byte; an invalid byte is skipped.
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 0
        guard length > 0 else { return (nil, 1) }
        guard bytes.count >= length else { return nil }
        let scalar = String(decoding: bytes.prefix(length), as: UTF8.self).unicodeScalars.first
        guard let scalar, scalar != "\u{FFFD}" else { return (nil, 1) }
        return (KeyDecoder.character(scalar.value), length)
    }

    private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let second = bytes[start + 1]
        if second == UInt8(ascii: "O") {  // SS3: ESC O A
            guard bytes.count >= 3 else { return nil }
            return (final(bytes[start + 2], parameter: nil), 3)
        }
        guard second == UInt8(ascii: "[") else {
            // Alt plus a key, or esc typed before another key: the esc, then the key on its own.
            return (.escape, 1)
        }
        // CSI: parameters and intermediates (0x20–0x3F) up to a final byte (0x40–0x7E).
        var index = start + 2
        while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else { return nil }
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        let used = index - start + 1
        if parameters.hasPrefix("<") { return (nil, used) }  // an SGR mouse report: the inline screen asks for none
        let numbers = parameters.split(separator: ";").map { Int($0) }
        // `ESC [ 1 ; 2 A`: shift (modifier 2) and an arrow.
        if numbers.count == 2, numbers[1] == 2, bytes[index] == UInt8(ascii: "A") { return (.shiftUp, used) }
        if numbers.count == 2, numbers[1] == 2, bytes[index] == UInt8(ascii: "B") { return (.shiftDown, used) }
        return (final(bytes[index], parameter: numbers.first ?? nil), used)
    }

    private static func final(_ byte: UInt8, parameter: Int?) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "Z"): .backTab
        case UInt8(ascii: "~"):
            switch parameter {
            case 1, 7: .home
            case 4, 8: .end
            case 3: .delete
            case 5: .pageUp
            case 6: .pageDown
            default: nil
            }
        default: nil
        }
    }
}
