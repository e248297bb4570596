import FavsModel
import Foundation

/// The keys of a picker (`favs pick`), where the query has the keyboard from the first key, as in fzf: every
/// printable key types, so what letters do in the browser moves to keys that do not type.
extension KeyMap {
    /// A picker's keys: fzf's where it has one (arrows and ctrl-n/ctrl-p move, tab marks, esc and ctrl-g cancel),
    /// else a control key no terminal keeps for itself in raw mode (ctrl-s stars, ctrl-t cycles the scope, ctrl-o
    /// sorts, ctrl-y undoes, ctrl-x helps, ctrl-v shows and hides the preview). ctrl-j is enter and ctrl-h backspace on the wire, so they cannot be
    /// used, and ctrl-u clears the query, as in fzf and every readline prompt; ctrl-d forgets the selected item's
    /// picks, the way out of a wrong top match that zoxide lacks (so the preview scrolls with shift-up and
    /// shift-down only, fzf's own default preview keys). `/`, `v` and `o` have no key here
    /// (typing always filters; bind a control key to mark a range or open), nor has delete: the delete key of a
    /// text field erases, it does not delete the item under the cursor.
    static let pickerKeys: [Command: [Key]] = [
        .moveDown: [.down, .ctrl("n")], .moveUp: [.up, .ctrl("p"), .ctrl("k")], .top: [.home], .bottom: [.end],
        .pageDown: [.pageDown, .ctrl("f")], .pageUp: [.pageUp, .ctrl("b")],
        .previewDown: [.shiftDown], .previewUp: [.shiftUp], .togglePreview: [.ctrl("v")],
        .focusNext: [.ctrl("w")], .focusPrevious: [.backTab], .activate: [.enter], .back: [.escape, .ctrl("g")],
        .toggleFavorite: [.ctrl("s")], .mark: [.tab], .undo: [.ctrl("y")], .redo: [.ctrl("r")], .forgetPicks: [.ctrl("d")],
        .favoritesView: [.ctrl("t")], .sort: [.ctrl("o")], .help: [.ctrl("x")], .redraw: [.ctrl("l")],
        .suspend: [.ctrl("z")], .quit: [.ctrl("c")],
    ]

    /// The help a picker shows where it differs from the browser's.
    private static let pickerHelp: [Command: String] = [
        .activate: "pick: print the marked items, else this one",
        .back: "cancel: print nothing, exit 1",
        .quit: "cancel: print nothing, exit 1 (ctrl-c: exit 130)",
        .mark: "mark / unmark ({activate} picks the marked items)",
        .favoritesView: "list favorites only, each tag folder, every item",
        .forgetPicks: "forget the item's picks, so it stops ranking first",
    ]

    /// This map as a picker uses it. Every command keeps the keys of this map that do not type (a config file's
    /// ctrl binding still works), loses those that do (typing wins), and gets the picker's own (`pickerKeys`). A
    /// key goes to one command: the picker's query keys (backspace, ctrl-e) and ctrl-c to none but their own;
    /// then a command a config file moved keeps its keys; then the picker's keys win over the standard map's
    /// (tab marks rather than cycling the panes). A command left without a key is not in the help.
    public func forPicking() -> KeyMap {
        var owner: [Key: Command] = [:]
        for (command, keys) in Self.pickerKeys { for key in keys { owner[key] = command } }
        var moved = Set<Key>()  // the first command a config file moved a key to has it, as in `command(for:)`
        for binding in bindings where binding.keys != KeyMap.standard.keys(for: binding.command) {
            for key in binding.keys where key != .ctrl("c") && moved.insert(key).inserted { owner[key] = binding.command }
        }
        let query = Set(ModeKeys.pickerQuery.keys)
        func owns(_ command: Command, _ key: Key) -> Bool {
            if case .char = key { return false }
            if query.contains(key) || command == .filter { return false }
            // A text field's delete key deletes no item (a config file may still give it a command).
            if key == .delete, !moved.contains(key) { return false }
            return (owner[key] ?? self.command(for: key)) == command
        }
        return KeyMap(bindings.map { binding in
            let command = binding.command
            var keys: [Key] = []
            for key in binding.keys + (Self.pickerKeys[command] ?? []) where owns(command, key) && !keys.contains(key) {
                keys.append(key)
            }
            var help = Self.pickerHelp[command] ?? binding.template
            if command == .quit, keys == [.ctrl("c")] { help = "interrupt: print nothing, exit 130" }
            return Binding(keys: keys, command: command, help: help)
        })
    }
}
