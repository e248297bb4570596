import FavsModel
import Foundation

/// What a key asks the browser to do.
public enum Command: Hashable, Sendable, CaseIterable {
    case moveDown, moveUp, top, bottom, pageDown, pageUp, previewDown, previewUp, togglePreview
    case focusNext, focusPrevious, activate, back, openFolder, closeFolder, renameTag, deleteTag
    case toggleFavorite, delete, open, tag, mark, markRange, undo, redo, forgetPicks
    case filter, saveSearch, favoritesView, sort, help, quit, suspend, redraw

    /// The name a config file binds keys to: `move-down`, `favorite`, `favorites-view`.
    public var name: String {
        switch self {
        case .moveDown: "move-down"
        case .moveUp: "move-up"
        case .top: "top"
        case .bottom: "bottom"
        case .pageDown: "page-down"
        case .pageUp: "page-up"
        case .previewDown: "preview-down"
        case .previewUp: "preview-up"
        case .togglePreview: "toggle-preview"
        case .focusNext: "focus-next"
        case .focusPrevious: "focus-previous"
        case .activate: "activate"
        case .back: "back"
        case .openFolder: "open-folder"
        case .closeFolder: "close-folder"
        case .renameTag: "rename-tag"
        case .deleteTag: "delete-tag"
        // What the user does with the key; "toggle" is how it is done.
        case .toggleFavorite: "favorite"
        case .delete: "delete"
        case .open: "open"
        case .tag: "tag"
        case .mark: "mark"
        case .markRange: "mark-range"
        case .undo: "undo"
        case .redo: "redo"
        case .forgetPicks: "forget-picks"
        case .filter: "filter"
        case .saveSearch: "save-search"
        case .favoritesView: "favorites-view"
        case .sort: "sort"
        case .help: "help"
        case .quit: "quit"
        case .suspend: "suspend"
        case .redraw: "redraw"
        }
    }

    /// Whether it changes the library (a star, a delete, a tag, a saved search, a forget, an undo or redo of one): what a
    /// library the user may only read does not offer.
    public var changesTheLibrary: Bool {
        [.toggleFavorite, .delete, .tag, .renameTag, .deleteTag, .saveSearch, .undo, .redo, .forgetPicks].contains(self)
    }

    /// Whether a member who keeps their own stars apart from a library they may only read still has it: a star, a
    /// forget of their picks (kept in the same file), and an undo or redo (where every other change is refused, the
    /// history holds only those).
    public var changesOwnStars: Bool { [.toggleFavorite, .forgetPicks, .undo, .redo].contains(self) }

    /// The command a config file names; nil for a name no command has.
    public init?(name: String) {
        guard let command = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = command
    }
}

/// One row of the key map: the keys, the command, and the help text shown for it.
public struct Binding: Sendable {
    public let keys: [Key]
    public let command: Command
    /// The help text as shown, naming the keys in force.
    public let help: String
    /// The help text as written: `{favorite}` stands for the first key of that command, whatever it is bound to.
    let template: String

    public init(keys: [Key], command: Command, help: String) {
        self.keys = keys
        self.command = command
        self.help = help
        template = help
    }

    init(keys: [Key], command: Command, template: String, help: String) {
        self.keys = keys
        self.command = command
        self.template = template
        self.help = help
    }
}

/// The key map as a table. Lookups and the help overlay both come from it, so they cannot disagree.
public struct KeyMap: Sendable {
    public let bindings: [Binding]
    private let lookup: [Key: Command]

    /// A help text may name another command's key as `{command-name}` (`{favorite}`): it is shown as that
    /// command's first key in this map, so a rebound key is never named by its old name.
    public init(_ bindings: [Binding]) {
        var lookup: [Key: Command] = [:]
        for binding in bindings { for key in binding.keys where lookup[key] == nil { lookup[key] = binding.command } }
        self.lookup = lookup
        var first: [String: String] = [:]
        for binding in bindings where first[binding.command.name] == nil {
            first[binding.command.name] = binding.keys.first?.name ?? binding.command.name
        }
        self.bindings = bindings.map { binding in
            var help = binding.template
            for (name, key) in first { help = help.replacingOccurrences(of: "{\(name)}", with: key) }
            return Binding(keys: binding.keys, command: binding.command, template: binding.template, help: help)
        }
    }

    public func command(for key: Key) -> Command? { lookup[key] }

