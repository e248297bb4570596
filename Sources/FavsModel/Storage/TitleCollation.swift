import Foundation

/// Sort keys for the title order: each title with its case, accents and width set aside, so "Éclair" sorts
/// beside "eclair" and before "zebra", and "ＡＢＣ" beside "abc". Keys compare as bytes (code point order
/// once folded). Not the whole Unicode Collation Algorithm: scripts without case (CJK, kana, Hangul) sort
/// by code point, and no language's own rules apply — what a file manager's "name" order does without a
/// locale, at a cost a million titles can pay (each distinct non-ASCII character is folded once).
struct TitleCollation {
    private var mappings: [UInt32: [UInt8]] = [:]

    /// The key of every title of an arena, entry by entry.
    static func keys(of titles: TextArena, from start: Int = 0, appendingTo keys: TextArena = TextArena()) -> TextArena {
        var collation = TitleCollation()
        var keys = keys
        var key: [UInt8] = []
        for slot in start..<titles.count {
            key.removeAll(keepingCapacity: true)
            titles.withEntry(slot) { collation.append($0, to: &key) }
            key.withUnsafeBytes { keys.append($0) }
        }
        return keys
    }

    /// Appends the key of one title's UTF-8 to `key`.
    mutating func append(_ title: UnsafeRawBufferPointer, to key: inout [UInt8]) {
        var i = 0
        while i < title.count {
            let byte = title[i]
            if byte < 0x80 {
                key.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
                i += 1
                continue
            }
            let end = min(title.count, i + (byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1))
            key.append(contentsOf: folded(UnsafeRawBufferPointer(rebasing: title[i..<end])))
            i = end
        }
    }

    private mutating func folded(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var code: UInt32 = 0
        for byte in bytes { code = code << 8 | UInt32(byte) }
        if let known = mappings[code] { return known }
        let text = String(decoding: bytes, as: UTF8.self)
        let folded = Array(text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive],
                                        locale: nil).utf8)
        mappings[code] = folded
        return folded
    }

    /// Orders two keys as bytes, a key before every longer key it begins.
    static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int32 {
        let common = min(a.count, b.count)
        if common > 0, let pa = a.baseAddress, let pb = b.baseAddress {
            let order = memcmp(pa, pb, common)
            if order != 0 { return order }
        }
        return a.count < b.count ? -1 : a.count > b.count ? 1 : 0
    }
}
