import FavsModel
import Foundation

/// A key press, decoded from the terminal or named in a script.
public enum Key: Hashable, Sendable {
    /// A printable character, including space.
    case char(Character)
    case up, down, left, right, home, end, pageUp, pageDown
    /// Shift plus an arrow (fzf scrolls its preview with them).
    case shiftUp, shiftDown
    case enter, escape, tab, backTab, backspace, delete
    /// Control plus a letter `a`…`z`.
    case ctrl(Character)

    /// The named keys, as written in scripts and shown in help.
    public static let names: [String: Key] = {
        var names: [String: Key] = [
            "up": .up, "down": .down, "shift-up": .shiftUp, "shift-down": .shiftDown, "left": .left, "right": .right, "home": .home, "end": .end,
            "pgup": .pageUp, "pgdn": .pageDown, "enter": .enter, "esc": .escape, "tab": .tab,
            "backtab": .backTab, "space": .char(" "), "backspace": .backspace, "delete": .delete,
            // A script's `#` starts a comment: `hash` types one (a search's `#tag` term: `/ hash type work`).
            "hash": .char("#"),
        ]
        for scalar in UnicodeScalar("a").value...UnicodeScalar("z").value {
            if let s = UnicodeScalar(scalar) { names["ctrl-\(Character(s))"] = .ctrl(Character(s)) }
        }
        return names
    }()

    /// Parses a script step: a key name or a single printable character.
    public init?(name: String) {
        if let key = Key.names[name] {
            self = key
        } else if name.count == 1, let c = name.first, Key.isPrintable(c) {
            self = .char(c)
        } else {
            return nil
        }
    }

    /// The name used in scripts and help: `j`, `down`, `ctrl-r`, `space`.
    public var name: String {
        switch self {
        case .char(" "): "space"
        case let .char(c): String(c)
        case .up: "up"
        case .down: "down"
        case .shiftUp: "shift-up"
        case .shiftDown: "shift-down"
        case .left: "left"
        case .right: "right"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        case .enter: "enter"
        case .escape: "esc"
        case .tab: "tab"
        case .backTab: "backtab"
        case .backspace: "backspace"
        case .delete: "delete"
        case let .ctrl(c): "ctrl-\(c)"
        }
    }

    /// True for characters that can be typed into a filter: no controls, no escape sequences.
    public static func isPrintable(_ c: Character) -> Bool {
        !c.unicodeScalars.contains { Sanitize.isUnsafe($0) }
    }
}
