import Foundation

/// Sort keys for the title order: each title with its case, accents and width set aside, so "Éclair" sorts
/// beside "eclair" and before "zebra", and "ＡＢＣ" beside "abc". Keys compare as bytes (code point order
/// once folded). Not the whole Unicode Collation Algorithm: scripts without case (CJK, kana, Hangul) sort
/// by code point, and no language's own rules apply — what a file manager's "name" order does without a
/// locale, at a cost a million titles can pay (each distinct non-ASCII character is folded once).
struct TitleCollation {
    private var folding = ScalarMap(TitleCollation.folded)

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
    mutating func append(_ title: UnsafeRawBufferPointer, to key: inout [UInt8]) { folding.append(title, to: &key) }

    /// A scalar with its case, accents and width set aside.
    private static func folded(_ scalarBytes: UnsafeRawBufferPointer) -> [UInt8] {
        let text = String(decoding: scalarBytes, as: UTF8.self)
        return Array(text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).utf8)
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
