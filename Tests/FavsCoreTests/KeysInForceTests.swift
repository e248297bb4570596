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
        .activate: [.char("A")], .back: [.char("Z")], .toggleFavorite: [.char("X")], .delete: [.char("!")],
        .open: [.char("O")], .tag: [.char("I")], .mark: [.char("M")], .markRange: [.char("R")], .undo: [.char("U")], .redo: [.char("Y")],
        .filter: [.char("\\")], .favoritesView: [.char("V")], .sort: [.char("S")], .help: [.char("H")],
        .quit: [.char("Q")], .suspend: [.ctrl("y")], .redraw: [.ctrl("e")], .previewDown: [.char("}")], .previewUp: [.char("{")],
        .openFolder: [.char("L")], .closeFolder: [.char("C")], .renameTag: [.char("[")], .deleteTag: [.char("]")],
    ])

    /// The words of a frame that could name a key: split at spaces and the chrome's separators, and `j/k` into
    /// its keys (a lone `/` stays a word; the filter prompt's `/` before the text is the prompt, not a key, and
    /// the text after it, as the list's title quotes it too, is what was typed: `/l` names no key).
    func words(_ text: String) -> Set<String> {
        var words = Set<String>()
        for word in text.split(whereSeparator: { " ·,():│┃━┏┓┗┛┌┐└┘─\n".contains($0) }) {
            if word.hasPrefix("/"), word != "/" { continue }
            if word == "/" || !word.contains("/") { words.insert(String(word)) } else {
                for part in word.split(separator: "/") { words.insert(String(part)) }
            }
        }
        return words
    }

    /// What a frame must not name: each standard key of a command that is no longer bound to it, except the
    /// keys a mode takes whatever the map says (a text field's enter and esc while filtering, esc in help and
    /// while marking a range).
    ///
    /// The key names that are also words of the help texts (`move down`, `page up`, `d delete`, `favorite /
    /// unfavorite`) are not looked for: the help overlay names keys only in its key column, made from the map.
    /// The key an "x: not a key here" message names is the one just pressed.
    func stale(in frame: String, mode: Mode, pressed: Key?) -> [String] {
        var fixed: Set<String> = mode == .filtering ? ["enter", "esc", "backspace"] : mode == .normal ? [] : ["esc"]
        fixed.formUnion(["delete", "up", "down", "/"])
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
        let b = Browser(store: Store(items: Self.unstarred), libraryName: "sample library", width: size.0, height: size.1,
                        keyMap: Self.unusual)
        // Empty favorites, the favorites view, help (scrolled), marks, a range, the filter, a delete, an
        // unbound key, undo and redo, the sort, a star, the other panes: each frame read after each key.
        let tour: [Key] = [.char("V"), .char("V"), .char("H"), .char("J"), .char("N"), .char("H"), .char("W"),
                           .char("W"), .char("W"), .char("M"), .char("J"), .char("R"), .char("J"), .char("R"),
                           .char("Z"), .char("\\"), .char("l"), .char("a"), .backspace, .enter, .char("Z"),
                           .char("!"), .char("f"), .char("U"), .char("Y"), .char("U"), .char("S"), .char("X"),
                           .char("X"), .char("q"), .char("B"), .char("T"), .char("K"), .char("H"), .char("Z"),
                           .char("E"), .char("A")]
        var frames: [(String, Mode, Key?)] = [(readable(b), b.mode, nil)]
        for key in tour {
            b.handle(key)
            frames.append((readable(b), b.mode, key))
        }
        for (frame, mode, key) in frames {
            #expect(stale(in: frame, mode: mode, pressed: key) == [], "browse \(size):\n\(frame)")
        }
        // The tour did reach the screens that name keys.
        let all = frames.map(\.0).joined(separator: "\n")
        for text in ["V shows every", "X stars the selected item", "Z clears", "R ends", "U to undo",
                     "H for help", "enter keeps", "closes"] {
            #expect(all.contains(text) || size.0 < 80, "browse \(size): no frame says “\(text)”")
        }
    }

    // MARK: The same in a picker, where every printable key types

    static let unstarred = SampleLibrary.items.map { item in
        Item(id: item.id, title: item.title, fields: item.fields, favorite: false, position: item.position)
    }

    /// `unusual` with control keys added that take the picker's own from other commands (ctrl-t stars, ctrl-o
    /// shows favorites, ctrl-s sorts, tab cycles the panes), and more: in a picker the letters type, and these
    /// are the keys in force.
    static let unusualForPicking = unusual.replacingKeys([
        .toggleFavorite: [.char("X"), .ctrl("t")], .favoritesView: [.char("V"), .ctrl("o")],
        .sort: [.char("S"), .ctrl("s")], .help: [.char("H"), .ctrl("a")], .focusNext: [.char("W"), .tab],
        .mark: [.char("M"), .ctrl("d")], .undo: [.char("U"), .ctrl("q")], .delete: [.char("!"), .ctrl("v")],
    ])

    /// What a picker's frame must not name: a key the standard map or the picker gives a command, or a control
    /// key the config does, which is no key of any command in the picker (every letter of the standard map
    /// among them, which types). The config's letters are not looked for: `A` is a word of a title.
    func staleInPicker(_ frame: String, keyMap: KeyMap, mode: Mode) -> [String] {
        var fixed: Set<String> = ["delete", "up", "down", "/", "ctrl-c"]
        if mode != .normal { fixed.insert("esc") }
        let inForce = Set(keyMap.bindings.flatMap(\.keys).map(\.name))
        let seen = words(frame)
        let named = Command.allCases.flatMap { command in
            KeyMap.standard.keys(for: command) + (KeyMap.pickerKeys[command] ?? [])
                + Self.unusualForPicking.keys(for: command).filter { if case .char = $0 { false } else { true } }
        }
        return Set(named.map(\.name)).filter { !inForce.contains($0) && !fixed.contains($0) && seen.contains($0) }.sorted()
    }

    /// A frame as the checks read it: with the help open, the overlay and the status line only. The panes
    /// under the overlay were read in the frame before, and the overlay cuts their words (`selected` to `d`).
    func readable(_ browser: Browser) -> String {
        let canvas = browser.frame()
        let text = { (row: Int, columns: Range<Int>) in columns.map { canvas[row, $0].text }.joined() }
        guard browser.mode == .help,
              let top = (0..<canvas.height).first(where: { text($0, 0..<canvas.width).contains("┏ Keys") }),
              let left = (0..<canvas.width - 2).first(where: { canvas[top, $0].text == "┏" && canvas[top, $0 + 2].text == "K" }),
              let right = (left..<canvas.width).first(where: { canvas[top, $0].text == "┓" })
        else { return canvas.lines.joined(separator: "\n") }
        let bottom = (top..<canvas.height).first { canvas[$0, left].text == "┗" } ?? top
        return ((top...bottom).map { text($0, left..<right + 1) } + [text(canvas.height - 1, 0..<canvas.width)]).joined(separator: "\n")
    }

    @Test(arguments: [(80, 24), (100, 40), (44, 12)])
    func inAPickerWithEveryCommandReboundNoFrameNamesAKeyThatNoLongerDoesIt(size: (Int, Int)) throws {
        let b = Browser(store: Store(items: Self.unstarred), libraryName: "sample library", width: size.0, height: size.1,
                        keyMap: Self.unusualForPicking, purpose: .pick)
        #expect(b.keyMap.keys(for: .toggleFavorite) == [.ctrl("t")])
        #expect(b.keyMap.keys(for: .favoritesView) == [.ctrl("o")])
        #expect(b.keyMap.keys(for: .sort) == [.ctrl("s")])
        #expect(b.keyMap.keys(for: .mark) == [.ctrl("d")])
        #expect(b.keyMap.keys(for: .focusNext) == [.tab, .ctrl("w")])
        // The favorites view and back, help (scrolled), the panes, marks, letters typed (the ones the browser
        // binds among them), exact matching, a delete, undo and redo, the sort, a star, moves, and the help again.
        let tour: [Key] = [.ctrl("o"), .ctrl("o"), .ctrl("a"), .down, .pageDown, .ctrl("a"), .tab, .tab, .tab,
                           .ctrl("d"), .down, .ctrl("d"), .char("l"), .char("a"), .char("V"), .char("f"), .backspace,
                           .backspace, .ctrl("e"), .ctrl("e"), .char("'"), .backspace, .ctrl("v"), .ctrl("q"), .ctrl("r"),
                           .ctrl("q"), .ctrl("s"), .ctrl("t"), .end, .home, .ctrl("n"), .ctrl("p"),
                           .backTab, .ctrl("x")]
        var frames: [(String, Mode)] = [(readable(b), b.mode)]
        for key in tour {
            #expect(b.handle(key) == .none)
            frames.append((readable(b), b.mode))
        }
        for (frame, mode) in frames {
            #expect(staleInPicker(frame, keyMap: b.keyMap, mode: mode) == [], "pick \(size):\n\(frame)")
            #expect(!frame.contains("not a key"), "pick \(size):\n\(frame)")
        }
        let all = frames.map(\.0).joined(separator: "\n")
        var texts = ["ctrl-o shows", "closes", "ctrl-a help"]
        if size.0 >= 80 {
            texts += ["ctrl-o for every item", "ctrl-q to undo", "enter picks them", "ctrl-d unmarks", "ctrl-t stars the",
                      "ctrl-d mark", "ctrl-t fav"]
        }
        if size.1 >= 40 { texts += ["ctrl-t              favorite", "tab, ctrl-w"] }
        for text in texts { #expect(all.contains(text), "pick \(size): no frame says “\(text)”") }
    }
}
