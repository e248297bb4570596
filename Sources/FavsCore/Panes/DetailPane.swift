import FavsModel
import Foundation

/// The detail pane's view state: which item it shows, how far it is scrolled, whether that item's fields have
/// been asked of the store yet (they are read when the selection changes, never while drawing), what it shows of
/// the subject's preview (`Browser.settlePreview`), and its text as last laid out, so a frame draws what `settle`
/// wrapped instead of wrapping every field again.
struct DetailState: Equatable {
    var subject: ItemID?
    var scroll = 0
    var fieldsAsked = false
    var preview: DetailPane.PreviewSection?
    var text: DetailPane.Text?
}

/// The selected item in full: favorite mark, title, id, tags and every field in its order.
enum DetailPane {
    /// One line of the pane's text, and the columns of it that have a role (the star, a field's name).
    struct Line: Equatable {
        var text: String
        var role: Role = .plain
        var roleColumns: Range<Int> = 0..<0
        /// A preview's stderr and what favs says of it (waiting, timed out) are dim.
        var style: Style = []
    }

    /// The subject's preview, below its fields (or alone, for a `--stdin` line).
    struct PreviewSection: Equatable {
        var display: PreviewDisplay
        var alone: Bool
        var timeout: Duration
    }

    /// The pane's lines and what they were laid out from: while that is unchanged, so are they.
    struct Text: Equatable {
        struct Source: Equatable {
            var subject: ItemID?
            var width: Int
            var star: String
            var item: Item?
            /// The item's tags: the collection keeps them as sets, not in the `Item` it gives.
            var tags: [String]
            /// Who starred it, in a team library where others star: the collection keeps it, as it keeps tags.
            var stars: [String]
            var fields: [Field]?
            var loading: Bool
            var failure: String?
            var preview: PreviewSection?
        }

        var source: Source
        var lines: [Line]
    }

    /// The pane's text, from `previous` when it was laid out from the same item, fields and width (comparing
    /// them costs little next to wrapping every field again: arrays that share storage compare at once).
    static func text(_ store: Store, subject: ItemID?, width: Int, glyphs: Glyphs, preview: PreviewSection? = nil,
                     reusing previous: Text?) -> Text {
        let source = Text.Source(subject: subject, width: width, star: glyphs.star, item: subject.flatMap { store.items[$0] },
                                 tags: subject.map(store.items.tags(of:)) ?? [],
                                 stars: subject.map { starredBy($0, in: store.items) } ?? [],
                                 fields: subject.flatMap { store.fields(of: $0) },
                                 loading: subject.map(store.isLoadingFields(of:)) ?? false,
                                 failure: subject.flatMap(store.fieldFailure(of:)), preview: preview)
        if let previous, previous.source == source { return previous }
        return Text(source: source, lines: lines(store, subject: subject, width: width, glyphs: glyphs, preview: preview))
    }

    /// The text of the pane for an inner width, before scrolling. (How many lines there are does not depend
    /// on the glyphs: the star is one column in every set.)
    static func lines(_ store: Store, subject: ItemID?, width: Int, glyphs: Glyphs = .unicode,
                      preview: PreviewSection? = nil) -> [Line] {
        let textWidth = max(1, width - 4)
        guard let id = subject, let item = store.items[id] else { return [Line(text: "Nothing selected")] }
        if let preview, preview.alone { return previewLines(preview, title: item.title) }
        var lines = TextWidth.wrap(Sanitize.visible(item.title), to: textWidth - 2).enumerated().map { index, line in
            index == 0 && item.favorite ? Line(text: glyphs.star + " " + line, role: .star, roleColumns: 0..<1)
                : Line(text: "  " + line)
        }
        lines.append(Line(text: ""))
        let fields = store.fields(of: id)
        // Its tags are a fact of the item, as its id is: a line like a field's, none when it has no tag.
        let tags = store.items.tags(of: id)
        // So are the members who starred it, in a team library where others star: you first, then A–Z.
        let stars = starredBy(id, in: store.items)
        let facts = [Field("id", item.id.readable)] + (tags.isEmpty ? [] : [Field("tags", tags.map { "#" + $0 }.joined(separator: "  "))])
            + (stars.isEmpty ? [] : [Field("stars", "\(stars.count) \(glyphs.star)  " + stars.joined(separator: ", "))])
        for field in facts + (fields ?? []) {
            let wrapped = TextWidth.wrap(Sanitize.visible("\(field.name): \(field.value)"), to: textWidth)
            // The name and its colon; a name longer than the pane is wide is dim on its first line only.
            let nameWidth = TextWidth.of(Sanitize.visible(field.name)) + 1
            let nameColumns = 0..<min(nameWidth, TextWidth.of(wrapped[0]))
            lines.append(Line(text: wrapped[0], role: .fieldName, roleColumns: nameColumns))
            for more in wrapped.dropFirst() {
                lines.append(contentsOf: TextWidth.wrap("  " + more, to: textWidth).map { Line(text: $0) })
            }
        }
        if fields == nil {
            let why = store.isLoadingFields(of: id) ? "loading…"
                : store.fieldFailure(of: id).map { "(fields not read: \($0))" } ?? "(fields not read)"
            lines.append(contentsOf: TextWidth.wrap(Sanitize.visible(why), to: textWidth).map { Line(text: $0) })
        }
        if let preview {
            lines.append(Line(text: ""))
            lines.append(contentsOf: previewLines(preview, title: item.title))
        }
        return lines
    }

    /// Who starred a present item, you (`you`) first, then the other members A–Z; none in a library where no one
    /// else stars (`ItemCollection.hasTeamStars`), where the star before the title says it all.
    static func starredBy(_ id: ItemID, in items: ItemCollection) -> [String] {
        guard items.hasTeamStars else { return [] }
        return (items.isMember(id, of: .favorites) ? ["you"] : []) + items.starredBy(id)
    }

    static func draw(_ store: Store, state: DetailState, width: Int, height: Int, focused: Bool,
                     glyphs: Glyphs) -> Canvas {
        var canvas = Canvas(width: width, height: height, glyphs: glyphs)
        let lines = text(store, subject: state.subject, width: width, glyphs: glyphs, preview: state.preview,
                         reusing: state.text).lines
        let rows = max(0, height - 2)
        var title = "Detail"
        if lines.count > rows, rows > 0 {
            title += " \(state.scroll + 1)-\(min(lines.count, state.scroll + rows))/\(lines.count)"
        }
        canvas.box(Rect(x: 0, y: 0, width: width, height: height), title: title, focused: focused)
        let style: Style = state.subject.flatMap { store.items[$0] } == nil ? .dim : []
        for (index, line) in lines.dropFirst(state.scroll).prefix(rows).enumerated() {
            canvas.put(line.text, row: index + 1, column: 2, limit: width - 4, style: style.union(line.style))
            canvas.addRole(line.role, row: index + 1, column: 2 + line.roleColumns.lowerBound,
                           count: line.roleColumns.count)
        }
        return canvas
    }

    /// The scroll offset kept within a text of `count` lines in a pane `height` rows high.
    static func clamp(_ scroll: Int, lineCount count: Int, height: Int) -> Int {
        max(0, min(scroll, count - max(0, height - 2)))
    }
}
