import FavsModel
import Foundation

/// `favs pick`: the keys that end a pick, and what it chose. The query takes every printable key (Modes.swift),
/// the commands have keys that do not type (KeyMap+Picking.swift), and everything else works as in the browser
/// (moving, favorites, marks), so a picker is the browser with a way out to the shell.
extension Browser {
    /// The effect a key has in a picker, before the key map sees it; nil for a key that works as in the browser.
    /// The help overlay and a range being marked keep their own keys (esc closes the help, or clears the range);
    /// otherwise esc cancels, whatever the query holds.
    func pickEffect(for key: Key) -> Effect? {
        guard mode == .normal || mode == .visual else { return nil }
        switch keyMap.command(for: key) {
        case .activate?:
            let chosen = pickedIDs
            guard !chosen.isEmpty else { return refuse("Nothing to pick") }
            hasQuit = true
            return .pick(chosen)
        case .back?, .quit?:
            hasQuit = true
            return .cancel
        default:
            return nil
        }
    }

    /// What enter picks: every marked item (a range included) in list order, those the filter hides after
    /// them in library order; else the selected item.
    public var pickedIDs: [ItemID] {
        let marked = marks.all(in: store, cursor: listCursor.selected)
        guard !marked.isEmpty else { return selectedID.map { [$0] } ?? [] }
        let list = store.list
        return marked.enumerated()
            .map { index, id in (row: list.row(of: id) ?? Int.max, index: index, id: id) }
            .sorted { ($0.row, $0.index) < ($1.row, $1.index) }
            .map(\.id)
    }
}
