import Foundation

/// Where a filter matched a title, in display columns, for the `.match` role on list and favorites rows.
///
/// The model's filter finds *whether* a title matches (over folded bytes, inside `FavsModel`); this finds
/// *where*, at draw time and only for the rows on screen. Both lower-case one scalar at a time by its
/// Unicode lowercase mapping, so every title the filter shows has a match to highlight.
enum FilterMatch {
    /// The columns of the first occurrence of `query` in `text`, ignoring case, widened to whole
    /// characters; nil when there is none or the query is empty.
    static func columns(of query: String, in text: String) -> Range<Int>? {
        let needle = query.unicodeScalars.flatMap(folded)
        guard !needle.isEmpty else { return nil }
        // The folded scalars of the text, each with the character it came from, and each character's columns.
        var haystack: [Unicode.Scalar] = [], owner: [Int] = [], starts: [Int] = []
        var column = 0
        for (index, character) in text.enumerated() {
            starts.append(column)
            column += TextWidth.of(character)
            for scalar in character.unicodeScalars.flatMap(folded) {
                haystack.append(scalar)
                owner.append(index)
            }
        }
        starts.append(column)
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start] == needle[0] && haystack[start..<start + needle.count].elementsEqual(needle) {
            return starts[owner[start]]..<starts[owner[start + needle.count - 1] + 1]
        }
        return nil
    }

    private static func folded(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        if scalar.isASCII { return [scalar.value &- 0x41 < 26 ? Unicode.Scalar(UInt8(scalar.value) | 0x20) : scalar] }
        guard scalar.properties.changesWhenLowercased else { return [scalar] }
        return Array(scalar.properties.lowercaseMapping.unicodeScalars)
    }
}

extension Canvas {
    /// Writes a title as `put` does and gives the part that matches `filter` the match role. When the title
    /// is cut and the match lies (partly) in the part cut off, the ellipsis gets the role too: the row
    /// matched out of sight. Returns the columns written.
    @discardableResult
    mutating func put(title: String, row: Int, column: Int, limit: Int, highlighting filter: String,
                      style: Style = []) -> Int {
        let written = put(title, row: row, column: column, limit: limit, style: style)
        // Columns are counted on the text as shown: sanitizing turns a control character into a visible symbol.
        let shown = Sanitize.visible(title)
        guard !filter.isEmpty, let match = FilterMatch.columns(of: filter, in: shown) else { return written }
        let cut = TextWidth.of(shown) > written
        let textEnd = cut ? written - min(written, TextWidth.of(glyphs.ellipsis)) : written
        if match.lowerBound < textEnd {
            addRole(.match, row: row, column: column + match.lowerBound,
                    count: min(match.upperBound, textEnd) - match.lowerBound)
        }
        if cut && match.upperBound > textEnd {
            addRole(.match, row: row, column: column + textEnd, count: written - textEnd)
        }
        return written
    }
}
