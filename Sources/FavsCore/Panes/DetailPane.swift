import Foundation

/// The selected item in full: favorite mark, title, id and every field in its order.
/// View state: which item it shows (set by the browser from the selection) and a scroll offset.
final class DetailPane {
    private let store: Store
    private var token: ObservationToken?
    private(set) var subject: ItemID?
    private(set) var scroll = 0
    private var contentRows = 0
    private var lineCount = 0
    var needsRedraw = true

    init(store: Store) {
        self.store = store
        token = store.observe { [weak self] event in self?.storeDidChange(event) }
    }

    func show(_ id: ItemID?) {
        guard id != subject else { return }
        subject = id
        scroll = 0
        needsRedraw = true
    }

    func scroll(by delta: Int) {
        let target = max(0, min(scroll + delta, lineCount - contentRows))
        if target != scroll { scroll = target; needsRedraw = true }
    }

    func scrollTo(top: Bool) { scroll(by: top ? -scroll : lineCount) }

    var pageSize: Int { max(1, contentRows - 1) }

    func prepare(width: Int, height: Int) {
        contentRows = max(0, height - 2)
        lineCount = lines(width: width).count
        scroll = max(0, min(scroll, lineCount - contentRows))
    }

    private func storeDidChange(_ event: StoreEvent) {
        switch event {
        case let .favoriteChanged(id), let .removed(id, _), let .inserted(id, _):
            if id == subject { needsRedraw = true }
        case .reloaded:
            needsRedraw = true
        }
    }

    /// The text of the pane for an inner width, before scrolling.
    func lines(width: Int) -> [String] {
        let textWidth = max(1, width - 4)
        guard let id = subject, let item = store.items[id] else { return ["Nothing selected"] }
        var lines = TextWidth.wrap(Sanitize.visible(item.title), to: textWidth - 2).enumerated().map { index, line in
            (index == 0 && item.favorite ? "★ " : "  ") + line
        }
        lines.append("")
        for field in [Field("id", item.id.rawValue)] + store.fields(of: id) {
            let wrapped = TextWidth.wrap(Sanitize.visible("\(field.name): \(field.value)"), to: textWidth)
            lines.append(wrapped[0])
            for more in wrapped.dropFirst() {
                lines.append(contentsOf: TextWidth.wrap("  " + more, to: textWidth))
            }
        }
        return lines
    }

    func render(width: Int, height: Int, focused: Bool) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        let lines = lines(width: width)
        let rows = max(0, height - 2)
        var title = "Detail"
        if lines.count > rows, rows > 0 { title += " \(scroll + 1)-\(min(lines.count, scroll + rows))/\(lines.count)" }
        canvas.box(Rect(x: 0, y: 0, width: width, height: height), title: title, focused: focused)
        for (index, line) in lines.dropFirst(scroll).prefix(rows).enumerated() {
            canvas.put(line, row: index + 1, column: 2, limit: width - 4,
                       style: subject.flatMap { store.items[$0] } == nil ? .dim : [])
        }
        return canvas
    }
}
