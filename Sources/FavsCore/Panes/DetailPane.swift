import FavsModel
import Foundation

/// The detail pane's view state: which item it shows, how far it is scrolled, and whether that item's
/// fields have been asked of the store yet (they are read when the selection changes, never while drawing).
struct DetailState: Equatable {
    var subject: ItemID?
    var scroll = 0
    var fieldsRead = false
}

/// The selected item in full: favorite mark, title, id and every field in its order.
enum DetailPane {
    /// The text of the pane for an inner width, before scrolling.
    static func lines(_ store: Store, subject: ItemID?, width: Int) -> [String] {
        let textWidth = max(1, width - 4)
        guard let id = subject, let item = store.items[id] else { return ["Nothing selected"] }
        var lines = TextWidth.wrap(Sanitize.visible(item.title), to: textWidth - 2).enumerated().map { index, line in
            (index == 0 && item.favorite ? "★ " : "  ") + line
        }
        lines.append("")
        let fields = store.fields(of: id)
        for field in [Field("id", item.id.rawValue)] + (fields ?? []) {
            let wrapped = TextWidth.wrap(Sanitize.visible("\(field.name): \(field.value)"), to: textWidth)
            lines.append(wrapped[0])
            for more in wrapped.dropFirst() {
                lines.append(contentsOf: TextWidth.wrap("  " + more, to: textWidth))
            }
        }
        if fields == nil { lines.append("(fields not read)") }
        return lines
    }

    static func draw(_ store: Store, state: DetailState, width: Int, height: Int, focused: Bool) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        let lines = lines(store, subject: state.subject, width: width)
        let rows = max(0, height - 2)
        var title = "Detail"
        if lines.count > rows, rows > 0 {
            title += " \(state.scroll + 1)-\(min(lines.count, state.scroll + rows))/\(lines.count)"
        }
        canvas.box(Rect(x: 0, y: 0, width: width, height: height), title: title, focused: focused)
        let style: Style = state.subject.flatMap { store.items[$0] } == nil ? .dim : []
        for (index, line) in lines.dropFirst(state.scroll).prefix(rows).enumerated() {
            canvas.put(line, row: index + 1, column: 2, limit: width - 4, style: style)
        }
        return canvas
    }

    /// The scroll offset kept within the text for a pane of `width`×`height`.
    static func clamp(_ scroll: Int, _ store: Store, subject: ItemID?, width: Int, height: Int) -> Int {
        max(0, min(scroll, lines(store, subject: subject, width: width).count - max(0, height - 2)))
    }
}