    /// The keys bound to `command`, in the order help shows them.
    public func keys(for command: Command) -> [Key] {
        bindings.first { $0.command == command }?.keys ?? []
    }

    /// The key a hint or a message names for `command`: its first (`u` in "u to undo").
    func label(_ command: Command) -> String {
        keys(for: command).first?.name ?? command.name
    }

    /// This map with the keys of some commands replaced (a config file's `[keys]`); each binding keeps its
    /// place and help text, so the help overlay shows the keys in force where it showed the old ones.
    public func replacingKeys(_ keys: [Command: [Key]]) -> KeyMap {
        KeyMap(bindings.map { Binding(keys: keys[$0.command] ?? $0.keys, command: $0.command, help: $0.template) })
    }

    /// This map without a command's binding (the help leaves out a key that would do nothing).
    func without(_ command: Command) -> KeyMap {
        KeyMap(bindings.filter { $0.command != command }.map { Binding(keys: $0.keys, command: $0.command, help: $0.template) })
    }

    /// The keys favs ships with.
    public static let standard = KeyMap([
        Binding(keys: [.char("j"), .down], command: .moveDown, help: "move down"),
        Binding(keys: [.char("k"), .up], command: .moveUp, help: "move up"),
        Binding(keys: [.char("g"), .home], command: .top, help: "first item"),
        Binding(keys: [.char("G"), .end], command: .bottom, help: "last item"),
        Binding(keys: [.pageDown, .ctrl("f")], command: .pageDown, help: "page down"),
        Binding(keys: [.pageUp, .ctrl("b")], command: .pageUp, help: "page up"),
        Binding(keys: [.ctrl("d")], command: .previewDown, help: "scroll the detail (preview) down"),
        Binding(keys: [.ctrl("u")], command: .previewUp, help: "scroll the detail (preview) up"),
        Binding(keys: [.char("p")], command: .togglePreview, help: "show / hide the preview"),
        Binding(keys: [.tab], command: .focusNext, help: "next pane: list, detail, favorites"),
        Binding(keys: [.backTab], command: .focusPrevious, help: "previous pane"),
        Binding(keys: [.enter], command: .activate, help: "open detail / select favorite in list"),
        Binding(keys: [.escape], command: .back, help: "back, clear marks, clear filter"),
        Binding(keys: [.char("l"), .right], command: .openFolder, help: "open a folder of tags"),
        Binding(keys: [.char("h"), .left], command: .closeFolder, help: "close a folder of tags"),
        Binding(keys: [.char("r")], command: .renameTag, help: "rename a tag (nested too) or search"),
        Binding(keys: [.char("D")], command: .deleteTag, help: "delete a tag from every item"),
        Binding(keys: [.char("f"), .char(" ")], command: .toggleFavorite, help: "favorite / unfavorite"),
        Binding(keys: [.char("d"), .delete], command: .delete, help: "delete the selected item"),
        Binding(keys: [.char("o")], command: .open, help: "open the item's url, link or path"),
        Binding(keys: [.char("t")], command: .tag, help: "tag: +work adds, -old takes off"),
        Binding(keys: [.char("m")], command: .mark, help: "mark / unmark ({favorite}, {delete}, {tag} act on marks)"),
        Binding(keys: [.char("v")], command: .markRange, help: "mark a range: move, then {mark-range}"),
        Binding(keys: [.char("u")], command: .undo, help: "undo"),
        Binding(keys: [.ctrl("r")], command: .redo, help: "redo"),
        // No key in the browser (every letter is taken, and its order by picks is only one of four); a picker's
        // is ctrl-d (`KeyMap.pickerKeys`), and a config file may bind one here.
        Binding(keys: [], command: .forgetPicks, help: "forget the item's picks ({undo} to take it back)"),
        Binding(keys: [.char("/")], command: .filter, help: "search as you type (fzf syntax)"),
        Binding(keys: [.char("S")], command: .saveSearch, help: "save the search under a name"),
        Binding(keys: [.char("F")], command: .favoritesView, help: "list favorites only / every item"),
        Binding(keys: [.char("s")], command: .sort, help: "sort: library, A–Z, recent ★, frequent"),
        Binding(keys: [.char("?")], command: .help, help: "this help"),
        Binding(keys: [.ctrl("l")], command: .redraw, help: "redraw the screen"),
        Binding(keys: [.ctrl("z")], command: .suspend, help: "suspend (fg to resume)"),
        Binding(keys: [.char("q"), .ctrl("c")], command: .quit, help: "quit"),
    ])
}
