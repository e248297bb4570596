import FavsModel
import Foundation

/// The browser's modes. Which keys each takes is the table below, not conditions spread through the browser.
public enum Mode: Hashable, Sendable {
    case normal
    /// Typing into the filter prompt.
    case filtering
    /// The help overlay is open.
    case help
    /// A range of list rows is being marked (`v`), from an anchor item to the cursor.
    case visual
}

/// What a mode does with a key it takes for itself, before the key map sees it.
enum ModeAction: Hashable, Sendable {
    case closeHelp
    case scrollHelp(Int)
    case pageHelp(Int)
    case typeIntoFilter(Character)
    case eraseFilter, keepFilter, clearFilter
    case endRange, clearMarks
    case ignore
}

/// Which keys a mode takes: some keys mapped to its own actions, perhaps every printable character, and
/// either the key map for the rest or nothing (the help overlay ignores other keys).
struct ModeKeys: Sendable {
    let keys: [Key: ModeAction]
    var takesPrintable = false
    var passesOthers = true

    /// What the mode does with a key; nil hands the key to the key map.
    func action(for key: Key) -> ModeAction? {
        if let action = keys[key] { return action }
        if takesPrintable, case let .char(c) = key { return .typeIntoFilter(c) }
        return passesOthers ? nil : .ignore
    }

    /// The table: every mode and the keys it takes.
    static let table: [Mode: ModeKeys] = [
        .normal: ModeKeys(keys: [:]),
        .filtering: ModeKeys(keys: [.backspace: .eraseFilter, .enter: .keepFilter, .escape: .clearFilter],
                             takesPrintable: true),
        .help: ModeKeys(keys: [.escape: .closeHelp, .char("?"): .closeHelp, .char("q"): .closeHelp, .enter: .closeHelp,
                               .char("j"): .scrollHelp(1), .down: .scrollHelp(1), .char("k"): .scrollHelp(-1),
                               .up: .scrollHelp(-1), .pageDown: .pageHelp(1), .ctrl("f"): .pageHelp(1),
                               .char(" "): .pageHelp(1), .pageUp: .pageHelp(-1), .ctrl("b"): .pageHelp(-1),
                               .char("g"): .scrollHelp(-Int.max / 2), .home: .scrollHelp(-Int.max / 2),
                               .char("G"): .scrollHelp(Int.max / 2), .end: .scrollHelp(Int.max / 2)],
                        passesOthers: false),
        .visual: ModeKeys(keys: [.escape: .clearMarks, .char("v"): .endRange]),
    ]
}
