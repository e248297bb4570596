import FavsModel
import Foundation

/// Where the list's search matched a title, in display columns, for the `.match` role on list and favorites rows.
///
/// The model finds *whether* and *how well* a title matches (`SearchPattern.rank`, over the stored bytes); this asks
/// the same matcher *where* (`SearchPattern.match`: the characters its score chose), at draw time and only for
/// the rows on screen, and turns those characters into runs of columns.
enum FilterMatch {
    /// The runs of columns of the characters `pattern` matched in `text` (adjacent characters joined); empty when
    /// it does not match or has no title term.
    static func columns(of pattern: SearchPattern, in text: String) -> [Range<Int>] {
        guard !pattern.isEmpty, let match = pattern.match(text), !match.positions.isEmpty else { return [] }
        var runs: [Range<Int>] = []
        var wanted = match.positions.makeIterator()
        var next = wanted.next()
        var column = 0
        for (index, character) in text.enumerated() {
            guard let position = next else { break }
            let width = TextWidth.of(character)
            if index == position {
                if let last = runs.last, last.upperBound == column {
                    runs[runs.count - 1] = last.lowerBound..<column + width
                } else {
                    runs.append(column..<column + width)
                }
                next = wanted.next()
            }
            column += width
        }
        return runs
    }
}

extension Canvas {
    /// Writes a title as `put` does and gives the characters `search` matched the match role. When the title
    /// is cut and a match lies in the part cut off, the ellipsis gets the role too: the row matched out of sight.
    /// Returns the columns written.
    @discardableResult
    mutating func put(title: String, row: Int, column: Int, limit: Int, highlighting search: SearchPattern,
                      style: Style = []) -> Int {
        let written = put(title, row: row, column: column, limit: limit, style: style)
        // Columns are counted on the text as shown: sanitizing turns a control character into a visible symbol.
        let shown = Sanitize.visible(title)
        let runs = FilterMatch.columns(of: search, in: shown)
        guard !runs.isEmpty else { return written }
        let cut = TextWidth.of(shown) > written
        let textEnd = cut ? written - min(written, TextWidth.of(glyphs.ellipsis)) : written
        for run in runs where run.lowerBound < textEnd {
            addRole(.match, row: row, column: column + run.lowerBound, count: min(run.upperBound, textEnd) - run.lowerBound)
        }
        if cut, let last = runs.last, last.upperBound > textEnd {
            addRole(.match, row: row, column: column + textEnd, count: written - textEnd)
        }
        return written
    }
}
