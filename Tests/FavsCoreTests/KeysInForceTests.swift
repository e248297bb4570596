import Testing
@testable import FavsCore
@testable import FavsModel
import FavsTestFixtures

/// With keys moved (a config file's `[keys]`), everything on screen that names a key names the one in force.
@Suite struct KeysInForceTests {
    static let moved = KeyMap.standard.replacingKeys([
        .toggleFavorite: [.char("*")], .undo: [.char("U")], .help: [.char("h")], .favoritesView: [.char("V")],
        .back: [.backspace, .escape],
    ])

    func browser(_ keyMap: KeyMap = moved, width: Int = 80) -> Browser {
        Browser(store: Store(items: threeItems()), libraryName: "sample library", width: width, height: 24, keyMap: keyMap)
    }

    func press(_ browser: Browser, _ keys: Key...) {
        for key in keys { browser.handle(key) }
    }

    @Test func theKeyHintsNameTheKeysInForce() {
        #expect(browser().frame().lines.last == " * fav · d delete · U undo · / filter · h help             3 items · 1 favorite")
        #expect(browser(width: 100).frame().lines.last
            == " * favorite · d delete · U undo · / filter · h help · q quit                   3 items · 1 favorite")
        #expect(browser(.standard).frame().lines.last
            == " f fav · d delete · u undo · / filter · ? help             3 items · 1 favorite")
    }

    @Test func messagesNameTheKeysInForce() {
        let b = browser()
        press(b, .char("d"))
        #expect(b.message?.text == "Deleted “Alpha” — U to undo")
        press(b, .char("f"))
        #expect(b.message?.text == "f: not a key here (h for help)")
        press(b, .char("V"))
        #expect(b.message?.text == "Favorites only — V for every item")
    }

    @Test func theMarksHintsNameTheKeysInForce() {
        let b = browser()
        press(b, .char("m"))
        #expect(b.frame().lines.last == " 1 marked · * favorite · d delete · backspace clears       3 items · 1 favorite")
    }

    @Test func aLongErrorGivesWayToTheFirstShorterFormThatFits() {
        let b = browser(width: 60)
        b.show(error: "config.toml:4: keys.favourite: unknown command — using defaults",
               shorter: ["config.toml:4: keys.favourite — using defaults", "config.toml:4 — using defaults"])
        #expect(b.frame().lines.last == " config.toml:4 — using defaults        3 items · 1 favorite")
        b.resize(width: 80, height: 24)
        #expect(b.frame().lines.last == " config.toml:4: keys.favourite — using defaults            3 items · 1 favorite")
        b.resize(width: 100, height: 24)
        #expect(b.frame().lines.last
            == " config.toml:4: keys.favourite: unknown command — using defaults               3 items · 1 favorite")
    }

    // MARK: Every command rebound, a tour of every screen that names a key

    /// Every command on keys none of the standard map uses.
    static let unusual = KeyMap.standard.replacingKeys([
        .moveDown: [.char("J")], .moveUp: [.char("K")], .top: [.char("T")], .bottom: [.char("B")],
        .pageDown: [.char("N")], .pageUp: [.char("P")], .focusNext: [.char("W")], .focusPrevious: [.char("E")],
        .activate: [.char("A")], .back: [.char("Z")], .toggleFavorite: [.char("X")], .delete: [.char("D")],
        .open: [.char("O")], .mark: [.char("M")], .markRange: [.char("R")], .undo: [.char("U")], .redo: [.char("Y")],
        .filter: [.char("\\")], .favoritesView: [.char("V")], .sort: [.char("S")], .help: [.char("H")],
        .quit: [.char("Q")], .suspend: [.ctrl("y")], .redraw: [.ctrl("e")],
    ])

    /// The words of a frame that could name a key: split at spaces and the chrome's separators, and `j/k` into
    /// its keys (a lone `/` stays a word; the filter prompt's `/` before the text is the prompt, not a key).
    func words(_ text: String) -> Set<String> {
        var words = Set<String>()
        for word in text.split(whereSeparator: { " ·,():│┃━┏┓┗┛┌┐└┘─\n".contains($0) }) {
            if word == "/" || !word.contains("/") { words.insert(String(word)) } else {
                for part in word.split(separator: "/") { words.insert(String(part)) }
            }
        }
        return words
    }

    /// What a frame must not name: each standard key of a command that is no longer bound to it, except the
    /// keys a mode takes whatever the map says (a text field's enter and esc while filtering, esc in help and
    /// while marking a range, and a picker's ctrl-c).
    ///
    /// The key names that are also words of the help texts (`move down`, `page up`, `d delete`, `favorite /
    /// unfavorite`) are not looked for: the help overlay names keys only in its key column, made from the map.
    /// The key an "x: not a key here" message names is the one just pressed.
    func stale(in frame: String, mode: Mode, purpose: Browser.Purpose, pressed: Key?) -> [String] {
        var fixed: Set<String> = mode == .filtering ? ["enter", "esc", "backspace"] : mode == .normal ? [] : ["esc"]
        fixed.formUnion(["delete", "up", "down", "/"])
        if purpose == .pick { fixed.insert("ctrl-c") }
        if let pressed, frame.contains("\(pressed.name): not a key here") { fixed.insert(pressed.name) }
        let seen = words(frame)
        return KeyMap.standard.bindings.flatMap { binding in
            binding.keys.map(\.name).filter { name in
                !Self.unusual.keys(for: binding.command).map(\.name).contains(name) && !fixed.contains(name)
                    && seen.contains(name)
            }
        }
    }

    @Test(arguments: [(80, 24), (100, 40), (44, 12)])
    func withEveryCommandReboundNoFrameNamesAKeyThatNoLongerDoesIt(size: (Int, Int)) throws {
        for purpose in [Browser.Purpose.browse, .pick] {
            let items = SampleLibrary.items.map { item in
                Item(id: item.id, title: item.title, fields: item.fields, favorite: false, position: item.position)
            }
            let b = Browser(store: Store(items: items), libraryName: "sample library", width: size.0, height: size.1,
                            keyMap: Self.unusual, purpose: purpose)
            // Empty favorites, the favorites view, help (scrolled), marks, a range, the filter, a delete, an
            // unbound key, undo and redo, the sort, a star, the other panes: each frame read after each key.
            let tour: [Key] = [.char("V"), .char("V"), .char("H"), .char("J"), .char("N"), .char("H"), .char("W"),
                               .char("W"), .char("W"), .char("M"), .char("J"), .char("R"), .char("J"), .char("R"),
                               .char("Z"), .char("\\"), .char("l"), .char("a"), .backspace, .enter, .char("Z"),
                               .char("D"), .char("f"), .char("U"), .char("Y"), .char("U"), .char("S"), .char("X"),
                               .char("X"), .char("q"), .char("B"), .char("T"), .char("K"), .char("H"), .char("Z"),
                               .char("E"), .char("A")]
            var frames: [(String, Mode, Key?)] = [(b.frameText(), b.mode, nil)]
            for key in tour {
                b.handle(key)
                frames.append((b.frameText(), b.mode, key))
            }
            for (frame, mode, key) in frames {
                #expect(stale(in: frame, mode: mode, purpose: purpose, pressed: key) == [], "\(purpose) \(size):\n\(frame)")
            }
            // The tour did reach the screens that name keys.
            let all = frames.map(\.0).joined(separator: "\n")
            for text in ["V shows every", "X stars the selected item", "Z clears", "R ends", "U to undo",
                         "H for help", "enter keeps", "closes"] {
                #expect(all.contains(text) || size.0 < 80, "\(purpose) \(size): no frame says “\(text)”")
            }
        }
    }
}
