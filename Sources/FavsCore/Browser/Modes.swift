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
    /// Typing into the tag prompt (`t`): `+work -old` for the selected or the marked items.
    case tagging
    /// Typing the name to save the search under (`S`).
    case naming
}

/// What a mode does with a key it takes for itself, before the key map sees it.
enum ModeAction: Hashable, Sendable {
    case closeHelp
    case scrollHelp(Int)
    case pageHelp(Int)
    /// A character typed, or the last erased, in the text being typed: the filter's (a picker's query), or the
    /// tag prompt's.
    case type(Character)
    case erase
    case keepFilter, clearFilter
    /// ctrl-u: the whole text erased, the filter (or a picker's query, or the tag prompt) staying open.
    case clearQuery
    /// Fuzzy to exact matching and back (fzf's `--exact`), while typing a filter.
    case toggleExact
    case endRange, clearMarks
    /// The tag prompt's keys: tab completes the last word, enter applies the words, esc closes it changing nothing.
    case completeTag, applyTags, cancelTags
    /// The name prompt's enter: the search saved under the name typed (esc is `cancelTags`, closing either prompt).
    case saveSearch
    case ignore
}

/// Which keys a mode takes: some keys mapped to its own actions, perhaps every printable character, and
/// either the key map for the rest or nothing (the help overlay ignores other keys).
struct ModeKeys: Sendable {
    let keys: [Key: ModeAction]
    var takesPrintable = false
    var passesOthers = true
    /// Keys handed to the key map when the others are not (the tag prompt still quits on ctrl-c).
    var passing: Set<Key> = []

    /// What the mode does with a key; nil hands the key to the key map.
    func action(for key: Key) -> ModeAction? {
        if let action = keys[key] { return action }
        if takesPrintable, case let .char(c) = key { return .type(c) }
        return passesOthers || passing.contains(key) ? nil : .ignore
    }

    /// The keys a picker's query takes in its normal mode, beside every printable character: the filter's
    /// text-field keys but enter and esc, which pick and cancel there.
    static let pickerQuery: [Key: ModeAction] = [.backspace: .erase, .ctrl("u"): .clearQuery,
                                                 .ctrl("e"): .toggleExact]

    /// The table: every mode and the keys it takes. Typing a filter takes the keys of a text field (enter,
    /// esc, backspace, and ctrl-e for exact matching); the others follow the key map in force, so a rebound key works, and is named, there too.
    /// In a picker the normal mode types into the filter as well (fzf: the query has the keyboard from the first key).
    /// The tag prompt has the keyboard too (a key that moved the selection would change what it tags), but for the
    /// keys that quit, suspend and redraw.
    static func table(for keyMap: KeyMap, purpose: Browser.Purpose = .browse) -> [Mode: ModeKeys] {
        func keys(_ command: Command, _ action: ModeAction) -> [(Key, ModeAction)] {
            keyMap.keys(for: command).map { ($0, action) }
        }
        var help: [Key: ModeAction] = [.escape: .closeHelp, .enter: .closeHelp, .char(" "): .pageHelp(1),
                                       .down: .scrollHelp(1), .up: .scrollHelp(-1), .pageDown: .pageHelp(1),
                                       .pageUp: .pageHelp(-1), .home: .scrollHelp(-Int.max / 2),
                                       .end: .scrollHelp(Int.max / 2)]
        let mapped = keys(.help, .closeHelp) + keys(.quit, .closeHelp) + keys(.back, .closeHelp)
            + keys(.moveDown, .scrollHelp(1)) + keys(.moveUp, .scrollHelp(-1)) + keys(.pageDown, .pageHelp(1))
            + keys(.pageUp, .pageHelp(-1)) + keys(.top, .scrollHelp(-Int.max / 2)) + keys(.bottom, .scrollHelp(Int.max / 2))
        for (key, action) in mapped { help[key] = action }
        var visual: [Key: ModeAction] = [.escape: .clearMarks]
        for (key, action) in keys(.back, .clearMarks) + keys(.markRange, .endRange) { visual[key] = action }
        return [
            .normal: purpose == .pick ? ModeKeys(keys: pickerQuery, takesPrintable: true) : ModeKeys(keys: [:]),
            .filtering: ModeKeys(keys: pickerQuery.merging([.enter: .keepFilter, .escape: .clearFilter]) { $1 },
                                 takesPrintable: true),
            .help: ModeKeys(keys: help, passesOthers: false),
            .visual: ModeKeys(keys: visual),
            .tagging: ModeKeys(keys: [.enter: .applyTags, .escape: .cancelTags, .tab: .completeTag, .backspace: .erase,
                                      .ctrl("u"): .clearQuery],
                               takesPrintable: true, passesOthers: false,
                               passing: Set(keyMap.keys(for: .quit) + keyMap.keys(for: .suspend) + keyMap.keys(for: .redraw))),
            // The name prompt is a text field as the tag prompt is, with nothing to complete.
            .naming: ModeKeys(keys: [.enter: .saveSearch, .escape: .cancelTags, .backspace: .erase, .ctrl("u"): .clearQuery],
                              takesPrintable: true, passesOthers: false,
                              passing: Set(keyMap.keys(for: .quit) + keyMap.keys(for: .suspend) + keyMap.keys(for: .redraw))),
        ]
    }

    /// The key a mode's hint names for `action` (the first by name when several do it).
    func label(_ action: ModeAction) -> String {
        keys.filter { $0.value == action }.map(\.key.name).min() ?? "?"
    }
}
