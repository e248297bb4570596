import FavsModel
import Foundation

extension Browser {
    /// The current frame, every visible pane drawn from the store and the view state. Changes nothing:
    /// drawing twice, or not at all until the end, shows the same screen.
    public func frame() -> Canvas {
        var canvas = Canvas(width: width, height: height, glyphs: glyphs)
        let layout = self.layout
        guard layout.kind != .tooSmall else {
            let need = "terminal too small: need \(Layout.minimumWidth)x\(Layout.minimumHeight)"
            canvas.put(TextWidth.of(need) <= width ? need : "too small", row: 0, column: 0, style: .bold)
            return canvas
        }
        for (pane, rect) in layout.panes {
            canvas.blit(draw(pane, rect: rect), x: rect.x, y: rect.y)
        }
        if let rect = layout.preview {
            let pane = DetailPane.drawPreview(previewPane, title: detail.subject.flatMap { store.items[$0]?.title } ?? "",
                                              width: rect.width, height: rect.height, glyphs: glyphs)
            canvas.blit(pane, x: rect.x, y: rect.y)
        }
        Chrome.titleBar(into: &canvas, library: libraryName)
        // A picker's query is always being typed, and so is the tag prompt while open: the prompt leads the status
        // line, then what fits.
        let isError = message?.isError ?? (mode == .tagging ? tagPrompt.problem != nil
            : mode == .naming ? namePrompt.problem != nil
            : purpose == .pick ? store.searchProblem == nil && connectionTrouble != nil
            : connectionTrouble != nil && mode != .filtering)
        Chrome.statusLine(into: &canvas, prompt: mode == .tagging ? tagPromptText : mode == .naming ? namePromptText
                            : purpose == .pick ? queryPrompt : nil,
                          left: purpose == .pick ? pickStatusText : statusText,
                          hints: Chrome.hints(keyMap, purpose: purpose, readOnly: readOnlyReason != nil,
                                             ownStars: keepsOwnStars), leftStyle: isError ? .bold : [],
                          leftRole: isError ? .error : .plain,
                          items: store.items.count, favorites: store.items.favoriteCount)
        if mode == .help { Chrome.help(into: &canvas, helpLayout, keyMap: keyMap, offset: helpOffset) }
        return canvas
    }

    /// The frame as plain text, exactly `height` lines, trailing spaces trimmed.
    public func frameText() -> String { frame().lines.joined(separator: "\n") }

    /// Draws one pane of the current layout, as a frame does; nil when the layout does not show it.
    /// (What the benchmarks time for each pane.)
    public func redraw(_ pane: Focus) -> Canvas? {
        layout.panes[pane].map { draw(pane, rect: $0) }
    }

    private func draw(_ pane: Focus, rect: Rect) -> Canvas {
        let focused = pane == focus
        return switch pane {
        case .list:
            ListPane.draw(store, cursor: listCursor, marks: marks, width: rect.width, height: rect.height,
                          focused: focused, glyphs: glyphs, keyMap: keyMap)
        case .detail:
            DetailPane.draw(store, state: detail, width: rect.width, height: rect.height, focused: focused,
                            glyphs: glyphs)
        case .favorites:
            CollectionsPane.draw(store, rows: collectionRows, cursor: collectionsCursor, width: rect.width,
                                 height: rect.height, focused: focused, glyphs: glyphs, keyMap: keyMap)
        }
    }

    /// The status line's left side, longest first (nothing: the key hints).
    private var statusText: [String] {
        if let loading { return loading }
        if let message { return [message.text] + message.shorter }
        if mode == .tagging { return tagStatusText }
        if mode == .naming { return nameStatusText }
        if let connectionTrouble, mode != .filtering { return [connectionTrouble] }
        if let saving, mode != .filtering, marks.isEmpty { return [saving] }
        if mode == .filtering, let keys = modeKeys[.filtering] {
            let prompt = queryPrompt + "  "
            if let problem = store.searchProblem { return [prompt + problem, prompt] }
            return [prompt + "\(keys.label(.keepFilter)) keeps · \(keys.label(.clearFilter)) clears"]
        }
        guard let count = marksCount else { return [] }
        if let range = rangeText(count) { return range }
        let (favorite, delete, back) = (keyMap.label(.toggleFavorite), keyMap.label(.delete), keyMap.label(.back))
        return ["\(count) · \(favorite) favorite · \(delete) delete · \(back) clears",
                "\(count) · \(favorite) · \(delete) · \(back) clears", count]
    }

    /// What a picker's status line shows after its prompt, longest first (nothing: the key hints): a message,
    /// a term that cannot be read, the marks. enter picks the marks there, and esc cancels rather than clears them.
    private var pickStatusText: [String] {
        if let loading { return loading }
        if let message { return [message.text] + message.shorter }
        if let problem = store.searchProblem { return [problem] }
        if let connectionTrouble { return [connectionTrouble] }
        if let saving, marks.isEmpty { return [saving] }
        guard let count = marksCount else { return [] }
        if let range = rangeText(count) { return range }
        let (pick, mark) = (keyMap.label(.activate), keyMap.label(.mark))
        return ["\(count) · \(pick) picks them · \(mark) unmarks", "\(count) · \(pick) picks them", count]
    }

    /// The filter being typed, as its prompt shows it: `/text▏`, or `exact /text▏` when matching exactly.
    private var queryPrompt: String { (store.query.exact ? "exact /" : "/") + store.query.filter + "▏" }

    /// `loading the list… (2 waiting)` while inputs wait for the whole list (Browser+Loading.swift), nil otherwise.
    private var loading: [String]? {
        guard isWaitingForTheList, !waiting.isEmpty else { return nil }
        return ["loading the list… (\(waiting.count) waiting)", "loading…"]
    }

    /// `saving…` while changes are on their way to the library, nil when none is.
    private var saving: String? {
        let unsaved = store.unsavedCount
        return unsaved == 0 ? nil : unsaved == 1 ? "saving…" : "saving… (\(unsaved))"
    }

    /// `3 marked (1 hidden)`: how many items are marked, those the filter or the favorites view hide among them;
    /// nil when none is.
    private var marksCount: String? {
        guard !marks.isEmpty else { return nil }
        let hidden = marks.hiddenCount(in: store)
        return "\(marks.count(in: store, cursor: listCursor.selected)) marked" + (hidden > 0 ? " (\(hidden) hidden)" : "")
    }

    /// While a range is being marked: how it extends and ends (on the key that started it, Modes.swift).
    private func rangeText(_ count: String) -> [String]? {
        guard mode == .visual else { return nil }
        let (end, back) = (keyMap.label(.markRange), keyMap.label(.back))
        return ["\(count) · move to extend · \(end) ends · \(back) clears", "\(count) · \(end) ends · \(back) clears", count]
    }
}
